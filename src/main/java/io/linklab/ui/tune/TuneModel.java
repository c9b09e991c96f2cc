package io.linklab.ui.tune;

import io.linklab.engine.PlanScript;
import io.linklab.model.HostSpec;
import io.linklab.model.TestPlan;
import io.linklab.tune.Probe;
import io.linklab.tune.TuneReport;
import io.linklab.tune.TuneStep;
import io.linklab.ui.charts.ChartContent;
import io.linklab.ui.charts.LiveSeries;
import io.linklab.ui.charts.Palette;
import io.linklab.ui.charts.PlotFrame;
import io.linklab.ui.charts.ValueUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * A tune as the window shows it: rate against step (each probe a point, min–max bars over its repetitions, failed
 * probes crossed out, the winner marked), the step's settings on hover, and once it ended its result, the winner's
 * script and the winner as a test plan. Written by the run's thread (each step as it ends), read by the chart's
 * render thread and the FX thread: thread-safe, no JavaFX.
 */
public final class TuneModel implements ChartContent {

    /** The end of a tune: what it found. */
    public record Result(List<String> report, TestPlan winner) {
        public Result {
            report = List.copyOf(report);
        }
    }

    private final List<TuneStep> steps = new CopyOnWriteArrayList<>();
    private final AtomicLong version = new AtomicLong();
    private final Function<String, Optional<HostSpec>> hosts;
    private final Double linkSpeedBps;
    private volatile Result result;
    private volatile String ending;
    private volatile Runnable onChange = () -> {};

    /**
     * @param hosts        the lab's host for a login (its key file and jump host in the script), empty if none
     * @param linkSpeedBps the link's speed in bits per second, null when not known
     */
    public TuneModel(Function<String, Optional<HostSpec>> hosts, Double linkSpeedBps) {
        this.hosts = hosts;
        this.linkSpeedBps = linkSpeedBps;
    }

    /** A tune read back from its folder. */
    public static TuneModel stored(List<TuneStep> steps, List<String> report, TestPlan winner) {
        TuneModel m = new TuneModel(login -> Optional.empty(), null);
        steps.forEach(m::step);
        m.finished(new Result(report, winner), null);
        return m;
    }

    /** Told on the writer's thread after each step and at the end (a view hands it to the FX thread). */
    public void setOnChange(Runnable action) {
        this.onChange = action;
    }

    /** A probe ended (any thread). */
    public void step(TuneStep s) {
        steps.add(s);
        version.incrementAndGet();
        onChange.run();
    }

    /**
     * The tune ended (any thread).
     *
     * @param ending how the run ended when it failed or was stopped ("lost contact with h2"), else null
     */
    public void finished(Result r, String ending) {
        this.result = r;
        this.ending = ending;
        version.incrementAndGet();
        onChange.run();
    }

    /** Whether the tune ended. */
    public boolean ended() {
        return result != null;
    }

    public List<TuneStep> steps() {
        return List.copyOf(steps);
    }

    /** Null while the tune runs. */
    public Result result() {
        return result;
    }

    /** What the tune is doing, in one line: the last probe, or how it ended. */
    public String status() {
        List<TuneStep> s = steps();
        Result r = result;
        if (r != null) {
            String stopped = r.report().stream()
                    .filter(l -> l.startsWith("stopped: "))
                    .findFirst()
                    .orElse(r.report().isEmpty() ? "ended" : r.report().get(0));
            return "Tune ended after " + s.size() + " probes — " + stopped + (ending == null ? "" : "; " + ending);
        }
        return s.isEmpty()
                ? "Logging in and probing both hosts…"
                : "Probe " + s.size() + " done — " + TuneReport.stepLine(s.get(s.size() - 1));
    }

    /** The result as text: the winner, its rate with min–max and share of the link, why it stopped, the script. */
    public String resultText() {
        Result r = result;
        return r == null ? "" : String.join("\n", r.report());
    }

    /** The winner's commands per host as a shell script, quoted as the run quotes them; "" without a winner. */
    public String script() {
        Result r = result;
        return r == null || r.winner() == null ? "" : PlanScript.of(r.winner(), hosts::apply);
    }

    /** The winner as a plan for the wizard ("Save as test"); empty without a winner. */
    public Optional<TestPlan> winnerPlan() {
        Result r = result;
        return r == null ? Optional.empty() : Optional.ofNullable(r.winner());
    }

    /** The step whose rate the result reports: the confirmation, else the best probe of the search. */
    public Optional<TuneStep> winnerStep() {
        List<TuneStep> s = steps();
        if (result == null) {
            return Optional.empty();
        }
        for (int i = s.size() - 1; i >= 0; i--) {
            if (s.get(i).reason().equals("confirm") && s.get(i).probe().ok()) {
                return Optional.of(s.get(i));
            }
        }
        TuneStep best = null;
        for (TuneStep t : s) {
            if (t.probe().ok()
                    && (best == null || t.probe().rate() > best.probe().rate())) {
                best = t;
            }
        }
        return Optional.ofNullable(best);
    }

