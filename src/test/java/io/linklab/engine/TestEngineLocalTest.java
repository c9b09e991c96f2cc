package io.linklab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.Role;
import io.linklab.model.Sample;
import io.linklab.model.Summary;
import io.linklab.model.SweepRow;
import io.linklab.model.TestPlan;
import io.linklab.remote.LoginPrompts;
import io.linklab.remote.SshSettings;
import io.linklab.store.ResultsStore;
import io.linklab.store.RunJournal;
import io.linklab.store.RunRecord;
import io.linklab.store.StoredRun;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The engine on the Loopback lab ("local" ends, real iperf3 on 127.0.0.1): listener order and cancel. */
class TestEngineLocalTest {

    @TempDir
    Path workspace;

    private TestEngine engine() {
        return TestEngine.standard(new ResultsStore(workspace), SshSettings.defaults(), LoginPrompts.NONE);
    }

    private TestPlan plan(int duration) {
        return TestPlan.defaults(new TestPlan.End("local", null), new TestPlan.End("local", null), "127.0.0.1")
                .toBuilder()
                .durationS(duration)
                .intervalS(0.5)
                .processes(2)
                .basePort(5583)
                .build();
    }

    @Test
    void listenersHearTheRunInOrderAndTheStoreKeepsIt() throws Exception {
        TestEngine engine = engine();
        // two processes' output threads may report a merged SUM at once: addIfAbsent, not contains-then-add
        CopyOnWriteArrayList<String> calls = new CopyOnWriteArrayList<>();
        RunHandle h = engine.start(plan(1), new RunListener() {
            @Override
            public void runStarted(RunInfo info) {
                calls.add("started " + info.points()); // one point, unnamed: [""]
            }

            @Override
            public void pointStarted(SweepPoint point, int index, int total) {
                calls.add("point " + index + "/" + total);
            }

            @Override
            public void sample(String point, Sample sample) {
                if (sample.process() == null && sample.isSum()) {
                    calls.addIfAbsent("merged");
                }
            }

            @Override
            public void runFinished(RunOutcome outcome) {
                calls.add("finished " + outcome.status());
            }
        });
        RunOutcome o = h.await(Duration.ofSeconds(60)).orElseThrow();
        assertTrue(o.ok(), o.message());
        assertEquals(List.of("started []", "point 0/1", "merged", "finished OK"), calls);
        assertEquals(1, engine.store().list().size());
        assertEquals(RunRecord.State.OK, engine.store().list().get(0).state());
    }

    @Test
    void repetitionsGiveMeanMinAndMaxPerPoint() throws Exception {
        TestEngine engine = engine();
        TestPlan reps = plan(1).toBuilder()
                .processes(1)
                .repetitions(3)
                .sweep(new TestPlan.Sweep(TestPlan.SweepKind.MESSAGE_SIZE, List.of("64K")))
                .build();
        RunHandle h = engine.start(reps, new RunListener() {});
        RunOutcome o = h.await(Duration.ofSeconds(90)).orElseThrow();
        assertTrue(o.ok(), o.message());
        StoredRun run = engine.store().open(h.runId());
        SweepRow row = run.rows().get(0);
        assertEquals("message-size=64K", row.point());
        assertTrue(
                row.bitsPerSecondMin() <= row.bitsPerSecond() && row.bitsPerSecond() <= row.bitsPerSecondMax(),
                row.toString());
        assertEquals(
                Set.of(1, 2, 3),
                run.summaries().stream().map(RunJournal.Entry::repetition).collect(Collectors.toSet()));
        double mean = run.summaries().stream()
                .filter(e -> e.value().role() == Role.RECEIVER)
                .mapToDouble(e -> e.value().bitsPerSecond())
                .average()
                .orElseThrow();
        assertEquals(mean, row.bitsPerSecond(), 1);
        assertTrue(run.record().commands().get("client local").stream().anyMatch(l -> l.contains("-l 64K")));
    }

    @Test
    void cancelStopsEverythingAndKeepsWhatWasMeasured() throws Exception {
        TestEngine engine = engine();
        CountDownLatch samples = new CountDownLatch(2);
        RunHandle h = engine.start(plan(30), new RunListener() {
            @Override
            public void sample(String point, Sample sample) {
                samples.countDown();
            }
        });
        if (!samples.await(30, TimeUnit.SECONDS)) {
            h.cancel();
            throw new AssertionError("no samples in 30 s; the run: " + h.await(Duration.ofSeconds(20)));
        }
        long t0 = System.nanoTime();
        h.cancel();
        RunOutcome o = h.await(Duration.ofSeconds(20)).orElseThrow(() -> new AssertionError("cancel hangs"));
        assertEquals(RunOutcome.Status.CANCELLED, o.status(), o.message());
        assertTrue((System.nanoTime() - t0) / 1e9 < 15, "cancel took too long");
        StoredRun run = engine.store().open(h.runId());
        assertEquals(RunRecord.State.CANCELLED, run.record().state());
        assertFalse(run.samples().isEmpty());
        // Nothing of the run is left: its ports are free again.
        for (int port : new int[] {5583, 5584}) {
            try (ServerSocket s = new ServerSocket()) {
                s.setReuseAddress(true);
                s.bind(new InetSocketAddress("0.0.0.0", port));
            }
        }
    }

    @Test
    void fourProcessesMergeIntoSumsEqualToTheirPartsForEveryIntervalAndTheTotals() throws Exception {
        TestEngine engine = engine();
        TestPlan four =
                plan(2).toBuilder().intervalS(1.0).processes(4).basePort(5587).build();
        RunHandle h = engine.start(four, new RunListener() {});
        RunOutcome o = h.await(Duration.ofSeconds(90)).orElseThrow();
        assertTrue(o.ok(), o.message());
        StoredRun run = engine.store().open(h.runId());
        // The client's view (the sender's, here): each process's stream, and the merged SUM.
        MergedSamples sender = MergedSamples.ofSender(run);
        // numbered 1..N as CSV.md says, not by their ports (5587…): scripts match process == 1
        assertEquals(Set.of("1", "2", "3", "4"), sender.byProcess().keySet());
        assertEquals(2, sender.merged().size(), "one merged SUM per interval: " + sender.merged());
        sender.assertEachMergedIntervalIsTheProcessesSum();
        List<Summary> summaries =
                run.summaries().stream().map(RunJournal.Entry::value).toList();
        for (Role role : Role.values()) {
            List<Summary> parts = summaries.stream()
                    .filter(s -> s.process() != null && s.role() == role && !s.isSum())
                    .toList();
            assertEquals(4, parts.size(), role + " totals, one per process: " + parts);
            Summary sum = summaries.stream()
                    .filter(s -> s.process() == null && s.role() == role)
                    .findFirst()
                    .orElseThrow();
            assertEquals(parts.stream().mapToDouble(Summary::bitsPerSecond).sum(), sum.bitsPerSecond(), 1, role.csv());
            assertEquals(parts.stream().mapToLong(Summary::bytes).sum(), sum.bytes(), role.csv());
        }
        assertEquals(
                summaries.stream()
                        .filter(s -> s.process() == null && s.role() == Role.RECEIVER)
                        .findFirst()
                        .orElseThrow()
                        .bitsPerSecond(),
                run.rows().get(0).bitsPerSecond(),
                1);
        assertEquals(List.of(), run.record().warnings(), "nothing left out of a SUM");
    }
}
