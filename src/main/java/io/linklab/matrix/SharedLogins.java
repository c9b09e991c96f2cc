package io.linklab.matrix;

import io.linklab.engine.TransportFactory;
import io.linklab.remote.CommandResult;
import io.linklab.remote.LineSink;
import io.linklab.remote.RemoteCommand;
import io.linklab.remote.RemoteProcess;
import io.linklab.remote.Transport;
import io.linklab.remote.TransportException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;

/**
 * One login per host for a whole matrix: every test a host is in uses the same connection, which the tests' own
 * clean-up does not close ({@link #close} does, at the matrix's end). A login that failed fails again at once for
 * the host's later pairs, instead of waiting for the same time-out on each.
 *
 * <p>Only for tests that never share a host at once: a run's clean-up kills everything started through its
 * transport, so two runs on one connection would end each other's tools.
 */
final class SharedLogins implements TransportFactory, AutoCloseable {

    private final TransportFactory logins;
    private final Map<String, CompletableFuture<Transport>> open = new ConcurrentHashMap<>();

    SharedLogins(TransportFactory logins) {
        this.logins = logins;
    }

    @Override
    public Transport open(String login) throws TransportException {
        CompletableFuture<Transport> mine = new CompletableFuture<>();
        CompletableFuture<Transport> first = open.putIfAbsent(login, mine);
        if (first == null) {
            try {
                mine.complete(logins.open(login));
            } catch (TransportException | RuntimeException e) {
                mine.completeExceptionally(e);
            }
            first = mine;
        }
        try {
            return new Kept(first.get());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TransportException(login + ": interrupted while another test logged in");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof TransportException t) {
                throw t;
            }
            throw new TransportException(login + ": " + e.getCause().getMessage());
        }
    }

    /** Closes every connection that was made. */
    @Override
    public void close() {
        open.values().forEach(f -> f.thenAccept(Transport::close));
        open.clear();
    }

    /** The shared transport as one run sees it: everything but close. */
    private record Kept(Transport t) implements Transport {
        @Override
        public String hostLabel() {
            return t.hostLabel();
        }

        @Override
        public RemoteProcess start(RemoteCommand command, LineSink stdout, LineSink stderr) throws TransportException {
            return t.start(command, stdout, stderr);
        }

        @Override
        public CommandResult run(RemoteCommand command, Duration timeout)
                throws TransportException, InterruptedException {
            return t.run(command, timeout);
        }

        @Override
        public String describe(RemoteCommand command) {
            return t.describe(command);
        }

        @Override
        public List<String> cleanup() throws TransportException, InterruptedException {
            return t.cleanup();
        }

        @Override
        public CommandResult runBrief(RemoteCommand command, Duration timeout)
                throws TransportException, InterruptedException {
            return t.runBrief(command, timeout);
        }

        @Override
        public void prepareFor(int commands) {
            t.prepareFor(commands);
        }

        @Override
        public boolean answers(Duration timeout) throws InterruptedException {
            return t.answers(timeout);
        }

        @Override
        public void reconnect() throws TransportException {
            t.reconnect();
        }

        @Override
        public String runDirectory() {
            return t.runDirectory();
        }

        @Override
        public void close() {
            // the matrix closes it once, at its end
        }
    }
}
