package io.linklab.tune;

import io.linklab.model.TestPlan;
import io.linklab.model.TestPlan.End;
import io.linklab.model.Tool;
import java.util.ArrayList;
import java.util.List;

/** Settings as a test plan: what the engine runs for a probe, and what "Save as test" keeps of the winner. */
public final class TunePlans {

    private TunePlans() {}

    /**
     * The plan that runs {@code s} for {@code length}. iperf2 and netperf cannot omit a warm-up: they run it as
     * part of the test, so every tool sends as long.
     *
     * @param clientCpus the client's CPUs to spread processes over (0 … n-1), serverCpus the server's
     */
    public static TestPlan plan(
            TestPlan base, TuneSettings s, ProbeLength length, List<Integer> clientCpus, List<Integer> serverCpus) {
        return plan(base, s, length, clientCpus, serverCpus, null);
    }

    private static TestPlan plan(
            TestPlan base,
            TuneSettings s,
            ProbeLength length,
            List<Integer> clientCpus,
            List<Integer> serverCpus,
            TestPlan.Sweep sweep) {
        boolean omits = s.tool() == Tool.IPERF3;
        int duration = omits ? length.durationS() : length.durationS() + length.omitS();
        boolean pinned = s.pinning() != Pinning.NONE;
        End client = new End(base.client().login(), base.client().dataInterface(), pinned ? clientCpus : List.of());
        End server = new End(base.server().login(), base.server().dataInterface(), pinned ? serverCpus : List.of());
        return new TestPlan(
                s.tool(),
                client,
                server,
                base.target(),
                base.protocol(),
                base.udpBitrate(),
                duration,
                base.intervalS(),
                omits ? length.omitS() : 0,
                s.streams(),
                s.processes(),
                base.basePort(),
                base.mode(),
                s.window(),
                base.messageSize(),
                length.repetitions(),
                sweep);
    }

    /**
     * {@link #plan} as a test of its own: at another MTU, a one-point MTU sweep, so that the test sets the MTU and
     * restores the hosts' own afterwards (a probe's point carries its MTU instead).
     */
    public static TestPlan test(
            TestPlan base, TuneSettings s, ProbeLength length, List<Integer> clientCpus, List<Integer> serverCpus) {
        TestPlan.Sweep atMtu =
                s.mtu() == null ? null : new TestPlan.Sweep(TestPlan.SweepKind.MTU, List.of(String.valueOf(s.mtu())));
        return plan(base, s, length, clientCpus, serverCpus, atMtu);
    }

    /** 0, 1, … {@code count}-1: process i on CPU i. */
    public static List<Integer> firstCpus(int count) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            out.add(i);
        }
        return out;
    }
}
