package io.linklab.engine;

import io.linklab.model.Direction;
import io.linklab.model.SweepRow;
import io.linklab.model.TestPlan;
import io.linklab.remote.TransportException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One sweep point: its MTU set (with the first repetition's servers), its repetitions one after the other, and
 * its sweep rows: per direction the mean, minimum and maximum over the repetitions. A failed repetition fails
 * the point but the others still run; a point whose MTU could not be set runs none.
 */
final class PointRunner {

    private final RunContext run;
    private final MtuTransaction mtu;
    private final PointHooks hooks;

    /** @param mtu the run's MTU transaction, or null when no point changes the MTU */
    PointRunner(RunContext run, MtuTransaction mtu, PointHooks hooks) {
        this.run = run;
        this.mtu = mtu;
        this.hooks = hooks;
    }

    /** A repetition's totals in one direction: receiver rate (sender's if no receiver reported) and retransmits. */
    record Totals(Double bitsPerSecond, Long retransmits) {}

    /**
     * @param next the point after this one, or null: what its processes need is prepared once this one measured
     * @throws Run.RunAbort when a host is lost: the whole run ends
     */
    List<SweepRow> run(SweepPoint point, int index, SweepPoint next) throws Run.RunAbort, InterruptedException {
        RunControl control = run.control();
        TestPlan p = point.plan();
        List<Direction> directions = directions(p);
        List<Map<Direction, Totals>> reps = new ArrayList<>();
        String failure = null;
        try {
            for (int rep = 1; rep <= p.repetitions() && !control.cancelled(); rep++) {
                if (p.repetitions() > 1) {
                    run.listener()
                            .progress("repetition " + rep + "/" + p.repetitions()
                                    + (point.label().isEmpty() ? "" : " of " + point.label()));
                }
                run.listener().repetitionStarted(point, rep, p.repetitions());
                try {
                    // The MTU changes while the first repetition's servers start: they do not depend on it.
                    Repetition.Step beforeClients =
                            rep == 1 && point.mtu() != null ? () -> applyMtu(point.mtu()) : () -> {};
                    reps.add(new Repetition(run, hooks, point, index, rep, directions).run(beforeClients));
                } catch (PointFailure e) {
                    if (e.wholePoint()) {
                        throw e;
                    }
                    failure = (p.repetitions() > 1 ? "repetition " + rep + ": " : "") + e.getMessage();
                    run.pointFailed(
                            point.label(),
                            rep,
                            "failed" + (point.label().isEmpty() ? "" : " at " + point.label()) + ": " + failure,
                            failure);
                }
            }
        } catch (PointFailure e) {
            failure = e.getMessage();
            run.pointFailed(point.label(), 0, "failed at " + point.label() + ": " + failure, failure);
        }
        if (control.cancelled() && failure == null && reps.size() < p.repetitions()) {
            failure = control.stoppedBecause() != null ? control.stoppedBecause() : "stopped by " + control.stoppedBy();
        }
        return rows(point, directions, reps, failure);
    }

    /** The rows of a point that measured nothing: per direction no figures, the reason in its status. */
    static List<SweepRow> failed(SweepPoint point, String reason) {
        return rows(point, directions(point.plan()), List.of(), reason);
    }

    private static List<SweepRow> rows(
            SweepPoint point, List<Direction> directions, List<Map<Direction, Totals>> reps, String failure) {
        List<SweepRow> rows = new ArrayList<>();
        for (Direction d : directions) {
            List<Double> rates = new ArrayList<>();
            List<Long> retr = new ArrayList<>();
            for (Map<Direction, Totals> rep : reps) {
                Totals t = rep.get(d);
                if (t != null && t.bitsPerSecond != null) {
                    rates.add(t.bitsPerSecond);
                }
                if (t != null && t.retransmits != null) {
                    retr.add(t.retransmits);
                }
            }
            Double mean = rates.isEmpty()
                    ? null
                    : rates.stream().mapToDouble(Double::doubleValue).average().orElse(0);
            Double min = rates.isEmpty()
                    ? null
                    : rates.stream().mapToDouble(Double::doubleValue).min().orElse(0);
            Double max = rates.isEmpty()
                    ? null
                    : rates.stream().mapToDouble(Double::doubleValue).max().orElse(0);
            Long retransmits = retr.isEmpty()
                    ? null
                    : Math.round(
                            retr.stream().mapToLong(Long::longValue).average().orElse(0));
            String status = failure == null ? "ok" : "failed: " + failure;
            rows.add(new SweepRow(
                    point.label(),
                    point.mtu(),
                    point.plan().streams(),
                    point.plan().processes(),
                    point.value(),
                    d,
                    mean,
                    min,
                    max,
                    retransmits,
                    null,
                    status));
        }
        return rows;
    }

    static List<Direction> directions(TestPlan p) {
        return switch (p.mode()) {
            case NORMAL -> List.of(Direction.C2S);
            case REVERSE -> List.of(Direction.S2C);
            case BIDIR -> List.of(Direction.C2S, Direction.S2C);
        };
    }

    private void applyMtu(int value) throws PointFailure, Run.RunAbort, InterruptedException {
        try {
            mtu.apply(
                    value,
                    run.hosts().client(),
                    run.plan().target(),
                    run.timings().mtuSettle().toMillis());
        } catch (PointFailure e) {
            throw new PointFailure(e.getMessage(), true);
        } catch (TransportException e) {
            throw new Run.RunAbort("lost contact while changing the MTU: " + e.getMessage());
        }
    }
}
