package io.linklab.engine;

import io.linklab.counters.CounterFiles;
import io.linklab.counters.CounterSession;
import io.linklab.counters.HostCounters;
import io.linklab.model.Direction;
import io.linklab.model.MeasurementSink;
import io.linklab.model.Role;
import io.linklab.model.Sample;
import io.linklab.model.Summary;
import io.linklab.model.SweepRow;
import io.linklab.model.TestPlan;
import io.linklab.model.ToolEvent;
import io.linklab.remote.CommandResult;
import io.linklab.remote.BoundedLines;
import io.linklab.remote.LineSink;
import io.linklab.remote.RemoteCommand;
import io.linklab.remote.RemoteProcess;
import io.linklab.remote.Transport;
import io.linklab.remote.TransportException;
import io.linklab.tools.StreamingParser;
import io.linklab.tools.command.ShellWords;
import io.linklab.tools.command.ToolCommand;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One run on its own thread: preflight, then per point (MTU change, repetitions of servers and clients),
 * then the guaranteed clean-up — every process it started is stopped and every MTU restored whatever
 * happened — and the CSVs and run.json written from the journal.
 */
final class Run implements RunHandle {

    /** How long a server may take to say it listens. */
    static final Duration SERVER_START = Duration.ofSeconds(10);
    /** How long the clients wait for the hosts' counter samplers' first snapshot. */
    static final Duration COUNTERS_START = Duration.ofSeconds(3);
    /** How long a client may run beyond warm-up and test time before the point counts as timed out. */
    static final Duration CLIENT_GRACE = Duration.ofSeconds(20);
    /** How long the SSH server of a silent host has to answer before the run counts the host as lost. */
    static final Duration CONTACT_TIMEOUT = Duration.ofSeconds(5);
    /** How long the MTU path check may retry while a link settles after a change. */
    static final long MTU_SETTLE_MILLIS = 5000;
    /** Error output kept per command and repetition (first and last lines): messages come from its ends. */
    static final int KEPT_STDERR_CHARS = 64 * 1024;

