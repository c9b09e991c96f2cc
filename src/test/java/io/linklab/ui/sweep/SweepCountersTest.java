package io.linklab.ui.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.counters.CounterValue;
import io.linklab.counters.HostCounterRow;
import io.linklab.model.TestPlan;
import io.linklab.ui.charts.LiveSeries;
import io.linklab.ui.charts.PlotFrame;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The host counter per sweep point under the sweep chart: receiver drops per MTU (seed 003), and the others. */
class SweepCountersTest {

    private final SweepModel sweep =
            new SweepModel(TestPlan.SweepKind.MTU, List.of("mtu=1500", "mtu=9000", "mtu=6000"));

    private static HostCounterRow row(String end, String name, double perSecond) {
        return new HostCounterRow(
                1,
                0.5,
                "",
                1,
                end,
                end.equals("client") ? "h1" : "h2",
                "eth1",
                new CounterValue("nic", name, "packets/s", perSecond));
    }

    @Test
    void receiverDropsPerMtuAreCountedFromTheRatesAndDrawnInTheSweepsOrder() {
        SweepCounters c = sweep.counters();
        c.add("mtu=1500", List.of(row("server", "rx_dropped", 0), row("server", "cpu.busiest", 40)));
        // two half-second intervals at 6000 and at 9000: counts are rate × interval
        c.add("mtu=9000", List.of(row("server", "rx_dropped", 400), row("server", "rx_missed", 100)));
        c.add("mtu=9000", List.of(row("server", "rx_dropped", 600), row("client", "softnet_dropped", 10)));
        c.add(
                "mtu=6000",
                List.of(
                        row("server", "rx_missed", 30),
                        row("server", "cpu.busiest", 90),
                        row("client", "cpu.busiest", 60)));
        Map<String, Double> drops = c.values(SweepCounters.Metric.RECEIVE_DROPS);
        assertEquals(Map.of("mtu=1500", 0.0, "mtu=9000", 555.0, "mtu=6000", 15.0), drops);

        PlotFrame f = c.frame(400);
        assertEquals("receive drops per point", f.title());
        assertEquals(1, f.lines().size());
        LiveSeries.Polyline p = f.lines().get(0).points();
        List<Double> xs = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        for (int i = 0; i < p.size(); i++) {
            xs.add(p.x(i));
            ys.add(p.y(i));
        }
        assertEquals(List.of(1500.0, 6000.0, 9000.0), xs, "by MTU, not by the order the points came");
        assertEquals(List.of(0.0, 15.0, 555.0), ys);
        assertEquals("555", c.valuesAt(8800).entries().get(0).value());

        c.setMetric(SweepCounters.Metric.BUSIEST_CORE);
        assertEquals(
                Map.of("mtu=1500", 40.0, "mtu=6000", 90.0),
                c.values(SweepCounters.Metric.BUSIEST_CORE),
                "a share: the busier end's mean, not a sum");
        assertEquals("busiest core (mean) per point", c.frame(400).title());
        assertTrue(c.version() > 0);
    }

    @Test
    void lostSegmentsLeaveOutWhatTheReceiverAlreadyHad() {
        SweepCounters c = sweep.counters();
        c.add("mtu=1500", List.of(row("client", "retrans_segs", 2000), row("client", "dsack_recv_segs", 1900)));
        assertEquals(Map.of("mtu=1500", 50.0), c.values(SweepCounters.Metric.LOST_SEGMENTS));
        assertEquals(Map.of(), c.values(SweepCounters.Metric.PAUSE_FRAMES), "not reported: no point, not 0");
        assertEquals(
                "no host counters for a point yet",
                new SweepModel(TestPlan.SweepKind.MTU, List.of())
                        .counters()
                        .frame(400)
                        .message());
    }
}
