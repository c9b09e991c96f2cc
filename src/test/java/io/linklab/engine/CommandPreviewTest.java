package io.linklab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.InvalidValueException;
import io.linklab.model.TestPlan;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CommandPreviewTest {

    private static TestPlan plan(int processes, TestPlan.Sweep sweep) {
        return TestPlan.defaults(
                        new TestPlan.End("alice@198.18.3.11", "data0"),
                        new TestPlan.End("root@198.18.3.12", "data0"),
                        "198.19.3.2")
                .toBuilder()
                .durationS(5)
                .processes(processes)
                .sweep(sweep)
                .build();
    }

    @Test
    void fourProcessesUseConsecutivePortsOnBothEnds() {
        Map<String, List<String>> c = CommandPreview.forPlan(plan(4, null));
        List<String> server = c.get("server root@198.18.3.12");
        List<String> client = c.get("client alice@198.18.3.11");
        assertEquals(4, server.size());
        assertEquals(4, client.size());
        for (int i = 0; i < 4; i++) {
            assertTrue(server.get(i).contains("iperf3 -s -1 -p " + (5201 + i)), server.get(i));
            assertTrue(client.get(i).startsWith("iperf3 -c 198.19.3.2 -p " + (5201 + i)), client.get(i));
        }
    }

    @Test
    void mtuSweepShowsTheChangesWithSudoForNonRoot() {
        Map<String, List<String>> c =
                CommandPreview.forPlan(plan(1, new TestPlan.Sweep(TestPlan.SweepKind.MTU, List.of("1500", "9000"))));
        List<String> client = c.get("client alice@198.18.3.11");
        assertEquals("# point mtu=1500", client.get(0));
        assertEquals("sudo -n -- linklab-mtu data0 1500", client.get(1));
        assertEquals("ping -4 -n -q -M do -s 1472 -c 1 -i 0.2 -W 1 -w 3 198.19.3.2", client.get(2));
        assertTrue(client.contains("sudo -n -- linklab-mtu data0 9000"), client.toString());
        assertTrue(c.get("server root@198.18.3.12").contains("ip link set dev data0 mtu 9000"));
    }

    @Test
    void invalidPlanIsRefusedNamingTheField() {
        InvalidValueException e =
                assertThrows(InvalidValueException.class, () -> CommandPreview.forPlan(plan(0, null)));
        assertEquals("processes", e.field());
    }

    @Test
    void sweepSpecsExpandLikeSeq() {
        List<String> v = SweepPoints.expand("--mtu", "1500:9000:250");
        assertEquals(31, v.size());
        assertEquals("1500", v.get(0));
        assertEquals("9000", v.get(30));
        assertEquals(List.of("1500", "4000", "9000"), SweepPoints.expand("--mtu", "1500,4000,9000"));
        assertThrows(InvalidValueException.class, () -> SweepPoints.expand("--mtu", "9000:1500:250"));
        assertThrows(InvalidValueException.class, () -> SweepPoints.expand("--mtu", "1500,,9000"));
    }
}
