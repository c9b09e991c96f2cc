package io.linklab.engine;

import io.linklab.counters.Finding;
import io.linklab.counters.HostCounterRow;
import io.linklab.model.Sample;
import io.linklab.model.Summary;
import io.linklab.model.SweepRow;
import io.linklab.model.ToolEvent;
import java.util.List;

/**
 * What a running test tells the outside world (live charts, the CLI's progress, tests), as it
 * happens. Called on engine threads, never the FX thread: a UI listener queues and throttles.
 * {@code point} is the sweep point label such as "mtu=9000", or "" outside sweeps; where a point starts, it comes
 * typed ({@link SweepPoint}: its plan's streams, processes, window, message size, its MTU).
 */
public interface RunListener {

    default void runStarted(RunInfo info) {}

    /** A point starts: {@code index} of {@code total} (0 where a driver, the tuner, chooses points as it goes). */
    default void pointStarted(SweepPoint point, int index, int total) {}

    /**
     * A repetition of the point starts (1-based, of {@code repetitions}; 0 where a replayed log does not say),
     * before its servers: its samples' clock starts again at 0.
     */
    default void repetitionStarted(SweepPoint point, int repetition, int repetitions) {}

    default void sample(String point, Sample sample) {}

    default void summary(String point, Summary summary) {}

    default void event(String point, ToolEvent event) {}

    /** Host counters (CPU, NIC, TCP) of both ends as each host's sampler reports them, from the clients' start. */
    default void hostCounters(String point, List<HostCounterRow> rows) {}

    /** What the rules found after a repetition of a point (also when they found nothing: an empty list). */
    default void findings(String point, List<Finding> findings) {}

    /** A raw line of tool output from a host, for the console. */
    default void output(String host, String line) {}

    /** Human-readable progress ("starting iperf3 server on h2", "restoring MTU 1500 on h1"). */
    default void progress(String message) {}

    /** A sweep point is done (ok or failed), with its rows per direction. */
    default void pointFinished(String point, List<SweepRow> rows) {}

    default void runFinished(RunOutcome outcome) {}
}
