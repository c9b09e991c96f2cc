package io.linklab.ui.dashboard;

import io.linklab.engine.RunInfo;
import io.linklab.model.PlanDuration;
import io.linklab.model.TestPlan;
import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * When a run and its points started and ended, and from that its progress and the time it still needs.
 * Not thread-safe: its owner guards it.
 */
final class RunClock {

    private final LongSupplier nanos;
    private long startNanos;
    private long endNanos;
    private long pointStartNanos;
    private long pointsDoneNanos;
    private int pointIndex;
    private int pointsDone;
    private String point = "";

    RunClock(LongSupplier nanos) {
        this.nanos = nanos;
        startNanos = nanos.getAsLong();
        pointStartNanos = startNanos;
    }

    void runStarted() {
        startNanos = nanos.getAsLong();
        pointStartNanos = startNanos;
    }

    void pointStarted(String label, int index) {
        point = label;
        pointIndex = index;
        pointStartNanos = nanos.getAsLong();
    }

    void pointFinished() {
        pointsDone++;
        pointsDoneNanos = nanos.getAsLong();
    }

    void runFinished() {
        endNanos = nanos.getAsLong();
    }

    LiveRunModel.Progress progress(RunInfo i, boolean finished) {
        TestPlan plan = i == null ? null : i.plan();
        int points = i == null ? 1 : Math.max(1, i.points().size());
        long now = finished ? endNanos : nanos.getAsLong();
        double elapsed = (now - startNanos) / 1e9;
        // Until a point has finished, what the wizard estimated.
        double perPoint = plan == null ? 10 : PlanDuration.pointSeconds(plan);
        if (pointsDone > 0) {
            // What the finished points took is a better guess than the plan (MTU changes, slow servers).
            perPoint = (pointsDoneNanos - startNanos) / 1e9 / pointsDone;
        }
        double inPoint = Math.min(1, Math.max(0, (now - pointStartNanos) / 1e9 / perPoint));
        double done = Math.min(points, pointsDone + (pointsDone > pointIndex ? 0 : inPoint));
        double fraction = finished ? 1 : Math.min(0.99, done / points);
        double remaining = finished ? 0 : Math.max(0, (points - done) * perPoint);
        return new LiveRunModel.Progress(
                fraction,
                Duration.ofMillis((long) (elapsed * 1000)),
                Duration.ofMillis((long) (remaining * 1000)),
                pointIndex,
                points,
                point);
    }
}
