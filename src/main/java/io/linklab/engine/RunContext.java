package io.linklab.engine;

import io.linklab.counters.HostCounters;
import io.linklab.model.TestPlan;
import io.linklab.model.ToolEvent;
import io.linklab.store.RawLogs;
import io.linklab.store.RunJournal;
import io.linklab.store.RunRecord;
import io.linklab.tools.driver.ToolDriver;

/**
 * What every step of a run's measurements shares: the plan and its tool, the logged-in hosts, where results go
 * (journal, record, listener, raw logs, the hosts' counters: null when host_counters.csv could not be made) and
 * whether to stop.
 */
record RunContext(
        TestPlan plan,
        ToolDriver tool,
        ParserFactory parsers,
        RunHosts hosts,
        RunJournal journal,
        RunRecord record,
        RunListener listener,
        RawLogs logs,
        RunControl control,
        RunTimings timings,
        HostCounters counters) {

    /** The same run measuring with {@code other} (a tune's points change the tool). */
    RunContext withTool(ToolDriver other) {
        return new RunContext(plan, other, parsers, hosts, journal, record, listener, logs, control, timings, counters);
    }

    /** A warning about the measurement: in the run's notes, the journal, the event list and the progress. */
    void warn(String point, int rep, String message) {
        record.warning(message);
        journal.event(point, rep, ToolEvent.warning("merge", message, 0));
        listener.event(point, ToolEvent.warning("merge", message, 0));
        listener.progress("warning: " + message);
    }

    /** A point (or one repetition, {@code rep} > 0) failed: in the progress, the event list and the journal. */
    void pointFailed(String point, int rep, String progress, String failure) {
        listener.progress(progress);
        listener.event(point, ToolEvent.error("point-failed", failure, 0));
        journal.event(point, rep, ToolEvent.error("point-failed", failure, 0));
    }
}
