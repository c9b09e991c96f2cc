package io.linklab.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.engine.CommandPreview;
import io.linklab.model.Direction;
import io.linklab.model.Expectation;
import io.linklab.model.Role;
import io.linklab.model.SweepRow;
import io.linklab.model.TestPlan;
import io.linklab.testing.TcpRows;
import io.linklab.tools.csv.CsvRows;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsStoreTest {

    @TempDir
    Path root;

    private Path writeRun(ResultsStore store, boolean finish) throws IOException {
        Path dir = store.newRunDir("iperf3");
        RunRecord r = new RunRecord(dir.getFileName().toString());
        TestPlan plan =
                TestPlan.defaults(new TestPlan.End("local", null), new TestPlan.End("local", null), "127.0.0.1");
        r.begin(plan, Instant.now(), List.of(""), CommandPreview.forPlan(plan));
        r.write(dir);
        try (RunJournal j = new RunJournal(dir)) {
            j.sample(
                    "",
                    1,
                    TcpRows.sample(null, "5", Direction.C2S, 0, 1, 1_000_000L, 8.5e9, 3L, 65536L)
                            .withRole(Role.SENDER)
                            .withStreamIndex(1)
                            .withStartUtc(Instant.parse("2026-12-02T12:00:00.25Z")));
            j.summary("", 1, TcpRows.total(null, "5", Direction.C2S, Role.RECEIVER, 0, 1, 1_000_000L, 8.4e9, null));
            j.pointRows(
                    "",
                    List.of(new SweepRow("", null, 1, 1, 65536.0, Direction.C2S, 8.4e9, 8.4e9, 8.4e9, 3L, 1.0, "ok")));
        }
        if (finish) {
            r.finish(RunRecord.State.OK, "c2s 8.40 Gbit/s", Instant.now());
            r.write(dir);
        }
        return dir;
    }

    @Test
    void runsAreListedOpenedRenamedAnnotatedAndDeleted() throws Exception {
        ResultsStore store = new ResultsStore(root);
        Path dir = writeRun(store, true);
        String id = dir.getFileName().toString();
        List<ResultsStore.RunSummary> list = store.list();
        assertEquals(1, list.size());
        assertEquals(RunRecord.State.OK, list.get(0).state());
        assertEquals("iperf3", list.get(0).tool());

        store.rename(id, "  MTU 9000 baseline ");
        store.annotate(id, "cable swapped");
        StoredRun run = store.open(id);
        assertEquals("MTU 9000 baseline", run.record().name());
        assertEquals("cable swapped", run.record().note());
        assertEquals(1, run.samples().size());
        assertEquals(Map.of(Direction.C2S, 8.4e9), run.headline());
        assertEquals(65536.0, run.rows().get(0).value(), "the swept value as the journal kept it");
        assertEquals(TestPlan.Protocol.TCP, run.record().plan().protocol());

        assertThrows(IOException.class, () -> store.open("../etc"));
        store.delete(id);
        assertTrue(store.list().isEmpty());
        assertTrue(Files.notExists(dir));
    }

    private static RunRecord liveRecord(Path dir) throws IOException {
        RunRecord r = new RunRecord(dir.getFileName().toString());
        TestPlan plan =
                TestPlan.defaults(new TestPlan.End("local", null), new TestPlan.End("local", null), "127.0.0.1");
        r.begin(plan, Instant.now(), List.of(""), CommandPreview.forPlan(plan));
        r.write(dir);
        return r;
    }

    @Test
    void aNameAndNoteGivenWhileTheRunGoesOnSurviveItsFinalWrite() throws Exception {
        ResultsStore store = new ResultsStore(root);
        Path dir = store.newRunDir("iperf3");
        RunRecord live = liveRecord(dir);

        store.rename(live.id(), "night run");
        store.annotate(live.id(), "switch firmware 4.2");
        live.warning("a warning the run adds later");
        live.finish(RunRecord.State.OK, "c2s 9.40 Gbit/s", Instant.now());
        live.write(dir);

        RunRecord stored = store.open(live.id()).record();
        assertEquals("night run", stored.name());
        assertEquals("switch firmware 4.2", stored.note());
        assertEquals(RunRecord.State.OK, stored.state());
        assertEquals(List.of("a warning the run adds later"), stored.warnings());
    }

    @Test
    void renamesRacingTheRunsOwnWritesLoseNeitherSide() throws Exception {
        ResultsStore store = new ResultsStore(root);
        Path dir = store.newRunDir("iperf3");
        RunRecord live = liveRecord(dir);
        String id = live.id();
        int rounds = 200;
        CountDownLatch go = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            var run = pool.submit(() -> {
                go.await();
                for (int i = 0; i < rounds; i++) {
                    live.warning("w" + i);
                    live.write(dir);
                }
                return null;
            });
            var user = pool.submit(() -> {
                go.await();
                for (int i = 0; i < rounds; i++) {
                    store.rename(id, "name " + i);
                }
                return null;
            });
            go.countDown();
            run.get(60, TimeUnit.SECONDS);
            user.get(60, TimeUnit.SECONDS);
        } finally {
            pool.shutdownNow();
        }
        RunRecord stored = store.open(id).record();
        assertEquals("name " + (rounds - 1), stored.name());
        assertEquals(rounds, stored.warnings().size());
    }

    @Test
    void runsCompareAgainstTheFirst() throws Exception {
        ResultsStore store = new ResultsStore(root);
        String a = writeRun(store, true).getFileName().toString();
        String b = writeRun(store, true).getFileName().toString();
        List<ResultsStore.Comparison> c = store.compare(List.of(a, b));
        assertEquals(2, c.size());
        assertEquals(1.0, c.get(1).ratio(), 1e-9);
        assertEquals("iperf3", c.get(1).tool());
    }

    @Test
    void aRunNobodyFinishedOpensAsInterruptedWithItsSamplesAndATornLineSkipped() throws Exception {
        ResultsStore store = new ResultsStore(root);
        Path dir = writeRun(store, false);
        Files.writeString(
                dir.resolve(RunJournal.FILE),
                "{\"type\":\"sample\",\"poi",
                StandardCharsets.UTF_8,
                StandardOpenOption.APPEND);
        StoredRun run = ResultsStore.openFolder(dir);
        assertEquals(RunRecord.State.INTERRUPTED, run.record().state());
        assertTrue(run.record().message().contains("interrupted"), run.record().message());
        assertEquals(1, run.samples().size());
        assertEquals(1, run.damage().lines(), "the torn line is counted");
    }

    @Test
    void damagedJournalLinesAreSkippedCountedAndTheRunStillOpensAndExports() throws Exception {
        ResultsStore store = new ResultsStore(root);
        Path dir = writeRun(store, true);
        long before;
        try (var lines = Files.lines(dir.resolve(RunJournal.FILE))) {
            before = lines.count();
        }
        // A block of NULs from a crash, an unknown severity, an interval without a start, then more measurements.
        Files.writeString(
                dir.resolve(RunJournal.FILE),
                "\u0000\u0000\u0000\n"
                        + "{\"type\":\"event\",\"point\":\"\",\"severity\":\"LOUD\",\"message\":\"x\"}\n"
                        + "{\"type\":\"sample\",\"point\":\"\",\"stream\":\"5\",\"start\":\"soon\",\"end\":2}\n"
                        + "{\"type\":\"sample\",\"point\":\"\",\"rep\":1,\"stream\":\"5\",\"direction\":\"c2s\",\"start\":1,\"end\":2,\"bytes\":5,\"bps\":40}\n",
                StandardCharsets.UTF_8,
                StandardOpenOption.APPEND);

        StoredRun run = store.open(dir.getFileName().toString());
        assertEquals(2, run.samples().size());
        assertEquals(new RunJournal.Damage(3, before + 1), run.damage());
        assertTrue(
                run.damage().warning().contains("3 damaged lines"), run.damage().warning());

        assertEquals(run.damage(), ResultCsv.writeAll(dir, true, Expectation.Expected.none(null)));
        assertEquals(2, read(dir.resolve("samples.csv")).size());
    }

    @Test
    void csvFilesHaveTheContractColumnsAndPlainNumbers() throws Exception {
        ResultsStore store = new ResultsStore(root);
        Path dir = writeRun(store, true);
        ResultCsv.writeAll(dir, true, Expectation.Expected.none(null));
        List<CSVRecord> samples = read(dir.resolve("samples.csv"));
        assertEquals("8500000000", samples.get(0).get("bits_per_second"));
        assertEquals("c2s", samples.get(0).get("direction"));
        assertEquals("", samples.get(0).get("source"));
        assertEquals("65536", samples.get(0).get("cwnd_bytes"));
        // What the journal keeps of whose view, which stream and when reaches the CSV.
        assertEquals("sender", samples.get(0).get("role"));
        assertEquals("1", samples.get(0).get("stream_index"));
        assertEquals("2026-12-02T12:00:00.250Z", samples.get(0).get("time_utc"));
        List<CSVRecord> summary = read(dir.resolve("summary.csv"));
        assertEquals("receiver", summary.get(0).get("role"));
        assertEquals("", summary.get(0).get("retransmits"));
        List<CSVRecord> sweep = read(dir.resolve("sweep.csv"));
        assertEquals("ok", sweep.get(0).get("status"));
        assertEquals("1", sweep.get(0).get("gain"));
        for (String c : List.of(
                "point",
                "mtu",
                "streams",
                "processes",
                "direction",
                "bits_per_second",
                "bits_per_second_min",
                "bits_per_second_max",
                "retransmits",
                "gain",
                "status")) {
            assertTrue(sweep.get(0).isMapped(c), c);
        }
    }

    private static List<CSVRecord> read(Path f) throws IOException {
        return CsvRows.read(f, row -> row);
    }
}
