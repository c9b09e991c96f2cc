package io.linklab.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.engine.RunOutcome;
import io.linklab.model.Tool;
import io.linklab.testing.ScriptedTransport;
import io.linklab.testing.ScriptedTransport.Script;
import io.linklab.testing.ScriptedTune;
import io.linklab.tools.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the hosts offer shapes a tune against scripted hosts: "numa" pinning pins each end to the CPUs of its NIC's
 * NUMA node where the probe found one (and says why not where it did not), and netperf is a tool like the others.
 */
class TuneHostsScriptedRunTest {

    /** Twice the rate of {@link ScriptedTune#TOTALS}: what a process on the NIC's node reaches. */
    private static final String FASTER = ScriptedTune.TOTALS.replace("4.4", "8.8");

    @TempDir
    Path workspace;

    private final List<String> events = new CopyOnWriteArrayList<>();

    /** A host of 4 cores in two NUMA nodes, data0 on node 1 (CPUs 2 and 3). */
    private static ScriptedTransport twoNodes(String label, String address) {
        return ScriptedTune.host(label, address, 4, "numa\tdata0\t1", "node\t0\t0-1", "node\t1\t2-3");
    }

    /** Only the pinning varies, on iperf3; the client names data0, the server's is found by the target address. */
    private static TuneRequest pinning(String clientIf) {
        return new TuneRequest(
                ScriptedTune.base(clientIf, null),
                List.of(Tool.IPERF3),
                1,
                List.of(),
                EnumSet.of(Dimension.PINNING),
                null,
                ScriptedTune.QUICK_BUDGET,
                List.of());
    }

    private static long count(ScriptedTransport h, String prefix) {
        return h.commands().stream().filter(l -> l.startsWith(prefix)).count();
    }

    @Test
    void numaPinningPinsEachEndToTheCpusOfItsNicsNode() throws Exception {
        ScriptedTransport c = twoNodes(ScriptedTune.CLIENT, "198.19.0.1")
                .on("^taskset -c 2 iperf3 -c", Script.prints(FASTER))
                .on("iperf3 -c", Script.prints(ScriptedTune.TOTALS));
        ScriptedTransport s = twoNodes(ScriptedTune.SERVER, "198.19.0.2").on("iperf3 -s", ScriptedTune.listening(c));
        ScriptedTune.Tune t = ScriptedTune.run(workspace, c, s, pinning("data0"), events, null);

        assertEquals(RunOutcome.Status.OK, t.outcome().status(), t.outcome().message());
        TuneResult r = t.result();
        List<Pinning> tried =
                r.steps().stream().map(x -> x.probe().settings().pinning()).toList();
        assertTrue(tried.contains(Pinning.SPREAD) && tried.contains(Pinning.NUMA), tried.toString());
        assertEquals(Pinning.NUMA, r.best().pinning(), "on the NIC's node it sends twice as fast: " + r.steps());
        assertNotNull(r.confirmed());
        // spread pins process 0 to CPU 0, numa to the node's first CPU, on each end: the probe's 2 repetitions,
        // and the winner's (numa) 3 runs alternated with the runner-up's: the unpinned start, measured first of the
        // settings at the same rate
        assertEquals(2, count(c, "taskset -c 0 iperf3 -c"), c.commands().toString());
        assertEquals(5, count(c, "taskset -c 2 iperf3 -c"), c.commands().toString());
        assertEquals(5, count(s, "taskset -c 2 timeout"), s.commands().toString());
        assertEquals(List.of(), r.notes(), "both nodes known");
        assertFalse(c.running("iperf3") || s.running("iperf3"), "nothing left running");
    }

    @Test
    void withoutANodeNumaIsNotTriedAndTheResultSaysWhy() throws Exception {
        // veth and virtio interfaces report no node: the namespace lab's case
        ScriptedTransport c = ScriptedTune.host(ScriptedTune.CLIENT, "198.19.0.1", 2, "node\t0\t0-1")
                .on("iperf3 -c", Script.prints(ScriptedTune.TOTALS));
        ScriptedTransport s = ScriptedTune.host(ScriptedTune.SERVER, "198.19.0.2", 2, "node\t0\t0-1")
                .on("iperf3 -s", ScriptedTune.listening(c));
        ScriptedTune.Tune t = ScriptedTune.run(workspace, c, s, pinning(null), events, null);

        assertEquals(RunOutcome.Status.OK, t.outcome().status(), t.outcome().message());
        TuneResult r = t.result();
        assertTrue(
                r.steps().stream().noneMatch(x -> x.probe().settings().pinning() == Pinning.NUMA),
                r.steps().toString());
        assertEquals(
                List.of("numa pinning not tried: NUMA node not known on root@h1: the client's data interface is not "
                        + "named; NUMA node not reported for data0 on root@h2"),
                r.notes());
        List<String> lines = TuneReport.lines(r, null, null);
        assertTrue(lines.contains(r.notes().get(0)), "the result says so: " + lines);
    }

