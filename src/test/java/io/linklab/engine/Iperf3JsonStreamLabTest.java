package io.linklab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.lab.Lab;
import io.linklab.model.Direction;
import io.linklab.model.Role;
import io.linklab.model.Sample;
import io.linklab.model.TestPlan;
import io.linklab.model.Tool;
import io.linklab.remote.LoginPrompts;
import io.linklab.remote.SshConnector;
import io.linklab.remote.SshTarget;
import io.linklab.store.ResultsStore;
import io.linklab.store.RunJournal;
import io.linklab.store.RunRecord;
import io.linklab.store.StoredRun;
import io.linklab.testing.LatestIperf3OnBothHosts;
import io.linklab.tools.csv.CsvRows;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run on hosts whose iperf3 is 3.21 (built by src/test/lab/iperf3-build.sh, made the hosts' iperf3 by
 * {@link Lab.Host#iperf3Is}): the client runs with --json-stream, so every sending stream's RTT reaches
 * samples.csv, which the text output never gave.
 */
@Tag("lab")
class Iperf3JsonStreamLabTest {

    private static final int PORT = 5580;

    private final Lab lab = Lab.get();

    @TempDir
    Path workspace;

    @RegisterExtension
    final LatestIperf3OnBothHosts hostsRun321 = new LatestIperf3OnBothHosts(lab);

    @AfterEach
    void nothingLeftRunning() throws Exception {
        assertEquals("", lab.leftRunning(), "left running on the lab hosts");
    }

    /** The engine as the app wires it: each tool driver's own live parser, which reads text and --json-stream. */
    private TestEngine engine() throws Exception {
        SshConnector connector = new SshConnector(lab.sshSettings(), LoginPrompts.NONE);
        return new TestEngine(
                new ResultsStore(workspace),
                login -> connector.connect(SshTarget.parse(login)),
                ParserFactory.live(),
                PointHooks.NONE,
                RunTimings.STANDARD);
    }

    /** iperf3 with two streams from h1 to h2's data address for {@code seconds}. */
    private TestPlan twoStreams(int seconds) {
        return TestPlan.defaults(
                        new TestPlan.End(lab.h1().login(), lab.h1().dataIf()),
                        new TestPlan.End(lab.h2().login(), lab.h2().dataIf()),
                        lab.h2().data())
                .toBuilder()
                .tool(Tool.IPERF3)
                .durationS(seconds)
                .streams(2)
                .basePort(PORT)
                .build();
    }

    private StoredRun runOk(TestPlan.Mode mode) throws Exception {
        return runOk(mode, TestPlan.Protocol.TCP, 1);
    }

    private StoredRun runOk(TestPlan.Mode mode, TestPlan.Protocol protocol, int processes) throws Exception {
        TestEngine engine = engine();
        TestPlan plan = twoStreams(3).toBuilder()
                .processes(processes)
                .mode(mode)
                .protocol(protocol)
                .udpBitrate(protocol == TestPlan.Protocol.UDP ? "200M" : null)
                .build();
        RunHandle h = engine.start(plan, new RunListener() {});
        h.await(Duration.ofSeconds(120)).orElseThrow(() -> new AssertionError("run did not end"));
        StoredRun run = engine.store().open(h.runId());
        assertEquals(RunRecord.State.OK, run.record().state(), run.record().message());
        assertTrue(
                run.record().hosts().get("client").get("tool.version").startsWith("iperf 3.21"),
                run.record().hosts().toString());
        // run.json's commands, first written from the plan alone, are the ones the client's release runs
        assertTrue(
                run.record().commands().get("client " + lab.h1().login()).stream()
                        .anyMatch(c -> c.contains("iperf3 -c") && c.contains("--json-stream")),
                run.record().commands().toString());
        // and raw/ has each command as it ran
        String client;
        try (Stream<Path> raw = Files.list(run.dir().resolve("raw"))) {
            client = raw.map(Iperf3JsonStreamLabTest::firstLine)
                    .filter(l -> l.contains("iperf3 -c"))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("no client log in raw/"));
        }
        assertTrue(client.contains("--json-stream"), client);
        return run;
    }

    private static String firstLine(Path file) {
        try (Stream<String> lines = Files.lines(file)) {
            return lines.findFirst().orElse("");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void twoStreamsHaveRttInEveryIntervalOfSamplesCsv() throws Exception {
        StoredRun run = runOk(TestPlan.Mode.NORMAL);
        List<Sample> sent = run.samples().stream()
                .map(RunJournal.Entry::value)
                .filter(s -> !s.isSum() && s.direction() == Direction.C2S && s.role() == Role.SENDER)
                .toList();
        assertEquals(6, sent.size(), "two streams, three 1-second intervals: " + sent);
        for (Sample s : sent) {
            assertNotNull(s.rttMs(), "rtt of " + s);
            assertNotNull(s.cwndBytes(), "cwnd of " + s);
            assertNotNull(s.rttvarMs(), "rttvar of " + s);
            // the lab's data links have the default MTU
            assertEquals(1500L, s.pmtu(), "pmtu of " + s);
        }
        List<CSVRecord> rows = CsvRows.read(run.dir().resolve("samples.csv"), r -> r);
        List<CSVRecord> senderStreams = rows.stream()
                .filter(r -> !r.get("stream").equals("SUM") && r.get("role").equals("sender"))
                .filter(r -> r.get("direction").equals("c2s"))
                .toList();
        assertFalse(senderStreams.isEmpty());
        assertTrue(senderStreams.stream().allMatch(r -> !r.get("rtt_ms").isEmpty()), senderStreams.toString());
        assertTrue(
                senderStreams.stream()
                        .allMatch(r ->
                                !r.get("rttvar_ms").isEmpty() && r.get("pmtu").equals("1500")),
                senderStreams.toString());
        assertFalse(run.summaries().isEmpty(), "the end event's totals");
    }

    /** Both views' totals of each direction the plan measures, from a --json-stream client and a text server. */
    private static void totalsOfBothViews(StoredRun run, Direction... directions) {
        for (Direction d : directions) {
            for (Role role : Role.values()) {
                assertTrue(
                        run.summaries().stream()
                                .map(RunJournal.Entry::value)
                                .anyMatch(x -> x.isSum() && x.direction() == d && x.role() == role),
                        d + " " + role + " SUM in " + run.summaries());
            }
        }
        assertFalse(run.rows().isEmpty());
        assertTrue(
                run.rows().get(0).bitsPerSecond() > 100e6,
                "throughput " + run.rows().get(0));
    }

    @Test
    void reverseBidirUdpAndTwoProcessesRunOnTheJsonClient() throws Exception {
        totalsOfBothViews(runOk(TestPlan.Mode.REVERSE), Direction.S2C);
        StoredRun bidir = runOk(TestPlan.Mode.BIDIR);
        totalsOfBothViews(bidir, Direction.C2S, Direction.S2C);
        assertTrue(
                bidir.samples().stream()
                        .map(RunJournal.Entry::value)
                        .filter(x -> !x.isSum() && x.direction() == Direction.C2S && x.role() == Role.SENDER)
                        .allMatch(x -> x.rttMs() != null),
                "the client sends client→server: its streams' RTT");
        totalsOfBothViews(runOk(TestPlan.Mode.NORMAL, TestPlan.Protocol.UDP, 1), Direction.C2S);
        totalsOfBothViews(runOk(TestPlan.Mode.NORMAL, TestPlan.Protocol.TCP, 2), Direction.C2S);
    }

    @Test
    void stopKeepsTheJsonClientsIntervalsAndNoZeroReceiverTotals() throws Exception {
        TestEngine engine = engine();
        TestPlan plan = twoStreams(30);
        CountDownLatch twoIntervals = new CountDownLatch(4);
        RunHandle h = engine.start(plan, new RunListener() {
            @Override
            public void sample(String point, Sample sample) {
                if (!sample.isSum() && sample.rttMs() != null) {
                    twoIntervals.countDown();
                }
            }
        });
        assertTrue(twoIntervals.await(60, TimeUnit.SECONDS), "two intervals of both streams, with RTT");
        h.cancel("the test");
        h.await(Duration.ofSeconds(60)).orElseThrow(() -> new AssertionError("run did not end"));
        StoredRun run = engine.store().open(h.runId());
        assertEquals(
                RunRecord.State.CANCELLED, run.record().state(), run.record().message());
        long kept = run.samples().stream()
                .map(RunJournal.Entry::value)
                .filter(x -> !x.isSum() && x.role() == Role.SENDER && x.rttMs() != null)
                .count();
        assertTrue(kept >= 4, "the intervals measured before Stop: " + kept);
        assertTrue(
                run.summaries().stream()
                        .map(RunJournal.Entry::value)
                        .filter(x -> x.process() == null && x.role() == Role.RECEIVER)
                        .noneMatch(x -> x.bytes() != null && x.bytes() == 0),
                "a stopped client's receiver totals were never exchanged: " + run.summaries());
        assertTrue(
                run.summaries().stream()
                        .map(RunJournal.Entry::value)
                        .anyMatch(x -> x.isSum() && x.role() == Role.RECEIVER && x.bytes() != null && x.bytes() > 0),
                "the server, stopped after its client, printed what it received: " + run.summaries());
    }
}
