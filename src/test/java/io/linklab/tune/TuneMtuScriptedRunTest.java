package io.linklab.tune;

import static io.linklab.testing.ScriptedTune.TOTALS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.engine.RunHandle;
import io.linklab.engine.RunOutcome;
import io.linklab.model.InvalidValueException;
import io.linklab.model.TestPlan;
import io.linklab.model.Tool;
import io.linklab.testing.ScriptedTransport;
import io.linklab.testing.ScriptedTransport.Script;
import io.linklab.testing.ScriptedTune;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tune's MTU dimension against scripted hosts: each MTU is set on both data interfaces inside the run's MTU
 * transaction, and both ends are set back to the MTU they had at the end, after a stop and after a host failure.
 */
class TuneMtuScriptedRunTest {

    @TempDir
    Path workspace;

    private final List<String> events = new CopyOnWriteArrayList<>();

    /** A host that also answers the MTU transaction's commands. */
    private static ScriptedTransport host(String label, String address) {
        return ScriptedTune.host(label, address)
                .on("linklab-mtu-guard claim", Script.prints("mtu 1500"))
                .on("linklab-mtu-guard arm", Script.prints("/run/linklab-mtu.AbCdEfGh12"))
                .on("linklab-mtu-guard (extend|disarm)", Script.ok())
                .on("^ping ", Script.ok());
    }

    /** A client that sets its MTU and sends. */
    private static ScriptedTransport client() {
        return host(ScriptedTune.CLIENT, "198.19.0.1")
                .on("^ip link set dev data0 mtu", Script.ok())
                .on("iperf3 -c", Script.prints(TOTALS));
    }

    /** A server that sets its MTU and listens to {@code client}. */
    private static ScriptedTransport server(ScriptedTransport client) {
        return serverWith(host(ScriptedTune.SERVER, "198.19.0.2"), client);
    }

    /** {@code h} (with rules of its own, which come first) as a server that sets its MTU and listens to client. */
    private static ScriptedTransport serverWith(ScriptedTransport h, ScriptedTransport client) {
        return h.on("^ip link set dev data0 mtu", Script.ok()).on("iperf3 -s", ScriptedTune.listening(client));
    }

    private static TestPlan base(String clientIf, String serverIf) {
        return ScriptedTune.base(clientIf, serverIf);
    }

    /** Only the MTU varies, over {@code mtus}. */
    private static TuneRequest request(List<Integer> mtus) {
        return new TuneRequest(
                base("data0", "data0"),
                List.of(Tool.IPERF3),
                1,
                List.of(),
                EnumSet.of(Dimension.MTU),
                null,
                ScriptedTune.QUICK_BUDGET,
                mtus);
    }

    /** Runs the tune; with {@code stopAt} set, stops it once the server was asked for that command. */
    private ScriptedTune.Tune tune(ScriptedTransport c, ScriptedTransport s, TuneRequest request, String stopAt)
            throws Exception {
        Consumer<RunHandle> stop = stopAt == null
                ? null
                : ScriptedTune.stopWhen(
                        () -> s.commands().stream().anyMatch(l -> l.contains(stopAt)),
                        () -> "reached: " + s.commands());
        return ScriptedTune.run(workspace, c, s, request, events, stop);
    }

    /** The host was set to {@code mtu} and, after that, back to 1500, and its automatic restore disarmed. */
    private static void restoredAfter(ScriptedTransport h, int mtu) {
        List<String> cmds = h.commands();
        int set = cmds.indexOf("ip link set dev data0 mtu " + mtu);
        assertTrue(set >= 0, h.hostLabel() + " was set to " + mtu + ": " + cmds);
        assertTrue(cmds.lastIndexOf("ip link set dev data0 mtu 1500") > set, h.hostLabel() + ": " + cmds);
        assertTrue(cmds.stream().anyMatch(l -> l.contains("linklab-mtu-guard disarm")), cmds.toString());
    }

    @Test
    void eachMtuIsProbedOnBothEndsAndBothAreRestoredAtTheEnd() throws Exception {
        ScriptedTransport c = client();
        ScriptedTransport s = server(c);
        ScriptedTune.Tune t = tune(c, s, request(List.of(9000, 4000)), null);

        assertEquals(RunOutcome.Status.OK, t.outcome().status(), t.outcome().message());
        TuneResult r = t.result();
        List<Integer> probed =
                r.steps().stream().map(x -> x.probe().settings().mtu()).toList();
        assertTrue(probed.contains(9000) && probed.contains(4000), probed.toString());
        for (ScriptedTransport h : List.of(c, s)) {
            restoredAfter(h, 9000);
            restoredAfter(h, 4000);
        }
        assertNotNull(r.confirmed(), "the winner was confirmed");
        assertFalse(c.running("iperf3") || s.running("iperf3"), "nothing left running");
    }

