package io.linklab.engine;

import io.linklab.concurrent.DaemonThreads;
import io.linklab.counters.CounterFiles;
import io.linklab.counters.HostCounters;
import io.linklab.model.Expectation;
import io.linklab.model.Headline;
import io.linklab.model.SweepRow;
import io.linklab.model.TestPlan;
import io.linklab.model.ToolEvent;
import io.linklab.model.Verdict;
import io.linklab.remote.TransportException;
import io.linklab.store.RawLogs;
import io.linklab.store.ResultCsv;
import io.linklab.store.ResultsStore;
import io.linklab.store.RunJournal;
import io.linklab.store.RunRecord;
import io.linklab.tools.driver.ToolDriver;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One run on its own thread: logins and preflight, then each point ({@link PointRunner}), then the guaranteed
 * clean-up ({@link RunCleanup}), and the CSVs and run.json written from the journal. The run's state (running,
 * stopped, failed) and its outcome live here; the steps live in their own classes.
 */
final class Run implements RunHandle {

    private static final System.Logger LOG = System.getLogger(Run.class.getName());

    /**
     * Threads for talking to hosts in parallel. Not the common pool: on a 2-core machine it has a single
     * thread, which would make "both hosts at once" one after the other.
     */
    static final ExecutorService IO = Executors.newCachedThreadPool(DaemonThreads.named("linklab-run-io"));

    private final String runId;
    private final Path dir;
    private final TestPlan plan;
    private final RunListener listener;
    private final TransportFactory transports;
    private final ParserFactory parsers;
    private final PointHooks hooks;
    private final RunTimings timings;
    private final ToolDriver tool;
    private final RunRecord record;
    /** The plan's points, built once: the command preview recorded with the run and the run itself use these. */
    private final List<SweepPoint> points;

    private final CompletableFuture<RunOutcome> done = new CompletableFuture<>();
    private final RunControl control;
    private final RawLogs logs;
    private RunJournal journal;
    /** host_counters.csv and findings.csv; null when they could not be created (the run goes on without). */
    private HostCounters counters;
    /** Points measured to their end (ok or failed), for the message of a stopped run. */
    private int donePoints;
    /** The rows measured, for the headline run.json records; set once the points are done. */
    private List<SweepRow> measured = List.of();
    /** Chooses the points one at a time (a tune); null for a plan's own points. */
    private PointDriver driver;
    /** Both ends' facts from preflight, for the driver. */
    private Map<String, String> clientFacts = Map.of();

    private Map<String, String> serverFacts = Map.of();
    /** What each direction and point is judged against once measured. */
    private Expectation expectation = Expectation.DEFAULT;

    Run(
            String runId,
            Path dir,
            TestPlan plan,
            RunListener listener,
            TransportFactory transports,
            ParserFactory parsers,
            PointHooks hooks,
            RunTimings timings) {
        this.runId = runId;
        this.dir = dir;
        this.plan = plan;
        this.listener = new GuardedListener(listener);
        this.transports = transports;
        this.parsers = parsers;
        this.hooks = hooks;
        this.timings = timings;
        this.tool = ToolDriver.forTool(plan.tool());
        this.record = new RunRecord(runId);
        this.points = SweepPoints.of(plan);
        this.control = new RunControl(runId);
        this.logs = new RawLogs(dir, record);
    }

    @Override
    public String runId() {
        return runId;
    }

    Path dir() {
        return dir;
    }

    /** Before {@link #start}: the points come from {@code d}, the plan's are only the first. */
    void drivenBy(PointDriver d) {
        this.driver = d;
    }

    /** Before {@link #start}: the rate the run's directions and points are expected to reach. */
    void expect(Expectation e) {
        this.expectation = e;
    }

    void start() {
        Thread t = new Thread(this::runAndRecord, "linklab-run-" + runId);
        control.runsOn(t);
        t.start();
    }

    @Override
    public void cancel(String by) {
        control.cancel(by);
    }

