package io.linklab.ui.dashboard;

import io.linklab.counters.Finding;
import io.linklab.counters.HostCounterRow;
import io.linklab.engine.RunInfo;
import io.linklab.engine.RunListener;
import io.linklab.engine.RunOutcome;
import io.linklab.engine.SweepPoint;
import io.linklab.model.Direction;
import io.linklab.model.Sample;
import io.linklab.model.SweepRow;
import io.linklab.model.TestPlan;
import io.linklab.model.ToolEvent;
import io.linklab.tools.iperf3.Iperf3TextParser;
import io.linklab.ui.charts.LiveChartContent;
import io.linklab.ui.sweep.SweepModel;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The live state of one run, fed by the engine's threads through {@link RunListener}: chart series per stream and
 * the engine's SUM samples per direction (and per process), charted as they come and never added up here; the
 * current value of each stream, progress, and the bounded raw console per host. No JavaFX here; the dashboard view takes {@link Snapshot}s at a throttled rate.
 */
public final class LiveRunModel implements RunListener {
    private final HostLanes hostLanes = new HostLanes();
    private final RunFindings findings = new RunFindings();

    /** The process name the parsers give to a server's output inside a log ({@code Iperf3TextParser.SERVER_OUTPUT}). */
    private static final String SERVER_OUTPUT = Iperf3TextParser.SERVER_OUTPUT;

    /** Console lines kept per host; older ones are dropped from view (the full output is in the run folder). */
    public static final int CONSOLE_LINES = 2000;

    /** One stream of one process in one direction; stream is the tool's id or "SUM". */
    public record StreamKey(String process, String stream, Direction direction) {
        public String label(boolean withDirection) {
            String p = process == null ? "" : process + "/";
            return p
                    + (Sample.SUM.equals(stream) ? "SUM" : "stream " + stream)
                    + (withDirection ? " " + direction.csv() : "");
        }
    }

    /**
     * The table row of a stream: its latest interval, and its average so far (a SUM's: the point's mean receiver
     * rate once the point ended, the figure findings quote). Null fields were not reported.
     */
    public record StreamRow(
            StreamKey key,
            double endS,
            Double bitsPerSecond,
            Long retransmits,
            long totalRetransmits,
            Long cwndBytes,
            Double rttMs,
            Double jitterMs,
            Double lossPercent,
            Double averageBitsPerSecond) {}

    public record Progress(
            double fraction, Duration elapsed, Duration remaining, int pointIndex, int points, String point) {}

    /** What the FX side shows, taken at most 20 times a second. Console lines are the ones new since the last one. */
    public record Snapshot(
            List<StreamRow> rows,
            Map<String, List<String>> newConsoleLines,
            Progress progress,
            String status,
            RunOutcome outcome,
            int sweepPoints) {}

    private final Object lock = new Object();

    private volatile RunInfo info;
    private volatile SweepModel sweep;
    private volatile Runnable changed = () -> {};

    // Guarded by lock.
    private final LiveCharts charts = new LiveCharts();
    private final RunConsoles consoles = new RunConsoles(CONSOLE_LINES);
    private final RunClock clock;
    private final Map<StreamKey, LiveCharts.StreamLines> streamLines = new HashMap<>();
    private final StreamRows rows = new StreamRows();
    private String status = "starting…";
    private RunOutcome outcome;
    private int streamsThisPoint = 1;
    private boolean sawRtt;
    private final EndViews ends = new EndViews();

    public LiveRunModel() {
        this(System::nanoTime);
    }

    /** @param nanos the clock for elapsed/remaining time (tests pass a fake one) */
    public LiveRunModel(LongSupplier nanos) {
        this.clock = new RunClock(nanos);
    }

    /** The host counters for the lanes under the bitrate chart. */
    public HostLanes hostLanes() {
        return hostLanes;
    }

    @Override
    public void hostCounters(String pointLabel, List<HostCounterRow> rows) {
        hostLanes.add(pointLabel, rows);
        SweepModel s = sweep;
        if (s != null) {
            s.counters().add(pointLabel, rows);
        }
        changed.run();
    }

    /** The findings of the run's repetitions so far, for the Findings block. */
    public RunFindings findings() {
        return findings;
    }

    @Override
    public void findings(String pointLabel, List<Finding> found) {
        findings.add(pointLabel, found);
        changed.run();
    }

    /** Called (on an engine thread) after every change; the dashboard hooks its throttle here. */
    public void onChange(Runnable changed) {
        this.changed = changed == null ? () -> {} : changed;
    }

    public LiveChartContent bitrate() {
        return charts.bitrate;
    }

