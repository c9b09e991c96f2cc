package io.linklab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.linklab.lab.Lab;
import io.linklab.model.Direction;
import io.linklab.model.Role;
import io.linklab.model.Sample;
import io.linklab.model.Summary;
import io.linklab.model.SweepRow;
import io.linklab.model.TestPlan;
import io.linklab.model.Tool;
import io.linklab.remote.LoginPrompts;
import io.linklab.remote.SshConnector;
import io.linklab.remote.SshTarget;
import io.linklab.store.ResultsStore;
import io.linklab.store.RunJournal;
import io.linklab.store.RunRecord;
import io.linklab.store.StoredRun;
import io.linklab.testing.Await;
import io.linklab.tools.Parsers;
import io.linklab.tools.csv.CsvRows;
import io.linklab.ui.dashboard.LiveRunModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engine against the namespace lab: real iperf3, iperf2 and netperf through the real sshd of two
 * hosts, with the data link's MTU really changed and really restored. Tests are short (2-3 s each).
 */
@Tag("lab")
class EngineLabTest {

    private static final int PORT = 5560;

    private final Lab lab = Lab.get();

    @TempDir
    Path workspace;

    private TestEngine engine;

    /**
     * For the tests of a lost host and of a path that does not carry an MTU: they wait out these timers, and the
     * standard ones (8 s of silence, 5 s for the SSH server to answer, 5 s of settling) suit real hosts, not a test.
     */
    private static final RunTimings FAILURE_PATHS = new RunTimings(
            RunTimings.STANDARD.serverStart(),
            RunTimings.STANDARD.clientGrace(),
            Duration.ofSeconds(3),
            Duration.ofSeconds(2),
            Duration.ofSeconds(2),
            RunTimings.STANDARD.countersStart());

    @BeforeEach
    void engine() throws Exception {
        engine = engine(RunTimings.STANDARD);
        assertEquals(1500, lab.h1().mtu(), "lab h1 data MTU must start at 1500");
        assertEquals(1500, lab.h2().mtu(), "lab h2 data MTU must start at 1500");
    }

    private TestEngine engine(RunTimings timings) throws Exception {
        return engine(lab, workspace, timings);
    }

    /** An engine that logs in to the lab's hosts with its key and known_hosts, its runs stored in {@code workspace}. */
    static TestEngine engine(Lab lab, Path workspace, RunTimings timings) throws Exception {
        SshConnector connector = new SshConnector(lab.sshSettings(), LoginPrompts.NONE);
        return new TestEngine(
                new ResultsStore(workspace),
                login -> connector.connect(SshTarget.parse(login)),
                (tool, sink) -> Parsers.forLive(tool, false, sink),
                PointHooks.NONE,
                timings);
    }

    @AfterEach
    void hostsAreLeftClean() throws Exception {
        assertNothingRunning();
        assertEquals(1500, lab.h1().mtu(), "h1 MTU not restored");
        assertEquals(1500, lab.h2().mtu(), "h2 MTU not restored");
    }

    private TestPlan plan(
            Tool tool, int duration, int streams, int processes, TestPlan.Mode mode, TestPlan.Sweep sweep) {
        return TestPlan.defaults(
                        new TestPlan.End(lab.h1().login(), lab.h1().dataIf()),
                        new TestPlan.End(lab.h2().login(), lab.h2().dataIf()),
                        lab.h2().data())
                .toBuilder()
                .tool(tool)
                .durationS(duration)
                .streams(streams)
                .processes(processes)
                .basePort(PORT)
                .mode(mode)
                .sweep(sweep)
                .build();
    }

    /** Runs a plan to its end and reads the run back from its folder. */
    private StoredRun run(TestPlan plan, RunListener listener) throws Exception {
        RunHandle h = engine.start(plan, listener);
        RunOutcome o = h.await(Duration.ofSeconds(180)).orElseThrow(() -> new AssertionError("run did not end"));
        StoredRun run = engine.store().open(h.runId());
        assertEquals(
                o.status() == RunOutcome.Status.OK
                        ? RunRecord.State.OK
                        : o.status() == RunOutcome.Status.FAILED ? RunRecord.State.FAILED : RunRecord.State.CANCELLED,
                run.record().state());
        return run;
    }

