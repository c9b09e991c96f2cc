package io.linklab.remote;

import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;

/** A command running on a host. Cancelling kills it and everything it started, for real. */
public interface RemoteProcess {

    /** Waits for the end; empty if it is still running after the timeout. */
    OptionalInt waitFor(Duration timeout) throws InterruptedException;

    boolean isAlive();

    /** Kills the remote process group; returns when it is gone or the kill was given up (the reason is logged). */
    void cancel();

    /**
     * Why the command ended abnormally, in words for the user: the connection to the host was lost, or
     * sudo wanted a password (with the sudoers rule that fixes it). Empty while running, after a normal
     * exit (whatever its status) and after {@link #cancel()}.
     */
    default Optional<String> failure() {
        return Optional.empty();
    }
}