    public LiveChartContent retransmits() {
        return charts.retransmits;
    }

    public LiveChartContent cwnd() {
        return charts.cwnd;
    }

    public LiveChartContent rtt() {
        return charts.rtt;
    }

    public LiveChartContent jitter() {
        return charts.jitter;
    }

    public LiveChartContent loss() {
        return charts.loss;
    }

    /** The sweep's chart and table, or null outside sweeps. */
    public SweepModel sweep() {
        return sweep;
    }

    public RunInfo info() {
        return info;
    }

    public boolean showsRtt() {
        synchronized (lock) {
            return sawRtt;
        }
    }

    public boolean isUdp() {
        RunInfo i = info;
        synchronized (lock) {
            return charts.sawUdp() || i != null && i.plan() != null && i.plan().protocol() == TestPlan.Protocol.UDP;
        }
    }

    /** Every chart of the dashboard, for unit switches and follow/freeze. */
    public List<LiveChartContent> charts() {
        return charts.all();
    }

    @Override
    public void runStarted(RunInfo runInfo) {
        synchronized (lock) {
            info = runInfo;
            clock.runStarted();
            status = "running " + runInfo.runId();
            TestPlan plan = runInfo.plan();
            if (plan != null && plan.isSweep()) {
                sweep = new SweepModel(plan.sweep().kind(), runInfo.points());
            }
            streamsThisPoint = plan == null ? 1 : Math.max(1, plan.streams());
            for (Map.Entry<String, List<String>> e : runInfo.commands().entrySet()) {
                for (String c : e.getValue()) {
                    appendLine(e.getKey(), "$ " + c);
                }
            }
        }
        changed.run();
    }

    @Override
    public void pointStarted(SweepPoint point, int index, int total) {
        synchronized (lock) {
            clock.pointStarted(point.label(), index);
            TestPlan plan = point.plan();
            streamsThisPoint = plan == null ? 1 : Math.max(1, plan.streams());
            if (index > 0) {
                resetSeries();
            }
            status = total > 1 ? "point " + (index + 1) + " of " + total + ": " + point.label() : status;
            appendLine("engine", "— point " + (index + 1) + "/" + total + " " + point.label());
        }
        changed.run();
    }

    @Override
    public void repetitionStarted(SweepPoint point, int repetition, int repetitions) {
        if (repetition <= 1) {
            return;
        }
        synchronized (lock) {
            resetSeries();
        }
        changed.run();
    }

    /** A new point or a new repetition starts its clock at 0: the charts start over. */
    private void resetSeries() {
        charts.clear();
        streamLines.clear();
        rows.clear();
        ends.clear();
    }

    private boolean twoWay() {
        RunInfo i = info;
        return i != null && i.plan() != null && i.plan().mode() == TestPlan.Mode.BIDIR;
    }

    @Override
    public void sample(String pointLabel, Sample s) {
        if (s.omitted()) {
            return; // warm-up intervals are in the CSV, but would distort the live scale
        }
        synchronized (lock) {
            // A log may hold the server's view of the same flows after the client's: drawn, not added again.
            boolean serverView = SERVER_OUTPUT.equals(s.process());
            double x = s.endS();
            boolean bidir = twoWay();
            Direction dir = s.direction() == null ? Direction.C2S : s.direction();
            RunInfo runInfo = info;
            if (!serverView && ends.isOtherEnd(s, runInfo != null && runInfo.plan() != null)) {
                otherEndView(s, dir, x);
                return;
            }
            StreamKey key = new StreamKey(s.process(), s.stream(), dir);
            if (s.isSum()) {
                sumSample(s, key, dir, x, bidir, serverView);
            } else {
                streamSample(s, key, dir, x, bidir);
            }
        }
        changed.run();
    }

    /** A stream's own row of the drawn end: its lines and its table row. */
    private void streamSample(Sample s, StreamKey key, Direction dir, double x, boolean bidir) {
        LiveCharts.StreamLines lines = streamLines.computeIfAbsent(key, k -> new LiveCharts.StreamLines());
        ends.drawn(s, key);
        String label = key.label(bidir);
        if (s.bitsPerSecond() != null) {
            if (lines.bps == null) {
                lines.bps = charts.line(charts.bitrate, "bps|" + key, label, 1f, dir);
            }
            lines.bps.add(x, s.bitsPerSecond());
        }
        if (s.rttMs() != null) {
            sawRtt = true;
            charts.line(charts.rtt, "rtt|" + key, label, 1f, dir).add(x, s.rttMs());
        }
        Double lossPct = charts.details(s, lines, key.toString(), label, dir, x);
        rows.update(key, s, lossPct, true);
        for (Sample early : ends.release(s, key)) {
            otherEndView(early, dir, early.endS());
        }
    }