    private StoredRun runOk(TestPlan plan) throws Exception {
        StoredRun run = run(plan, new RunListener() {});
        assertEquals(RunRecord.State.OK, run.record().state(), run.record().message());
        return run;
    }

    private static List<Sample> samples(StoredRun run) {
        return run.samples().stream().map(RunJournal.Entry::value).toList();
    }

    /** The client's own view: what a run recorded before it read the servers' lines too. */
    private static List<Sample> clientView(StoredRun run) {
        return samples(run).stream()
                .filter(s -> Boolean.TRUE.equals(s.printedByClient()))
                .toList();
    }

    private static List<Summary> summaries(StoredRun run) {
        return run.summaries().stream().map(RunJournal.Entry::value).toList();
    }

    @Test
    void singleAndFourStreamIperf3() throws Exception {
        StoredRun one = runOk(plan(Tool.IPERF3, 2, 1, 1, TestPlan.Mode.NORMAL, null));
        assertEquals(
                2, clientView(one).stream().filter(s -> !s.isSum()).count(), "two 1-second intervals of one stream");
        assertEquals(2, clientView(one).stream().filter(Sample::isSum).count(), "and a SUM of each: one CSV shape");
        SweepRow row = one.rows().get(0);
        assertTrue(row.bitsPerSecond() > 100e6, "veth throughput implausibly low: " + row.bitsPerSecond());
        assertTrue(one.record()
                .commands()
                .get("client " + lab.h1().login())
                .get(0)
                .startsWith("iperf3 -c " + lab.h2().data()));
        assertTrue(
                one.record().hosts().get("server").get("tool.version").startsWith("iperf 3"),
                one.record().hosts().toString());
        assertTrue(Files.size(one.dir().resolve("samples.csv")) > 0);
        assertTrue(Files.list(one.dir().resolve("raw")).count() >= 2, "raw output per process");

        StoredRun four = runOk(plan(Tool.IPERF3, 2, 4, 1, TestPlan.Mode.NORMAL, null));
        Set<String> streams = clientView(four).stream()
                .filter(s -> !s.isSum())
                .map(Sample::stream)
                .collect(Collectors.toSet());
        assertEquals(4, streams.size(), streams.toString());
        assertEquals(2, clientView(four).stream().filter(Sample::isSum).count());
        Summary sum = summaries(four).stream()
                .filter(s -> s.isSum() && s.role() == Role.RECEIVER)
                .findFirst()
                .orElseThrow();
        assertEquals(sum.bitsPerSecond(), four.rows().get(0).bitsPerSecond(), 1);
    }

    @Test
    void fourIperf3ProcessesMergeIntoOneSum() throws Exception {
        StoredRun run = runOk(plan(Tool.IPERF3, 2, 1, 4, TestPlan.Mode.NORMAL, null));
        List<Sample> all = clientView(run);
        Set<String> processes =
                all.stream().map(Sample::process).filter(p -> p != null).collect(Collectors.toSet());
        assertEquals(Set.of("1", "2", "3", "4"), processes, "numbered 1..N as CSV.md says, not by port");
        List<Sample> merged =
                all.stream().filter(s -> s.process() == null && s.isSum()).toList();
        assertEquals(2, merged.size(), "one merged SUM per interval");
        // The merged SUM of the first interval is the four processes' first intervals added up: each one's
        // first by its own order, as the merge pairs them (on a loaded machine a process's first interval
        // can end at 1.02 s or later, so a cut by time would miss it).
        double parts = all.stream()
                .filter(s -> s.process() != null && !s.isSum())
                .collect(Collectors.toMap(Sample::process, Sample::bitsPerSecond, (first, later) -> first))
                .values()
                .stream()
                .mapToDouble(Double::doubleValue)
                .sum();
        assertEquals(parts, merged.get(0).bitsPerSecond(), 1);
        Summary recv = summaries(run).stream()
                .filter(s -> s.process() == null && s.role() == Role.RECEIVER)
                .findFirst()
                .orElseThrow();
        double perProcess = summaries(run).stream()
                .filter(s -> s.process() != null && s.role() == Role.RECEIVER && !s.isSum())
                .mapToDouble(Summary::bitsPerSecond)
                .sum();
        assertEquals(perProcess, recv.bitsPerSecond(), 1);
        assertEquals(recv.bitsPerSecond(), run.rows().get(0).bitsPerSecond(), 1);
        assertEquals(
                4, run.record().commands().get("server " + lab.h2().login()).size());
    }

