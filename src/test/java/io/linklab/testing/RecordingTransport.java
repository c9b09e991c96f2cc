package io.linklab.testing;

import io.linklab.remote.CommandResult;
import io.linklab.remote.LineSink;
import io.linklab.remote.RemoteCommand;
import io.linklab.remote.RemoteProcess;
import io.linklab.remote.Transport;
import io.linklab.remote.TransportException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A transport (a real one, or a {@link ScriptedTransport}) that notes, in one list shared by all hosts, when each
 * command starts, each command run and each cleanup begins and ends, and each started process is stopped
 * ("HOST start DESCRIPTION", "HOST run DESCRIPTION", "HOST done DESCRIPTION", "HOST stop DESCRIPTION", "HOST
 * cleanup", "HOST cleaned", "HOST closed"): the order in which the engine talks to the hosts, for tests that prove one step
 * cannot overlap another or comes before another.
 */
public class RecordingTransport implements Transport {

    private final Transport transport;
    private final List<String> events;

    public RecordingTransport(Transport transport, List<String> events) {
        this.transport = transport;
        this.events = events;
    }

    @Override
    public String hostLabel() {
        return transport.hostLabel();
    }

    @Override
    public RemoteProcess start(RemoteCommand command, LineSink stdout, LineSink stderr) throws TransportException {
        events.add(hostLabel() + " start " + command.description());
        RemoteProcess p = transport.start(command, stdout, stderr);
        return new RemoteProcess() {
            @Override
            public OptionalInt waitFor(Duration timeout) throws InterruptedException {
                return p.waitFor(timeout);
            }

            @Override
            public boolean isAlive() {
                return p.isAlive();
            }

            @Override
            public void cancel() {
                events.add(hostLabel() + " stop " + command.description());
                p.cancel();
            }

            @Override
            public Optional<String> failure() {
                return p.failure();
            }
        };
    }

    @Override
    public CommandResult run(RemoteCommand command, Duration timeout) throws TransportException, InterruptedException {
        events.add(hostLabel() + " run " + command.description());
        try {
            return transport.run(command, timeout);
        } finally {
            events.add(hostLabel() + " done " + command.description());
        }
    }

    @Override
    public String describe(RemoteCommand command) {
        return transport.describe(command);
    }

    @Override
    public List<String> cleanup() throws TransportException, InterruptedException {
        events.add(hostLabel() + " cleanup");
        try {
            return transport.cleanup();
        } finally {
            events.add(hostLabel() + " cleaned");
        }
    }

    @Override
    public boolean answers(Duration timeout) throws InterruptedException {
        return transport.answers(timeout);
    }

    @Override
    public void reconnect() throws TransportException {
        transport.reconnect();
    }

    @Override
    public void close() {
        transport.close();
        events.add(hostLabel() + " closed");
    }
}
