package io.linklab.counters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.Direction;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The CPU rules on small made-up series: cores, softirq and the tool's own process. */
class CpuRulesTest {

    private final List<HostCounterRow> rows = new ArrayList<>();
    /** The softirq share of a core at ≥ 90 % (a receiver's core: much; a busy loop's: little). */
    private double fullSoftirq = 40;

    /** Five 1-s intervals of a host whose cores are this busy (softirq a tenth of it, fullSoftirq on a full one). */
    private void cores(double... busy) {
        for (int t = 1; t <= 5; t++) {
            double sum = 0;
            int top = 0;
            for (int c = 0; c < busy.length; c++) {
                add(t, "cpu" + c + ".busy", busy[c]);
                add(t, "cpu" + c + ".softirq", busy[c] >= 90 ? fullSoftirq : busy[c] / 10);
                sum += busy[c];
                top = busy[c] > busy[top] ? c : top;
            }
            add(t, "cpu.busy", sum / busy.length);
            add(t, "cpu.busiest", busy[top]);
            add(t, "cpu.busiest_core", top);
        }
    }

    /** The tool's one process over the same intervals, using {@code share} of a core, last seen on {@code core}. */
    private void process(double share, int core) {
        for (int t = 1; t <= 5; t++) {
            add(t, "proc.iperf3.4242", share);
            add(t, "proc.sh.4240", 0); // never a tool's: the sampler leaves wrappers out, but a rule must not care
            add(t, "proc.busiest", share);
            add(t, "proc.busiest_core", core);
            add(t, "proc.count", 1);
        }
    }

    /** Two tool processes over the same intervals, both last seen on {@code core}, as the sampler counts them. */
    private void twoProcessesOn(int core, double first, double second) {
        for (int t = 1; t <= 5; t++) {
            add(t, "proc.iperf3.4242", first);
            add(t, "proc.iperf3.4243", second);
            add(t, "proc.busiest", Math.max(first, second));
            add(t, "proc.busiest_core", core);
            add(t, "proc.count", 2);
            add(t, "proc.cpu" + core, first + second);
        }
    }

    private void add(double t, String name, double value) {
        rows.add(new HostCounterRow(t, 1, "", 1, "client", "h1", "eth1", new CounterValue("cpu", name, "%", value)));
    }

    private List<Finding> findings() {
        return findings(Set.of());
    }

    private List<Finding> findings(Set<String> threadedEnds) {
        EndSeries client = new EndSeries("client", "h1", "eth1", null, rows);
        EndSeries server = new EndSeries("server", "h2", "eth1", null, List.of());
        return CpuRules.all(new PointEvidence(
                "",
                null,
                "iperf3",
                1,
                5,
                false,
                List.of(Direction.C2S),
                client,
                server,
                List.of(),
                false,
                threadedEnds));
    }

    /** iperf3 3.16+ on the client: its streams are threads, so more processes is not the way past one core. */
    @Test
    void aThreadedIperf3IsAdvisedStreamsAndPinningNotProcesses() {
        cores(5, 5, 97, 5);
        process(95, 2);
        List<Finding> f = findings(Set.of("client"));
        assertEquals(1, f.size(), f.toString());
        assertEquals(
                "CPU-bound on one core: cpu2 of the client (h1) was 97 % busy (40 % softirq) while its other 3 "
                        + "cores averaged 5 %, iperf3 (pid 4242) using 95 % of it, with 1 iperf3 process; its iperf3 "
                        + "runs each stream as a thread of its own (3.16+): try more streams (--streams), and pin "
                        + "this end to idle cores (--client-cpus) so that its threads do not share one",
                f.get(0).message());
        assertTrue(
                f.get(0).evidence().endsWith("; threads=yes; busiest_core=2"),
                f.get(0).evidence());
    }

    @Test
    void aThreadedIperf3AtACoresWorthSaysItIsAcrossItsThreads() {
        cores(55, 60);
        process(98, 1);
        List<Finding> f = findings(Set.of("client"));
        assertEquals(
                "CPU-bound on one core: iperf3 (pid 4242) on the client (h1) used 98 % of a core across its threads,"
                        + " with 1 iperf3 process; its iperf3 runs each stream as a thread of its own (3.16+): try"
                        + " more streams (--streams), and pin this end to idle cores (--client-cpus) so that its"
                        + " threads do not share one",
                f.get(0).message());
        assertEquals(
                "CPU-bound on one core: iperf3 (pid 4242) on the client (h1) used 98 % of a core, with 1 iperf3"
                        + " process; try 2 processes (--processes 2)",
                findings(Set.of("server")).get(0).message(), "the server's release says nothing of the client's");
    }

