package io.linklab.ui.dashboard;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.linklab.engine.CommandPreview;
import io.linklab.model.Direction;
import io.linklab.model.TestPlan;
import io.linklab.store.ResultsStore;
import io.linklab.store.RunJournal;
import io.linklab.store.RunRecord;
import io.linklab.testing.TcpRows;
import io.linklab.tools.Fixtures;
import io.linklab.ui.history.ImportedLogRun;
import io.linklab.ui.history.PastRun;
import io.linklab.ui.history.StoreLibrary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A past run plays into the dashboard as it ran: each test of a log starts the charts over, as a repetition does. */
class RunReplayTest {

    @TempDir
    Path tmp;

    @Test
    void aLogOfTwoTestsIsTwoRepetitionsAndTheChartsShowTheLastOne() throws Exception {
        // a shell loop's output: the same 10-second test twice in one file
        String one = Files.readString(Fixtures.corpus("iperf3/vladger00_tcp_t10.txt"));
        Path log = tmp.resolve("loop.txt");
        Files.writeString(log, one + one);
        PastRun run = ImportedLogRun.importFile(log, tmp.resolve("imported"));
        assertEquals(
                List.of(1, 2),
                run.samples().stream()
                        .map(PastRun.PointSample::repetition)
                        .distinct()
                        .toList());

        LiveRunModel model = new LiveRunModel();
        RunReplay.replay(run, model);
        assertEquals(
                10, LiveRunModelTest.entry(model.bitrate(), "stream 5").series().size(), "one test's intervals");
        // one stream: its SUM is the engine's SUM row of each interval, as samples.csv has it
        double[] sums = run.samples().stream()
                .filter(s ->
                        s.repetition() == 2 && s.sample().isSum() && !s.sample().omitted())
                .mapToDouble(s -> s.sample().bitsPerSecond())
                .toArray();
        assertEquals(10, sums.length);
        assertArrayEquals(
                sums, LiveRunModelTest.entry(model.bitrate(), "SUM").series().points()[1]);
    }

    /** A run recorded before a single stream had SUM rows: the stored rows get them, the dashboard charts them. */
    @Test
    void aStoredSingleStreamRunWithoutSumRowsOpensWithTheEnginesSum() throws Exception {
        ResultsStore store = new ResultsStore(tmp.resolve("runs"));
        Path dir = store.newRunDir("iperf3");
        RunRecord record = new RunRecord(dir.getFileName().toString());
        TestPlan plan =
                TestPlan.defaults(new TestPlan.End("local", null), new TestPlan.End("local", null), "127.0.0.1");
        record.begin(plan, Instant.now(), List.of(""), CommandPreview.forPlan(plan));
        record.write(dir);
        try (RunJournal j = new RunJournal(dir)) {
            for (int t = 1; t <= 3; t++) {
                j.sample("", 1, TcpRows.sample(null, "5", Direction.C2S, t - 1, t, 1_000_000L, 8e9 + t, 1L, 65536L));
            }
        }
        record.finish(RunRecord.State.OK, "c2s 8.00 Gbit/s", Instant.now());
        record.write(dir);

        PastRun run = new StoreLibrary(store).open(dir.getFileName().toString());
        LiveRunModel model = new LiveRunModel();
        RunReplay.replay(run, model);
        assertArrayEquals(
                new double[] {8e9 + 1, 8e9 + 2, 8e9 + 3},
                LiveRunModelTest.entry(model.bitrate(), "SUM").series().points()[1]);
        assertEquals(6, run.samples().size(), "each interval's row and its SUM");
    }
}
