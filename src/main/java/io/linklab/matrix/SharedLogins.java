package io.linklab.matrix;

import io.linklab.engine.TransportFactory;
import io.linklab.remote.CommandResult;
import io.linklab.remote.LineSink;
import io.linklab.remote.RemoteCommand;
import io.linklab.remote.RemoteProcess;
import io.linklab.remote.Transport;
import io.linklab.remote.TransportException;
import io.linklab.remote.probe.ProbeScript;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;

/**
 * The logins of a whole matrix. With {@code oneConnection}, one login per host: every test a host is in uses the
 * same connection, which the tests' own clean-up does not close ({@link #close} does, at the matrix's end), and a
 * login that failed fails again at once for the host's later pairs, instead of waiting for the same time-out on
 * each. Either way each host is probed once: the brief probe a run starts with is answered for a host's later
 * pairs from its first answer (the same command, so the same interface and target name), since what it reads —
 * kernel, CPUs, the tool, addresses, the SSH session's interface — does not change while the matrix runs.
 *
 * <p>A probe that failed (timed out, or the host's answer said it failed) is answered to the tests that were waiting
 * for it — the same host at the same moment, so its pairs then fail with the same reason instead of each waiting
 * out the same time-out — but it is not kept: a test of that host that asks later probes again, so a passing fault
 * (a host busy for a moment) costs only the pairs that asked during it. A probe that threw (its connection failed,
 * or its test was stopped) is that test's own: each waiter probes on its own connection. A matrix's logins and
 * probes are its own; a resume starts with none.
 *
 * <p>One connection is only for tests that never share a host at once: a run's clean-up kills everything started
 * through its transport, so two runs on one connection would end each other's tools.
 */
final class SharedLogins implements TransportFactory, AutoCloseable {

    private final TransportFactory logins;
    private final boolean oneConnection;
    private final Map<String, CompletableFuture<Transport>> open = new ConcurrentHashMap<>();
    private final Map<List<String>, CompletableFuture<CommandResult>> probes = new ConcurrentHashMap<>();

    /** @param oneConnection one connection per host for all its tests; else each test logs in on its own */
    SharedLogins(TransportFactory logins, boolean oneConnection) {
        this.logins = logins;
        this.oneConnection = oneConnection;
    }

    @Override
    public Transport open(String login) throws TransportException {
        if (!oneConnection) {
            return new Kept(login, logins.open(login), true);
        }
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
            return new Kept(login, first.get(), false);
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

    /** The host's first answer to this probe, or the probe run now (and kept) when there is none yet. */
    private CommandResult probe(String login, Transport t, RemoteCommand command, Duration timeout)
            throws TransportException, InterruptedException {
        List<String> key = new ArrayList<>(command.argv());
        key.add(0, login);
        CompletableFuture<CommandResult> mine = new CompletableFuture<>();
        CompletableFuture<CommandResult> first = probes.putIfAbsent(key, mine);
        if (first != null) {
            try {
                return first.get(); // failed or not: what the host answered just now
            } catch (ExecutionException e) {
                return t.run(command, timeout); // the first probe's connection or test ended: try on this one
            }
        }
        try {
            CommandResult r = t.run(command, timeout);
            if (r.timedOut() || !r.ok()) {
                probes.remove(key, mine);
            }
            mine.complete(r);
            return r;
        } catch (TransportException | InterruptedException | RuntimeException e) {
            probes.remove(key, mine);
            mine.completeExceptionally(e);
            throw e;
        }
    }

    /** A host's transport as one run sees it: probes answered once per host, and closed only if its own. */
    private final class Kept implements Transport {
        private final String login;
        private final Transport t;
        private final boolean own;

        Kept(String login, Transport t, boolean own) {
            this.login = login;
            this.t = t;
            this.own = own;
        }

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
            return ProbeScript.isBrief(command) ? probe(login, t, command, timeout) : t.run(command, timeout);
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
            if (own) {
                t.close();
            } // else the matrix closes it once, at its end
        }
    }
}