    @Test
    void processesPinnedToCpusRunThereOnBothEnds() throws Exception {
        TestPlan base = plan(Tool.IPERF3, 3, 1, 2, TestPlan.Mode.NORMAL, null);
        TestPlan pinned = base.toBuilder()
                .client(new TestPlan.End(lab.h1().login(), lab.h1().dataIf(), List.of(1, 0)))
                .server(new TestPlan.End(lab.h2().login(), lab.h2().dataIf(), List.of(0, 1)))
                .build();
        Map<String, String> seen = new ConcurrentHashMap<>();
        StoredRun run = run(pinned, new RunListener() {
            @Override
            public void sample(String point, Sample sample) {
                // while the test runs: which CPUs each iperf3 of ours may use, by port, read from /proc
                try {
                    seen.putAll(affinities(lab.h1(), "h1"));
                    seen.putAll(affinities(lab.h2(), "h2"));
                } catch (Exception e) {
                    seen.put("error", e.toString());
                }
            }
        });
        assertEquals(RunRecord.State.OK, run.record().state(), run.record().message());
        assertEquals(
                Map.of(
                        "h1 -c " + PORT,
                        "1",
                        "h1 -c " + (PORT + 1),
                        "0",
                        "h2 -s " + PORT,
                        "0",
                        "h2 -s " + (PORT + 1),
                        "1"),
                seen);
        assertTrue(
                run.record().commands().get("client " + lab.h1().login()).get(0).startsWith("taskset -c 1 iperf3 -c"),
                run.record().commands().toString());

        // a CPU the host does not have is refused before anything starts, naming host and CPU
        int cpus = Integer.parseInt(lab.h2().exec("nproc").trim());
        TestPlan tooFar = base.toBuilder()
                .server(new TestPlan.End(lab.h2().login(), lab.h2().dataIf(), List.of(cpus + 3)))
                .durationS(2)
                .processes(1)
                .build();
        StoredRun refused = run(tooFar, new RunListener() {});
        assertEquals(RunRecord.State.FAILED, refused.record().state());
        assertTrue(
                refused.record()
                        .message()
                        .contains("CPU " + (cpus + 3) + " is not on " + lab.h2().login()),
                refused.record().message());
    }

    /** "HOST -c|-s PORT" → Cpus_allowed_list of each iperf3 client or server running in the host's namespace. */
    private static Map<String, String> affinities(Lab.Host host, String name) throws Exception {
        Map<String, String> found = new HashMap<>();
        for (String line : host.processes().lines().toList()) {
            Matcher m = Pattern.compile("^(\\d+) iperf3 (-[cs]) .*-p (\\d+) .*").matcher(line);
            if (m.matches()) {
                String status;
                try {
                    status = Files.readString(Path.of("/proc", m.group(1), "status"));
                } catch (NoSuchFileException ended) {
                    continue; // it ended between the listing and this read: its affinity was seen before
                }
                Matcher c = Pattern.compile("Cpus_allowed_list:\\s*(\\S+)").matcher(status);
                if (c.find()) {
                    found.put(name + " " + m.group(2) + " " + m.group(3), c.group(1));
                }
            }
        }
        return found;
    }