    /** The tool's threads over the same intervals, as the sampler sums them up. */
    private void threads(double busiest, int core, int busy, int full, int busyCores) {
        for (int t = 1; t <= 5; t++) {
            add(t, "thread.busiest", busiest);
            add(t, "thread.busiest_core", core);
            add(t, "thread.busy", busy);
            add(t, "thread.full", full);
            add(t, "thread.busy_cores", busyCores);
        }
    }

    /** With the threads seen, the advice follows where they ran. */
    @Test
    void aThreadedIperf3sAdviceFollowsWhereItsThreadsRan() {
        cores(97, 20);
        process(97, 0);
        threads(55, 0, 2, 0, 1);
        Finding crowded = findings(Set.of("client")).get(0);
        assertTrue(
                crowded.message()
                        .endsWith("; its iperf3 runs each stream as a thread of its own (3.16+): 2 working"
                                + " threads on 1 core, the busiest at 55 % of cpu0: they share a core while 1 other is free;"
                                + " pin this end to more cores (--client-cpus) so that each stream's thread has one"),
                crowded.message());
        assertTrue(
                crowded.evidence()
                        .contains("; threads=yes; thread.busiest median=55; thread.busiest_core=0;"
                                + " thread.busy=2; thread.full=0; thread.busy_cores=1"),
                crowded.evidence());

        rows.clear();
        cores(97, 20);
        process(97, 0);
        threads(95, 0, 1, 1, 1);
        assertTrue(
                findings(Set.of("client"))
                        .get(0)
                        .message()
                        .endsWith(": 1 working thread on 1 core, the busiest at"
                                + " 95 % of cpu0: a thread fills its core while 1 other is free; try more streams (--streams)"
                                + " to spread the work"),
                findings(Set.of("client")).get(0).message());

        rows.clear();
        // the full core is another's (the other end's, on one kernel): the threads crowd a core that has room
        cores(97, 40);
        process(40, 1);
        threads(20, 1, 2, 0, 1);
        assertTrue(
                findings(Set.of("client"))
                        .get(0)
                        .message()
                        .endsWith(": 2 working threads on 1 core, the busiest at"
                                + " 20 % of cpu1: try more streams (--streams), and pin this end to idle cores"
                                + " (--client-cpus)"),
                findings(Set.of("client")).get(0).message());

        rows.clear();
        cores(97, 96);
        process(190, 0);
        threads(95, 1, 2, 2, 2);
        assertTrue(
                findings(Set.of("client"))
                        .get(0)
                        .message()
                        .endsWith(": 2 working threads on 2 cores, the busiest at"
                                + " 95 % of cpu1: every core of this end is full; more streams or processes cannot help here,"
                                + " a host with more (or faster) cores can"),
                findings(Set.of("client")).get(0).message());
    }

    @Test
    void oneFullCoreWithTheOthersIdleIsCpuBound() {
        cores(5, 5, 97, 5);
        List<Finding> f = findings();
        assertEquals(1, f.size(), f.toString());
        assertEquals("cpu-bound-one-core", f.get(0).code());
        assertEquals(
                "CPU-bound on one core: cpu2 of the client (h1) was 97 % busy (40 % softirq) while its other 3 "
                        + "cores averaged 5 %, with 1 iperf3 process; try 4 processes (--processes 4)",
                f.get(0).message());
    }

    @Test
    void theOthersBusyTooIsALoadedHostNotOneProcess() {
        cores(90, 90, 97, 90);
        assertEquals(List.of(), findings());
    }

    @Test
    void theProcessThatFillsTheCoreIsNamed() {
        cores(5, 5, 97, 5);
        process(95, 2);
        List<Finding> f = findings();
        assertEquals(1, f.size(), f.toString());
        assertEquals(
                "CPU-bound on one core: cpu2 of the client (h1) was 97 % busy (40 % softirq) while its other 3 "
                        + "cores averaged 5 %, iperf3 (pid 4242) using 95 % of it, with 1 iperf3 process; try 4 processes "
                        + "(--processes 4)",
                f.get(0).message());
        assertEquals(
                true,
                f.get(0).evidence().contains("proc.busiest median=95"),
                f.get(0).evidence());
    }

