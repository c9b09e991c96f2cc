package io.linklab.remote;

import java.time.Duration;

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

    @Override
    void close();
}