    @Test
    void iperf2WithFourStreams() throws Exception {
        StoredRun run = runOk(plan(Tool.IPERF2, 2, 4, 1, TestPlan.Mode.NORMAL, null));
        Set<String> streams = clientView(run).stream()
                .filter(s -> !s.isSum())
                .map(Sample::stream)
                .collect(Collectors.toSet());
        assertEquals(4, streams.size(), streams.toString());
        assertTrue(summaries(run).stream().anyMatch(Summary::isSum), "iperf2 -P 4 prints a SUM total");
        // iperf 2's client knows only what it sent; the receiver's total is the server's, and the sweep row's.
        Summary received = summaries(run).stream()
                .filter(s -> s.isSum() && s.role() == Role.RECEIVER)
                .findFirst()
                .orElseThrow(() -> new AssertionError("no receiver SUM: " + summaries(run)));
        // iperf 2.1.8's server, on a loaded host, once ended without its SUM line: LinkLab then sums its streams
        if (received.note() != null) {
            assertTrue(received.note().startsWith("the sum of the 4 streams' totals"), received.note());
            double streamsSum = summaries(run).stream()
                    .filter(s -> !s.isSum() && s.role() == Role.RECEIVER)
                    .mapToDouble(Summary::bitsPerSecond)
                    .sum();
            assertEquals(streamsSum, received.bitsPerSecond(), 0.05 * streamsSum, () -> rawServerOutput(run));
        }
        assertEquals(received.bitsPerSecond(), run.rows().get(0).bitsPerSecond(), 1);
        assertTrue(run.rows().get(0).bitsPerSecond() > 100e6);
    }

    @Test
    void netperfTcpStreamWithCpu() throws Exception {
        StoredRun run = runOk(plan(Tool.NETPERF, 2, 1, 1, TestPlan.Mode.NORMAL, null));
        Summary s = summaries(run).get(0);
        assertTrue(
                summaries(run).stream()
                        .anyMatch(t ->
                                t.isSum() && t.role() == Role.SENDER && "not reported by netperf".equals(t.note())),
                summaries(run).toString());
        assertNotNull(s.localCpuPercent(), "netperf -c reports the local CPU");
        assertNotNull(s.remoteCpuPercent(), "netperf -C reports the remote CPU");
        assertTrue(s.bitsPerSecond() > 100e6);
        assertFalse(samples(run).isEmpty(), "netperf -D interim results stream as samples");
    }

    @Test
    void udpAtAGivenBitrateReportsJitterAndLoss() throws Exception {
        TestPlan p = plan(Tool.IPERF3, 2, 1, 1, TestPlan.Mode.NORMAL, null);
        TestPlan udp =
                p.toBuilder().protocol(TestPlan.Protocol.UDP).udpBitrate("200M").build();
        StoredRun run = runOk(udp);
        Summary recv = summaries(run).stream()
                .filter(s -> s.role() == Role.RECEIVER)
                .findFirst()
                .orElseThrow();
        assertNotNull(recv.jitterMs(), "UDP receiver reports jitter");
        assertNotNull(recv.packets(), "UDP receiver reports datagrams");
        assertEquals(200e6, run.rows().get(0).bitsPerSecond(), 40e6);
    }

    @Test
    void udpRecordsJitterAndLossPerIntervalFromTheReceivingServer() throws Exception {
        TestPlan p = plan(Tool.IPERF3, 2, 1, 1, TestPlan.Mode.NORMAL, null);
        TestPlan udp =
                p.toBuilder().protocol(TestPlan.Protocol.UDP).udpBitrate("100M").build();
        LiveRunModel live = new LiveRunModel();
        StoredRun run = run(udp, live);
        assertEquals(RunRecord.State.OK, run.record().state(), run.record().message());
        // samples.csv: the server's (receiver's) rows, each interval of the stream and its SUM, with the figures.
        List<CSVRecord> rows = csv(run.dir().resolve("samples.csv"));
        List<CSVRecord> received =
                rows.stream().filter(r -> r.get("role").equals("receiver")).toList();
        assertTrue(received.stream().filter(r -> r.get("stream").equals("SUM")).count() >= 2, rows.toString());
        assertTrue(received.stream().filter(r -> !r.get("stream").equals("SUM")).count() >= 2, rows.toString());
        for (CSVRecord r : received) {
            if (Double.parseDouble(r.get("end_s")) - Double.parseDouble(r.get("start_s")) < 0.5) {
                continue; // the server's last fragment of an interval
            }
            for (String column : List.of("jitter_ms", "lost_packets", "packets", "time_utc")) {
                assertFalse(r.get(column).isEmpty(), column + " of " + r);
            }
            assertTrue(Long.parseLong(r.get("packets")) > 0, r.toString());
        }
        assertTrue(rows.stream()
                .anyMatch(r ->
                        r.get("role").equals("sender") && r.get("stream_index").equals("1")));
        // The live model: a loss % lane and the stream's jitter and loss in its table row.
        assertTrue(
                live.loss().entries().stream().anyMatch(e -> e.series().size() >= 2),
                "loss per interval on the live chart");
        LiveRunModel.StreamRow row = live.takeSnapshot().rows().stream()
                .filter(r -> !r.key().stream().equals("SUM"))
                .findFirst()
                .orElseThrow();
        assertNotNull(row.jitterMs());
        assertNotNull(row.lossPercent());
    }

