package io.linklab.ui.dashboard;

import io.linklab.counters.CounterFiles;
import io.linklab.counters.Finding;
import io.linklab.engine.RunInfo;
import io.linklab.engine.RunOutcome;
import io.linklab.engine.SweepPoint;
import io.linklab.engine.SweepPoints;
import io.linklab.model.SweepRow;
import io.linklab.model.TestPlan;
import io.linklab.ui.history.PastRun;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Plays a recorded run into a dashboard model, so a past run opens in the same views as a live one. */
public final class RunReplay {

    private RunReplay() {}

    public static void replay(PastRun run, LiveRunModel model) {
        List<String> points = new ArrayList<>();
        Map<String, List<PastRun.PointSample>> byPoint = new LinkedHashMap<>();
        for (PastRun.PointSample s : run.samples()) {
            byPoint.computeIfAbsent(s.point(), p -> new ArrayList<>()).add(s);
        }
        if (run.plan() != null && run.plan().isSweep()) {
            for (SweepRow r : run.sweepRows()) {
                if (!points.contains(r.point())) {
                    points.add(r.point());
                }
            }
        }
        for (String p : byPoint.keySet()) {
            if (!points.contains(p)) {
                points.add(p);
            }
        }
        if (points.isEmpty()) {
            points.add("");
        }
        model.runStarted(new RunInfo(run.id(), run.plan(), run.dir(), points, Map.of()));
        List<Finding> findings = findings(run);
        Map<String, SweepPoint> typed = typedPoints(run.plan());
        for (int i = 0; i < points.size(); i++) {
            String p = points.get(i);
            SweepPoint point = typed.getOrDefault(p, new SweepPoint(p, run.plan(), null, null));
            model.pointStarted(point, i, points.size());
            int repetition = 0;
            for (PastRun.PointSample s : byPoint.getOrDefault(p, List.of())) {
                if (s.repetition() != repetition) {
                    repetition = s.repetition();
                    model.repetitionStarted(point, repetition, 0);
                }
                model.sample(p, s.sample());
            }
            if (findings != null) {
                model.findings(
                        p, findings.stream().filter(f -> f.point().equals(p)).toList());
            }
            List<SweepRow> rows =
                    run.sweepRows().stream().filter(r -> r.point().equals(p)).toList();
            if (run.plan() != null && run.plan().isSweep()) {
                model.pointFinished(p, rows);
            }
        }
        RunOutcome.Status status = run.state() == null
                ? RunOutcome.Status.OK
                : switch (run.state()) {
                    case FAILED, INTERRUPTED -> RunOutcome.Status.FAILED;
                    case CANCELLED -> RunOutcome.Status.CANCELLED;
                    case RUNNING, OK, IMPORTED -> RunOutcome.Status.OK;
                };
        model.runFinished(new RunOutcome(status, run.stateText(), run.dir()));
    }

    /** The points the plan makes, by label; none for a run without a plan (an imported log) or a plan gone bad. */
    private static Map<String, SweepPoint> typedPoints(TestPlan plan) {
        Map<String, SweepPoint> byLabel = new LinkedHashMap<>();
        if (plan == null) {
            return byLabel;
        }
        try {
            for (SweepPoint p : SweepPoints.of(plan)) {
                byLabel.put(p.label(), p);
            }
        } catch (IllegalArgumentException e) {
            // a stored plan whose sweep no longer reads (a value this release refuses): its points stay plain
        }
        return byLabel;
    }

    /**
     * The run's findings.csv, or null when it has none (an imported log, a run from before host counters): then
     * the dashboard shows no Findings block rather than an empty one.
     */
    private static List<Finding> findings(PastRun run) {
        if (run.dir() == null || !Files.exists(run.dir().resolve(CounterFiles.FINDINGS))) {
            return null;
        }
        try {
            return CounterFiles.readFindings(run.dir());
        } catch (IOException | UncheckedIOException | IllegalArgumentException | IllegalStateException e) {
            return null; // a damaged file: the run's charts still open
        }
    }
}
