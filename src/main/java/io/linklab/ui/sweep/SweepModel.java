package io.linklab.ui.sweep;

import io.linklab.model.Direction;
import io.linklab.model.SweepRow;
import io.linklab.model.TestPlan;
import io.linklab.ui.charts.ChartContent;
import io.linklab.ui.charts.LiveSeries;
import io.linklab.ui.charts.Palette;
import io.linklab.ui.charts.PlotFrame;
import io.linklab.ui.charts.ValueUnit;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A sweep's results as they complete: the parameter-vs-throughput chart (one line per direction, min–max bars
 * over repetitions, failed points crossed out, diverging directions flagged) and the seed-003 table. Written by
 * engine threads (pointFinished), read by the chart render thread and the FX table; thread-safe.
 */
public final class SweepModel implements ChartContent {

    /** A point whose weaker direction is below this share of the stronger one is flagged (seed 003 past MTU 6000). */
    public static final double DIVERGENCE_RATIO = 0.5;

    /** One line of the table under the chart. Rates in bits/s; null when that direction was not measured. */
    public record TableRow(
            String point,
            double x,
            Double c2s,
            Double s2c,
            Double sum,
            Double gain,
            Long retransmits,
            String status,
            String flag) {
        public boolean ok() {
            return "ok".equals(status);
        }
    }

    private final TestPlan.SweepKind kind;
    private final List<String> order;
    private final Map<String, Map<Direction, SweepRow>> results = new LinkedHashMap<>();
    private final AtomicLong version = new AtomicLong();
    private volatile boolean bytes;
    private final SweepCounters counters = new SweepCounters(this);

    /** @param order the point labels in plan order ("mtu=1500", …), so points show in order whatever finishes first */
    public SweepModel(TestPlan.SweepKind kind, List<String> order) {
        this.kind = kind == null ? TestPlan.SweepKind.MTU : kind;
        this.order = List.copyOf(order);
    }

    /** A finished sweep read back (history, import): its rows in file order. */
    public static SweepModel of(TestPlan.SweepKind kind, List<SweepRow> rows) {
        List<String> order = new ArrayList<>();
        for (SweepRow r : rows) {
            if (!order.contains(r.point())) {
                order.add(r.point());
            }
        }
        SweepModel m = new SweepModel(kind, order);
        for (String p : order) {
            m.pointFinished(p, rows.stream().filter(r -> r.point().equals(p)).toList());
        }
        return m;
    }

    /** The hosts' counters per point, for the chart under this one. */
    public SweepCounters counters() {
        return counters;
    }

    public TestPlan.SweepKind kind() {
        return kind;
    }

    public void pointFinished(String point, List<SweepRow> rows) {
        synchronized (results) {
            Map<Direction, SweepRow> byDir = results.computeIfAbsent(point, p -> new EnumMap<>(Direction.class));
            for (SweepRow r : rows) {
                byDir.put(r.direction() == null ? Direction.C2S : r.direction(), r);
            }
        }
        version.incrementAndGet();
    }

    public void setBytes(boolean bytes) {
        this.bytes = bytes;
        version.incrementAndGet();
    }

    public int completedPoints() {
        synchronized (results) {
            return results.size();
        }
    }

    @Override
    public long version() {
        return version.get();
    }

    /**
     * The x of a point: the swept value the engine recorded (its MTU, stream count, window in bytes …). Rows of
     * runs recorded before sweep rows held that value fall back to their MTU, streams or processes, then to the
     * value in the point's label ("window=128K"), then to the point's place in the plan.
     */
    public double x(String point) {
        synchronized (results) {
            Map<Direction, SweepRow> byDir = results.get(point);
            if (byDir != null) {
                for (SweepRow r : byDir.values()) {
                    if (r.value() != null) {
                        return r.value();
                    }
                }
                for (SweepRow r : byDir.values()) {
                    if (kind == TestPlan.SweepKind.MTU && r.mtu() != null) {
                        return r.mtu();
                    }
                    if (kind == TestPlan.SweepKind.STREAMS && r.streams() != null) {
                        return r.streams();
                    }
                    if (kind == TestPlan.SweepKind.PROCESSES && r.processes() != null) {
                        return r.processes();
                    }
                }
            }
        }
        String value = point.contains("=") ? point.substring(point.indexOf('=') + 1) : point;
        double v = parseSize(value);
        if (!Double.isNaN(v)) {
            return v;
        }
        int i = order.indexOf(point);
        return i >= 0 ? i + 1 : order.size() + 1;
    }

