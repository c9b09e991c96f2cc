package io.linklab.engine;

import static io.linklab.testing.ScriptedIperf3.IPERF3_CLIENT_INTERVALS;
import static io.linklab.testing.ScriptedIperf3.IPERF3_CLIENT_TOTALS;
import static io.linklab.testing.ScriptedIperf3.QUICK;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.Role;
import io.linklab.model.Sample;
import io.linklab.model.Summary;
import io.linklab.model.SweepRow;
import io.linklab.model.TestPlan;
import io.linklab.remote.LineSink;
import io.linklab.remote.RemoteCommand;
import io.linklab.remote.RemoteProcess;
import io.linklab.remote.Transport;
import io.linklab.remote.TransportException;
import io.linklab.store.ResultsStore;
import io.linklab.store.RunJournal;
import io.linklab.store.RunRecord;
import io.linklab.store.StoredRun;
import io.linklab.testing.Await;
import io.linklab.testing.RecordingTransport;
import io.linklab.testing.ScriptedTransport;
import io.linklab.testing.ScriptedTransport.Script;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whole runs against scripted hosts ({@link ScriptedTransport}): no root, sshd or tools. What a run measures,
 * and what it does when a tool is missing, a server does not start, a host drops off mid-test, an MTU cannot be
 * set or restored, and in which order it stops things.
 */
class ScriptedRunTest {

    private static final String CLIENT = "root@h1";
    private static final String SERVER = "root@h2";
    private static final String FOLDER = "/run/linklab-mtu.AbCdEfGh12";

    @TempDir
    Path workspace;

    private final List<String> events = new CopyOnWriteArrayList<>();
    private final List<String> progress = new CopyOnWriteArrayList<>();

    /** What the brief probe prints on a healthy host with iperf3, ping and taskset, logged in as root. */
    private static String facts(String address, boolean iperf3) {
        return String.join(
                "\n",
                "uname\tLinux 6.1.0\tx86_64",
                "hostname\th",
                "cpus\t4\t4",
                "uid\t0",
                "user\troot",
                iperf3 ? "tool\tiperf3\t/usr/bin/iperf3\tiperf 3.12 (cJSON 1.7.15)" : "tool\tiperf3",
                "if\tlo\t65536\t\tunknown\t\t00:00:00:00:00:00\t772",
                "if\tmgmt0\t1500\t1000\tup\t\t\t1",
                "if\tdata0\t1500\t10000\tup\t\t\t1",
                "addr\tlo\t127.0.0.1/8",
                "addr\tdata0\t" + address + "/24",
                "addr\tmgmt0\t198.18.0.9/24",
                "listen\ttcp\t0.0.0.0:22",
                "has\tping",
                "has\ttaskset",
                "session\t198.18.0.9",
                "");
    }

    /** A host that answers the probe and, for an MTU sweep, the automatic restore's commands. */
    private static ScriptedTransport host(String label, String address, boolean iperf3) {
        return new ScriptedTransport(label)
                .on("linklab-probe brief", Script.prints(facts(address, iperf3)))
                .on("linklab-mtu-guard claim", Script.prints("mtu 1500"))
                .on("linklab-mtu-guard arm", Script.prints(FOLDER))
                .on("linklab-mtu-guard (extend|disarm)", Script.ok());
    }

    private static ScriptedTransport client() {
        return host(CLIENT, "198.19.0.1", true);
    }

    private static ScriptedTransport server() {
        return host(SERVER, "198.19.0.2", true);
    }

    private static Script listeningServer() {
        return Script.prints("-----------------------------------------------------------\n"
                        + "Server listening on 5201 (test #1)\n")
                .runningUntilStopped();
    }

    /** A client that sets its MTU, answers the path check and sends. */
    private static ScriptedTransport mtuClient() {
        return client().on("^ip link set dev data0 mtu", Script.ok())
                .on("^ping ", Script.ok())
                .on("^iperf3 -c", Script.prints(IPERF3_CLIENT_INTERVALS + IPERF3_CLIENT_TOTALS));
    }

    /** A server that listens and sets its MTU, except that {@code command} exits 2 saying {@code stderr}. */
    private static ScriptedTransport mtuServerFailing(String command, String stderr) {
        return server().on(command, Script.exits(2).withStderr(stderr))
                .on("^ip link set dev data0 mtu", Script.ok())
                .on("iperf3 -s", listeningServer());
    }

