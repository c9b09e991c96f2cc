package io.linklab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.engine.ScriptedTransport.Script;
import io.linklab.engine.store.ResultsStore;
import io.linklab.model.TestPlan;
import io.linklab.model.Tool;
import io.linklab.tune.Dimension;
import io.linklab.tune.ProbeLength;
import io.linklab.tune.StopReason;
import io.linklab.tune.TuneBudget;
import io.linklab.tune.TuneDriver;
import io.linklab.tune.TuneRequest;
import io.linklab.tune.TuneResult;
import io.linklab.tune.TuneStep;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tune as one run against scripted hosts: a tool missing on one end, a host that drops mid-search and a stop
 * end that branch (or the search) with the reason, keep the best so far, and leave nothing running.
 */
class TuneScriptedRunTest {

    private static final String CLIENT = "root@h1";
    private static final String SERVER = "root@h2";
    private static final RunTimings QUICK = ScriptedRunTest.QUICK;
    private static final String TOTALS = ScriptedRunTest.IPERF3_CLIENT_INTERVALS + ScriptedRunTest.IPERF3_CLIENT_TOTALS;

    @TempDir
    Path workspace;

    private final List<String> events = new CopyOnWriteArrayList<>();
    private final List<TuneStep> steps = new CopyOnWriteArrayList<>();

    /** A host of one core with iperf3, data0 at MTU 1500 holding {@code address}. */
    static ScriptedTransport host(String label, String address) {
        String facts = String.join(
                "\n",
                "uname\tLinux 6.1.0\tx86_64",
                "hostname\th",
                "cpus\t1\t1",
                "uid\t0",
                "user\troot",
                "tool\tiperf3\t/usr/bin/iperf3\tiperf 3.12 (cJSON 1.7.15)",
                "if\tlo\t65536\t\tunknown\t\t00:00:00:00:00:00\t772",
                "if\tdata0\t1500\t10000\tup\t\t\t1",
                "addr\tlo\t127.0.0.1/8",
                "addr\tdata0\t" + address + "/24",
                "listen\ttcp\t0.0.0.0:22",
                "has\tping",
                "has\ttaskset",
                "");
        return new ScriptedTransport(label).on("linklab-probe brief", Script.prints(facts));
    }

    static Script listening() {
        return Script.prints("Server listening on 5201 (test #1)\n").runningUntilStopped();
    }

    /** A tune of streams (and the tool, when there are two), so that each test runs few probes. */
    private static TuneRequest request(List<Tool> tools) {
        return new TuneRequest(
                base(null, null),
                tools,
                2,
                List.of(),
                EnumSet.of(Dimension.TOOL, Dimension.STREAMS),
                null,
                QUICK_BUDGET);
    }

    /** Probes and confirmation of 2 runs of 1 s each, within 2 minutes. */
    static final TuneBudget QUICK_BUDGET = new TuneBudget(
            Duration.ofMinutes(2), new ProbeLength(1, 0, 2), new ProbeLength(1, 0, 2), Duration.ofSeconds(1));

    /** iperf3 from h1 to h2's 198.19.0.2, with these data interfaces (null: none named). */
    static TestPlan base(String clientIf, String serverIf) {
        return new TestPlan(
                Tool.IPERF3,
                new TestPlan.End(CLIENT, clientIf),
                new TestPlan.End(SERVER, serverIf),
                "198.19.0.2",
                TestPlan.Protocol.TCP,
                null,
                1,
                1.0,
                0,
                1,
                1,
                5201,
                TestPlan.Mode.NORMAL,
                null,
                null,
                1,
                null);
    }

    private record Tune(RunOutcome outcome, TuneResult result) {}