    @Override
    public Optional<RunOutcome> await(Duration timeout) throws InterruptedException {
        try {
            return Optional.of(done.get(timeout.toMillis(), TimeUnit.MILLISECONDS));
        } catch (TimeoutException e) {
            return Optional.empty();
        } catch (ExecutionException e) {
            return Optional.of(new RunOutcome(RunOutcome.Status.FAILED, String.valueOf(e.getCause()), dir));
        }
    }

    /**
     * Whatever is thrown, Errors included, the run ends as failed with the reason and {@link #await} hears
     * of it: a caller (the CLI) waiting for the end must never wait forever.
     */
    private void runAndRecord() {
        RunOutcome outcome = null;
        try (FileChannel lockChannel = FileChannel.open(
                        dir.resolve(ResultsStore.LOCK_FILE), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock lock = lockChannel.tryLock()) {
            outcome = runLocked();
        } catch (Throwable e) {
            outcome = new RunOutcome(RunOutcome.Status.FAILED, "internal error: " + e, dir);
            LOG.log(System.Logger.Level.ERROR, "run " + runId + " failed: internal error", e);
            try {
                if (journal != null) {
                    journal.close();
                }
                logs.closeAll();
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
                LOG.log(System.Logger.Level.WARNING, "a run listener failed at the end of run " + runId, e);
            } finally {
                done.complete(outcome);
            }
        }
    }

    /** How the run ended, for run.json and the outcome. */
    private record Ending(RunRecord.State state, String message) {}

    private RunOutcome runLocked() throws IOException {
        // The logins (the slowest part before the test) go first; the record's first write (JSON set-up
        // included) happens while they are under way.
        RunLogins logins = RunLogins.start(plan, tool, transports);
        Map<String, List<String>> commands = CommandPreview.forPoints(plan, points);
        List<String> labels = points.stream().map(SweepPoint::label).toList();
        try {
            // a driven run (a tune) records each point's commands as it chooses and measures it
            record.begin(plan, Instant.now(), labels, driver == null ? commands : Map.of());
            record.write(dir);
            journal = new RunJournal(dir);
            counters = openCounters();
        } catch (Throwable e) {
            logins.abandon();
            throw e;
        }
        listener.runStarted(new RunInfo(runId, plan, dir, labels, commands));

        Ending ending;
        MtuTransaction mtu = null;
        RunCleanup.HostCleanup hostCleanup;
        try {
            listener.progress("connecting to " + plan.client().login()
                    + (plan.client().login().equals(plan.server().login())
                            ? ""
                            : " and " + plan.server().login()));
            RunHosts hosts = logins.hosts();
            preflight(logins, hosts);
            if (counters != null) {
                counters.toolReleases(plan.tool(), clientFacts.get("tool.version"), serverFacts.get("tool.version"));
            }
            mtu = mtuTransaction(hosts);
            if (mtu != null) {
                beginMtu(mtu);
            }
            // the client's output is what its release can print (iperf3 3.17+: --json-stream), as preflight found it
            ToolDriver measuring = tool.forClientVersion(clientFacts.get("tool.version"));
            if (measuring != tool && driver == null) {
                record.commands(CommandPreview.forPoints(plan, points, measuring));
                record.write(dir);
            }
            RunContext context = new RunContext(
                    plan, measuring, parsers, hosts, journal, record, listener, logs, control, timings, counters);
            ending = driver == null
                    ? measure(new PointRunner(context, mtu, hooks))
                    : drive(new DrivenPoints(context, mtu, hooks));
        } catch (RunAbort e) {
            boolean stopped = control.broken() == null && control.cancelled();
            ending = new Ending(
                    stopped ? RunRecord.State.CANCELLED : RunRecord.State.FAILED,
                    control.broken() != null
                            ? control.broken()
                            : control.cancelled() ? "stopped by " + control.stoppedBy() : e.getMessage());
        } catch (InterruptedException e) {
            ending = control.broken() != null
                    ? new Ending(RunRecord.State.FAILED, control.broken())
                    : new Ending(
                            RunRecord.State.CANCELLED,
                            "stopped by " + control.stoppedBy() + " after " + donePoints + " of " + points.size()
                                    + " points");
        } finally {
            control.holdInterrupts(); // the clean-up must not be cut short by a Stop's interrupt
            hostCleanup = new RunCleanup(record, listener).start(control, logins.taken(), mtu);
            if (counters != null) {
                counters.close(); // its samplers are stopped: each repetition stops its own, the clean-up the rest
            }
        }
        if (control.stoppedBecause() != null) {
            ending = new Ending(RunRecord.State.FAILED, control.stoppedBecause());
        }
        return finish(ending, hostCleanup);
    }

    /** Every point in turn, until the last or a stop; how the run ended. */
    private Ending measure(PointRunner runner) throws RunAbort, InterruptedException {
        List<SweepRow> allRows = new ArrayList<>();
        int failedPoints = 0;
        for (int i = 0; i < points.size() && control.goesOn(); i++) {
            SweepPoint point = points.get(i);
            listener.pointStarted(point, i, points.size());
            if (!point.label().isEmpty()) {
                listener.progress("point " + (i + 1) + "/" + points.size() + ": " + point.label());
            }
            Instant pointStart = Instant.now();
            SweepPoint next = i + 1 < points.size() ? points.get(i + 1) : null;
            List<SweepRow> rows = runner.run(point, i, next);
            record.pointTime(point.label(), pointStart, Instant.now());
            if (control.cancelled() && rows.stream().anyMatch(r -> !r.ok())) {
                break;
            }
            rows = Headlines.withGain(rows, allRows);
            allRows.addAll(rows);
            journal.pointRows(point.label(), rows);
            listener.pointFinished(point.label(), rows);
            donePoints++;
            if (rows.stream().anyMatch(r -> !r.ok())) {
                failedPoints++;
            }
        }
        if (control.broken() != null) {
            return new Ending(RunRecord.State.FAILED, control.broken());
        }
        if (control.cancelled()) {
            return new Ending(
                    RunRecord.State.CANCELLED, Headlines.stopped(control.stoppedBy(), donePoints, points.size()));
        }
        measured = allRows;
        if (failedPoints > 0) {
            return new Ending(RunRecord.State.FAILED, Headlines.failureSummary(allRows, failedPoints));
        }
        measured = allRows;
        return new Ending(RunRecord.State.OK, Headlines.headline(allRows));
    }

    /** The driver's points until it is done or the run stops; how the run ended. */
    private Ending drive(DrivenPoints driven) throws InterruptedException {
        try {
            driver.drive(clientFacts, serverFacts, driven);
        } catch (InterruptedException e) {
            if (!control.cancelled()) {
                throw e;
            }
        }
        donePoints = driven.measuredPoints();
        if (control.broken() != null) {
            return new Ending(RunRecord.State.FAILED, control.broken());
        }
        if (control.cancelled()) {
            return new Ending(
                    RunRecord.State.CANCELLED,
                    "stopped by " + control.stoppedBy() + " after " + donePoints + " points");
        }
        if (driven.lost() != null) {
            return new Ending(RunRecord.State.FAILED, driven.lost());
        }
        List<SweepRow> rows = driven.rows();
        measured = rows;
        if (rows.stream().noneMatch(SweepRow::ok)) {
            return new Ending(
                    RunRecord.State.FAILED,
                    rows.isEmpty() ? "no point measured" : Headlines.failureSummary(rows, driven.failedPoints()));
        }
        // A point that failed (a tool missing on one end) ends that branch of the search, not the run.
        return new Ending(RunRecord.State.OK, donePoints + " points, " + driven.failedPoints() + " failed");
    }

    /**
     * Writes the CSVs while the hosts clean up (the measurement is over: the journal is complete), then records
     * the end once they are done, writes run.json, and says how the run went.
     */
    private RunOutcome finish(Ending ending, RunCleanup.HostCleanup hostCleanup) throws IOException {
        try {
            journal.close();
            // the link speed is known only once the counters have read it, so the verdict is made here
            Expectation.Expected expected = expectation.resolve(counters == null ? null : counters.linkSpeedBps());
            record.expected(
                    expectation.text(),
                    expected,
                    Verdict.overall(journal.rowsWritten().stream()
                            .map(r -> expected.judge(r.bitsPerSecond()).outcome())
                            .toList()));
            RunJournal.Damage damage = ResultCsv.writeAll(dir, plan.isSweep() || driver != null, expected);
            if (damage.any()) {
                record.warning(damage.warning());
            }
        } catch (IOException e) {
            record.warning("could not write the CSV files: " + e.getMessage());
        } finally {
            hostCleanup.await();
        }
        if (ending.state() == RunRecord.State.CANCELLED) {
            record.stopped(control.stoppedAt(), control.stoppedBy());
        }
        record.headline(Headline.of(measured));
        record.finish(ending.state(), ending.message(), Instant.now());
        record.write(dir);
        logs.closeAll();
        RunOutcome.Status status = switch (ending.state()) {
            case OK -> RunOutcome.Status.OK;
            case CANCELLED -> RunOutcome.Status.CANCELLED;
            default -> RunOutcome.Status.FAILED;
        };
        return new RunOutcome(status, ending.message(), dir);
    }

    private HostCounters openCounters() {
        try {
            return HostCounters.open(dir, record::warning, listener::hostCounters, listener::findings);
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

    /** Records both hosts' facts, and refuses the run with every problem {@link Preflight} finds. */
    private void preflight(RunLogins logins, RunHosts hosts) throws RunAbort, InterruptedException, IOException {
        listener.progress("checking " + tool.program() + ", interfaces and ports on both ends");
        PreflightFacts cFacts = logins.clientFacts();
        PreflightFacts sFacts = logins.serverFacts();
        clientFacts = withLogin(cFacts, hosts.clientLabel());
        serverFacts = withLogin(sFacts, hosts.serverLabel());
        record.hostFacts("client", clientFacts);
        record.hostFacts("server", serverFacts);
        Preflight.Findings findings = Preflight.check(
                plan,
                points,
                new Preflight.End(plan.client(), cFacts, hosts.clientLabel()),
                new Preflight.End(plan.server(), sFacts, hosts.serverLabel()));
        if (findings.refused()) {
            throw new RunAbort(String.join("; ", findings.problems()));
        }
        // In the run's warnings and its events (which the command line and the dashboard print; a progress line
        // as well said it twice).
        for (Preflight.Warning w : findings.warnings()) {
            record.warning(w.message());
            listener.event("", ToolEvent.warning(w.kind(), w.message(), 0));
        }
        record.write(dir);
    }

    private static Map<String, String> withLogin(PreflightFacts f, String login) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("login", login);
        m.putAll(f.facts());
        return m;
    }

    /** For a plan that changes the MTU: the transaction over both ends' data interfaces, else null. */
    private MtuTransaction mtuTransaction(RunHosts hosts) {
        if (points.stream().noneMatch(p -> p.mtu() != null) && (driver == null || !driver.changesMtu())) {
            return null;
        }
        List<MtuTransaction.End> ends = new ArrayList<>();
        ends.add(new MtuTransaction.End(
                "client", hosts.clientLabel(), hosts.client(), plan.client().dataInterface()));
        if (!hosts.oneHost()
                || !plan.client().dataInterface().equals(plan.server().dataInterface())) {
            ends.add(new MtuTransaction.End(
                    "server", hosts.serverLabel(), hosts.server(), plan.server().dataInterface()));
        }
        return new MtuTransaction(runId, ends, timings, listener::progress, control::stopFailing);
    }

    /** Reads the originals and arms the automatic restore on both ends; what it armed before failing is restored. */
    private void beginMtu(MtuTransaction mtu) throws RunAbort, InterruptedException, IOException {
        try {
            mtu.begin(record);
        } catch (TransportException e) {
            throw new RunAbort(e.getMessage());
        }
        record.write(dir);
    }
}
