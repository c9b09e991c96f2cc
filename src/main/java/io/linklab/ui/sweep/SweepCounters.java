package io.linklab.ui.sweep;

import io.linklab.counters.HostCounterRow;
import io.linklab.ui.charts.ChartContent;
import io.linklab.ui.charts.LiveSeries;
import io.linklab.ui.charts.Palette;
import io.linklab.ui.charts.PlotFrame;
import io.linklab.ui.charts.ValueUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The hosts' counters per sweep point, for the small chart under the sweep chart: one counter at a time (receiver
 * drops per MTU for seed 003's question) against the sweep's x. Rows come from the run's threads as the samplers
 * report them; the chart reads on the FX thread.
 */
public final class SweepCounters implements ChartContent {

    /** What the chart can show per point. */
    public enum Metric {
        RECEIVE_DROPS(
                "receive drops",
                ValueUnit.COUNT,
                List.of(
                        "rx_dropped",
                        "rx_missed",
                        "softnet_dropped",
                        "rcvq_drop",
                        "backlog_drop",
                        "ofo_drop",
                        "rcv_pruned"),
                false),
        LOST_SEGMENTS("TCP segments lost", ValueUnit.COUNT, List.of("retrans_segs"), false),
        PAUSE_FRAMES("pause frames", ValueUnit.COUNT, List.of("rx_pause", "tx_pause"), false),
        BUSIEST_CORE("busiest core (mean)", ValueUnit.PERCENT, List.of("cpu.busiest"), true);

        final String label;
        final ValueUnit unit;
        final List<String> names;
        /** A share averaged over the point's intervals (the busiest end's), not a count summed over them. */
        final boolean share;

        Metric(String label, ValueUnit unit, List<String> names, boolean share) {
            this.label = label;
            this.unit = unit;
            this.names = names;
            this.share = share;
        }

        @Override
        public String toString() {
            return label;
        }
    }

    /** Per point, per "end|name": the count (value × interval summed) and the seconds it covers. */
    private final Map<String, Map<String, double[]>> points = new LinkedHashMap<>();

    private final SweepModel sweep;
    private final AtomicLong version = new AtomicLong();
    private volatile Metric metric = Metric.RECEIVE_DROPS;

    SweepCounters(SweepModel sweep) {
        this.sweep = sweep;
    }

    /** Rows of a point as they come (any thread). */
    public void add(String point, List<HostCounterRow> rows) {
        synchronized (points) {
            Map<String, double[]> p = points.computeIfAbsent(point, k -> new HashMap<>());
            for (HostCounterRow r : rows) {
                double[] acc = p.computeIfAbsent(r.end() + "|" + r.name(), k -> new double[2]);
                acc[0] += r.value() * r.intervalS();
                acc[1] += r.intervalS();
            }
        }
        version.incrementAndGet();
    }

    public Metric metric() {
        return metric;
    }

    public void setMetric(Metric m) {
        metric = m;
        version.incrementAndGet();
    }

    /**
     * The metric at each point that has counters, in the sweep's order: counts summed over both ends (lost
     * segments: retransmits less those the receiver had already, D-SACK), a share the busier end's mean.
     */
    public Map<String, Double> values(Metric m) {
        Map<String, Double> out = new LinkedHashMap<>();
        synchronized (points) {
            for (Map.Entry<String, Map<String, double[]>> e : points.entrySet()) {
                Double v = value(m, e.getValue());
                if (v != null) {
                    out.put(e.getKey(), v);
                }
            }
        }
        return out;
    }

    private static Double value(Metric m, Map<String, double[]> p) {
        Double out = null;
        for (String end : List.of("client", "server")) {
            for (String name : m.names) {
                double[] acc = p.get(end + "|" + name);
                if (acc == null || acc[1] <= 0) {
                    continue;
                }
                double v = m.share ? acc[0] / acc[1] : acc[0];
                if (m == Metric.LOST_SEGMENTS) {
                    double[] dup = p.get(end + "|dsack_recv_segs");
                    v = Math.max(0, v - (dup == null ? 0 : dup[0]));
                }
                out = out == null ? v : m.share ? Math.max(out, v) : out + v;
            }
        }
        return out;
    }

    @Override
    public long version() {
        return version.get() + sweep.version();
    }

    @Override
    public PlotFrame frame(int columns) {
        Metric m = metric;
        LiveSeries.Polyline line = new LiveSeries.Polyline();
        double xmin = Double.POSITIVE_INFINITY;
        double xmax = Double.NEGATIVE_INFINITY;
        double hi = 0;
        List<double[]> xy = new ArrayList<>();
        values(m).forEach((p, v) -> xy.add(new double[] {sweep.x(p), v}));
        xy.sort((a, b) -> Double.compare(a[0], b[0]));
        for (double[] p : xy) {
            line.add(p[0], p[1]);
            xmin = Math.min(xmin, p[0]);
            xmax = Math.max(xmax, p[0]);
            hi = Math.max(hi, p[1]);
        }
        if (xy.isEmpty()) {
            xmin = 0;
            xmax = 1;
        }
        double span = xmax > xmin ? xmax - xmin : Math.max(1, Math.abs(xmin) * 0.1);
        List<PlotFrame.Line> lines = xy.isEmpty()
                ? List.of()
                : List.of(new PlotFrame.Line("counter", m.label, Palette.WARNING, 2f, false, true, line));
        return new PlotFrame(
                m.label + " per point",
                sweep.xLabel(),
                ValueUnit.NUMBER,
                m.unit,
                xmin - span * 0.05,
                xmax + span * 0.05,
                0,
                m == Metric.BUSIEST_CORE ? 100 : Math.max(1, hi * 1.1),
                lines,
                List.of(),
                List.of(),
                xy.isEmpty() ? "no host counters for a point yet" : null);
    }

    @Override
    public HoverValues valuesAt(double x) {
        Metric m = metric;
        String best = null;
        double bestV = 0;
        for (Map.Entry<String, Double> e : values(m).entrySet()) {
            if (best == null || Math.abs(sweep.x(e.getKey()) - x) < Math.abs(sweep.x(best) - x)) {
                best = e.getKey();
                bestV = e.getValue();
            }
        }
        if (best == null) {
            return new HoverValues("", List.of());
        }
        String value = m.share ? String.format(Locale.ROOT, "%.0f %%", bestV) : String.valueOf(Math.round(bestV));
        return new HoverValues(best, List.of(new HoverValues.Entry(m.label, Palette.WARNING, value)));
    }
}