    @Test
    void aStopDuringAnMtuProbeRestoresBothEnds() throws Exception {
        ScriptedTransport c = client();
        ScriptedTransport s = server(c);
        ScriptedTune.Tune t = tune(c, s, request(List.of(9000)), "ip link set dev data0 mtu 9000");

        assertEquals(
                RunOutcome.Status.CANCELLED, t.outcome().status(), t.outcome().message());
        assertEquals(StopReason.STOPPED, t.result().why());
        assertNotNull(t.result().best(), "the best so far is kept");
        assertNull(t.result().confirmed(), "no confirmation after a stop");
        for (ScriptedTransport h : List.of(c, s)) {
            restoredAfter(h, 9000);
        }
        assertFalse(c.running("iperf3") || s.running("iperf3"), "nothing left running");
    }

    @Test
    void aStopWhileOneEndsMtuIsStillBeingSetRestoresThatEndOnlyAfterTheSetHasEnded() throws Exception {
        // the client's set takes a second: the Stop lands after the server's set and while the client's is on its way
        ScriptedTransport c = host(ScriptedTune.CLIENT, "198.19.0.1")
                .on("^ip link set dev data0 mtu 9000", Script.ok().after(Duration.ofSeconds(1)))
                .on("^ip link set dev data0 mtu", Script.ok())
                .on("iperf3 -c", Script.prints(TOTALS));
        ScriptedTransport s = server(c);
        ScriptedTune.Tune t = ScriptedTune.run(
                workspace,
                c,
                s,
                request(List.of(9000)),
                events,
                ScriptedTune.stopWhen(
                        () -> c.commands().contains("ip link set dev data0 mtu 9000")
                                && events.contains(ScriptedTune.SERVER + " done set the MTU of data0 to 9000"),
                        () -> "reached: " + events));

        assertEquals(
                RunOutcome.Status.CANCELLED, t.outcome().status(), t.outcome().message());
        // a restore before the set ended would be undone by it: MTU 9000, and no automatic restore left armed
        int setEnded = events.indexOf(ScriptedTune.CLIENT + " done set the MTU of data0 to 9000");
        int restore = events.lastIndexOf(ScriptedTune.CLIENT + " run set the MTU of data0 to 1500");
        assertTrue(setEnded >= 0 && restore > setEnded, events.toString());
        for (ScriptedTransport h : List.of(c, s)) {
            restoredAfter(h, 9000);
        }
    }

    @Test
    void aHostLostAtAnMtuEndsTheTuneWithTheReasonAndRestoresTheOtherEnd() throws Exception {
        ScriptedTransport c = client();
        ScriptedTransport s = serverWith(
                host(ScriptedTune.SERVER, "198.19.0.2")
                        .on("^ip link set dev data0 mtu 9000", Script.ok().droppingTheConnection()),
                c);
        ScriptedTune.Tune t = tune(c, s, request(List.of(9000)), null);

        assertEquals(RunOutcome.Status.FAILED, t.outcome().status(), t.outcome().message());
        TuneResult r = t.result();
        assertNotNull(r.best(), "what was measured before the host was lost");
        assertNull(r.best().mtu(), "the best is the probe at the hosts' own MTU");
        TuneStep lost = r.steps().stream()
                .filter(x -> Integer.valueOf(9000).equals(x.probe().settings().mtu()))
                .findFirst()
                .orElseThrow(() -> new AssertionError("9000 was not tried: " + r.steps()));
        assertFalse(lost.probe().ok());
        restoredAfter(c, 9000);
        assertFalse(c.running("iperf3"), "nothing left running on the client");
    }

    @Test
    void anMtuTuneNeedsBothDataInterfacesAndItsMtus() {
        TuneBudget budget = TuneBudget.of(Duration.ofMinutes(1));
        InvalidValueException noIf = assertThrows(
                InvalidValueException.class,
                () -> new TuneRequest(
                        base("data0", null),
                        List.of(Tool.IPERF3),
                        1,
                        List.of(),
                        EnumSet.of(Dimension.MTU),
                        null,
                        budget,
                        List.of(9000)));
        assertTrue(noIf.getMessage().contains("data interface"), noIf.getMessage());
        InvalidValueException none = assertThrows(InvalidValueException.class, () -> request(List.of()));
        assertTrue(none.getMessage().contains("1500,9000"), none.getMessage());
        InvalidValueException bad = assertThrows(InvalidValueException.class, () -> request(List.of(40)));
        assertTrue(bad.getMessage().contains("68 to 65535"), bad.getMessage());
    }
}