    @Test
    void reverseRunKeepsTheSendingServersRetransmitsAndWindowBesideTheClientsView() throws Exception {
        StoredRun run = runOk(plan(Tool.IPERF3, 2, 1, 1, TestPlan.Mode.REVERSE, null));
        List<Sample> sent = samples(run).stream()
                .filter(s -> s.role() == Role.SENDER && !s.isSum())
                .toList();
        List<Sample> got = samples(run).stream()
                .filter(s -> s.role() == Role.RECEIVER && !s.isSum())
                .toList();
        assertTrue(sent.size() >= 2 && got.size() >= 2, samples(run).toString());
        for (Sample s : sent) {
            assertEquals(Direction.S2C, s.direction());
            assertEquals(Boolean.FALSE, s.printedByClient(), "the server's view");
            assertNotNull(s.retransmits(), s.toString());
            assertNotNull(s.cwndBytes(), s.toString());
        }
        assertTrue(got.stream().allMatch(s -> s.retransmits() == null && Boolean.TRUE.equals(s.printedByClient())));
        // samples.csv says whose view each row is; both are kept.
        List<CSVRecord> rows = csv(run.dir().resolve("samples.csv"));
        assertEquals(
                Set.of("sender", "receiver"),
                rows.stream().map(r -> r.get("role")).collect(Collectors.toSet()));
        assertTrue(
                rows.stream()
                        .filter(r -> r.get("role").equals("sender")
                                && !r.get("stream").equals("SUM"))
                        .allMatch(r -> !r.get("retransmits").isEmpty()
                                && !r.get("cwnd_bytes").isEmpty()),
                rows.toString());
    }

    private static List<CSVRecord> csv(Path file) throws IOException {
        return CsvRows.read(file, row -> row);
    }

    @Test
    void bidirectionalMeasuresBothDirections() throws Exception {
        StoredRun run = runOk(plan(Tool.IPERF3, 2, 1, 1, TestPlan.Mode.BIDIR, null));
        Map<Direction, Double> rates = new TreeMap<>();
        run.rows().forEach(r -> rates.put(r.direction(), r.bitsPerSecond()));
        assertEquals(Set.of(Direction.C2S, Direction.S2C), rates.keySet());
        rates.values().forEach(v -> assertTrue(v > 50e6, rates.toString()));
        assertTrue(samples(run).stream().anyMatch(s -> s.direction() == Direction.S2C));
        // Every direction has its sender's view with retransmits: the client's for c2s, the server's for s2c.
        for (Direction d : Direction.values()) {
            assertTrue(
                    samples(run).stream()
                            .anyMatch(s -> s.direction() == d
                                    && s.role() == Role.SENDER
                                    && !s.isSum()
                                    && s.retransmits() != null
                                    && s.cwndBytes() != null),
                    d.csv());
        }
    }

    @Test
    void mtuSweepMeasuresEachPointAtItsMtuAndRestoresBothEnds() throws Exception {
        // What the sweep promises is the MTU each point ran at (read from both hosts while it measured)
        // and the restore; whether 9000 beats 1500 on veth depends on the machine's load and offloads,
        // and a busy 2-core CI machine once measured them equal.
        mtuSweep();
    }