    private static TestPlan plan(TestPlan.Sweep sweep) {
        return TestPlan.defaults(new TestPlan.End(CLIENT, "data0"), new TestPlan.End(SERVER, "data0"), "198.19.0.2")
                .toBuilder()
                .durationS(1)
                .sweep(sweep)
                .build();
    }

    private static TestPlan mtuSweep(String... mtus) {
        return plan(new TestPlan.Sweep(TestPlan.SweepKind.MTU, List.of(mtus)));
    }

    private TestEngine engine(ScriptedTransport client, ScriptedTransport server, PointHooks hooks) {
        return engine(recorded(client, server), hooks);
    }

    private TestEngine engine(TransportFactory logins, PointHooks hooks) {
        return new TestEngine(new ResultsStore(workspace), logins, ParserFactory.live(), hooks, QUICK);
    }

    /** Logins to the two scripted hosts, each noting in {@link #events} what the engine asks of it. */
    private TransportFactory recorded(ScriptedTransport client, ScriptedTransport server) {
        Map<String, ScriptedTransport> hosts = Map.of(CLIENT, client, SERVER, server);
        return login -> new RecordingTransport(hosts.get(login), events);
    }

    private StoredRun run(TestEngine engine, TestPlan plan) throws Exception {
        RunHandle h = engine.start(plan, new RunListener() {
            @Override
            public void progress(String message) {
                progress.add(message);
            }
        });
        RunOutcome o = h.await(Duration.ofSeconds(60)).orElseThrow(() -> new AssertionError("the run never ended"));
        StoredRun run = engine.store().open(h.runId());
        assertEquals(o.message(), run.record().message());
        return run;
    }

    /** Starts {@code plan} and stops it (as the user) once {@code intervals} samples have arrived. */
    private static RunHandle stoppedAfter(TestEngine engine, TestPlan plan, int intervals) throws Exception {
        CountDownLatch measured = new CountDownLatch(intervals);
        RunHandle h = engine.start(plan, new RunListener() {
            @Override
            public void sample(String point, Sample sample) {
                measured.countDown();
            }
        });
        assertTrue(measured.await(30, TimeUnit.SECONDS), "no interval arrived");
        h.cancel();
        return h;
    }

    private int firstEvent(String regex) {
        for (int i = 0; i < events.size(); i++) {
            if (events.get(i).matches(regex)) {
                return i;
            }
        }
        throw new AssertionError("no event like " + regex + " in " + events);
    }

    @Test
    void aNormalRunRecordsItsSamplesAndTotalsAndHooksRunBetweenServersAndClients() throws Exception {
        ScriptedTransport c = client().on("^iperf3 -c", Script.prints(IPERF3_CLIENT_INTERVALS + IPERF3_CLIENT_TOTALS));
        ScriptedTransport s = server().on("iperf3 -s", listeningServer());
        PointHooks hooks = new PointHooks() {
            @Override
            public void measurementStarting(SweepPoint point, int repetition, RunHosts hosts) {
                events.add("hook starting " + repetition + " " + hosts.clientLabel() + " " + hosts.serverLabel());
            }

            @Override
            public void measurementEnded(SweepPoint point, int repetition, RunHosts hosts) {
                events.add("hook ended " + repetition);
            }
        };
        StoredRun run = run(engine(c, s, hooks), plan(null));

        assertEquals(RunRecord.State.OK, run.record().state(), run.record().message());
        assertEquals("c2s 4.42 Gbit/s", run.record().message());
        List<Summary> totals =
                run.summaries().stream().map(RunJournal.Entry::value).toList();
        assertEquals(
                4.42e9,
                totals.stream()
                        .filter(t -> t.role() == Role.RECEIVER)
                        .findFirst()
                        .orElseThrow()
                        .bitsPerSecond(),
                1e6);
        assertEquals(
                43L,
                totals.stream()
                        .filter(t -> t.role() == Role.SENDER)
                        .findFirst()
                        .orElseThrow()
                        .retransmits());
        List<Sample> streams = run.samples().stream()
                .map(RunJournal.Entry::value)
                .filter(x -> !x.isSum())
                .toList();
        assertEquals(
                List.of(4.29e9, 4.60e9),
                streams.stream().map(Sample::bitsPerSecond).toList());
        // servers first, then the hooks' start, the clients, the hooks' end, and the clean-up on both hosts
        int server = firstEvent(SERVER + " start iperf3 server.*");
        int hookStart = firstEvent("hook starting 1 " + CLIENT + " " + SERVER);
        int clientStart = firstEvent(CLIENT + " start iperf3 client.*");
        int hookEnd = firstEvent("hook ended 1");
        assertTrue(server < hookStart && hookStart < clientStart && clientStart < hookEnd, events.toString());
        assertTrue(
                firstEvent(CLIENT + " cleanup") > hookEnd && firstEvent(SERVER + " cleanup") > hookEnd,
                events.toString());
        assertFalse(s.running("iperf3"), "the server was left running");
    }

