package io.linklab.engine;

import io.linklab.model.TestPlan;
import io.linklab.model.Validators;
import io.linklab.remote.Transport;
import io.linklab.remote.TransportException;
import io.linklab.tools.driver.ToolDriver;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The logins of a run and the probe of each host, started together before anything else (they are the slowest
 * part before the test): each host's probe starts as soon as its own login is done, not when both are.
 */
final class RunLogins {

    /** How long a closed login's probe may take to end: closing kills its command at once. */
    private static final Duration PROBE_AFTER_CLOSE = Duration.ofSeconds(5);

    private final CompletableFuture<Transport> clientLogin;
    private final CompletableFuture<Transport> serverLogin;
    private final CompletableFuture<PreflightFacts> clientProbe;
    private final CompletableFuture<PreflightFacts> serverProbe;
    /** The transports {@link #hosts} got, for the clean-up: the client's alone when the server's login failed. */
    private final List<Transport> taken = new ArrayList<>();

    private RunLogins(
            CompletableFuture<Transport> clientLogin,
            CompletableFuture<Transport> serverLogin,
            CompletableFuture<PreflightFacts> clientProbe,
            CompletableFuture<PreflightFacts> serverProbe) {
        this.clientLogin = clientLogin;
        this.serverLogin = serverLogin;
        this.clientProbe = clientProbe;
        this.serverProbe = serverProbe;
    }

    /** Starts both logins and probes; returns at once. */
    static RunLogins start(TestPlan plan, ToolDriver tool, TransportFactory transports) {
        boolean oneHost = plan.server().login().equals(plan.client().login());
        boolean oneProbe = oneHost && interfaces(plan.client()).equals(interfaces(plan.server()));
        // Each login opens its host session (its login shell runs then), both hosts at once.
        CompletableFuture<Transport> c = CompletableFuture.supplyAsync(
                () -> open(transports, plan.client().login()), Run.IO);
        CompletableFuture<Transport> s = oneHost
                ? c
                : CompletableFuture.supplyAsync(
                        () -> open(transports, plan.server().login()), Run.IO);
        // A target given by name is looked up where iperf3 will look it up: on the client.
        String resolve =
                plan.target() != null && Validators.ipAddress(plan.target()).isPresent() ? plan.target() : null;
        CompletableFuture<PreflightFacts> cp =
                c.thenApplyAsync(t -> probe(t, tool, interfaces(plan.client()), resolve), Run.IO);
        CompletableFuture<PreflightFacts> sp =
                oneProbe ? cp : s.thenApplyAsync(t -> probe(t, tool, interfaces(plan.server()), null), Run.IO);
        return new RunLogins(c, s, cp, sp);
    }

    /**
     * The run ended before it took its logins ({@link #hosts}): closes each one it did not take once it is made
     * (killing what the probe left). The run's clean-up closes only what was taken; a login made after it would
     * stay open on its host, with the shells it prepared, for as long as the application runs.
     */
    void abandon() {
        if (taken.isEmpty()) {
            clientProbe.whenComplete((f, e) -> clientLogin.thenAccept(Transport::close));
        }
        if (serverLogin != clientLogin) {
            serverProbe.whenComplete((f, e) -> serverLogin.thenAccept(Transport::close));
        }
    }

    /**
     * Waits for both logins.
     *
     * @throws Run.RunAbort naming the host that could not be logged in to (the other login is closed)
     */
    RunHosts hosts() throws Run.RunAbort, InterruptedException {
        try {
            return waitForHosts();
        } catch (InterruptedException e) {
            abandon(); // a Stop while a login is under way
            throw e;
        }
    }

    private RunHosts waitForHosts() throws Run.RunAbort, InterruptedException {
        Transport client;
        try {
            client = clientLogin.get();
        } catch (ExecutionException e) {
            Run.RunAbort failed = abort(e);
            String serverFailed = serverLogin == clientLogin ? null : closeOnceMade(serverLogin, serverProbe);
            throw serverFailed == null ? failed : new Run.RunAbort(failed.getMessage() + "; " + serverFailed);
        }
        taken.add(client);
        Transport server;
        try {
            server = serverLogin.get();
        } catch (ExecutionException e) {
            throw abort(e);
        }
        if (server != client) {
            taken.add(server);
        }
        return new RunHosts(client, client.hostLabel(), server, server.hostLabel());
    }

    /**
     * Waits for a login the run will not take, then closes it (killing what its probe started) and waits for its
     * probe: the run ends only once nothing of it goes on. A login finishing after the run's end could still record
     * a host key or start the probe on its host. Returns why the login failed, or null when it was made.
     */
    private static String closeOnceMade(CompletableFuture<Transport> login, CompletableFuture<PreflightFacts> probe)
            throws InterruptedException {
        Transport made;
        try {
            made = login.get();
        } catch (ExecutionException e) {
            return e.getCause().getMessage();
        }
        made.close();
        try {
            probe.get(PROBE_AFTER_CLOSE.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            // a closed login's probe fails, or is abandoned to the host's own clean-up; the run's reason stays
        }
        return null;
    }

    /** Each transport {@link #hosts} took (once), for the clean-up to clean and close. */
    List<Transport> taken() {
        return List.copyOf(taken);
    }

    /** Both hosts' facts; the same object twice when one probe served both ends. */
    PreflightFacts clientFacts() throws Run.RunAbort, InterruptedException {
        return facts(clientProbe);
    }

    PreflightFacts serverFacts() throws Run.RunAbort, InterruptedException {
        return facts(serverProbe);
    }

    private static PreflightFacts facts(CompletableFuture<PreflightFacts> probe)
            throws Run.RunAbort, InterruptedException {
        try {
            return probe.get();
        } catch (ExecutionException e) {
            throw abort(e);
        }
    }

    /**
     * What failed in a task of the run on another thread ends the run with its message; an Error there
     * is thrown on in the run's own thread (which fails the run saying so).
     */
    static Run.RunAbort abort(ExecutionException e) {
        if (e.getCause() instanceof Error err) {
            throw err;
        }
        return new Run.RunAbort(e.getCause().getMessage());
    }

    private static List<String> interfaces(TestPlan.End end) {
        return end.dataInterface() == null ? List.of() : List.of(end.dataInterface());
    }

    private static Transport open(TransportFactory transports, String login) {
        try {
            return transports.open(login);
        } catch (TransportException e) {
            throw new CompletionException(new Run.RunAbort("cannot connect to " + login + ": " + e.getMessage()));
        }
    }

    private static PreflightFacts probe(Transport t, ToolDriver tool, List<String> ifs, String resolve) {
        try {
            return PreflightProbe.run(t, tool, ifs, resolve);
        } catch (TransportException e) {
            throw new CompletionException(
                    new Run.RunAbort("preflight on " + t.hostLabel() + " failed: " + e.getMessage()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CompletionException(new Run.RunAbort("stopped by the user"));
        }
    }
}
