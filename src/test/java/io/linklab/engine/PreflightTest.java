package io.linklab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.TestPlan;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The preflight check as a pure function of the plan and both hosts' facts: each refusal, and none on a good pair. */
class PreflightTest {

    private static final String CLIENT_FACTS = """
            uid=0
            user=root
            cpus=2
            tool.path=/usr/bin/iperf3
            if=lo
            if=data0
            if=mgmt0
            addr.198.19.0.1=data0
            if.data0.mtu=1500
            ssh.address=198.18.0.1
            ssh.interface=mgmt0
            ping=yes
            """;
    private static final String SERVER_FACTS = """
            uid=1000
            user=alice
            cpus=2
            tool.path=/usr/bin/iperf3
            if=lo
            if=data0
            if=mgmt0
            addr.198.19.0.2=data0
            if.data0.mtu=9000
            ssh.address=198.18.0.2
            ssh.interface=mgmt0
            listen.tcp=0.0.0.0:22
            listen.tcp=[::]:5202
            """;

    private static TestPlan plan(String serverIf, int processes, List<Integer> clientCpus, TestPlan.Sweep sweep) {
        return TestPlan.defaults(
                        new TestPlan.End("root@h1", "data0", clientCpus),
                        new TestPlan.End("alice@h2", serverIf),
                        "198.19.0.2")
                .toBuilder()
                .durationS(5)
                .processes(processes)
                .sweep(sweep)
                .build();
    }

    private static Preflight.Findings check(TestPlan plan, String clientFacts, String serverFacts) {
        return Preflight.check(
                plan,
                SweepPoints.of(plan),
                new Preflight.End(plan.client(), PreflightFacts.parse(clientFacts), "root@h1"),
                new Preflight.End(plan.server(), PreflightFacts.parse(serverFacts), "alice@h2"));
    }

    @Test
    void aGoodPairPassesWithTheMtuMismatchAsAWarning() {
        Preflight.Findings f = check(plan("data0", 1, List.of(), null), CLIENT_FACTS, SERVER_FACTS);
        assertFalse(f.refused(), f.problems().toString());
        assertEquals(
                List.of(new Preflight.Warning(
                        "mtu-mismatch",
                        "the MTUs differ: data0 on root@h1 has 1500, data0 "
                                + "on alice@h2 has 9000; the path carries the smaller")),
                f.warnings());
    }

    @Test
    void bidirIsRefusedOnAnIperf3ReleaseWithoutItNamingTheReleaseThatHasIt() {
        TestPlan bidir = plan("data0", 1, List.of(), null).toBuilder()
                .mode(TestPlan.Mode.BIDIR)
                .build();
        String old = "tool.version=iperf 3.6 (cJSON 1.5.2)\n";
        Preflight.Findings f = check(bidir, CLIENT_FACTS, SERVER_FACTS + old);
        assertEquals(
                List.of("iperf3 3.6 on alice@h2 has no --bidir (both directions at once), which iperf3 3.7 and newer"
                        + " have; update iperf3 there, or measure each direction on its own (normal, then --reverse)"),
                f.problems());
        assertFalse(check(bidir, CLIENT_FACTS, SERVER_FACTS + "tool.version=iperf 3.7\n")
                .refused());
        assertFalse(check(bidir, CLIENT_FACTS, SERVER_FACTS).refused(), "a version not read refuses nothing");
        assertFalse(check(plan("data0", 1, List.of(), null), CLIENT_FACTS + old, SERVER_FACTS + old)
                .refused());
    }

    @Test
    void everyProblemIsNamedWithItsHost() {
        TestPlan plan = plan("eth7", 2, List.of(0, 3), null);
        Preflight.Findings f = check(plan, CLIENT_FACTS, SERVER_FACTS.replace("tool.path=/usr/bin/iperf3\n", ""));
        assertEquals(
                List.of(
                        "iperf3 is not installed on alice@h2; install it there (e.g. apt-get install iperf3 or dnf install "
                                + "iperf3)",
                        "interface eth7 does not exist on alice@h2 (it has: lo, data0, mgmt0)",
                        "taskset is not installed on root@h1; it pins the processes to CPUs (apt-get install util-linux), or "
                                + "run without CPU pinning",
                        "CPU 3 is not on root@h1, which has 2 CPUs (0-1); pin to those",
                        "port 5202 is already in use on alice@h2 (another test server?); stop it or choose another first port "
                                + "(--port)"),
                f.problems());
        assertEquals(List.of(), f.warnings(), "no warnings for a run that does not start");
    }

    @Test
    void anMtuSweepNeedsRootOrTheSudoersLineAPingAndAnInterfaceOtherThanTheSessions() {
        TestPlan.Sweep sweep = new TestPlan.Sweep(TestPlan.SweepKind.MTU, List.of("9000"));
        Preflight.Findings f = check(
                plan("mgmt0", 1, List.of(), sweep),
                CLIENT_FACTS.replace("ping=yes\n", ""),
                SERVER_FACTS.replace("if.data0.mtu=9000", "if.mgmt0.mtu=1500"));
        assertEquals(3, f.problems().size(), f.problems().toString());
        assertTrue(
                f.problems()
                        .get(0)
                        .startsWith("refusing to change the MTU of mgmt0 on alice@h2: it carries the SSH " + "session"),
                f.problems().get(0));
        assertTrue(
                f.problems().get(1).startsWith("changing the MTU on alice@h2 needs root")
                        && f.problems().get(1).endsWith(MtuCommands.sudoersLine("alice")),
                f.problems().get(1));
        assertTrue(
                f.problems().get(2).startsWith("ping is not installed on root@h1"),
                f.problems().get(2));
    }
}
