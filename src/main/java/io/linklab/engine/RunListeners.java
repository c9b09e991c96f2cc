package io.linklab.engine;

import io.linklab.counters.Finding;
import io.linklab.counters.HostCounterRow;
import io.linklab.model.Sample;
import io.linklab.model.Summary;
import io.linklab.model.SweepRow;
import io.linklab.model.ToolEvent;
import java.util.List;

/**
 * One run told to two listeners, in order: a matrix's pair to the matrix first and then to whoever watches that
 * pair live, so a watcher that fails cannot keep the matrix from hearing a pair's end. It stands beside
 * RunListener so that a method added there is added here too (RunListenersTest checks every one).
 */
public final class RunListeners {

    private RunListeners() {}

    /** {@code first}, then {@code second} for every event; just {@code first} when there is no second. */
    public static RunListener both(RunListener first, RunListener second) {
        if (second == null) {
            return first;
        }
        return new RunListener() {
            @Override
            public void runStarted(RunInfo info) {
                first.runStarted(info);
                second.runStarted(info);
            }

            @Override
            public void pointStarted(SweepPoint point, int index, int total) {
                first.pointStarted(point, index, total);
                second.pointStarted(point, index, total);
            }

            @Override
            public void repetitionStarted(SweepPoint point, int repetition, int repetitions) {
                first.repetitionStarted(point, repetition, repetitions);
                second.repetitionStarted(point, repetition, repetitions);
            }

            @Override
            public void sample(String point, Sample sample) {
                first.sample(point, sample);
                second.sample(point, sample);
            }

            @Override
            public void summary(String point, Summary summary) {
                first.summary(point, summary);
                second.summary(point, summary);
            }

            @Override
            public void event(String point, ToolEvent event) {
                first.event(point, event);
                second.event(point, event);
            }

            @Override
            public void hostCounters(String point, List<HostCounterRow> rows) {
                first.hostCounters(point, rows);
                second.hostCounters(point, rows);
            }

            @Override
            public void findings(String point, List<Finding> findings) {
                first.findings(point, findings);
                second.findings(point, findings);
            }

            @Override
            public void output(String host, String line) {
                first.output(host, line);
                second.output(host, line);
            }

            @Override
            public void progress(String message) {
                first.progress(message);
                second.progress(message);
            }

            @Override
            public void pointFinished(String point, List<SweepRow> rows) {
                first.pointFinished(point, rows);
                second.pointFinished(point, rows);
            }

            @Override
            public void runFinished(RunOutcome outcome) {
                first.runFinished(outcome);
                second.runFinished(outcome);
            }
        };
    }
}