    private void mtuSweep() throws Exception {
        // The MTU both ends really had while each point measured, read from the hosts at its first sample.
        Map<String, String> seen = new ConcurrentHashMap<>();
        StoredRun run = run(
                plan(
                        Tool.IPERF3,
                        2,
                        1,
                        1,
                        TestPlan.Mode.NORMAL,
                        new TestPlan.Sweep(TestPlan.SweepKind.MTU, List.of("1500", "4000", "9000"))),
                new RunListener() {
                    @Override
                    public void sample(String point, Sample sample) {
                        seen.computeIfAbsent(point, p -> {
                            try {
                                return lab.h1().mtu() + "/" + lab.h2().mtu();
                            } catch (Exception e) {
                                return e.toString();
                            }
                        });
                    }
                });
        // how the run ended first: a run that stopped early explains a point with no samples
        assertEquals(
                RunRecord.State.OK,
                run.record().state(),
                run.record().message() + "; warnings: " + run.record().warnings());
        assertEquals(Map.of("mtu=1500", "1500/1500", "mtu=4000", "4000/4000", "mtu=9000", "9000/9000"), seen);
        assertEquals(3, run.rows().size());
        run.rows().forEach(r -> assertTrue(r.ok(), r.toString()));
        assertEquals(
                List.of(1500, 4000, 9000),
                run.rows().stream().map(SweepRow::mtu).toList());
        run.rows().forEach(r -> assertTrue(r.bitsPerSecond() > 100e6, "every point carried traffic: " + r));
        assertTrue(
                run.record().mtuRestore().contains("restored 1500"),
                run.record().mtuRestore());
        assertTrue(Files.readString(run.dir().resolve("sweep.csv")).contains("mtu=9000,9000,"));
        // After the run (checked in @AfterEach): both ends back at 1500, nothing left running.
    }

    @Test
    void sweepRefusesTheInterfaceCarryingTheSshSession() throws Exception {
        TestPlan p = plan(
                Tool.IPERF3,
                2,
                1,
                1,
                TestPlan.Mode.NORMAL,
                new TestPlan.Sweep(TestPlan.SweepKind.MTU, List.of("1400")));
        TestPlan onMgmt = p.toBuilder()
                .client(new TestPlan.End(lab.h1().login(), "mgmt0"))
                .build();
        StoredRun run = run(onMgmt, new RunListener() {});
        assertEquals(RunRecord.State.FAILED, run.record().state());
        assertTrue(
                run.record().message().contains("refusing to change the MTU of mgmt0"),
                run.record().message());
        assertEquals("1500", lab.h1().exec("cat", "/sys/class/net/mgmt0/mtu").trim());
    }

    @Test
    void lossGivesRetransmits() throws Exception {
        // No netem on this kernel: nftables drops 1 % of the client's data packets at random as they reach the
        // server. (Dropped on the client's way out instead, TCP is told at once and sends again without counting a
        // retransmit: on a loaded machine such a run reported 0 retransmits, twice in four.)
        nft(lab.h2(), "prerouting", "ip protocol tcp ip daddr " + lab.h2().data() + " numgen random mod 100 < 1 drop");
        try {
            StoredRun run = runOk(plan(Tool.IPERF3, 2, 1, 1, TestPlan.Mode.NORMAL, null));
            SweepRow row = run.rows().get(0);
            assertNotNull(row.retransmits());
            assertTrue(row.retransmits() > 0, "1 % loss must cause retransmits: " + row);
            assertTrue(samples(run).stream().anyMatch(s -> s.retransmits() != null && s.retransmits() > 0));
        } finally {
            noNft(lab.h2());
        }
    }

    @Test
    void pointWhoseMtuThePathDoesNotCarryFailsAndTheSweepGoesOn() throws Exception {
        // Like a switch without jumbo frames: what is bigger than 5000 bytes is dropped on the way (only
        // ICMP here, so the path check sees it while TCP's offloaded super-packets pass).
        nft(lab.h1(), "output", "ip protocol icmp meta length > 5000 drop");
        engine = engine(FAILURE_PATHS);
        try {
            StoredRun run = run(
                    plan(
                            Tool.IPERF3,
                            2,
                            1,
                            1,
                            TestPlan.Mode.NORMAL,
                            new TestPlan.Sweep(TestPlan.SweepKind.MTU, List.of("1500", "9000", "4000"))),
                    new RunListener() {});
            assertEquals(RunRecord.State.FAILED, run.record().state());
            assertEquals(3, run.rows().size());
            assertTrue(run.rows().get(0).ok(), run.rows().get(0).toString());
            SweepRow failed = run.rows().get(1);
            assertTrue(failed.status().startsWith("failed: don't-fragment pings of 9000 bytes"), failed.status());
            assertNull(failed.bitsPerSecond());
            assertTrue(
                    run.rows().get(2).ok(),
                    "the sweep goes on after a failed point: " + run.rows().get(2));
            assertTrue(
                    run.record().message().startsWith("1 of 3 points failed"),
                    run.record().message());
            String csv = Files.readString(run.dir().resolve("sweep.csv"));
            assertTrue(csv.contains("mtu=9000,9000,1,1,9000,c2s,,,,,,failed: don't-fragment"), csv);
        } finally {
            noNft(lab.h1());
        }
    }

