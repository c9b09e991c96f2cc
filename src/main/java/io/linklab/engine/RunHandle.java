package io.linklab.engine;

import java.time.Duration;
import java.util.Optional;

/** A run in progress: stop it, or wait for its end. */
public interface RunHandle {

    String runId();

    /** Stops the run cleanly: clients and servers killed, MTUs restored; returns at once. */
    void cancel();

    /** Waits for the end (including cleanup); empty if still running after the timeout. */
    Optional<RunOutcome> await(Duration timeout) throws InterruptedException;
}