    @Test
    void aToolMissingOnAHostRefusesTheRunNamingTheHostAndTheTool() throws Exception {
        ScriptedTransport c = client();
        ScriptedTransport s = host(SERVER, "198.19.0.2", false);
        StoredRun run = run(engine(c, s, PointHooks.NONE), plan(null));

        assertEquals(RunRecord.State.FAILED, run.record().state());
        String m = run.record().message();
        assertTrue(m.contains("iperf3 is not installed on " + SERVER + "; install it there"), m);
        assertFalse(m.contains(CLIENT), "the client has iperf3: " + m);
        assertTrue(
                c.commands().stream().noneMatch(l -> l.matches(".*iperf3 -[sc] .*")),
                c.commands().toString());
        assertTrue(
                s.commands().stream().noneMatch(l -> l.matches(".*iperf3 -[sc] .*")),
                s.commands().toString());
    }

    @Test
    void aServerThatDoesNotStartFailsThePointWithItsOwnWordsAndNoClientStarts() throws Exception {
        ScriptedTransport c = client();
        ScriptedTransport s = server().on(
                        "iperf3 -s",
                        Script.exits(1)
                                .withStderr(
                                        "iperf3: error - unable to start listener for connections: Address already in use"));
        StoredRun run = run(engine(c, s, PointHooks.NONE), plan(null));

        assertEquals(RunRecord.State.FAILED, run.record().state());
        assertEquals(
                "iperf3 server on " + SERVER + " port 5201 did not start: iperf3: error - unable to start "
                        + "listener for connections: Address already in use",
                run.record().message());
        assertTrue(
                c.commands().stream().noneMatch(l -> l.contains("iperf3 -c")),
                c.commands().toString());
    }

    @Test
    void aConnectionThatDropsMidTestFailsTheRunNamingTheHostAndKeepsWhatWasMeasured() throws Exception {
        ScriptedTransport c =
                client().on("^iperf3 -c", Script.prints(IPERF3_CLIENT_INTERVALS).droppingTheConnection());
        ScriptedTransport s = server().on("iperf3 -s", listeningServer());
        StoredRun run = run(engine(c, s, PointHooks.NONE), plan(null));

        assertEquals(RunRecord.State.FAILED, run.record().state());
        String m = run.record().message();
        assertTrue(m.startsWith("lost contact with " + CLIENT + ": it stopped answering"), m);
        assertTrue(m.contains("the samples measured until then are kept"), m);
        assertEquals(
                List.of(4.29e9, 4.60e9),
                run.samples().stream()
                        .map(RunJournal.Entry::value)
                        .filter(x -> !x.isSum())
                        .map(Sample::bitsPerSecond)
                        .toList(),
                "the intervals before the drop are kept");
        assertFalse(c.connected());
        // the host that is still there is cleaned up; the lost one is named in a warning
        assertTrue(events.contains(SERVER + " cleaned"), events.toString());
        assertTrue(
                run.record().warnings().stream().anyMatch(w -> w.startsWith("clean-up on " + CLIENT + " failed")),
                run.record().warnings().toString());
        assertFalse(s.running("iperf3"), "the server was left running");
    }

