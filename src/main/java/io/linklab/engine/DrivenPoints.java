package io.linklab.engine;

import io.linklab.model.SweepRow;
import io.linklab.model.Tool;
import io.linklab.tools.driver.ToolDriver;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * A run's points as a {@link PointDriver} chooses them: each measured like a sweep point (journal, record, listener),
 * on the tool its plan names. A lost host fails that point and every later one with its reason; the run still ends
 * normally, with what was measured.
 */
final class DrivenPoints implements PointDriver.Measurer {

    private final RunContext run;
    private final MtuTransaction mtu;
    private final PointHooks hooks;
    private final Map<Tool, PointRunner> runners = new EnumMap<>(Tool.class);
    private final List<SweepRow> allRows = new ArrayList<>();
    private int index;
    private int failedPoints;
    /** Why the run cannot go on (a host lost), or null. */
    private String lost;

    DrivenPoints(RunContext run, MtuTransaction mtu, PointHooks hooks) {
        this.run = run;
        this.mtu = mtu;
        this.hooks = hooks;
    }

    @Override
    public List<SweepRow> measure(SweepPoint point) throws InterruptedException {
        if (lost != null) {
            return PointRunner.failed(point, lost);
        }
        if (!run.control().goesOn()) {
            throw new InterruptedException("stopped by " + run.control().stoppedBy());
        }
        // the run's own tool is the one preflight found the client's release of
        ToolDriver tool = point.plan().tool() == run.tool().tool()
                ? run.tool()
                : ToolDriver.forTool(point.plan().tool());
        PointRunner runner =
                runners.computeIfAbsent(point.plan().tool(), t -> new PointRunner(run.withTool(tool), mtu, hooks));
        run.record().pointAdded(point.label());
        run.record().commandsAdded(CommandPreview.forPoints(point.plan(), List.of(point), tool));
        run.listener().pointStarted(point, index, 0);
        run.listener().progress("point " + (index + 1) + ": " + point.label());
        Instant start = Instant.now();
        List<SweepRow> rows;
        try {
            rows = runner.run(point, index, null);
        } catch (Run.RunAbort e) {
            lost = e.getMessage();
            rows = PointRunner.failed(point, lost);
        }
        run.record().pointTime(point.label(), start, Instant.now());
        index++;
        rows = Headlines.withGain(rows, allRows);
        allRows.addAll(rows);
        run.journal().pointRows(point.label(), rows);
        run.listener().pointFinished(point.label(), rows);
        if (rows.stream().anyMatch(r -> !r.ok())) {
            failedPoints++;
        }
        if (run.control().cancelled()) {
            throw new InterruptedException("stopped by " + run.control().stoppedBy());
        }
        return rows;
    }

    int measuredPoints() {
        return index;
    }

    int failedPoints() {
        return failedPoints;
    }

    List<SweepRow> rows() {
        return List.copyOf(allRows);
    }

    /** Why the driver could not go on, or null. */
    String lost() {
        return lost;
    }
}
