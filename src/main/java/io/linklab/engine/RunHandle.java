package io.linklab.engine;

import java.time.Duration;
import java.util.Optional;

/** A run in progress: stop it, or wait for its end. */
public interface RunHandle {

    String runId();

    /** Who {@link #cancel()} says stopped the run: the GUI's Stop. */
    String BY_THE_USER = "the user";

    /** Stops the run cleanly: clients and servers killed, MTUs restored; returns at once. */
    default void cancel() {
        cancel(BY_THE_USER);
    }

    /**
     * Stops the run like {@link #cancel()}, naming what stopped it ("SIGTERM"): the outcome's message and run.json's
     * outcome say so, with the time. The first of several calls names it.
     */
    void cancel(String by);

    /** Waits for the end (including cleanup); empty if still running after the timeout. */
    Optional<RunOutcome> await(Duration timeout) throws InterruptedException;
}