    /**
     * A second Stop while the run takes in what its stopped client prints last: that interval is kept like every
     * other, and the clean-up still stops the server. (The interrupt race itself is RunControlTest's.)
     */
    @Test
    void aStopDuringTheStopStillKeepsTheStoppedClientsLastInterval() throws Exception {
        String last = "[  5]   2.00-2.06   sec  30.0 MBytes  4.19 Gbits/sec    0    895 KBytes";
        ScriptedTransport c = client().on(
                        "^iperf3 -c",
                        Script.prints(IPERF3_CLIENT_INTERVALS)
                                .runningUntilStopped()
                                .partingWith(Duration.ofMillis(300), last + "\n" + IPERF3_CLIENT_TOTALS));
        ScriptedTransport s = server().on("iperf3 -s", listeningServer());
        TestEngine engine = engine(c, s, PointHooks.NONE);
        RunHandle h = stoppedAfter(engine, plan(null).toBuilder().durationS(30).build(), 2);
        Await.until(
                () -> c.stopRequested("^iperf3 -c"), Duration.ofSeconds(10), () -> "the client was never told to stop");
        h.cancel("the user, again");

        RunOutcome o = h.await(Duration.ofSeconds(30)).orElseThrow(() -> new AssertionError("the run never ended"));
        StoredRun run = engine.store().open(h.runId());
        assertEquals(RunRecord.State.CANCELLED, run.record().state(), o.message());
        assertEquals(
                List.of("0.0-1.0", "1.0-2.0", "2.0-2.06"),
                run.samples().stream()
                        .map(RunJournal.Entry::value)
                        .filter(x -> !x.isSum())
                        .map(x -> x.startS() + "-" + x.endS())
                        .toList(),
                "the intervals, the stopped client's last one included");
        assertTrue(Files.readAllLines(clientRaw(run)).contains(last), "the raw output has the last interval");
        assertFalse(s.running("iperf3"), "the server was left running");
    }

    /** An iperf3 server that listens, reports an interval and, once stopped, prints {@code parting}. */
    private static Script serverStoppedWith(int port, String parting) {
        return Script.prints("-----------------------------------------------------------\n"
                        + "Server listening on " + port + " (test #1)\n"
                        + "-----------------------------------------------------------\n"
                        + "Accepted connection from 198.19.0.1, port 36286\n"
                        + "[  5] local 198.19.0.2 port " + port + " connected to 198.19.0.1 port 36290\n"
                        + "[ ID] Interval           Transfer     Bitrate\n"
                        + "[  5]   0.00-1.00   sec  1.12 GBytes  9.62 Gbits/sec\n")
                .runningUntilStopped()
                .partingWith(Duration.ofMillis(50), parting);
    }

    /**
     * A stopped iperf3 client prints the receiver's total as 0 bytes (the ends never exchanged their results),
     * while its server printed what it received: that one is kept in the results, the zero left out. Each server's
     * is kept though the other server, stopped while it printed, has none: no SUM over the processes is made of them.
     */
    @Test
    void aStopKeepsEachServersReceiverTotalWhereTheClientPrintedAZero() throws Exception {
        ScriptedTransport c = client().on(
                        "^iperf3 -c",
                        Script.prints(IPERF3_CLIENT_INTERVALS)
                                .runningUntilStopped()
                                .partingWith(Duration.ofMillis(50), """
                                        - - - - - - - - - - - - - - - - - - - - - - - - -
                                        [ ID] Interval           Transfer     Bitrate         Retr
                                        [  5]   0.00-2.06   sec  2.30 GBytes  9.59 Gbits/sec    0             sender
                                        [  5]   0.00-2.06   sec  0.00 Bytes  0.00 bits/sec                  receiver
                                        iperf3: interrupt - the client has terminated
                                        """));
        ScriptedTransport s = server().on("iperf3 -s -1 -p 5201 ", serverStoppedWith(5201, """
                        - - - - - - - - - - - - - - - - - - - - - - - - -
                        [ ID] Interval           Transfer     Bitrate
                        [  5]   0.00-2.06   sec  2.29 GBytes  9.55 Gbits/sec                  receiver
                        iperf3: interrupt - the server has terminated
                        """))
                .on("iperf3 -s -1 -p 5202 ", serverStoppedWith(5202, """
                        - - - - - - - - - - - - - - - - - - - - - - - - -
                        iperf3: interrupt - the server has terminated
                        """));
        TestEngine engine = engine(c, s, PointHooks.NONE);
        RunHandle h = stoppedAfter(
                engine, plan(null).toBuilder().durationS(30).processes(2).build(), 4);

        RunOutcome o = h.await(Duration.ofSeconds(30)).orElseThrow(() -> new AssertionError("the run never ended"));
        StoredRun run = engine.store().open(h.runId());
        assertEquals(RunRecord.State.CANCELLED, run.record().state(), o.message());
        List<Summary> totals =
                run.summaries().stream().map(RunJournal.Entry::value).toList();
        assertEquals(
                List.of("1 receiver 5 9.55E9", "1 sender 5 9.59E9", "2 sender 5 9.59E9"),
                totals.stream()
                        .filter(t -> !t.isSum())
                        .map(t -> t.process() + " " + t.role().csv() + " " + t.stream() + " " + t.bitsPerSecond())
                        .sorted()
                        .toList(),
                "the clients' sender totals and the one server's receiver total, no zero: " + totals);
        assertTrue(
                totals.stream()
                        .anyMatch(t -> t.isSum()
                                && "1".equals(t.process())
                                && t.role() == Role.RECEIVER
                                && t.bitsPerSecond() == 9.55e9),
                "the receiver's SUM of process 1 is its server's: " + totals);
    }