    /**
     * The other end's view of a drawn stream adds what the drawn end does not report: the sender's retransmits
     * and congestion window, the receiver's UDP jitter and loss. Its bitrate and SUMs are the same flow
     * counted again, so they are not drawn (see {@link EndViews}).
     */
    private void otherEndView(Sample s, Direction dir, double x) {
        StreamKey key = ends.drawnStreamOf(s, dir);
        if (key == null) {
            ends.hold(s, dir); // the other end printed this interval before the drawn end's first row came
            return;
        }
        LiveCharts.StreamLines lines = streamLines.computeIfAbsent(key, k -> new LiveCharts.StreamLines());
        Double lossPct = charts.details(s, lines, key.toString(), key.label(twoWay()), dir, x);
        rows.update(key, s, lossPct, false);
        changed.run();
    }

    /**
     * A SUM row of the engine's. The bold SUM of a direction is the SUM of all the drawn end's flows (process
     * null: the tool's own SUM line, the engine's SUM of a single stream, or its merge over processes), charted
     * as it is and never added up here. A process's own SUM is drawn half-bold where it differs from its only
     * stream; the server's section of a log (its view of the same flows) keeps its SUM apart too.
     */
    private void sumSample(Sample s, StreamKey key, Direction dir, double x, boolean bidir, boolean serverView) {
        Double bps = s.bitsPerSecond();
        if (s.process() == null) {
            String label = "SUM" + (bidir ? " " + dir.csv() : "");
            if (bps != null) {
                charts.sumLine(charts.bitrate, "sum|" + dir, label, dir).add(x, bps);
            }
            if (s.retransmits() != null) {
                charts.sumLine(charts.retransmits, "rsum|" + dir, label, dir).add(x, s.retransmits());
            }
            rows.sum(key, x, bps, s.retransmits(), s.retransmits());
        } else if (bps != null && (serverView || streamsThisPoint > 1 || info == null || info.plan() == null)) {
            charts.line(charts.bitrate, "psum|" + s.process() + "|" + dir, key.label(bidir), 1.8f, dir)
                    .add(x, bps);
        }
    }

    @Override
    public void event(String pointLabel, ToolEvent event) {
        synchronized (lock) {
            appendLine("engine", event.severity() + " " + event.kind() + ": " + event.message());
            if (event.severity() == ToolEvent.Severity.ERROR) {
                status = event.message();
            }
        }
        changed.run();
    }

    @Override
    public void output(String host, String line) {
        synchronized (lock) {
            appendLine(host, line);
        }
        changed.run();
    }

    @Override
    public void progress(String message) {
        synchronized (lock) {
            status = message;
            appendLine("engine", message);
        }
        changed.run();
    }

    @Override
    public void pointFinished(String pointLabel, List<SweepRow> sweepRows) {
        SweepModel s = sweep;
        if (s != null) {
            s.pointFinished(pointLabel, sweepRows);
        }
        synchronized (lock) {
            clock.pointFinished();
            for (SweepRow r : sweepRows) {
                if (r.bitsPerSecond() != null && r.direction() != null) {
                    rows.sumAverage(new StreamKey(null, Sample.SUM, r.direction()), r.bitsPerSecond());
                }
                if (!r.ok()) {
                    appendLine("engine", pointLabel + " " + r.direction().csv() + " " + r.status());
                }
            }
        }
        changed.run();
    }

    @Override
    public void runFinished(RunOutcome runOutcome) {
        synchronized (lock) {
            outcome = runOutcome;
            clock.runFinished();
            status = switch (runOutcome.status()) {
                case OK -> "finished";
                case CANCELLED -> "stopped";
                case FAILED -> "failed: " + runOutcome.message();
            };
            appendLine("engine", status);
        }
        changed.run();
    }

    private void appendLine(String host, String line) {
        consoles.append(host, line);
    }

    /** The console of a host as kept (bounded). */
    public List<String> console(String host) {
        synchronized (lock) {
            return consoles.of(host);
        }
    }

    public RunOutcome outcome() {
        synchronized (lock) {
            return outcome;
        }
    }

    /** The current state; console lines are handed over once (the next snapshot has only newer ones). */
    public Snapshot takeSnapshot() {
        synchronized (lock) {
            SweepModel s = sweep;
            return new Snapshot(
                    rows.all(),
                    consoles.takeFresh(),
                    clock.progress(info, outcome != null),
                    status,
                    outcome,
                    s == null ? 0 : s.completedPoints());
        }
    }
}
