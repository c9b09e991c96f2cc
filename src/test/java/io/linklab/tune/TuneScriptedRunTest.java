package io.linklab.tune;

import static io.linklab.testing.ScriptedTune.CLIENT;
import static io.linklab.testing.ScriptedTune.SERVER;
import static io.linklab.testing.ScriptedTune.TOTALS;
import static io.linklab.testing.ScriptedTune.host;
import static io.linklab.testing.ScriptedTune.listening;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.engine.RunHandle;
import io.linklab.engine.RunOutcome;
import io.linklab.model.Tool;
import io.linklab.store.ResultsStore;
import io.linklab.store.RunRecord;
import io.linklab.testing.ScriptedTransport;
import io.linklab.testing.ScriptedTransport.Script;
import io.linklab.testing.ScriptedTune;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tune as one run against scripted hosts: a tool missing on one end, a host that drops mid-search and a stop
 * end that branch (or the search) with the reason, keep the best so far, and leave nothing running.
 */
class TuneScriptedRunTest {

    @TempDir
    Path workspace;

    private final List<String> events = new CopyOnWriteArrayList<>();

    /** A tune of streams (and the tool, when there are two), so that each test runs few probes. */
    private static TuneRequest request(List<Tool> tools) {
        return new TuneRequest(
                ScriptedTune.base(null, null),
                tools,
                2,
                List.of(),
                EnumSet.of(Dimension.TOOL, Dimension.STREAMS),
                null,
                ScriptedTune.QUICK_BUDGET,
                List.of());
    }

    private ScriptedTune.Tune tune(ScriptedTransport c, ScriptedTransport s, TuneRequest request, boolean stopOnHang)
            throws Exception {
        // the stop comes while the hanging client runs: once it has started
        Consumer<RunHandle> stop = stopOnHang
                ? ScriptedTune.stopWhen(
                        () -> c.running("iperf3 -c .*-P 2"), () -> "the hanging client started: " + c.commands())
                : null;
        return ScriptedTune.run(workspace, c, s, request, events, stop);
    }

    @Test
    void aToolMissingOnTheServerEndsThatBranchWithItsReasonAndTheSearchGoesOn() throws Exception {
        ScriptedTransport c = host(CLIENT, "198.19.0.1").on("iperf3 -c", Script.prints(TOTALS));
        ScriptedTransport s = host(SERVER, "198.19.0.2")
                .on("iperf3 -s", listening(c))
                .on("iperf -s", Script.exits(127).withStderr("sh: 1: iperf: not found"));
        ScriptedTune.Tune t = tune(c, s, request(List.of(Tool.IPERF3, Tool.IPERF2)), false);

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
        assertEquals(r.steps(), t.steps(), "each step was reported as it ended");
        assertFalse(c.running("iperf") || s.running("iperf"), "nothing left running");

        // run.json's commands are those each probe ran, the confirmation's included, in the order they ran
        RunRecord record =
                RunRecord.read(new ResultsStore(workspace).list().get(0).dir());
        List<String> clientPoints = record.commands().values().stream()
                .filter(lines -> lines.stream().anyMatch(l -> l.contains("iperf3 -c")))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no client commands: " + record.commands()))
                .stream()
                .filter(l -> l.startsWith("# point "))
                .toList();
        assertEquals(
                record.points().stream()
                        .filter(label -> !label.isEmpty())
                        .map(label -> "# point " + label)
                        .toList(),
                clientPoints,
                "one entry per probe: " + record.commands());
        // the last step pools the pick's side-by-side runs: it ran nothing of its own
        assertTrue(r.sideBySide() != null && r.sideBySide().measured(), "measured side by side: " + r.steps());
        assertEquals(
                r.steps().size() - 1, clientPoints.size(), record.commands().toString());
    }

    @Test
    void aHostThatDropsMidSearchEndsItWithTheReasonAndKeepsTheBestSoFar() throws Exception {
        ScriptedTransport c = host(CLIENT, "198.19.0.1")
                .on("iperf3 -c .*-P 2", Script.prints(TOTALS).droppingTheConnection())
                .on("iperf3 -c", Script.prints(TOTALS));
        ScriptedTransport s = host(SERVER, "198.19.0.2").on("iperf3 -s", listening(c));
        ScriptedTune.Tune t = tune(c, s, request(List.of(Tool.IPERF3)), false);

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
        ScriptedTransport s = host(SERVER, "198.19.0.2").on("iperf3 -s", listening(c));
        ScriptedTune.Tune t = tune(c, s, request(List.of(Tool.IPERF3)), true);

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
