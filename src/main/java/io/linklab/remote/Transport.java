package io.linklab.remote;

import java.time.Duration;
import java.util.List;

/**
 * A way to run commands on one host: SSH for remote hosts, plain processes for "local".
 * One transport per host, reused for every command of a run.
 */
public interface Transport extends AutoCloseable {

    /** The host as users name it (login or alias), for messages. */
    String hostLabel();

    /**
     * Starts a command and streams its output line by line as it is produced.
     * Output lines arrive on a reader thread owned by the transport.
     */
    RemoteProcess start(RemoteCommand command, LineSink stdout, LineSink stderr) throws TransportException;

    /** Runs a command to its end and collects its output; kills it if it outlives the timeout. */
    CommandResult run(RemoteCommand command, Duration timeout) throws TransportException, InterruptedException;

    /**
     * The command line exactly as it runs on the host (quoted, with {@code sudo -n} when it needs root
     * and the login is not root), for the wizard's command preview and the run record.
     */
    default String describe(RemoteCommand command) {
        return command.lineAsRun(false);
    }

    /**
     * Kills every process this transport started on the host that is still running (by their pid
     * files) and removes the pid files. The engine calls it after every run, cancelled and failed runs
     * included, once no command of the run is being started any more. Reconnects first if the connection
     * was lost.
     *
     * @return one line per process group that had to be killed; empty when nothing was left
     */
    default List<String> cleanup() throws TransportException, InterruptedException {
        return List.of();
    }

    /**
     * Whether the host still answers at the level of the connection itself, within {@code timeout}: for
     * SSH a round trip to sshd (a channel opened and closed) that starts no command and so no login shell,
     * whose rc files can take seconds on a busy host without anything being wrong with the host. Local
     * processes always answer.
     */
    default boolean answers(Duration timeout) throws InterruptedException {
        return true;
    }

    /**
     * The folder on the host holding the pid files (each a process group id) of the commands this transport
     * started, or null when it keeps none: the host counters read the tools' own CPU through it.
     */
    default String runDirectory() {
        return null;
    }

    /** Drops the connection (if any) and opens a new one, e.g. after the management link came back. */
    default void reconnect() throws TransportException {}

    @Override
    void close();
}