    /** Points of the chart, for tests: (step, rate) of each probe that measured. */
    public List<double[]> ratePoints() {
        List<double[]> out = new ArrayList<>();
        for (TuneStep t : steps()) {
            if (t.probe().ok()) {
                out.add(new double[] {t.step(), t.probe().rate()});
            }
        }
        return out;
    }

    @Override
    public PlotFrame frame(int columns) {
        List<TuneStep> s = steps();
        LiveSeries.Polyline rates = new LiveSeries.Polyline();
        List<PlotFrame.Bar> bars = new ArrayList<>();
        List<PlotFrame.Mark> marks = new ArrayList<>();
        double hi = linkSpeedBps == null ? 0 : linkSpeedBps;
        for (TuneStep t : s) {
            Probe p = t.probe();
            if (!p.ok()) {
                marks.add(new PlotFrame.Mark(t.step(), 0, PlotFrame.Mark.Kind.FAILED, hoverTitle(t)));
                continue;
            }
            rates.add(t.step(), p.rate());
            hi = Math.max(hi, p.max());
            if (p.max() > p.min()) {
                bars.add(new PlotFrame.Bar(t.step(), p.min(), p.max(), Palette.color(0)));
            }
        }
        double x1 = Math.max(2, s.size()) + 0.5;
        List<PlotFrame.Line> lines = new ArrayList<>();
        if (rates.size() > 0) {
            lines.add(new PlotFrame.Line("probes", "probe rate", Palette.color(0), 2f, false, true, rates));
        }
        winnerStep().ifPresent(w -> {
            LiveSeries.Polyline at = new LiveSeries.Polyline();
            at.add(w.step(), w.probe().rate());
            lines.add(new PlotFrame.Line("winner", "winner", Palette.SUM, 2f, false, true, at));
            LiveSeries.Polyline level = new LiveSeries.Polyline();
            level.add(0.5, w.probe().rate());
            level.add(x1, w.probe().rate());
            lines.add(new PlotFrame.Line("winner-rate", "winner's rate", Palette.SUM, 1f, true, false, level));
        });
        if (linkSpeedBps != null) {
            LiveSeries.Polyline link = new LiveSeries.Polyline();
            link.add(0.5, linkSpeedBps);
            link.add(x1, linkSpeedBps);
            lines.add(new PlotFrame.Line("link", "link speed", Palette.WARNING, 1f, true, false, link));
        }
        return new PlotFrame(
                "Rate against step",
                "step",
                ValueUnit.COUNT,
                ValueUnit.BITS_PER_SECOND,
                0.5,
                x1,
                0,
                yTop(hi),
                lines,
                bars,
                marks,
                s.isEmpty() ? "waiting for the first probe…" : null);
    }

    /**
     * The top of the rate axis over {@code hi}, the highest probe or the link speed: room over it for the legend in
     * the plot's top corner, so that the legend covers no probe and no goal line.
     */
    private static double yTop(double hi) {
        return hi <= 0 ? 1 : hi * 1.3;
    }

    @Override
    public long version() {
        return version.get();
    }

    @Override
    public HoverValues valuesAt(double x) {
        TuneStep near = null;
        for (TuneStep t : steps()) {
            if (near == null || Math.abs(t.step() - x) < Math.abs(near.step() - x)) {
                near = t;
            }
        }
        if (near == null) {
            return new HoverValues("", List.of());
        }
        return new HoverValues(hoverTitle(near), hoverEntries(near));
    }

    /** "step 3: processes 1 -> 2". */
    static String hoverTitle(TuneStep t) {
        return "step " + t.step() + ": " + t.reason();
    }

    /** The step's settings, its rate with min–max, or why it failed. */
    static List<HoverValues.Entry> hoverEntries(TuneStep t) {
        Probe p = t.probe();
        List<HoverValues.Entry> e = new ArrayList<>();
        e.add(new HoverValues.Entry("settings", Palette.SUM, p.settings().label()));
        if (p.ok()) {
            ValueUnit u = ValueUnit.BITS_PER_SECOND;
            e.add(new HoverValues.Entry("rate", Palette.color(0), u.screenFormat(p.rate())));
            e.add(new HoverValues.Entry(
                    "min–max", Palette.color(0), u.screenFormat(p.min()) + " – " + u.screenFormat(p.max())));
        } else {
            e.add(new HoverValues.Entry("failed", Palette.FAILED, p.failure()));
        }
        return e;
    }
}
