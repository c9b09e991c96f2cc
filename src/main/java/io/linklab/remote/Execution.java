package io.linklab.remote;

import java.util.Optional;

/** One started command as the transport mechanics see it (an SSH channel, a local process). */
interface Execution {

    /** True once the command ended and no more output can arrive. */
    boolean ended();

    /** The exit status once {@link #ended()}, -1 if none was reported (connection lost, killed). */
    int exitStatus();

    /** Why the command's end was not a normal exit (the connection was lost), for the user. */
    Optional<String> lostConnection();

    /**
     * Ends the command's stdin and keeps listening: the wrapper's watchdog kills the command's group (at once
     * if the wrapper only starts later, its login shell still busy), and its end, with its exit status,
     * still arrives through {@link #ended()}.
     */
    void endInput();

    /** Drops the channel or process handle; the remote side notices its stdin closing, we hear no more. */
    void abandon();
}