    /** "1500" → 1500, "128K" → 131072, "4M" → 4194304; NaN if not a size. */
    static double parseSize(String s) {
        String t = s.trim().toUpperCase(Locale.ROOT);
        if (t.isEmpty()) {
            return Double.NaN;
        }
        double mult = 1;
        char last = t.charAt(t.length() - 1);
        if (last == 'K' || last == 'M' || last == 'G') {
            mult = last == 'K' ? 1024 : last == 'M' ? 1024 * 1024 : 1024.0 * 1024 * 1024;
            t = t.substring(0, t.length() - 1);
        }
        try {
            return Double.parseDouble(t) * mult;
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    public String xLabel() {
        return switch (kind) {
            case MTU -> "MTU (bytes)";
            case STREAMS -> "parallel streams";
            case PROCESSES -> "processes";
            case WINDOW -> "window (bytes)";
            case MESSAGE_SIZE -> "message size (bytes)";
        };
    }

    /** The table rows in plan order, finished points only. */
    public List<TableRow> table() {
        List<TableRow> out = new ArrayList<>();
        Double firstSum = null;
        synchronized (results) {
            List<String> points = new ArrayList<>(order);
            for (String p : results.keySet()) {
                if (!points.contains(p)) {
                    points.add(p);
                }
            }
            for (String p : points) {
                Map<Direction, SweepRow> byDir = results.get(p);
                if (byDir == null) {
                    continue;
                }
                SweepRow c = byDir.get(Direction.C2S);
                SweepRow s = byDir.get(Direction.S2C);
                Double c2s = c == null ? null : c.bitsPerSecond();
                Double s2c = s == null ? null : s.bitsPerSecond();
                Double sum = c2s == null && s2c == null ? null : (c2s == null ? 0 : c2s) + (s2c == null ? 0 : s2c);
                boolean ok = (c == null || c.ok()) && (s == null || s.ok());
                String status = ok ? "ok" : failure(c, s);
                if (firstSum == null && ok && sum != null && sum > 0) {
                    firstSum = sum;
                }
                Double gain = ok && sum != null && firstSum != null ? sum / firstSum : null;
                Long retr = null;
                for (SweepRow r : byDir.values()) {
                    if (r.retransmits() != null) {
                        retr = (retr == null ? 0 : retr) + r.retransmits();
                    }
                }
                out.add(new TableRow(p, x(p), c2s, s2c, sum, gain, retr, status, divergence(c2s, s2c)));
            }
        }
        return out;
    }

    private static String failure(SweepRow c, SweepRow s) {
        if (c != null && !c.ok()) {
            return c.status();
        }
        return s.status();
    }

    /** The flag text for a point whose directions diverge sharply, or null. */
    static String divergence(Double c2s, Double s2c) {
        if (c2s == null || s2c == null || c2s <= 0 && s2c <= 0) {
            return null;
        }
        double hi = Math.max(c2s, s2c);
        double lo = Math.min(c2s, s2c);
        if (lo / hi >= DIVERGENCE_RATIO) {
            return null;
        }
        boolean sendStronger = c2s >= s2c;
        return String.format(
                Locale.ROOT,
                "directions diverge: %s %s is %.0f%% of %s %s",
                sendStronger ? "s2c" : "c2s",
                ValueUnit.BITS_PER_SECOND.format(lo),
                100 * lo / hi,
                sendStronger ? "c2s" : "s2c",
                ValueUnit.BITS_PER_SECOND.format(hi));
    }

    @Override
    public PlotFrame frame(int columns) {
        List<TableRow> rows = table();
        LiveSeries.Polyline send = new LiveSeries.Polyline();
        LiveSeries.Polyline receive = new LiveSeries.Polyline();
        List<PlotFrame.Bar> bars = new ArrayList<>();
        List<PlotFrame.Mark> marks = new ArrayList<>();
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        double xmin = Double.POSITIVE_INFINITY;
        double xmax = Double.NEGATIVE_INFINITY;
        Map<String, Map<Direction, SweepRow>> snapshot;
        synchronized (results) {
            snapshot = new LinkedHashMap<>();
            results.forEach((k, v) -> snapshot.put(k, new EnumMap<>(v)));
        }
        for (TableRow r : rows) {
            xmin = Math.min(xmin, r.x());
            xmax = Math.max(xmax, r.x());
            if (!r.ok()) {
                marks.add(new PlotFrame.Mark(r.x(), 0, PlotFrame.Mark.Kind.FAILED, r.point() + ": " + r.status()));
                continue;
            }
            if (r.c2s() != null) {
                send.add(r.x(), r.c2s());
                hi = Math.max(hi, r.c2s());
                lo = Math.min(lo, r.c2s());
            }
            if (r.s2c() != null) {
                receive.add(r.x(), r.s2c());
                hi = Math.max(hi, r.s2c());
                lo = Math.min(lo, r.s2c());
            }
            for (SweepRow sr : snapshot.getOrDefault(r.point(), Map.of()).values()) {
                if (sr.ok()
                        && sr.bitsPerSecondMin() != null
                        && sr.bitsPerSecondMax() != null
                        && sr.bitsPerSecondMax() > sr.bitsPerSecondMin()) {
                    bars.add(new PlotFrame.Bar(
                            r.x(),
                            sr.bitsPerSecondMin(),
                            sr.bitsPerSecondMax(),
                            sr.direction() == Direction.S2C ? Palette.color(1) : Palette.color(0)));
                    hi = Math.max(hi, sr.bitsPerSecondMax());
                }
            }
            if (r.flag() != null) {
                marks.add(new PlotFrame.Mark(
                        r.x(), Math.max(r.c2s(), r.s2c()), PlotFrame.Mark.Kind.WARNING, r.point() + ": " + r.flag()));
            }
        }
        List<PlotFrame.Line> lines = new ArrayList<>();
        if (send.size() > 0) {
            lines.add(new PlotFrame.Line("c2s", "c2s (send)", Palette.color(0), 2f, false, true, send));
        }
        if (receive.size() > 0) {
            lines.add(new PlotFrame.Line("s2c", "s2c (receive)", Palette.color(1), 2f, false, true, receive));
        }
        if (xmin == Double.POSITIVE_INFINITY) {
            xmin = 0;
            xmax = 1;
        }
        double span = xmax > xmin ? xmax - xmin : Math.max(1, Math.abs(xmin) * 0.1);
        if (hi <= 0) {
            hi = 1;
        }
        String message = rows.isEmpty() ? "waiting for the first point…" : null;
        return new PlotFrame(
                "Throughput vs " + xLabel(),
                xLabel(),
                ValueUnit.NUMBER,
                bytes ? ValueUnit.BYTES_PER_SECOND : ValueUnit.BITS_PER_SECOND,
                xmin - span * 0.05,
                xmax + span * 0.05,
                0,
                hi * 1.1,
                lines,
                bars,
                marks,
                message);
    }

    @Override
    public HoverValues valuesAt(double x) {
        List<TableRow> rows = table();
        TableRow best = null;
        for (TableRow r : rows) {
            if (best == null || Math.abs(r.x() - x) < Math.abs(best.x() - x)) {
                best = r;
            }
        }
        if (best == null) {
            return new HoverValues("", List.of());
        }
        ValueUnit u = bytes ? ValueUnit.BYTES_PER_SECOND : ValueUnit.BITS_PER_SECOND;
        List<HoverValues.Entry> e = new ArrayList<>();
        if (!best.ok()) {
            e.add(new HoverValues.Entry("failed", Palette.FAILED, best.status()));
        }
        if (best.c2s() != null) {
            e.add(new HoverValues.Entry("c2s (send)", Palette.color(0), u.screenFormat(best.c2s())));
        }
        if (best.s2c() != null) {
            e.add(new HoverValues.Entry("s2c (receive)", Palette.color(1), u.screenFormat(best.s2c())));
        }
        if (best.flag() != null) {
            e.add(new HoverValues.Entry("flag", Palette.WARNING, best.flag()));
        }
        return new HoverValues(best.point(), e);
    }
}