    /**
     * A Stop while the client's start is still on its way to the host: the client starts all the same, and what
     * it prints until it is stopped reaches samples.csv as it reaches raw/, its last interval included (the run
     * gave up on the start and finished its parsers at once, so those lines reached raw/ only).
     */
    @Test
    void aStopWhileTheClientIsStartingKeepsEveryIntervalItPrints() throws Exception {
        String last = "[  5]   2.00-2.06   sec  30.0 MBytes  4.19 Gbits/sec    0    895 KBytes";
        ScriptedTransport c = client().on(
                        "^iperf3 -c",
                        Script.prints(IPERF3_CLIENT_INTERVALS)
                                .runningUntilStopped()
                                .partingWith(Duration.ofMillis(100), last + "\n" + IPERF3_CLIENT_TOTALS));
        ScriptedTransport s = server().on("iperf3 -s", listeningServer());
        CountDownLatch starting = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Transport heldClient = new RecordingTransport(c, events) {
            @Override
            public RemoteProcess start(RemoteCommand command, LineSink stdout, LineSink stderr)
                    throws TransportException {
                if (String.join(" ", command.argv()).contains("iperf3 -c")) {
                    starting.countDown();
                    try {
                        release.await(); // the round trip to the host, still on its way when the Stop lands
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                return super.start(command, stdout, stderr);
            }
        };
        Map<String, Transport> hosts = Map.of(CLIENT, heldClient, SERVER, new RecordingTransport(s, events));
        TestEngine engine = engine(hosts::get, PointHooks.NONE);
        RunHandle h = engine.start(plan(null).toBuilder().durationS(30).build(), new RunListener() {});
        assertTrue(starting.await(30, TimeUnit.SECONDS), "the client was never started");
        h.cancel();
        release.countDown();

        RunOutcome o = h.await(Duration.ofSeconds(30)).orElseThrow(() -> new AssertionError("the run never ended"));
        StoredRun run = engine.store().open(h.runId());
        assertEquals(RunRecord.State.CANCELLED, run.record().state(), o.message());
        List<String> sampled = run.samples().stream()
                .map(RunJournal.Entry::value)
                .filter(x -> !x.isSum())
                .map(x -> x.startS() + "-" + x.endS())
                .toList();
        assertEquals(
                List.of("0.0-1.0", "1.0-2.0", "2.0-2.06"),
                sampled,
                () -> "every interval the client printed; " + events + " raw: " + rawOf(run));
        Path clientRaw = clientRaw(run);
        assertEquals(
                sampled.size(),
                Files.readAllLines(clientRaw).stream()
                        .filter(l -> l.matches("\\[ *\\d+\\] +[0-9.]+-[0-9.]+ +sec .*")
                                && !l.contains("sender")
                                && !l.contains("receiver"))
                        .count(),
                "raw/ and samples.csv hold the same intervals");
        assertFalse(c.running("iperf3"), "the client was left running");
        assertFalse(s.running("iperf3"), "the server was left running");
    }

    /** The client's file in the run's raw/. */
    private static Path clientRaw(StoredRun run) throws java.io.IOException {
        try (Stream<Path> raw = Files.list(run.dir().resolve("raw"))) {
            return raw.filter(f -> f.getFileName().toString().contains("-client-"))
                    .findFirst()
                    .orElseThrow();
        }
    }

    private static String rawOf(StoredRun run) {
        try (Stream<Path> raw = Files.list(run.dir().resolve("raw"))) {
            StringBuilder sb = new StringBuilder();
            for (Path f : raw.toList()) {
                sb.append(f.getFileName())
                        .append(": ")
                        .append(Files.readString(f))
                        .append('\n');
            }
            return sb.toString();
        } catch (java.io.IOException e) {
            return e.toString();
        }
    }

    @Test
    void anMtuSweepRestoresBothEndsEvenWhenAPointFails() throws Exception {
        ScriptedTransport c = mtuClient();
        ScriptedTransport s =
                mtuServerFailing("^ip link set dev data0 mtu 9000", "Error: mtu greater than device maximum.");
        TestPlan plan = mtuSweep("9000", "4000");
        StoredRun run = run(engine(c, s, PointHooks.NONE), plan);
        assertEquals(CommandPreview.forPlan(plan), run.record().commands(), "run.json's commands are the preview's");

        assertEquals(RunRecord.State.FAILED, run.record().state());
        assertEquals(
                "1 of 2 points failed (first: mtu=9000: cannot set MTU 9000 on data0 of " + SERVER
                        + ": Error: mtu greater than device maximum.)",
                run.record().message());
        List<SweepRow> rows = run.rows();
        assertEquals(List.of(false, true), rows.stream().map(SweepRow::ok).toList(), rows.toString());
        // both ends back at 1500, both automatic restores disarmed, all of it before either host's clean-up
        for (ScriptedTransport h : List.of(c, s)) {
            List<String> cmds = h.commands();
            int restore = cmds.lastIndexOf("ip link set dev data0 mtu 1500");
            assertTrue(restore > cmds.indexOf("ip link set dev data0 mtu 4000"), h.hostLabel() + ": " + cmds);
            assertTrue(cmds.stream().anyMatch(l -> l.contains("linklab-mtu-guard disarm")), cmds.toString());
        }
        int lastRestore = Math.max(
                events.lastIndexOf(CLIENT + " done set the MTU of data0 to 1500"),
                events.lastIndexOf(SERVER + " done set the MTU of data0 to 1500"));
        assertTrue(lastRestore >= 0 && lastRestore < firstEvent(".* cleanup"), events.toString());
        assertTrue(
                run.record().mtuRestore().contains(CLIENT + " data0: restored 1500")
                        && run.record().mtuRestore().contains(SERVER + " data0: restored 1500"),
                run.record().mtuRestore());
    }

    @Test
    void aRestoreThatFailsSaysWhatIsLeftAtWhichMtuAndWhatToDo() throws Exception {
        ScriptedTransport c = mtuClient();
        ScriptedTransport s =
                mtuServerFailing("^ip link set dev data0 mtu 1500", "RTNETLINK answers: Operation not permitted");
        StoredRun run = run(engine(c, s, PointHooks.NONE), mtuSweep("9000"));

        String note = run.record().mtuRestore();
        assertTrue(note.contains(CLIENT + " data0: restored 1500"), note);
        assertTrue(
                note.contains(SERVER + " data0: could not restore now (RTNETLINK answers: Operation not "
                        + "permitted): data0 on " + SERVER
                        + " is left at MTU 9000; its automatic restore sets MTU 1500 "
                        + "within " + QUICK.deadManSeconds()
                        + " s; if it is not back at 1500 by then, run 'ip link "
                        + "set dev data0 mtu 1500' as root on " + SERVER),
                note);
        assertTrue(
                progress.stream()
                        .anyMatch(p -> p.startsWith("cannot restore the MTU of data0 on " + SERVER)
                                && p.contains("is left at MTU 9000")),
                progress.toString());
        // its switch stays armed (no disarm), so that the host restores by itself
        assertTrue(
                s.commands().stream().noneMatch(l -> l.contains("linklab-mtu-guard disarm")),
                s.commands().toString());
    }

    /**
     * A Stop stops the clients and leaves the servers to the clean-up, which stops them after the clients, as a
     * person stops a test: a server stopped with its client may go first and never print what it received.
     */
    @Test
    void aStopStopsTheClientsBeforeTheServers() throws Exception {
        ScriptedTransport c =
                client().on("^iperf3 -c", Script.prints(IPERF3_CLIENT_INTERVALS).runningUntilStopped());
        ScriptedTransport s = server().on("iperf3 -s", listeningServer());
        TestEngine engine = engine(c, s, PointHooks.NONE);
        RunHandle h = stoppedAfter(engine, plan(null).toBuilder().durationS(30).build(), 1);

        RunOutcome o = h.await(Duration.ofSeconds(30)).orElseThrow(() -> new AssertionError("the run never ended"));
        assertEquals(
                RunRecord.State.CANCELLED,
                engine.store().open(h.runId()).record().state(),
                o.message());
        assertTrue(
                firstEvent(CLIENT + " stop iperf3 client.*") < firstEvent(SERVER + " stop iperf3 server.*"),
                events.toString());
        assertFalse(c.running("iperf3") || s.running("iperf3"), "a process was left running");
    }

    @Test
    void clientsAreStoppedBeforeServersAndBothHostsAreCleanedWhenOneCleanUpThrows() throws Exception {
        ScriptedTransport c = client().on(
                        "^iperf3 -c", Script.prints(IPERF3_CLIENT_INTERVALS).runningUntilStopped())
                .cleanupFails("pkill: cannot signal");
        ScriptedTransport s = server().on("iperf3 -s", listeningServer());
        StoredRun run = run(engine(c, s, PointHooks.NONE), plan(null));

        assertEquals(RunRecord.State.FAILED, run.record().state());
        assertTrue(
                run.record().message().startsWith("timed out: the iperf3 client was still running"),
                run.record().message());
        int clientStop = firstEvent(CLIENT + " stop iperf3 client.*");
        int serverStop = firstEvent(SERVER + " stop iperf3 server.*");
        assertTrue(clientStop < serverStop, events.toString());
        assertTrue(serverStop < firstEvent(CLIENT + " cleanup"), events.toString());
        assertTrue(events.contains(SERVER + " cleaned") && events.contains(CLIENT + " cleaned"), events.toString());
        assertTrue(
                run.record().warnings().contains("clean-up on " + CLIENT + " failed: pkill: cannot signal"),
                run.record().warnings().toString());
        assertFalse(c.running("iperf3") || s.running("iperf3"), "a process was left running");
    }

    @Test
    void aStartTheHostRefusesEndsTheRunAsLostContact() throws Exception {
        ScriptedTransport c = client().on("^iperf3 -c", Script.refused("channel is not opened"));
        ScriptedTransport s = server().on("iperf3 -s", listeningServer());
        StoredRun run = run(engine(c, s, PointHooks.NONE), plan(null));

        assertEquals(RunRecord.State.FAILED, run.record().state());
        assertEquals("lost contact: channel is not opened", run.record().message());
        assertFalse(s.running("iperf3"), "the server was left running");
    }

    @Test
    void aStopWhileAHostIsStillLoggingInClosesThatLoginOnceItIsMade() throws Exception {
        CountDownLatch serverAsked = new CountDownLatch(1);
        CountDownLatch serverMayAnswer = new CountDownLatch(1);
        TransportFactory hosts = recorded(client(), server());
        TestEngine engine = engine(
                login -> {
                    if (login.equals(SERVER)) {
                        serverAsked.countDown();
                        try {
                            serverMayAnswer.await(); // a slow login (a login shell that takes its time)
                        } catch (InterruptedException e) {
                            throw new TransportException("interrupted");
                        }
                    }
                    return hosts.open(login);
                },
                PointHooks.NONE);
        RunHandle h = engine.start(plan(null), new RunListener() {});
        assertTrue(serverAsked.await(10, TimeUnit.SECONDS), "the server's login never started");
        h.cancel();
        RunOutcome o = h.await(Duration.ofSeconds(10)).orElseThrow(() -> new AssertionError("the Stop did not end it"));
        assertEquals(RunOutcome.Status.CANCELLED, o.status(), o.message());

        serverMayAnswer.countDown();
        Await.until(() -> events.contains(SERVER + " closed"), Duration.ofSeconds(10), () -> "open: " + events);
        // A Stop that comes before the run took the client's login (its thread still writing run.json) leaves
        // that login to be closed once its probe ends, as the server's, in no set order with it.
        Await.until(() -> events.contains(CLIENT + " closed"), Duration.ofSeconds(10), () -> "open: " + events);
    }

    @Test
    void aLoginThatFailsEndsTheRunOnlyOnceTheOtherHostsLoginIsClosed() throws Exception {
        CountDownLatch clientFailed = new CountDownLatch(1);
        CountDownLatch serverMayAnswer = new CountDownLatch(1);
        TransportFactory hosts = recorded(client(), server());
        TestEngine engine = engine(
                login -> {
                    if (login.equals(CLIENT)) {
                        clientFailed.countDown();
                        throw new TransportException("REMOTE HOST IDENTIFICATION HAS CHANGED");
                    }
                    try {
                        serverMayAnswer.await(); // a slow login shell, still running when the client's failed
                    } catch (InterruptedException e) {
                        throw new TransportException("interrupted");
                    }
                    return hosts.open(login);
                },
                PointHooks.NONE);
        RunHandle h = engine.start(plan(null), new RunListener() {});
        assertTrue(clientFailed.await(10, TimeUnit.SECONDS), "the client's login never started");
        // Ended now, the server's login would go on after the run: recording a host key, starting its probe.
        assertTrue(h.await(Duration.ofMillis(300)).isEmpty(), "the run ended while a login was under way");

        serverMayAnswer.countDown();
        RunOutcome o = h.await(Duration.ofSeconds(10)).orElseThrow(() -> new AssertionError("the run never ended"));
        assertEquals(RunOutcome.Status.FAILED, o.status());
        assertEquals("cannot connect to " + CLIENT + ": REMOTE HOST IDENTIFICATION HAS CHANGED", o.message());
        assertTrue(events.contains(SERVER + " closed"), "closed before the run ended: " + events);
    }

    @Test
    void bothLoginsFailingAreBothNamed() throws Exception {
        TestEngine engine = engine(
                login -> {
                    throw new TransportException("no route to " + login);
                },
                PointHooks.NONE);
        RunHandle h = engine.start(plan(null), new RunListener() {});
        RunOutcome o = h.await(Duration.ofSeconds(10)).orElseThrow(() -> new AssertionError("the run never ended"));
        assertEquals(
                "cannot connect to " + CLIENT + ": no route to " + CLIENT + "; cannot connect to " + SERVER
                        + ": no route to " + SERVER,
                o.message());
    }

    /** Points and repetitions reach the listener typed: the UI reads a point's streams and a repetition's start. */
    @Test
    void aSweepTellsEachPointTypedAndEachRepetitionBeforeItsSamples() throws Exception {
        ScriptedTransport c = client().on("^iperf3 -c", Script.prints(IPERF3_CLIENT_INTERVALS + IPERF3_CLIENT_TOTALS));
        ScriptedTransport s = server().on("iperf3 -s", listeningServer());
        TestPlan plan = plan(new TestPlan.Sweep(TestPlan.SweepKind.STREAMS, List.of("1", "4"))).toBuilder()
                .repetitions(2)
                .build();
        List<String> heard = new CopyOnWriteArrayList<>();
        RunHandle h = engine(c, s, PointHooks.NONE).start(plan, new RunListener() {
            @Override
            public void pointStarted(SweepPoint point, int index, int total) {
                heard.add("point " + point.label() + " streams " + point.plan().streams() + " " + index + "/" + total);
            }

            @Override
            public void repetitionStarted(SweepPoint point, int repetition, int repetitions) {
                heard.add("repetition " + repetition + "/" + repetitions + " of " + point.label());
            }

            @Override
            public void sample(String point, Sample sample) {
                if (!heard.get(heard.size() - 1).startsWith("sample")) {
                    heard.add("sample " + point);
                }
            }
        });
        RunOutcome o = h.await(Duration.ofSeconds(60)).orElseThrow(() -> new AssertionError("the run never ended"));
        assertEquals(RunOutcome.Status.OK, o.status(), o.message());
        assertEquals(
                List.of(
                        "point streams=1 streams 1 0/2",
                        "repetition 1/2 of streams=1",
                        "sample streams=1",
                        "repetition 2/2 of streams=1",
                        "sample streams=1",
                        "point streams=4 streams 4 1/2",
                        "repetition 1/2 of streams=4",
                        "sample streams=4",
                        "repetition 2/2 of streams=4",
                        "sample streams=4"),
                heard);
    }
}
