package io.linklab.engine;

import io.linklab.counters.Finding;
import io.linklab.counters.HostCounterRow;
import io.linklab.model.Sample;
import io.linklab.model.Summary;
import io.linklab.model.SweepRow;
import io.linklab.model.ToolEvent;
import java.util.List;

/** Shields a run from its listeners: a failing chart or console must not stop a measurement or its clean-up. */
final class GuardedListener implements RunListener {

    private static final System.Logger LOG = System.getLogger(GuardedListener.class.getName());

    private final RunListener inner;

    GuardedListener(RunListener inner) {
        this.inner = inner == null ? new RunListener() {} : inner;
    }

    private void guard(Runnable r) {
        try {
            r.run();
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "a run listener failed and was skipped", e);
        }
    }

    @Override
    public void runStarted(RunInfo info) {
        guard(() -> inner.runStarted(info));
    }

    @Override
    public void pointStarted(SweepPoint point, int index, int total) {
        guard(() -> inner.pointStarted(point, index, total));
    }

    @Override
    public void repetitionStarted(SweepPoint point, int repetition, int repetitions) {
        guard(() -> inner.repetitionStarted(point, repetition, repetitions));
    }

    @Override
    public void sample(String point, Sample sample) {
        guard(() -> inner.sample(point, sample));
    }

    @Override
    public void summary(String point, Summary summary) {
        guard(() -> inner.summary(point, summary));
    }

    @Override
    public void hostCounters(String point, List<HostCounterRow> rows) {
        guard(() -> inner.hostCounters(point, rows));
    }

    @Override
    public void findings(String point, List<Finding> findings) {
        guard(() -> inner.findings(point, findings));
    }

    @Override
    public void event(String point, ToolEvent event) {
        guard(() -> inner.event(point, event));
    }

    @Override
    public void output(String host, String line) {
        guard(() -> inner.output(host, line));
    }

    @Override
    public void progress(String message) {
        guard(() -> inner.progress(message));
    }

    @Override
    public void pointFinished(String point, List<SweepRow> rows) {
        guard(() -> inner.pointFinished(point, rows));
    }

    @Override
    public void runFinished(RunOutcome outcome) {
        guard(() -> inner.runFinished(outcome));
    }
}