    private Tune tune(ScriptedTransport c, ScriptedTransport s, TuneRequest request, boolean stopOnHang)
            throws Exception {
        Map<String, ScriptedTransport> hosts = Map.of(CLIENT, c, SERVER, s);
        TestEngine engine = new TestEngine(
                new ResultsStore(workspace),
                login -> new RecordingTransport(hosts.get(login), events),
                ParserFactory.live(),
                PointHooks.NONE,
                QUICK);
        TuneDriver driver = new TuneDriver(request, System.nanoTime(), steps::add);
        RunHandle h = engine.start(request.firstPlan(), driver, new RunListener() {}, workspace.resolve("tune"));
        if (stopOnHang) {
            // the stop comes while the hanging client runs: wait for it to have started
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (!c.running("iperf3 -c .*-P 2") && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            assertTrue(c.running("iperf3 -c .*-P 2"), "the hanging client started: " + c.commands());
            h.cancel("test");
        }
        RunOutcome o = h.await(Duration.ofSeconds(120))
                .orElseThrow(() -> new AssertionError("the tune never ended: " + steps));
        return new Tune(o, driver.result());
    }

    @Test
    void aToolMissingOnTheServerEndsThatBranchWithItsReasonAndTheSearchGoesOn() throws Exception {
        ScriptedTransport c = host(CLIENT, "198.19.0.1").on("iperf3 -c", Script.prints(TOTALS));
        ScriptedTransport s = host(SERVER, "198.19.0.2")
                .on("iperf3 -s", listening())
                .on("iperf -s", Script.exits(127).withStderr("sh: 1: iperf: not found"));
        Tune t = tune(c, s, request(List.of(Tool.IPERF3, Tool.IPERF2)), false);

        assertEquals(RunOutcome.Status.OK, t.outcome().status(), t.outcome().message());
        TuneResult r = t.result();
        assertEquals(Tool.IPERF3, r.best().tool());
        TuneStep iperf2 = r.steps().stream()
                .filter(x -> x.probe().settings().tool() == Tool.IPERF2)
                .findFirst()
                .orElseThrow(() -> new AssertionError("iperf2 was not tried: " + r.steps()));
        assertFalse(iperf2.probe().ok());
        assertTrue(
                iperf2.probe().failure().contains("iperf: not found"),
                iperf2.probe().failure());
        assertNotNull(r.confirmed(), "the winner was still confirmed");
        assertEquals("confirm", r.steps().get(r.steps().size() - 1).reason());
        assertEquals(r.steps(), steps, "each step was reported as it ended");
        assertFalse(c.running("iperf") || s.running("iperf"), "nothing left running");
    }

    @Test
    void aHostThatDropsMidSearchEndsItWithTheReasonAndKeepsTheBestSoFar() throws Exception {
        ScriptedTransport c = host(CLIENT, "198.19.0.1")
                .on("iperf3 -c .*-P 2", Script.prints(TOTALS).droppingTheConnection())
                .on("iperf3 -c", Script.prints(TOTALS));
        ScriptedTransport s = host(SERVER, "198.19.0.2").on("iperf3 -s", listening());
        Tune t = tune(c, s, request(List.of(Tool.IPERF3)), false);

        assertEquals(RunOutcome.Status.FAILED, t.outcome().status());
        assertTrue(
                t.outcome().message().contains("lost contact with " + CLIENT),
                t.outcome().message());
        TuneResult r = t.result();
        assertNotNull(r.best(), "what was measured before the drop");
        assertEquals(1, r.best().streams());
        TuneStep dropped = r.steps().stream()
                .filter(x -> x.probe().settings().streams() == 2)
                .findFirst()
                .orElseThrow(() -> new AssertionError("streams 2 was not tried: " + r.steps()));
        assertTrue(
                dropped.probe().failure().contains("lost contact with " + CLIENT),
                dropped.probe().failure());
        assertNull(r.confirmed(), "no confirmation on a lost host");
        assertFalse(s.running("iperf3"), "the server was stopped");
    }

    @Test
    void stopEndsTheTuneAtOnceWithTheBestSoFarAndNothingRunning() throws Exception {
        ScriptedTransport c = host(CLIENT, "198.19.0.1")
                .on(
                        "iperf3 -c .*-P 2",
                        Script.prints("Connecting to host 198.19.0.2, port 5201")
                                .runningUntilStopped())
                .on("iperf3 -c", Script.prints(TOTALS));
        ScriptedTransport s = host(SERVER, "198.19.0.2").on("iperf3 -s", listening());
        Tune t = tune(c, s, request(List.of(Tool.IPERF3)), true);

        assertEquals(
                RunOutcome.Status.CANCELLED, t.outcome().status(), t.outcome().message());
        TuneResult r = t.result();
        assertEquals(StopReason.STOPPED, r.why());
        assertNotNull(r.best());
        assertEquals(1, r.best().streams());
        assertNull(r.confirmed(), "no confirmation after a stop");
        assertFalse(c.running("iperf3") || s.running("iperf3"), "nothing left running");
    }
}