    /**
     * Threads for talking to hosts in parallel. Not the common pool: on a 2-core machine it has a single
     * thread, which would make "both hosts at once" one after the other.
     */
    static final ExecutorService IO = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "linklab-run-io");
        t.setDaemon(true);
        return t;
    });

    private final String runId;
    private final Path dir;
    private final TestPlan plan;
    private final RunListener listener;
    private final TransportFactory transports;
    private final ParserFactory parsers;
    private final ToolCommand tool;
    private final RunRecord record;
    private final List<SweepPoint> points;
    private final CompletableFuture<RunOutcome> done = new CompletableFuture<>();
    private final List<RemoteProcess> live = Collections.synchronizedList(new ArrayList<>());
    private final List<AutoCloseable> openLogs = Collections.synchronizedList(new ArrayList<>());
    /** Kills started by cancel(); clean-up waits for them so none is still at work when the run ends. */
    private final List<CompletableFuture<Void>> cancels = Collections.synchronizedList(new ArrayList<>());
    private volatile boolean cancelled;
    /** Who stopped the run ("the user", "SIGTERM") and when: run.json's outcome of an interrupted run. */
    private volatile String stoppedBy;
    private volatile Instant stoppedAt;
    /**
     * Why the run must stop: an Error (out of memory, a stack overflow) on a thread of the run other than
     * its own, in words for the user. The run fails with it.
     */
    private volatile String broken;
    /** Why the run was stopped from within (not by the user): the run fails with this message. */
    private volatile String stoppedBecause;
    private volatile Thread thread;
    private RunJournal journal;
    /** host_counters.csv and findings.csv; null when they could not be created (the run goes on without). */
    private HostCounters counters;
    private Transport client;
    private Transport server;
    private String clientLabel;
    private String serverLabel;
    private CompletableFuture<HostFacts> clientProbe;
    private CompletableFuture<HostFacts> serverProbe;

    Run(String runId, Path dir, TestPlan plan, RunListener listener, TransportFactory transports,
        ParserFactory parsers) {
        this.runId = runId;
        this.dir = dir;
        this.plan = plan;
        this.listener = new GuardedListener(listener);
        this.transports = transports;
        this.parsers = parsers;
        this.tool = ToolCommand.forTool(plan.tool());
        this.record = new RunRecord(runId);
        this.points = SweepPoints.of(plan);
        this.clientLabel = plan.client().login();
        this.serverLabel = plan.server().login();
    }

    @Override
    public String runId() {
        return runId;
    }

    Path dir() {
        return dir;
    }

    void start() {
        Thread t = new Thread(this::runAndRecord, "linklab-run-" + runId);
        thread = t;
        t.start();
    }

    @Override
    public void cancel(String by) {
        synchronized (this) {
            if (stoppedBy == null) {
                stoppedBy = by;
                stoppedAt = Instant.now();
            }
        }
        cancelled = true;
        // Unblocks the run thread at once; the run thread still does the whole clean-up itself.
        synchronized (live) {
            for (RemoteProcess p : live) {
                cancels.add(CompletableFuture.runAsync(p::cancel, IO));
            }
        }
        Thread t = thread;
        if (t != null) {
            t.interrupt();
        }
    }

    /** Stops the run like {@link #cancel()}, but as a failure with {@code message} (the first one wins). */
    private void stopFailing(String message) {
        synchronized (this) {
            if (stoppedBecause == null) {
                stoppedBecause = message;
            }
        }
        cancel("LinkLab: " + message);
    }

    @Override
    public Optional<RunOutcome> await(Duration timeout) throws InterruptedException {
        try {
            return Optional.of(done.get(timeout.toMillis(), TimeUnit.MILLISECONDS));
        } catch (java.util.concurrent.TimeoutException e) {
            return Optional.empty();
        } catch (ExecutionException e) {
            return Optional.of(new RunOutcome(RunOutcome.Status.FAILED, String.valueOf(e.getCause()), dir));
        }
    }

    // ---- the run itself ---------------------------------------------------------------------------------

    /**
     * Whatever is thrown, Errors included, the run ends as failed with the reason and {@link #await} hears
     * of it: a caller (the CLI) waiting for the end must never wait forever.
     */
    private void runAndRecord() {
        RunOutcome outcome = null;
        try (FileChannel lockChannel = FileChannel.open(dir.resolve(ResultsStore.LOCK_FILE),
                StandardOpenOption.CREATE, StandardOpenOption.WRITE);
             FileLock lock = lockChannel.tryLock()) {
            outcome = runLocked();
        } catch (Throwable e) {
            outcome = new RunOutcome(RunOutcome.Status.FAILED, "internal error: " + e, dir);
            System.err.println("LinkLab: run " + runId + " failed: internal error: " + e);
            try {
                if (journal != null) {
                    journal.close();
                }
                closeLogs();
                record.finish(RunRecord.State.FAILED, outcome.message(), Instant.now());
                record.write(dir);
            } catch (Throwable ignored) {
                // nothing more can be saved; the outcome still reaches the caller
            }
        } finally {
            if (outcome == null) {
                outcome = new RunOutcome(RunOutcome.Status.FAILED, "internal error", dir);
            }
            try {
                listener.runFinished(outcome);
            } catch (Throwable e) {
                System.err.println("LinkLab: a run listener failed at the end of run " + runId + ": " + e);
            } finally {
                done.complete(outcome);
            }
        }
    }

    /**
     * Hands a command's output to the run; an Error while doing so (in a parser or a listener) stops and
     * fails the run rather than ending the thread that delivers the output, unnoticed.
     */
    private LineSink guarded(LineSink sink, RemoteCommand cmd) {
        return line -> {
            try {
                sink.line(line);
            } catch (Error e) {
                String why = "internal error: " + e + " while reading the output of '" + cmd.description()
                        + "'; the run was stopped, what was measured until then is kept";
                synchronized (this) {
                    if (broken != null) {
                        return;
                    }
                    broken = why;
                }
                System.err.println("LinkLab: run " + runId + ": " + why);
            }
        };
    }

    private RunOutcome runLocked() throws IOException {
        // The logins (the slowest part before the test) go first; the record's first write (JSON set-up
        // included) happens while they are under way.
        startLogins();
        Map<String, List<String>> commands = CommandPreview.forPlan(plan);
        List<String> labels = points.stream().map(SweepPoint::label).toList();
        try {
            record.begin(plan, Instant.now(), labels, commands);
            record.write(dir);
            journal = new RunJournal(dir);
            counters = openCounters();
        } catch (Throwable e) {
            abandonLogins();
            throw e;
        }
        listener.runStarted(new RunInfo(runId, plan, dir, labels, commands));

        RunRecord.State state;
        String message;
        MtuTransaction mtu = null;
        List<SweepRow> allRows = new ArrayList<>();
        int failedPoints = 0;
        int donePoints = 0;
        try {
            openTransports();
            preflight();
            if (points.stream().anyMatch(p -> p.mtu() != null)) {
                List<MtuTransaction.End> ends = new ArrayList<>();
                ends.add(new MtuTransaction.End("client", clientLabel, client, plan.client().dataInterface()));
                if (client != server || !plan.client().dataInterface().equals(plan.server().dataInterface())) {
                    ends.add(new MtuTransaction.End("server", serverLabel, server, plan.server().dataInterface()));
                }
                mtu = new MtuTransaction(runId, ends, listener::progress, this::stopFailing);
                try {
                    mtu.begin(record);
                } catch (TransportException e) {
                    throw new RunAbort(e.getMessage());
                }
                record.write(dir);
            }
            for (int i = 0; i < points.size() && !cancelled && broken == null; i++) {
                SweepPoint point = points.get(i);
                listener.pointStarted(point.label(), i, points.size());
                if (!point.label().isEmpty()) {
                    listener.progress("point " + (i + 1) + "/" + points.size() + ": " + point.label());
                }
                Instant pointStart = Instant.now();
                SweepPoint next = i + 1 < points.size() ? points.get(i + 1) : null;
                List<SweepRow> rows = runPoint(point, i, mtu, next);
                record.pointTime(point.label(), pointStart, Instant.now());
                if (cancelled && rows.stream().anyMatch(r -> !r.ok())) {
                    break;
                }
                rows = withGain(rows, allRows);
                allRows.addAll(rows);
                journal.pointRows(point.label(), rows);
                listener.pointFinished(point.label(), rows);
                donePoints++;
                if (rows.stream().anyMatch(r -> !r.ok())) {
                    failedPoints++;
                }
            }
            if (broken != null) {
                state = RunRecord.State.FAILED;
                message = broken;
            } else if (cancelled) {
                state = RunRecord.State.CANCELLED;
                message = "stopped by " + stoppedBy + " after " + donePoints + " of " + points.size() + " point"
                        + (points.size() == 1 ? "" : "s");
            } else if (failedPoints > 0) {
                state = RunRecord.State.FAILED;
                message = failureSummary(allRows, failedPoints);
            } else {
                state = RunRecord.State.OK;
                message = headline(allRows);
            }
        } catch (RunAbort e) {
            state = broken == null && cancelled ? RunRecord.State.CANCELLED : RunRecord.State.FAILED;
            message = broken != null ? broken : cancelled ? "stopped by " + stoppedBy : e.getMessage();
        } catch (InterruptedException e) {
            state = broken != null ? RunRecord.State.FAILED : RunRecord.State.CANCELLED;
            message = broken != null ? broken
                    : "stopped by " + stoppedBy + " after " + donePoints + " of " + points.size() + " points";
        } finally {
            Thread.interrupted(); // clean-up must not be cut short by the cancel's interrupt
            cleanUp(mtu);
            if (counters != null) {
                counters.close();
            }
        }
        if (stoppedBecause != null) {
            state = RunRecord.State.FAILED;
            message = stoppedBecause;
        }
        Instant end = Instant.now();
        if (state == RunRecord.State.CANCELLED) {
            record.stopped(stoppedAt, stoppedBy);
        }
        record.finish(state, message, end);
        journal.close();
        try {
            RunJournal.Damage damage = ResultCsv.writeAll(dir, plan.isSweep());
            if (damage.any()) {
                record.warning(damage.warning());
            }
        } catch (IOException e) {
            record.warning("could not write the CSV files: " + e.getMessage());
        }
        record.write(dir);
        closeLogs();
        RunOutcome.Status status = switch (state) {
            case OK -> RunOutcome.Status.OK;
            case CANCELLED -> RunOutcome.Status.CANCELLED;
            default -> RunOutcome.Status.FAILED;
        };
        return new RunOutcome(status, message, dir);
    }

    private HostCounters openCounters() {
        try {
            return HostCounters.open(dir, record::warning, listener::hostCounters);
        } catch (IOException e) {
            record.warning("no host counters: cannot create " + CounterFiles.HOST_COUNTERS + ": " + e.getMessage());
            return null;
        }
    }

    /** A reason that ends the whole run (a host lost, a preflight refusal), as opposed to one point. */
    static final class RunAbort extends Exception {
        RunAbort(String message) {
            super(message);
        }
    }

    private CompletableFuture<Transport> clientLogin;
    private CompletableFuture<Transport> serverLogin;

    /** Starts both logins, each host's probe as soon as its own login is done (not when both are). */
    private void startLogins() {
        boolean oneHost = plan.server().login().equals(plan.client().login());
        boolean oneProbe = oneHost && interfaces(plan.client()).equals(interfaces(plan.server()));
        // What each host starts before the test - one server or client per process - has its start-up cost
        // on the host (the login shell) paid at once, while the probe runs (in the first of those launchers).
        int first = points.get(0).plan().processes();
        int commands = oneHost ? 2 * first + 2 : first + 1; // + each end's counter sampler
        CompletableFuture<Transport> c = CompletableFuture.supplyAsync(
                () -> preparedFor(open(plan.client().login()), commands), IO);
        CompletableFuture<Transport> s = oneHost ? c
                : CompletableFuture.supplyAsync(() -> preparedFor(open(plan.server().login()), commands), IO);
        // A target given by name is looked up where iperf3 will look it up: on the client.
        String resolve = plan.target() != null && io.linklab.model.Validators.ipAddress(plan.target()).isPresent()
                ? plan.target() : null;
        clientProbe = c.thenApplyAsync(t -> probe(t, interfaces(plan.client()), resolve), IO);
        serverProbe = oneProbe ? clientProbe : s.thenApplyAsync(t -> probe(t, interfaces(plan.server()), null), IO);
        clientLogin = c;
        serverLogin = s;
    }

    /** The run ended before it used its logins: close them once they are made (killing what the probe left). */
    private void abandonLogins() {
        clientProbe.whenComplete((f, e) -> clientLogin.thenAccept(Transport::close));
        serverProbe.whenComplete((f, e) -> serverLogin.thenAccept(Transport::close));
    }

    private void openTransports() throws RunAbort, InterruptedException {
        listener.progress("connecting to " + clientLabel + (clientLabel.equals(serverLabel) ? "" : " and " + serverLabel));
        CompletableFuture<Transport> c = clientLogin;
        CompletableFuture<Transport> s = serverLogin;
        try {
            client = c.get();
        } catch (ExecutionException e) {
            s.thenAccept(Transport::close);
            throw abort(e);
        }
        try {
            server = s.get();
        } catch (ExecutionException e) {
            throw abort(e);
        }
        clientLabel = client.hostLabel();
        serverLabel = server.hostLabel();
    }

    /**
     * What failed in a task of the run on another thread ends the run with its message; an Error there
     * is thrown on in the run's own thread (which fails the run saying so).
     */
    private static RunAbort abort(ExecutionException e) {
        if (e.getCause() instanceof Error err) {
            throw err;
        }
        return new RunAbort(e.getCause().getMessage());
    }

    private static Transport preparedFor(Transport t, int commands) {
        t.prepareFor(commands);
        return t;
    }

    /**
     * After a repetition's clients: the next servers and clients (0 processes: the clean-up's command, and
     * with an MTU change the restore's) get their launchers now, not while a test measures (their shells
     * would take CPU from it).
     */
    private void prepareNext(int processes, boolean mtuToRestore) {
        int each = processes > 0 ? processes + 1 : mtuToRestore ? 2 : 1; // + the counter sampler
        if (client == server) {
            client.prepareFor(processes > 0 ? 2 * each : each);
        } else {
            client.prepareFor(each);
            server.prepareFor(each);
        }
    }

    private Transport open(String login) {
        try {
            return transports.open(login);
        } catch (TransportException e) {
            throw new java.util.concurrent.CompletionException(new RunAbort("cannot connect to " + login + ": "
                    + e.getMessage()));
        }
    }

    private void preflight() throws RunAbort, InterruptedException, IOException {
        listener.progress("checking " + tool.program() + ", interfaces and ports on both ends");
        HostFacts cFacts;
        HostFacts sFacts;
        try {
            cFacts = clientProbe.get();
            sFacts = serverProbe.get();
        } catch (ExecutionException e) {
            throw abort(e);
        }
        record.hostFacts("client", withLogin(cFacts, clientLabel));
        record.hostFacts("server", withLogin(sFacts, serverLabel));

        List<String> problems = new ArrayList<>();
        checkTool(problems, cFacts, clientLabel);
        if (sFacts != cFacts) {
            checkTool(problems, sFacts, serverLabel);
        }
        checkInterface(problems, cFacts, clientLabel, plan.client().dataInterface());
        checkInterface(problems, sFacts, serverLabel, plan.server().dataInterface());
        checkCpus(problems, cFacts, clientLabel, plan.client());
        checkCpus(problems, sFacts, serverLabel, plan.server());
        TargetCheck.Findings target = TargetCheck.check(plan.target(), cFacts, clientLabel, sFacts, serverLabel,
                plan.client().login().equals(plan.server().login()));
        problems.addAll(target.problems());
        int maxProcesses = points.stream().mapToInt(p -> p.plan().processes()).max().orElse(1);
        for (int i = 0; i < maxProcesses; i++) {
            int port = plan.basePort() + i;
            boolean busy = plan.protocol() == TestPlan.Protocol.UDP && plan.tool() == io.linklab.model.Tool.IPERF2
                    ? sFacts.udpListening().contains(port) : sFacts.tcpListening().contains(port);
            if (busy) {
                problems.add("port " + port + " is already in use on " + serverLabel + " (another test server?); "
                        + "stop it or choose another first port (--port)");
            }
        }
        boolean changesMtu = points.stream().anyMatch(p -> p.mtu() != null);
        if (changesMtu) {
            refuseSessionInterface(problems, cFacts, clientLabel, plan.client().dataInterface());
            refuseSessionInterface(problems, sFacts, serverLabel, plan.server().dataInterface());
            for (HostFacts f : List.of(cFacts, sFacts)) {
                String who = f == cFacts ? clientLabel : serverLabel;
                if (!f.root() && !"yes".equals(f.get("sudo"))) {
                    problems.add("changing the MTU on " + who + " needs root: log in as root, or let this user run"
                            + " 'ip link set' through sudo without a password: run 'visudo -f /etc/sudoers.d/linklab'"
                            + " there and add the line: " + MtuCommands.sudoersLine(f.get("user")));
                }
            }
            if (!"yes".equals(cFacts.get("ping"))) {
                problems.add("ping is not installed on " + clientLabel + "; it checks each MTU with don't-fragment "
                        + "pings (apt-get install iputils-ping)");
            }
        }
        if (!problems.isEmpty()) {
            throw new RunAbort(String.join("; ", problems));
        }
        target.warnings().forEach(w -> preflightWarning("target-on-session-interface", w));
        if (plan.client().dataInterface() != null && plan.server().dataInterface() != null) {
            OptionalInt cm = cFacts.mtu(plan.client().dataInterface());
            OptionalInt sm = sFacts.mtu(plan.server().dataInterface());
            if (cm.isPresent() && sm.isPresent() && cm.getAsInt() != sm.getAsInt() && !changesMtu) {
                preflightWarning("mtu-mismatch", "the MTUs differ: " + plan.client().dataInterface() + " on "
                        + clientLabel + " has " + cm.getAsInt() + ", " + plan.server().dataInterface() + " on "
                        + serverLabel + " has " + sm.getAsInt() + "; the path carries the smaller");
            }
        }
        record.write(dir);
    }

    /**
     * A finding of the preflight that does not stop the run: in the run's warnings and its events (which the
     * command line and the dashboard print; a progress line as well said it twice).
     */
    private void preflightWarning(String kind, String w) {
        record.warning(w);
        listener.event("", ToolEvent.warning(kind, w, 0));
    }

    private static List<String> interfaces(TestPlan.End end) {
        return end.dataInterface() == null ? List.of() : List.of(end.dataInterface());
    }

    private HostFacts probe(Transport t, List<String> ifs, String resolve) {
        try {
            return Preflight.run(t, tool, ifs, resolve);
        } catch (TransportException e) {
            throw new java.util.concurrent.CompletionException(new RunAbort("preflight on " + t.hostLabel()
                    + " failed: " + e.getMessage()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.util.concurrent.CompletionException(new RunAbort("stopped by the user"));
        }
    }

    private static Map<String, String> withLogin(HostFacts f, String login) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("login", login);
        m.putAll(f.facts());
        return m;
    }

    private void checkTool(List<String> problems, HostFacts f, String who) {
        if (!f.hasTool()) {
            String pkg = switch (plan.tool()) {
                case IPERF3 -> "iperf3";
                case IPERF2 -> "iperf";
                case NETPERF -> "netperf";
            };
            problems.add(tool.program() + " is not installed on " + who + "; install it there (e.g. apt-get install "
                    + pkg + " or dnf install " + pkg + ")");
        }
    }

    private static void checkCpus(List<String> problems, HostFacts f, String who, TestPlan.End end) {
        if (end.cpus().isEmpty()) {
            return;
        }
        if (!"yes".equals(f.get("taskset"))) {
            problems.add("taskset is not installed on " + who + "; it pins the processes to CPUs (apt-get install "
                    + "util-linux), or run without CPU pinning");
        }
        String online = f.get("cpus");
        if (online != null && online.matches("\\d+")) {
            int n = Integer.parseInt(online);
            List<Integer> missing = end.cpus().stream().filter(c -> c >= n).distinct().toList();
            if (!missing.isEmpty()) {
                problems.add("CPU " + missing.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(", "))
                        + " is not on " + who + ", which has " + n + " CPU" + (n == 1 ? "" : "s") + " (0-" + (n - 1)
                        + "); pin to those");
            }
        }
    }

    private static void checkInterface(List<String> problems, HostFacts f, String who, String iface) {
        if (iface != null && !f.hasInterface(iface)) {
            problems.add("interface " + iface + " does not exist on " + who + " (it has: "
                    + String.join(", ", f.interfaces()) + ")");
        }
    }

    private static void refuseSessionInterface(List<String> problems, HostFacts f, String who, String iface) {
        if (iface != null && iface.equals(f.sshInterface())) {
            problems.add("refusing to change the MTU of " + iface + " on " + who + ": it carries the SSH session "
                    + "LinkLab controls the host through (" + f.get("ssh.address") + "); test over a separate "
                    + "data interface");
        }
    }

    // ---- one point -----------------------------------------------------------------------------------------

    private List<SweepRow> runPoint(SweepPoint point, int index, MtuTransaction mtu, SweepPoint next)
            throws RunAbort, InterruptedException {
        List<Direction> directions = directions(point.plan());
        List<Map<Direction, Totals>> reps = new ArrayList<>();
        String failure = null;
        try {
            for (int rep = 1; rep <= point.plan().repetitions() && !cancelled; rep++) {
                if (point.plan().repetitions() > 1) {
                    listener.progress("repetition " + rep + "/" + point.plan().repetitions()
                            + (point.label().isEmpty() ? "" : " of " + point.label()));
                }
                try {
                    // The MTU changes while the first repetition's servers start: they do not depend on it.
                    MtuStep step = rep == 1 && point.mtu() != null
                            ? () -> applyMtu(mtu, point.mtu()) : () -> { };
                    // Once this repetition's clients are done (the measurement is over), what comes next gets its
                    // launchers: the next repetition's servers and clients, or the clean-up.
                    int nextProcesses = rep < point.plan().repetitions() ? point.plan().processes()
                            : next != null ? next.plan().processes() : 0;
                    Runnable afterClients = () -> {
                        if (!cancelled) {
                            prepareNext(nextProcesses, mtu != null);
                        }
                    };
                    reps.add(runRepetition(point, index, rep, directions, step, afterClients));
                } catch (PointFailure e) {
                    if (e.wholePoint()) {
                        throw e;
                    }
                    failure = (point.plan().repetitions() > 1 ? "repetition " + rep + ": " : "") + e.getMessage();
                    listener.progress("failed" + (point.label().isEmpty() ? "" : " at " + point.label()) + ": "
                            + failure);
                    listener.event(point.label(), ToolEvent.error("point-failed", failure, 0));
                    journal.event(point.label(), rep, ToolEvent.error("point-failed", failure, 0));
                }
            }
        } catch (PointFailure e) {
            failure = e.getMessage();
            listener.progress("failed at " + point.label() + ": " + failure);
            listener.event(point.label(), ToolEvent.error("point-failed", failure, 0));
            journal.event(point.label(), 0, ToolEvent.error("point-failed", failure, 0));
        }
        if (cancelled && failure == null && reps.size() < point.plan().repetitions()) {
            failure = stoppedBecause != null ? stoppedBecause : "stopped by " + stoppedBy;
        }
        List<SweepRow> rows = new ArrayList<>();
        for (Direction d : directions) {
            List<Double> rates = new ArrayList<>();
            List<Long> retr = new ArrayList<>();
            for (Map<Direction, Totals> rep : reps) {
                Totals t = rep.get(d);
                if (t != null && t.bitsPerSecond != null) {
                    rates.add(t.bitsPerSecond);
                }
                if (t != null && t.retransmits != null) {
                    retr.add(t.retransmits);
                }
            }
            Double mean = rates.isEmpty() ? null : rates.stream().mapToDouble(Double::doubleValue).average().orElse(0);
            Double min = rates.isEmpty() ? null : rates.stream().mapToDouble(Double::doubleValue).min().orElse(0);
            Double max = rates.isEmpty() ? null : rates.stream().mapToDouble(Double::doubleValue).max().orElse(0);
            Long retransmits = retr.isEmpty() ? null
                    : Math.round(retr.stream().mapToLong(Long::longValue).average().orElse(0));
            String status = failure == null ? "ok" : "failed: " + failure;
            rows.add(new SweepRow(point.label(), point.mtu(), point.plan().streams(), point.plan().processes(), d,
                    mean, min, max, retransmits, null, status));
        }
        return rows;
    }

    static List<Direction> directions(TestPlan p) {
        return switch (p.mode()) {
            case NORMAL -> List.of(Direction.C2S);
            case REVERSE -> List.of(Direction.S2C);
            case BIDIR -> List.of(Direction.C2S, Direction.S2C);
        };
    }

    /** A repetition's totals in one direction: receiver rate (sender's if no receiver reported) and retransmits. */
    record Totals(Double bitsPerSecond, Long retransmits) {
    }

    /** Work done between starting the servers and starting the clients. */
    private interface MtuStep {
        void run() throws PointFailure, RunAbort, InterruptedException;
    }

    private void applyMtu(MtuTransaction mtu, int value) throws PointFailure, RunAbort, InterruptedException {
        try {
            mtu.apply(value, client, plan.target(), MTU_SETTLE_MILLIS);
        } catch (PointFailure e) {
            throw new PointFailure(e.getMessage(), true);
        } catch (TransportException e) {
            throw new RunAbort("lost contact while changing the MTU: " + e.getMessage());
        }
    }

    private Map<Direction, Totals> runRepetition(SweepPoint point, int index, int rep, List<Direction> directions,
                                                 MtuStep beforeClients, Runnable afterClients)
            throws PointFailure, RunAbort, InterruptedException {
        TestPlan p = point.plan();
        int n = p.processes();
        String pl = point.label();
        List<String> names = new ArrayList<>();
        for (int i = 0; n > 1 && i < n; i++) {
            names.add(String.valueOf(p.basePort() + i));
        }
        ProcessSummaries summaries = new ProcessSummaries();
        BoundedLines errors = new BoundedLines(KEPT_STDERR_CHARS);
        AtomicLong lastOutput = new AtomicLong(System.nanoTime());
        ProcessMerger merger = new ProcessMerger(names, p.streams(), s -> {
            journal.sample(pl, rep, s);
            listener.sample(pl, s);
        });
        ServerViews serverViews = new ServerViews(p, parsers, names, s -> {
            journal.sample(pl, rep, s);
            listener.sample(pl, s);
        });
        String prefix = String.format("%03d-%s-r%d", index + 1, pl.isEmpty() ? "test" : pl.replace('=', '-'), rep);
        List<RemoteProcess> servers = new ArrayList<>();
        List<RemoteProcess> clients = new ArrayList<>();
        List<RemoteProcess> samplers = new ArrayList<>();
        CounterSession hostCounters = counters == null ? null
                : counters.session(pl, rep, point.mtu(), p, client, clientLabel, server, serverLabel);
        List<StreamingParser> clientParsers = new ArrayList<>();
        List<Summary> all;
        List<String> incomplete;
        try {
            // Servers first, all at once; each must say it listens before any client starts.
            List<Start> serverStarts = new ArrayList<>();
            List<Start> clientStarts = new ArrayList<>();
            List<CountDownLatch> ready = new ArrayList<>();
            List<BoundedLines> serverErr = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                int port = p.basePort() + i;
                RemoteCommand cmd = ToolCommand.pinned(tool.server(p, port, CommandPreview.serverLifetime(p)), p.server(), i);
                RawLog log = rawLog(prefix + "-server-" + port, serverLabel, cmd);
                CountDownLatch latch = new CountDownLatch(1);
                BoundedLines err = new BoundedLines(KEPT_STDERR_CHARS);
                ready.add(latch);
                serverErr.add(err);
                LineSink view = serverViews.lines(i);
                LineSink out = line -> {
                    log.line(line);
                    listener.output(serverLabel, line);
                    view.line(line);
                    if (tool.serverReady(line)) {
                        latch.countDown();
                    }
                };
                LineSink errSink = line -> {
                    log.line(line);
                    listener.output(serverLabel, line);
                    view.line(line);
                    err.line(line);
                    if (tool.serverReady(line)) {
                        latch.countDown();
                    }
                };
                serverStarts.add(new Start(server, cmd, guarded(out, cmd), guarded(errSink, cmd)));
            }
            // Each host's counter sampler starts with the servers (one round trip), before any client.
            List<Start> withSamplers = new ArrayList<>();
            if (hostCounters != null) {
                hostCounters.starts().forEach(c -> withSamplers.add(new Start(c.transport(), c.command(), c.out(),
                        c.err())));
            }
            int samplerCount = withSamplers.size();
            withSamplers.addAll(serverStarts);
            List<RemoteProcess> started = startAll(withSamplers);
            samplers.addAll(started.subList(0, samplerCount));
            servers.addAll(started.subList(samplerCount, started.size()));
            beforeClients.run();
            long serverDeadline = System.nanoTime() + SERVER_START.toNanos();
            for (int i = 0; i < n; i++) {
                while (!ready.get(i).await(50, TimeUnit.MILLISECONDS)) {
                    checkCancelled();
                    if (!servers.get(i).isAlive()) {
                        throw new PointFailure(tool.program() + " server on " + serverLabel + " port "
                                + (p.basePort() + i) + " did not start: " + lastOf(serverErr.get(i)));
                    }
                    if (System.nanoTime() > serverDeadline) {
                        throw new PointFailure(tool.program() + " server on " + serverLabel + " port "
                                + (p.basePort() + i) + " did not report listening within "
                                + SERVER_START.toSeconds() + " s");
                    }
                }
            }
            if (hostCounters != null) {
                hostCounters.awaitFirstSnapshot(COUNTERS_START.toMillis());
            }
            // Clients, all at once.
            for (int i = 0; i < n; i++) {
                int port = p.basePort() + i;
                String process = n > 1 ? String.valueOf(port) : null;
                RemoteCommand cmd = ToolCommand.pinned(tool.client(p, port), p.client(), i);
                RawLog log = rawLog(prefix + "-client-" + port, clientLabel, cmd);
                String who = tool.program() + " client to port " + port;
                StreamingParser parser = new ShapedParser(parsers, p.tool(), sink(pl, rep, process, who, merger,
                        summaries, errors));
                clientParsers.add(parser);
                LineSink out = line -> {
                    lastOutput.set(System.nanoTime());
                    log.line(line);
                    listener.output(clientLabel, line);
                    synchronized (parser) {
                        parser.feed(line);
                    }
                };
                LineSink errSink = line -> {
                    lastOutput.set(System.nanoTime());
                    log.line(line);
                    listener.output(clientLabel, line);
                    errors.line(line);
                    synchronized (parser) {
                        parser.feed(line);
                    }
                };
                clientStarts.add(new Start(client, cmd, guarded(out, cmd), guarded(errSink, cmd)));
            }
            clients.addAll(startAll(clientStarts));
            if (hostCounters != null) {
                hostCounters.clientsStarted();
            }
            listener.progress("running " + tool.program() + " for " + (p.omitS() + p.durationS()) + " s"
                    + (n > 1 ? " (" + n + " processes)" : ""));
            awaitClients(clients, p, lastOutput);
            if (hostCounters != null) {
                hostCounters.clientsEnded();
            }
            afterClients.run();
            finish(clientParsers);
            // The clients are over and their output is in: the SUMs are made from what was taken until now.
            all = new ArrayList<>(summaries.close());
            // The totals only the servers print (iperf2's receiver), once they have printed them.
            for (Summary t : serverViews.takeTotals(ServerViews.lacking(all, directions))) {
                journal.summary(pl, rep, t);
                listener.summary(pl, t);
                all.add(t);
            }
            incomplete = merger.incomplete();
            for (int i = 0; i < n; i++) {
                OptionalInt exit = clients.get(i).waitFor(Duration.ofSeconds(1));
                if (exit.isPresent() && exit.getAsInt() < 0) {
                    // No exit status: the connection went, not the tool. Say which host, end the run.
                    checkContact(client, clientLabel);
                    checkContact(server, serverLabel);
                }
                if (exit.isPresent() && exit.getAsInt() != 0) {
                    throw new PointFailure(tool.program() + " client to port " + (p.basePort() + i) + " failed: "
                            + (errors.isEmpty() ? "exit status " + exit.getAsInt() : lastOf(errors)));
                }
            }
        } catch (TransportException e) {
            throw new RunAbort("lost contact: " + e.getMessage());
        } finally {
            // A Stop interrupts this thread: stopping the processes and taking in their last lines (a stopped
            // iperf3 prints its last interval and totals) must not be cut short by it.
            Thread.interrupted();
            for (RemoteProcess c : clients) {
                stop(c);
            }
            finish(clientParsers); // their output is all in: what it never reported can now be told
            if (plan.tool() == io.linklab.model.Tool.IPERF3) {
                // A one-off iperf3 server ends by itself right after its client; give it a moment to do so.
                for (RemoteProcess s : servers) {
                    s.waitFor(Duration.ofMillis(500));
                }
            }
            for (RemoteProcess s : servers) {
                stop(s);
            }
            serverViews.finish();
            closeLogs();
            stopCounters(hostCounters, samplers);
        }
        for (String gap : incomplete) {
            warn(pl, rep, "no merged SUM for " + gap);
        }
        Map<Direction, Totals> totals = new EnumMap<>(Direction.class);
        List<String> missingTotals = new ArrayList<>();
        List<Summary> shown = new ArrayList<>(all);
        for (Direction d : directions) {
            ProcessMerger.Total recvTotal = ProcessMerger.total(all, names, d, Role.RECEIVER);
            ProcessMerger.Total sendTotal = ProcessMerger.total(all, names, d, Role.SENDER);
            for (ProcessMerger.Total t : List.of(sendTotal, recvTotal)) {
                if (!t.missing().isEmpty()) {
                    missingTotals.add("the " + tool.program() + " client" + (t.missing().size() == 1 ? "" : "s")
                            + " to port " + String.join(", ", t.missing()) + " reported no " + d.csv() + " "
                            + (t == recvTotal ? Role.RECEIVER : Role.SENDER).csv() + " total");
                } else if (n > 1 && t.sum() != null) {
                    journal.summary(pl, rep, t.sum());
                    listener.summary(pl, t.sum());
                    shown.add(t.sum());
                }
            }
            if (!missingTotals.isEmpty()) {
                continue;
            }
            Summary recv = recvTotal.sum();
            Summary send = sendTotal.sum();
            Summary rate = recv != null && recv.bitsPerSecond() != null ? recv : send;
            if (rate == null || rate.bitsPerSecond() == null) {
                throw new PointFailure(tool.program() + " reported no end-of-test totals for " + d.csv()
                        + (errors.isEmpty() ? "" : " (" + lastOf(errors) + ")"));
            }
            Long retr = send != null && send.retransmits() != null ? send.retransmits()
                    : recv != null ? recv.retransmits() : null;
            totals.put(d, new Totals(rate.bitsPerSecond(), retr));
        }
        if (hostCounters != null) {
            // findings.csv; the command line prints it after its table, the report lists it
            hostCounters.findings(all, tool.program(), n, p.omitS() + p.durationS(),
                    p.protocol() == TestPlan.Protocol.UDP, directions);
        }
        for (Summary note : io.linklab.tools.shape.TotalRows.missingRoles(shown, p.tool().id())) {
            // a role neither end reports: an empty row that says so; after a stop the tool would have reported
            // it, had the test ended
            journal.summary(pl, rep, cancelled ? note.withNote("interrupted") : note);
        }
        if (!missingTotals.isEmpty()) {
            // The other processes' totals are in the journal; a SUM without these would be short, so there is none.
            throw new PointFailure(String.join("; ", missingTotals) + " (its output in raw/ ends without it); a SUM "
                    + "of the " + n + " processes would be short without it, so none is given");
        }
        return totals;
    }

    /**
     * Stops the counter samplers once each has a snapshot from after the clients ended (not after a Stop), and
     * writes their rows: also when the repetition failed, what was measured is kept.
     */
    private void stopCounters(CounterSession session, List<RemoteProcess> samplers) {
        if (session == null) {
            return;
        }
        try {
            if (!cancelled && broken == null) {
                session.awaitLastSnapshot();
            }
        } catch (InterruptedException e) {
            // a Stop while waiting: the rows until then are kept
        } finally {
            Thread.interrupted();
            for (RemoteProcess s : samplers) {
                stop(s);
            }
            session.finish();
        }
    }

    /** Tells each parser its output is over, once (the list is emptied). */
    private static void finish(List<StreamingParser> parsers) {
        for (StreamingParser parser : parsers) {
            synchronized (parser) {
                parser.finish();
            }
        }
        parsers.clear();
    }

    private MeasurementSink sink(String point, int rep, String process, String who, ProcessMerger merger,
                                 ProcessSummaries summaries, BoundedLines errors) {
        return new MeasurementSink() {
            @Override
            public void sample(Sample s) {
                Sample tagged = process == null ? s : s.withProcess(process);
                journal.sample(point, rep, tagged);
                listener.sample(point, tagged);
                merger.sample(tagged);
            }

            @Override
            public void summary(Summary s) {
                Summary tagged = process == null ? s : s.withProcess(process);
                if (summaries.offer(tagged, t -> journal.summary(point, rep, t))) {
                    listener.summary(point, tagged);
                } else {
                    warn(point, rep, who + " printed a " + (s.role() == null ? "" : s.role().csv() + " ")
                            + "total after its end was taken (" + s.bitsPerSecond() + " bit/s); it is left out of "
                            + "the results and the SUM");
                }
            }

            @Override
            public void event(ToolEvent e) {
                journal.event(point, rep, e);
                listener.event(point, e);
                if (e.severity() == ToolEvent.Severity.ERROR) {
                    errors.line(e.message());
                }
            }
        };
    }

    /** A warning about the measurement: in the run's notes, the journal, the event list and the progress. */
    private void warn(String point, int rep, String message) {
        record.warning(message);
        journal.event(point, rep, ToolEvent.warning("merge", message, 0));
        listener.event(point, ToolEvent.warning("merge", message, 0));
        listener.progress("warning: " + message);
    }

    private void awaitClients(List<RemoteProcess> clients, TestPlan p, AtomicLong lastOutput)
            throws PointFailure, RunAbort, InterruptedException {
        long startNs = System.nanoTime();
        long limit = startNs + Duration.ofSeconds(p.omitS() + p.durationS()).plus(CLIENT_GRACE).toNanos();
        long stallNs = TimeUnit.MILLISECONDS.toNanos((long) Math.max(8000, p.intervalS() * 5000));
        for (RemoteProcess c : clients) {
            while (c.waitFor(Duration.ofMillis(100)).isEmpty()) {
                checkCancelled();
                long now = System.nanoTime();
                if (now > limit) {
                    throw new PointFailure("timed out: the " + tool.program() + " client was still running "
                            + Duration.ofNanos(now - startNs).toSeconds() + " s after it started");
                }
                if (now - lastOutput.get() > stallNs) {
                    // Silence: a host may have dropped off the network. Ask both before deciding.
                    checkContact(client, clientLabel);
                    checkContact(server, serverLabel);
                    lastOutput.set(System.nanoTime());
                }
            }
        }
    }

    private void checkContact(Transport t, String who) throws RunAbort, InterruptedException {
        // A round trip to the SSH server, not a command: a command pays the host's login shell, which on a
        // busy host was seen to take longer than this whole check while the host was perfectly reachable.
        if (!t.answers(CONTACT_TIMEOUT)) {
            throw new RunAbort("lost contact with " + who + ": it stopped answering (no output for several "
                    + "seconds, and its SSH server did not answer within " + CONTACT_TIMEOUT.toSeconds()
                    + " s); the samples measured until then are kept");
        }
    }

    private void checkCancelled() throws InterruptedException {
        if (cancelled || broken != null) {
            throw new InterruptedException(cancelled ? "cancelled" : "broken");
        }
    }

    /** A command to start on a host with its output sinks. */
    private record Start(Transport transport, RemoteCommand command, LineSink out, LineSink err) {
    }

    /**
     * Starts all commands at once (each start is a round trip to its host) and registers every process
     * that did start for clean-up, even when another failed to.
     */
    private List<RemoteProcess> startAll(List<Start> starts) throws TransportException, InterruptedException {
        checkCancelled();
        List<CompletableFuture<RemoteProcess>> futures = new ArrayList<>();
        for (Start st : starts) {
            futures.add(CompletableFuture.supplyAsync(() -> {
                try {
                    return started(st.transport().start(st.command(), st.out(), st.err()));
                } catch (TransportException e) {
                    throw new java.util.concurrent.CompletionException(e);
                }
            }, IO));
        }
        List<RemoteProcess> out = new ArrayList<>();
        TransportException failure = null;
        Error error = null;
        for (CompletableFuture<RemoteProcess> f : futures) {
            try {
                out.add(f.get());
            } catch (ExecutionException e) {
                if (e.getCause() instanceof Error err && error == null) {
                    error = err;
                }
                if (failure == null) {
                    failure = e.getCause() instanceof TransportException te ? te
                            : new TransportException(String.valueOf(e.getCause()), e.getCause());
                }
            }
        }
        if (error != null) {
            throw error; // thrown on once every start is over: all that did start is registered for the clean-up
        }
        if (failure != null) {
            throw failure;
        }
        return out;
    }

    private RemoteProcess started(RemoteProcess p) {
        live.add(p);
        if (cancelled) {
            cancels.add(CompletableFuture.runAsync(p::cancel, IO));
        }
        return p;
    }

    /** Stops a process and returns once it is gone with its output delivered (a Stop's cancel may be under way). */
    private void stop(RemoteProcess p) {
        if (p.isAlive()) {
            p.cancel();
        }
        live.remove(p);
    }

    private RawLog rawLog(String name, String host, RemoteCommand cmd) {
        try {
            RawLog log = new RawLog(dir.resolve("raw").resolve(name + ".txt"), "# " + host + "$ "
                    + ShellWords.join(cmd.argv()));
            openLogs.add(log);
            return log;
        } catch (IOException e) {
            record.warning("cannot write raw output " + name + ": " + e.getMessage());
            return RawLog.none();
        }
    }

    private void closeLogs() {
        synchronized (openLogs) {
            for (AutoCloseable c : openLogs) {
                try {
                    c.close();
                } catch (Exception ignored) {
                    // flushed line by line
                }
            }
            openLogs.clear();
        }
    }

    // ---- clean-up ----------------------------------------------------------------------------------------

    private void cleanUp(MtuTransaction mtu) {
        List<RemoteProcess> left;
        synchronized (live) {
            left = new ArrayList<>(live);
            live.clear();
        }
        List<CompletableFuture<Void>> work = new ArrayList<>();
        for (RemoteProcess p : left) {
            work.add(CompletableFuture.runAsync(p::cancel, IO));
        }
        synchronized (cancels) {
            work.addAll(cancels);
        }
        joinAll(work);
        work.clear();
        // The MTUs go back (both hosts at once) before the transports kill whatever of ours still runs: the
        // host clean-up kills every process group of the run, the restore's own commands included.
        if (mtu != null) {
            MtuTransaction m = mtu;
            joinAll(List.of(CompletableFuture.runAsync(() -> record.mtuRestore(m.restore()), IO)));
        }
        for (Transport t : client == server ? new Transport[] {client} : new Transport[] {client, server}) {
            if (t != null) {
                t.prepareFor(0); // nothing more after the clean-up, which takes the launcher prepared for it
                work.add(CompletableFuture.runAsync(() -> cleanUpHost(t), IO));
            }
        }
        joinAll(work);
        if (client != null) {
            client.close();
        }
        if (server != null && server != client) {
            server.close();
        }
    }

    /** Waits for clean-up work; one part failing must not stop the others or the rest of the clean-up. */
    private void joinAll(List<CompletableFuture<Void>> work) {
        for (CompletableFuture<Void> f : work) {
            try {
                f.join();
            } catch (java.util.concurrent.CompletionException | java.util.concurrent.CancellationException e) {
                record.warning("clean-up step failed: " + e.getCause());
            }
        }
    }

    private void cleanUpHost(Transport t) {
        try {
            for (String killed : t.cleanup()) {
                record.warning("clean-up on " + t.hostLabel() + ": " + killed);
            }
        } catch (TransportException e) {
            record.warning("clean-up on " + t.hostLabel() + " failed: " + e.getMessage());
            listener.progress("warning: clean-up on " + t.hostLabel() + " failed: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    // ---- messages ------------------------------------------------------------------------------------------

    private static List<SweepRow> withGain(List<SweepRow> rows, List<SweepRow> earlier) {
        List<SweepRow> out = new ArrayList<>();
        for (SweepRow r : rows) {
            Double base = null;
            for (SweepRow e : earlier) {
                if (e.direction() == r.direction() && e.bitsPerSecond() != null) {
                    base = e.bitsPerSecond();
                    break;
                }
            }
            if (base == null && r.bitsPerSecond() != null) {
                base = r.bitsPerSecond();
            }
            Double gain = base == null || r.bitsPerSecond() == null || base == 0 ? null : r.bitsPerSecond() / base;
            out.add(new SweepRow(r.point(), r.mtu(), r.streams(), r.processes(), r.direction(), r.bitsPerSecond(),
                    r.bitsPerSecondMin(), r.bitsPerSecondMax(), r.retransmits(), gain, r.status()));
        }
        return out;
    }

    private static String headline(List<SweepRow> rows) {
        if (rows.isEmpty()) {
            return "nothing measured";
        }
        if (rows.stream().map(SweepRow::point).distinct().count() > 1) {
            return rows.stream().map(SweepRow::point).distinct().count() + " points measured";
        }
        StringBuilder sb = new StringBuilder();
        for (SweepRow r : rows) {
            sb.append(sb.length() == 0 ? "" : ", ").append(r.direction().csv()).append(' ')
                    .append(String.format("%.2f Gbit/s", r.bitsPerSecond() / 1e9));
        }
        return sb.toString();
    }

    private static String failureSummary(List<SweepRow> rows, int failedPoints) {
        long total = rows.stream().map(SweepRow::point).distinct().count();
        String first = rows.stream().filter(r -> !r.ok()).findFirst()
                .map(r -> (r.point().isEmpty() ? "" : r.point() + ": ") + r.status().replaceFirst("^failed: ", ""))
                .orElse("");
        if (total <= 1) {
            return first;
        }
        return failedPoints + " of " + total + " points failed (first: " + first + ")";
    }

    private static String lastOf(BoundedLines lines) {
        String last = lines.lastNonBlank();
        return last.isEmpty() ? "no message" : last;
    }
}
