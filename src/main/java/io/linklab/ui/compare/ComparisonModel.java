package io.linklab.ui.compare;

import io.linklab.model.Direction;
import io.linklab.model.Rates;
import io.linklab.model.Sample;
import io.linklab.model.SweepRow;
import io.linklab.ui.charts.LiveChartContent;
import io.linklab.ui.charts.LiveSeries;
import io.linklab.ui.charts.Palette;
import io.linklab.ui.charts.ValueUnit;
import io.linklab.ui.history.PastRun;
import java.time.Duration;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Two or more runs side by side (seed 002's iperf2-vs-iperf3 and MTU 1500-vs-9000 tables): their SUM bitrate
 * overlaid on one time axis, sweep curves overlaid when they are sweeps, and a table of headline figures and
 * recorded environment with the rows that differ marked. Plain data, no JavaFX.
 */
public final class ComparisonModel {

    /** A row of the side-by-side table; {@code differs} when not all runs have the same value. */
    public record Row(String section, String name, List<String> values, boolean differs) {}

    private static final DateTimeFormatter WHEN =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneId.systemDefault());

    private final List<PastRun> runs;
    private final LiveChartContent overlay =
            new LiveChartContent("SUM bitrate, runs overlaid", ValueUnit.BITS_PER_SECOND);
    private final LiveChartContent sweepOverlay;

    public ComparisonModel(List<PastRun> runs) {
        if (runs.size() < 2) {
            throw new IllegalArgumentException("select two or more runs to compare");
        }
        this.runs = List.copyOf(runs);
        boolean sweeps = runs.stream().anyMatch(PastRun::isSweep);
        sweepOverlay = sweeps
                ? new LiveChartContent("Throughput per sweep point, runs overlaid", ValueUnit.BITS_PER_SECOND)
                : null;
        for (int i = 0; i < runs.size(); i++) {
            addRun(i, runs.get(i));
        }
    }

    private void addRun(int index, PastRun run) {
        int colour = Palette.color(index);
        String who = label(run);
        // Per direction: the tool's SUM rows, else the streams added up, interval by interval. One end's view
        // only (a run's client, a log's first), and of SUMs the merged one of several processes where there is one.
        boolean hasSum = run.samples().stream().anyMatch(s -> s.sample().isSum());
        boolean mergedSums = run.samples().stream()
                .anyMatch(s -> s.sample().isSum() && s.sample().process() == null);
        Boolean drawnIsClient = run.plan() != null
                ? Boolean.TRUE
                : run.samples().stream()
                        .map(s -> s.sample().printedByClient())
                        .filter(Objects::nonNull)
                        .findFirst()
                        .orElse(null);
        Map<Direction, LiveSeries> sums = new LinkedHashMap<>();
        String lastPoint = run.samples().isEmpty()
                ? ""
                : run.samples().get(run.samples().size() - 1).point();
        int lastRep = run.samples().isEmpty()
                ? 0
                : run.samples().get(run.samples().size() - 1).repetition();
        for (PastRun.PointSample ps : run.samples()) {
            Sample s = ps.sample();
            // A sweep's time series would overlap point after point; its last point stands for it here.
            if (!ps.point().equals(lastPoint)
                    || ps.repetition() != lastRep
                    || s.omitted()
                    || s.bitsPerSecond() == null
                    || s.isSum() != hasSum
                    || mergedSums && s.process() != null
                    || s.printedByClient() != null && !s.printedByClient().equals(drawnIsClient)) {
                continue;
            }
            Direction d = s.direction() == null ? Direction.C2S : s.direction();
            LiveSeries series = sums.computeIfAbsent(d, k -> new LiveSeries(run.id() + "|" + k, 1 << 16));
            series.accumulate(s.endS(), s.bitsPerSecond());
        }
        boolean twoWay = sums.size() > 1;
        for (Map.Entry<Direction, LiveSeries> e : sums.entrySet()) {
            overlay.add(
                    e.getValue(),
                    who + (twoWay ? " " + e.getKey().csv() : ""),
                    colour,
                    2f,
                    e.getKey() == Direction.S2C);
        }
        if (sweepOverlay != null && run.isSweep()) {
            Map<Direction, LiveSeries> curves = new LinkedHashMap<>();
            List<String> order = new ArrayList<>();
            for (SweepRow r : run.sweepRows()) {
                if (!order.contains(r.point())) {
                    order.add(r.point());
                }
            }
            for (SweepRow r : run.sweepRows()) {
                if (r.bitsPerSecond() == null) {
                    continue;
                }
                double x = r.mtu() != null ? r.mtu() : order.indexOf(r.point()) + 1;
                curves.computeIfAbsent(r.direction(), k -> new LiveSeries(run.id() + "|sweep|" + k, 4096))
                        .add(x, r.bitsPerSecond());
            }
            for (Map.Entry<Direction, LiveSeries> e : curves.entrySet()) {
                sweepOverlay.add(e.getValue(), who + " " + e.getKey().csv(), colour, 2f, e.getKey() == Direction.S2C);
            }
        }
    }

    /** "name (tool, date)" — short enough for a legend. */
    public static String label(PastRun run) {
        return run.title() + (run.tool() == null ? "" : " · " + run.tool());
    }

    public List<PastRun> runs() {
        return runs;
    }

    public LiveChartContent overlay() {
        return overlay;
    }

    /** The overlaid sweep curves, or null when no run is a sweep. */
    public LiveChartContent sweepOverlay() {
        return sweepOverlay;
    }

    /** Headline figures first, then the plan, then every recorded environment fact. */
    public List<Row> rows() {
        List<Row> out = new ArrayList<>();
        add(out, "run", "started", r -> r.started() == null ? "" : WHEN.format(r.started()));
        add(
                out,
                "run",
                "duration",
                r -> r.started() == null || r.ended() == null
                        ? ""
                        : Duration.between(r.started(), r.ended()).toSeconds() + " s");
        add(out, "run", "state", PastRun::stateText);
        add(out, "run", "tool", PastRun::tool);
        add(out, "run", "hosts", r -> String.join(" → ", r.hosts()));
        add(out, "run", "plan", PastRun::planSummary);
        add(out, "headline", "c2s (SUM receiver)", r -> rate(r.headline().get(Direction.C2S)));
        add(out, "headline", "s2c (SUM receiver)", r -> rate(r.headline().get(Direction.S2C)));
        add(out, "headline", "sum", r -> {
            Double c = r.headline().get(Direction.C2S);
            Double s = r.headline().get(Direction.S2C);
            return c == null && s == null ? "" : rate((c == null ? 0 : c) + (s == null ? 0 : s));
        });
        add(out, "headline", "retransmits", r -> {
            Long total = null;
            for (SweepRow row : r.sweepRows()) {
                if (row.retransmits() != null) {
                    total = (total == null ? 0 : total) + row.retransmits();
                }
            }
            return total == null ? "" : total.toString();
        });
        TreeSet<String> keys = new TreeSet<>();
        runs.forEach(r -> keys.addAll(r.environment().keySet()));
        for (String k : keys) {
            add(out, "environment", k, r -> r.environment().getOrDefault(k, ""));
        }
        return out;
    }

    /** The share of the first run's SUM that each run reached, per direction: "1.00", "3.21" (for the title row). */
    public Map<String, String> ratioToFirst() {
        Map<String, String> out = new HashMap<>();
        Double base = total(runs.get(0));
        for (PastRun r : runs) {
            Double t = total(r);
            out.put(
                    r.id(),
                    base == null || t == null || base == 0 ? "" : String.format(Locale.ROOT, "%.2f×", t / base));
        }
        return out;
    }

    private static Double total(PastRun r) {
        if (r.headline().isEmpty()) {
            return null;
        }
        return r.headline().values().stream().mapToDouble(Double::doubleValue).sum();
    }

    private void add(List<Row> out, String section, String name, Function<PastRun, String> f) {
        List<String> values = new ArrayList<>();
        for (PastRun r : runs) {
            String v = f.apply(r);
            values.add(v == null ? "" : v);
        }
        if (values.stream().allMatch(String::isEmpty)) {
            return;
        }
        boolean differs = values.stream().distinct().count() > 1;
        out.add(new Row(section, name, values, differs));
    }

    private static String rate(Double bps) {
        return Rates.screenTextOrEmpty(bps);
    }
}