    @Test
    void busyPortIsRefusedBeforeAnythingStarts() throws Exception {
        lab.h2().exec("sh", "-c", "timeout 60 iperf3 -s -p " + PORT + " -D --logfile /dev/null");
        try {
            StoredRun run = run(plan(Tool.IPERF3, 2, 1, 1, TestPlan.Mode.NORMAL, null), new RunListener() {});
            assertEquals(RunRecord.State.FAILED, run.record().state());
            assertTrue(
                    run.record()
                            .message()
                            .contains("port " + PORT + " is already in use on "
                                    + lab.h2().login()),
                    run.record().message());
        } finally {
            lab.h2().exec("sh", "-c", "pkill -f '^iperf3 -s -p " + PORT + " -D' ; true");
        }
    }

    @Test
    void aTargetThatIsNotTheServersIsRefusedWithTheServersAddresses() throws Exception {
        // The client's own data address: before, this passed the checks and ended in "Connection refused".
        TestPlan p = plan(Tool.IPERF3, 1, 1, 1, TestPlan.Mode.NORMAL, null);
        TestPlan toClient = p.toBuilder().target(lab.h1().data()).build();
        StoredRun run = run(toClient, new RunListener() {});
        assertEquals(RunRecord.State.FAILED, run.record().state());
        String m = run.record().message();
        assertTrue(
                m.contains("the target " + lab.h1().data() + " is not an address of the server "
                        + lab.h2().login() + " but of the client " + lab.h1().login() + " itself ("
                        + lab.h1().dataIf() + ")"),
                m);
        assertTrue(
                m.contains(lab.h2().data() + " (" + lab.h2().dataIf() + ")")
                        && m.contains(lab.h2().mgmt() + " (mgmt0)"),
                "the server's addresses are listed: " + m);
        assertFalse(Files.exists(run.dir().resolve("raw")), "refused before any tool started");

        // The server's management address: allowed, with a warning that the test measures the SSH session's link.
        TestPlan toMgmt = p.toBuilder().target(lab.h2().mgmt()).build();
        StoredRun mgmt = runOk(toMgmt);
        assertTrue(
                mgmt.record().warnings().stream()
                        .anyMatch(w -> w.contains("is on mgmt0 of " + lab.h2().login()
                                + ", the interface LinkLab's SSH session comes in on")),
                mgmt.record().warnings().toString());
    }

    /** A rule in a chain of its own at {@code hook} (output: on the host's way out, prerouting: on its way in). */
    private static void nft(Lab.Host host, String hook, String rule) throws Exception {
        host.exec("nft", "add table ip linklab_test");
        host.exec(
                "nft",
                "add chain ip linklab_test " + hook + " { type filter hook " + hook
                        + " priority 0 ; policy accept ; }");
        host.exec("nft", "add rule ip linklab_test " + hook + " " + rule);
    }

    private static void noNft(Lab.Host host) throws Exception {
        host.exec("sh", "-c", "nft delete table ip linklab_test 2>/dev/null; true");
    }

    @Test
    void managementLinkDownMidTestFailsClearlyAndKeepsTheSamples() throws Exception {
        CountDownLatch firstSample = new CountDownLatch(2);
        engine = engine(FAILURE_PATHS);
        RunHandle h = engine.start(plan(Tool.IPERF3, 8, 1, 1, TestPlan.Mode.NORMAL, null), new RunListener() {
            @Override
            public void sample(String point, Sample sample) {
                firstSample.countDown();
            }
        });
        try {
            assertTrue(firstSample.await(30, TimeUnit.SECONDS), "no samples arrived");
            labSh("mgmt-down", "h1");
            RunOutcome o = h.await(Duration.ofSeconds(90)).orElseThrow(() -> new AssertionError("run hangs"));
            assertEquals(RunOutcome.Status.FAILED, o.status(), o.message());
            assertTrue(o.message().contains("lost contact") || o.message().contains("connection"), o.message());
            assertTrue(o.message().contains(lab.h1().mgmt()), "the message names the host: " + o.message());
        } finally {
            labSh("mgmt-up", "h1");
        }
        StoredRun run = engine.store().open(h.runId());
        assertTrue(run.samples().size() >= 2, "samples measured before the link went down are kept");
        assertEquals(RunRecord.State.FAILED, run.record().state());
        assertTrue(Files.readAllLines(run.dir().resolve("samples.csv")).size() >= 3, "samples.csv written");
    }

