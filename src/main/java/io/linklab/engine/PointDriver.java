package io.linklab.engine;

import io.linklab.model.SweepRow;
import java.util.List;
import java.util.Map;

/**
 * Chooses a run's points one at a time from what the earlier ones measured (the tuner), instead of a plan's fixed
 * sweep. The run logs in, probes the hosts and checks the first point's tool as for any plan, then hands over.
 */
public interface PointDriver {

    /**
     * Measures points through {@code measurer} until it has what it wants; runs on the run's thread.
     *
     * @param clientFacts what preflight learnt of the client ("cpus", "kernel", …), serverFacts of the server
     * @throws InterruptedException when the run is stopped
     */
    void drive(Map<String, String> clientFacts, Map<String, String> serverFacts, Measurer measurer)
            throws InterruptedException;

    /**
     * Whether some points set the MTU ({@link SweepPoint#mtu()}): the run then reads both ends' MTUs and arms their
     * restore before the first point, as for an MTU sweep, and restores them at its end whatever happens.
     */
    default boolean changesMtu() {
        return false;
    }

    /** Measures one point of the run. */
    interface Measurer {

        /**
         * Runs {@code point} (its plan's tool, processes, pinning …) with its repetitions and returns its rows per
         * direction; a failed point (the tool missing, a host lost) has its reason in the rows' status. After a
         * host is lost every further point fails at once with the same reason.
         *
         * @throws InterruptedException when the run is stopped
         */
        List<SweepRow> measure(SweepPoint point) throws InterruptedException;
    }
}