    @Test
    void aNodeOnOneEndPinsThatEndAndLeavesTheOtherToTheScheduler() throws Exception {
        ScriptedTransport c = ScriptedTune.host(ScriptedTune.CLIENT, "198.19.0.1", 2)
                .on("iperf3 -c", Script.prints(ScriptedTune.TOTALS));
        ScriptedTransport s = twoNodes(ScriptedTune.SERVER, "198.19.0.2").on("iperf3 -s", ScriptedTune.listening(c));
        ScriptedTune.Tune t = ScriptedTune.run(workspace, c, s, pinning("data0"), events, null);

        assertEquals(RunOutcome.Status.OK, t.outcome().status(), t.outcome().message());
        long numaRuns = t.result().steps().stream()
                .filter(x -> x.probe().settings().pinning() == Pinning.NUMA)
                .mapToLong(x -> runs(t.result(), x))
                .sum();
        assertTrue(numaRuns >= 1, t.result().steps().toString());
        // each run of a numa step pins the server to its node's first CPU
        assertEquals(numaRuns, count(s, "taskset -c 2 timeout"), "the numa probes: " + s.commands());
        assertEquals(0, count(c, "taskset -c 2"), "the client unpinned: " + c.commands());
        assertEquals(
                List.of("numa pinning leaves the client to the scheduler: NUMA node not reported for data0 on root@h1"),
                t.result().notes());
    }

    @Test
    void netperfIsTriedAsAToolAndCanWin() throws Exception {
        String netperf = Files.readString(Fixtures.resource("recorded/netperf_2.7.0_D.txt"));
        ScriptedTransport c = ScriptedTune.host(ScriptedTune.CLIENT, "198.19.0.1", 2)
                .on("netperf -H", Script.prints(netperf))
                .on("iperf3 -c", Script.prints(ScriptedTune.TOTALS));
        ScriptedTransport s = ScriptedTune.host(ScriptedTune.SERVER, "198.19.0.2", 2)
                .on(
                        "netserver",
                        Script.prints("Starting netserver with host 'IN(6)ADDR_ANY' port '12865'\n")
                                .runningUntilStopped())
                .on("iperf3 -s", ScriptedTune.listening(c));
        TuneRequest request = new TuneRequest(
                ScriptedTune.base(null, null),
                List.of(Tool.IPERF3, Tool.NETPERF),
                2,
                List.of(),
                EnumSet.of(Dimension.TOOL, Dimension.PROCESSES, Dimension.STREAMS),
                null,
                ScriptedTune.QUICK_BUDGET,
                List.of());
        ScriptedTune.Tune t = ScriptedTune.run(workspace, c, s, request, events, null);

        assertEquals(RunOutcome.Status.OK, t.outcome().status(), t.outcome().message());
        TuneResult r = t.result();
        assertEquals(Tool.NETPERF, r.best().tool(), "25 Gbit/s against iperf3's 4.4: " + r.steps());
        assertEquals(1, r.best().streams(), "netperf runs one stream per process");
        assertNotNull(r.confirmed(), "the winner was confirmed");
        assertEquals(25.34e9 * r.best().processes(), r.confirmed().rate(), 0.2e9, "each process's netperf summed");
        assertTrue(count(c, "netperf -H 198.19.0.2") >= 2, c.commands().toString());
        assertFalse(c.running("netperf|iperf3") || s.running("netserver|iperf3"), "nothing left running");
    }

    /** Tool runs behind a step: a probe's 2 repetitions, one per side-by-side run, none for their pooled pick. */
    private static long runs(TuneResult r, TuneStep x) {
        if (x.reason().startsWith("side by side ")) {
            return 1;
        }
        return x.reason().equals("confirm")
                        && r.sideBySide() != null
                        && r.sideBySide().measured()
                ? 0
                : 2;
    }
}