    /** Seed 000's case as the scheduler often shows it: no core full, the one process at a core's worth. */
    @Test
    void aProcessAtACoresWorthMovingBetweenCoresIsCpuBound() {
        cores(55, 60);
        process(98, 1);
        List<Finding> f = findings();
        assertEquals(1, f.size(), f.toString());
        assertEquals(
                "CPU-bound on one core: iperf3 (pid 4242) on the client (h1) used 98 % of a core, with 1 "
                        + "iperf3 process; try 2 processes (--processes 2)",
                f.get(0).message());
    }

    /** The check: the test pinned to a core that a busy loop also uses. */
    @Test
    void aFullCoreTheToolGetsLittleOfIsShared() {
        fullSoftirq = 4; // as measured in the lab: a busy loop and iperf3 on cpu0
        cores(100, 70);
        process(45, 0);
        List<Finding> f = findings();
        assertEquals(1, f.size(), f.toString());
        assertEquals("cpu-shared-core", f.get(0).code());
        assertEquals(
                "CPU shared: cpu0 of the client (h1) was 100 % busy, but iperf3 (pid 4242) got only 45 % of it "
                        + "(4 % softirq): something else runs on that core; stop it, or pin the test to an idle core "
                        + "(--client-cpus)",
                f.get(0).message());
    }

    /**
     * Issue 36's case: with --processes 2 the scheduler put both iperf3 processes on cpu1. The second one is the
     * test's own, never "something else": the finding says so and advises pinning each to a core of its own.
     */
    @Test
    void aCoreTheTestsOwnProcessesShareIsNotSomethingElse() {
        fullSoftirq = 5;
        cores(20, 100);
        twoProcessesOn(1, 55, 38);
        List<Finding> f = findings();
        assertEquals(1, f.size(), f.toString());
        assertEquals("cpu-shared-core", f.get(0).code());
        assertEquals(
                "CPU shared: cpu1 of the client (h1) was 100 % busy, but iperf3 (pid 4242) got only 55 % of it "
                        + "(5 % softirq): the test's own processes share that core (93 % of it together); pin each "
                        + "to a core of its own (--client-cpus)",
                f.get(0).message());
    }

    /** The same two processes on a core a busy loop takes half of: that is something else. */
    @Test
    void aCoreTheTestsOwnProcessesShareWithABusyLoopIsSharedWithSomethingElse() {
        fullSoftirq = 5;
        cores(20, 100);
        twoProcessesOn(1, 25, 20);
        List<Finding> f = findings();
        assertEquals(1, f.size(), f.toString());
        assertEquals(
                true,
                f.get(0).message().contains("something else runs on that core"),
                f.get(0).message());
    }

    @Test
    void aFullCoreOfSoftirqAndTheToolIsNotShared() {
        cores(100, 10);
        process(55, 0);
        List<Finding> f = findings();
        assertEquals(1, f.size(), f.toString());
        assertEquals("cpu-bound-one-core", f.get(0).code(), "55 % tool + 40 % softirq fill it: the test's own load");
    }

    /** Both ends on one kernel (the namespace lab): the other end's tool on the same core is the test's own load. */
    @Test
    void onOneKernelThePeersToolOnTheCoreIsNotSomethingElse() {
        fullSoftirq = 15;
        cores(99, 60);
        process(50, 0);
        List<HostCounterRow> peer = new ArrayList<>();
        for (int t = 1; t <= 5; t++) {
            peer.add(new HostCounterRow(
                    t, 1, "", 1, "server", "h2", "eth1", new CounterValue("cpu", "proc.busiest", "%", 45)));
            peer.add(new HostCounterRow(
                    t, 1, "", 1, "server", "h2", "eth1", new CounterValue("cpu", "proc.busiest_core", "core", 0)));
        }
        EndSeries client = new EndSeries("client", "h1", "eth1", null, rows);
        EndSeries server = new EndSeries("server", "h2", "eth1", null, peer);
        PointEvidence apart = new PointEvidence(
                "", null, "iperf3", 1, 5, false, List.of(Direction.C2S), client, server, List.of(), false, Set.of());
        assertEquals(
                List.of("cpu-shared-core"),
                CpuRules.all(apart).stream().map(Finding::code).toList(),
                "on hosts of their own, 34 % of cpu0 is something else");
        PointEvidence oneKernel = new PointEvidence(
                "", null, "iperf3", 1, 5, false, List.of(Direction.C2S), client, server, List.of(), true, Set.of());
        assertEquals(List.of(), CpuRules.all(oneKernel), "the server's iperf3 took 45 % of that core");
    }
}
