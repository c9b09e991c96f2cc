package io.linklab.remote;

/**
 * How a command that ran to its end (or was killed) finished.
 *
 * @param exitStatus the exit code, or -1 when it was killed on timeout
 * @param timedOut   true when it was killed because it outlived its timeout
 */
public record CommandResult(int exitStatus, String stdout, String stderr, boolean timedOut) {

    public boolean ok() {
        return exitStatus == 0 && !timedOut;
    }
}
