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

    /** Drops the channel or process handle; the remote side notices its stdin closing. */
    void abandon();
}