    @Test
    void jvmKilledMidSweepLeavesHostsThatRestoreTheirMtuByThemselves() throws Exception {
        Path out = workspace.resolve("killed");
        List<String> cmd = new ArrayList<>(Lab.launcher());
        cmd.addAll(lab.testByLogin());
        cmd.addAll(List.of(
                "--client-if",
                lab.h1().dataIf(),
                "--server-if",
                lab.h2().dataIf(),
                "--port",
                String.valueOf(PORT),
                "--duration",
                "20",
                "--mtu",
                "9000,4000",
                "--mtu-restore-after",
                "5", // the hosts' own restore, which the test waits out: a third of the standard 15 s
                "--out",
                out.toString()));
        Process child = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(workspace.resolve("child.log").toFile())
                .start();
        try {
            // A sample on disk, not just any journal line: events (warnings, notes) can come first.
            Await.Reading<Boolean> measuringAt9000 =
                    () -> lab.h1().mtu() == 9000 && lab.h2().mtu() == 9000 && journaledASample(out);
            Await.poll(
                    () -> measuringAt9000.read() || !child.isAlive(),
                    done -> done,
                    Duration.ofSeconds(60),
                    Duration.ofMillis(100));
            if (!measuringAt9000.read()) {
                fail("the sweep never got to measure at MTU 9000:\n"
                        + Files.readString(workspace.resolve("child.log")));
            }
            child.destroyForcibly(); // SIGKILL: no shutdown hook, no finally, nothing of LinkLab runs any more
            child.waitFor(10, TimeUnit.SECONDS);
            // the dead-man switch's 5 s, and 3 s for it to notice and restore
            String mtus = Await.poll(
                    () -> lab.h1().mtu() + "/" + lab.h2().mtu(),
                    "1500/1500"::equals,
                    Duration.ofSeconds(5 + 3),
                    Duration.ofMillis(200));
            assertEquals("1500/1500", mtus, "MTUs after 8 s");
            // The samples measured before the kill are on disk, and the folder opens as an interrupted run.
            StoredRun run = ResultsStore.openFolder(out);
            assertEquals(RunRecord.State.INTERRUPTED, run.record().state());
            assertFalse(run.samples().isEmpty());
        } finally {
            child.destroyForcibly();
            for (Lab.Host host : List.of(lab.h1(), lab.h2())) {
                if (host.mtu() != 1500) {
                    host.exec("ip", "link", "set", "dev", host.dataIf(), "mtu", "1500");
                }
            }
        }
    }

    private static boolean journaledASample(Path runDir) throws IOException {
        Path journal = runDir.resolve("journal.jsonl");
        if (!Files.exists(journal)) {
            return false;
        }
        // whole lines only: the child may be writing the last one
        String text = Files.readString(journal);
        int end = text.lastIndexOf('\n');
        return end > 0 && text.substring(0, end).contains("\"type\":\"sample\"");
    }

    private void assertNothingRunning() throws Exception {
        assertEquals("", lab.leftRunning(), "left running on the lab hosts");
    }

    private void labSh(String... args) throws Exception {
        lab.labSh(args);
    }

    /** Every server's raw output of a run, for a failure's message. */
    private static String rawServerOutput(StoredRun run) {
        try (var files = Files.list(run.dir().resolve("raw"))) {
            StringBuilder out = new StringBuilder();
            for (Path f : files.filter(f -> f.getFileName().toString().contains("server"))
                    .sorted()
                    .toList()) {
                out.append("== ").append(f.getFileName()).append('\n').append(Files.readString(f));
            }
            return out.toString();
        } catch (IOException e) {
            return e.toString();
        }
    }
}
