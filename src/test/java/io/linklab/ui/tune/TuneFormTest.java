package io.linklab.ui.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.TestPlan;
import io.linklab.model.Tool;
import io.linklab.tune.Dimension;
import io.linklab.tune.TuneRequest;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The "Find best settings" form: its defaults, the request it makes, and each problem naming its field. */
class TuneFormTest {

    private static TestPlan base(String clientIf, String serverIf) {
        return new TestPlan(
                Tool.IPERF3,
                new TestPlan.End("root@h1", clientIf),
                new TestPlan.End("root@h2", serverIf),
                "198.19.0.2",
                TestPlan.Protocol.TCP,
                null,
                10,
                1.0,
                0,
                1,
                1,
                5301,
                TestPlan.Mode.NORMAL,
                null,
                null,
                1,
                null);
    }

    @Test
    void theDefaultsAreATwoMinuteTuneOfEverythingButTheMtu() {
        TuneForm f = new TuneForm(base("data0", "data0"), null);
        assertEquals("", f.problem().get());
        TuneRequest r = f.request();
        assertEquals(Duration.ofMinutes(2), r.budget().total());
        assertEquals(List.of(Tool.IPERF3, Tool.IPERF2, Tool.NETPERF), r.tools());
        assertEquals(
                EnumSet.of(Dimension.TOOL, Dimension.PROCESSES, Dimension.STREAMS, Dimension.PINNING, Dimension.WINDOW),
                r.vary());
        assertEquals(List.of(), r.mtus());
        assertNull(r.linkSpeedBps());
        assertEquals(5301, r.base().basePort(), "the wizard's ends, target and port");
        assertEquals("root@h2", r.base().server().login());
    }

    @Test
    void theLinkSpeedFromTheDrawingAndTheMtusWhenAllowed() {
        TuneForm f = new TuneForm(base("data0", "data0"), "25G");
        f.allowMtu.set(true);
        f.mtus.set("1500:9000:2500");
        f.varyTool.set(false);
        TuneRequest r = f.request();
        assertEquals(25e9, r.linkSpeedBps(), 1);
        assertTrue(r.vary().contains(Dimension.MTU));
        assertTrue(!r.vary().contains(Dimension.TOOL));
        assertEquals(List.of(1500, 4000, 6500, 9000), r.mtus());
    }

    @Test
    void eachProblemNamesItsField() {
        TuneForm f = new TuneForm(base("data0", null), null);
        f.budget.set("soon");
        assertTrue(
                f.problem().get().startsWith("budget: 'soon' is not valid"),
                f.problem().get());
        f.budget.set("90s");
        f.linkSpeed.set("fast");
        assertTrue(
                f.problem().get().startsWith("link speed: 'fast'"), f.problem().get());
        f.linkSpeed.set("");
        f.tools.set("iperf3,ipref2");
        assertTrue(f.problem().get().startsWith("tools:"), f.problem().get());
        f.tools.set("iperf3");
        f.allowMtu.set(true);
        assertTrue(f.problem().get().contains("data interface"), f.problem().get());
        f.allowMtu.set(false);
        for (var b : List.of(f.varyTool, f.varyProcesses, f.varyStreams, f.varyPinning, f.varyWindow)) {
            b.set(false);
        }
        assertTrue(f.problem().get().contains("tick at least one"), f.problem().get());
        f.varyStreams.set(true);
        assertEquals("", f.problem().get());
        assertEquals(Duration.ofSeconds(90), f.request().budget().total());
    }
}
