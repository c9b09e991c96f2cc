package io.linklab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.Direction;
import io.linklab.model.MeasurementSink;
import io.linklab.model.Role;
import io.linklab.model.Summary;
import io.linklab.model.TestPlan;
import io.linklab.remote.LoginPrompts;
import io.linklab.remote.SshSettings;
import io.linklab.store.ResultsStore;
import io.linklab.store.RunJournal;
import io.linklab.store.RunRecord;
import io.linklab.store.StoredRun;
import io.linklab.tools.Parsers;
import io.linklab.tools.StreamingParser;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a run does when part of it breaks, on the Loopback lab ("local" ends, real iperf3 on 127.0.0.1):
 * an Error in a parser or listener fails the run and ends the wait for it; a process whose total never
 * came is named, and no SUM short of it is written.
 */
class RunFailureLocalTest {

    private static final int PORT = 5593;

    @TempDir
    Path workspace;

    private static TestPlan plan(int processes) {
        return TestPlan.defaults(new TestPlan.End("local", null), new TestPlan.End("local", null), "127.0.0.1")
                .toBuilder()
                .durationS(2)
                .processes(processes)
                .basePort(PORT)
                .build();
    }

    private TestEngine engine(ParserFactory parsers) {
        return new TestEngine(
                new ResultsStore(workspace), new LabLogins(SshSettings.defaults(), LoginPrompts.NONE), parsers);
    }

    private static RunOutcome awaitEnd(RunHandle h) throws InterruptedException {
        return h.await(Duration.ofSeconds(90)).orElseThrow(() -> new AssertionError("the run never ended"));
    }

    private static void assertPortsFree(int processes) throws Exception {
        for (int port = PORT; port < PORT + processes; port++) {
            try (ServerSocket s = new ServerSocket()) {
                s.setReuseAddress(true);
                s.bind(new InetSocketAddress("0.0.0.0", port));
            }
        }
    }

    @Test
    void anErrorInAParserFailsTheRunWithItsReasonAndStopsTheProcesses() throws Exception {
        ParserFactory overflowing = (tool, sink) -> {
            StreamingParser real = Parsers.forLive(tool, false, sink);
            return new StreamingParser() {
                private boolean client;

                @Override
                public void feed(String line) {
                    client |= line.contains("Connecting to host");
                    if (client && line.contains(" sec ")) {
                        throw new StackOverflowError("parser recursed too deep");
                    }
                    real.feed(line);
                }

                @Override
                public void finish() {
                    real.finish();
                }
            };
        };
        TestEngine engine = engine(overflowing);
        RunHandle h = engine.start(plan(1), new RunListener() {});
        RunOutcome o = awaitEnd(h);
        assertEquals(RunOutcome.Status.FAILED, o.status(), o.message());
        assertTrue(o.message().contains("java.lang.StackOverflowError: parser recursed too deep"), o.message());
        assertTrue(o.message().contains("iperf3 client"), "names whose output broke it: " + o.message());
        StoredRun run = engine.store().open(h.runId());
        assertEquals(RunRecord.State.FAILED, run.record().state());
        assertEquals(o.message(), run.record().message());
        assertPortsFree(1);
    }

    @Test
    void anErrorInAListenerOnTheRunThreadFailsTheRunAndTheEndIsStillHeard() throws Exception {
        TestEngine engine = engine(ParserFactory.live());
        AtomicInteger finished = new AtomicInteger();
        RunHandle h = engine.start(plan(1), new RunListener() {
            @Override
            public void pointStarted(SweepPoint point, int index, int total) {
                throw new OutOfMemoryError("chart buffer");
            }

            @Override
            public void runFinished(RunOutcome outcome) {
                finished.incrementAndGet();
                throw new OutOfMemoryError("at the end too");
            }
        });
        RunOutcome o = awaitEnd(h);
        assertEquals(RunOutcome.Status.FAILED, o.status(), o.message());
        assertTrue(o.message().contains("java.lang.OutOfMemoryError: chart buffer"), o.message());
        assertEquals(1, finished.get());
        assertEquals(
                RunRecord.State.FAILED, engine.store().open(h.runId()).record().state());
        assertPortsFree(1);
    }

    @Test
    void aProcessWhoseReceiverTotalNeverCameIsNamedAndNoShortSumIsWritten() throws Exception {
        // The second client's parser loses its receiver total, as when a process's output ends early (the
        // servers' parsers are made too: the client is the one that connects to the second port).
        ParserFactory losing = (tool, sink) -> {
            boolean[] lose = {false};
            StreamingParser real = Parsers.forLive(tool, false, new MeasurementSink.Forwarding(sink) {
                @Override
                public void summary(Summary s) {
                    if (!(lose[0] && s.role() == Role.RECEIVER)) {
                        super.summary(s);
                    }
                }
            });
            return new StreamingParser() {
                @Override
                public void feed(String line) {
                    if (line.contains("Connecting to host") && line.endsWith("port " + (PORT + 1))) {
                        lose[0] = true;
                    }
                    real.feed(line);
                }

                @Override
                public void finish() {
                    real.finish();
                }
            };
        };
        TestEngine engine = engine(losing);
        RunHandle h = engine.start(plan(2), new RunListener() {});
        RunOutcome o = awaitEnd(h);
        assertEquals(RunOutcome.Status.FAILED, o.status(), o.message());
        assertTrue(
                o.message().contains("the iperf3 client to port " + (PORT + 1) + " reported no c2s receiver total"),
                o.message());
        StoredRun run = engine.store().open(h.runId());
        assertTrue(
                run.record().message().contains(String.valueOf(PORT + 1)),
                run.record().message());
        List<Summary> summaries =
                run.summaries().stream().map(RunJournal.Entry::value).toList();
        assertNull(
                summaries.stream()
                        .filter(s -> s.process() == null && s.role() == Role.RECEIVER)
                        .findAny()
                        .orElse(null),
                "no receiver SUM short of a process");
        // What both processes did report still adds up: the sender SUM and every interval.
        Summary sentSum = summaries.stream()
                .filter(s -> s.process() == null && s.role() == Role.SENDER)
                .findFirst()
                .orElseThrow();
        assertEquals(
                summaries.stream()
                        .filter(s -> s.process() != null && s.role() == Role.SENDER && !s.isSum())
                        .mapToDouble(Summary::bitsPerSecond)
                        .sum(),
                sentSum.bitsPerSecond(),
                1);
        // The client's view (the sender's): each process's stream, and the merged SUM of every interval.
        MergedSamples sender = MergedSamples.ofSender(run);
        assertEquals(2, sender.byProcess().size());
        assertFalse(sender.merged().isEmpty());
        sender.assertEachMergedIntervalIsTheProcessesSum();
        assertTrue(
                sender.merged().stream().allMatch(m -> m.direction() == Direction.C2S),
                sender.merged().toString());
        assertPortsFree(2);
    }
}
