package io.linklab.matrix;

import io.linklab.engine.ParserFactory;
import io.linklab.engine.RunHandle;
import io.linklab.engine.RunListener;
import io.linklab.engine.RunListeners;
import io.linklab.engine.RunOutcome;
import io.linklab.engine.TestEngine;
import io.linklab.engine.TransportFactory;
import io.linklab.matrix.MatrixSchedule.Uplinks;
import io.linklab.model.HostSpec;
import io.linklab.model.SweepRow;
import io.linklab.model.TestPlan;
import io.linklab.model.Topology;
import io.linklab.store.ResultsStore;
import io.linklab.store.RunFolder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs the pairs of a matrix through the engine as the schedule allows, each as a run of its own in
 * {@code DIR/pairs/CLIENT-SERVER} (a folder named once and kept in matrix.json: {@link MatrixFolders}), and adds each pair's rows to matrix.csv as it ends ({@link MatrixFile}). Pairs measured by an earlier,
 * stopped or interrupted matrix in the same folder are kept, not run again. A host that cannot be logged in to
 * fails its pairs with that reason; the rest of the matrix goes on.
 */
public final class MatrixRun implements RunHandle {

    /** What a matrix tells as it goes; called from the runs' threads. */
    public interface Listener {
        default void pairStarted(MatrixPair pair) {}

        default void pairFinished(MatrixPair pair, List<MatrixRow> rows) {}

        /**
         * Every pair has ended (or was stopped): the last writes into the matrix's folder (its report) belong here,
         * while the folder is still this matrix's alone; once this returns another matrix may write there.
         */
        default void allEnded(List<MatrixRow> rows) {}

        /**
         * Who else hears everything the pair's run tells (the window's live view of a pair), or null; asked once per
         * pair, just before its run starts.
         */
        default RunListener pairRun(MatrixPair pair) {
            return null;
        }
    }

    /**
     * @param concurrency the most tests at once
     * @param shareHosts  whether a host may be in two tests at once (each test then logs in on its own)
     */
    public record Options(int concurrency, boolean shareHosts, Uplinks uplinks) {}

    /** Makes the engine that runs the pairs, from the matrix's store and logins. */
    @FunctionalInterface
    public interface Engines {
        Engines LIVE = (store, logins) -> new TestEngine(store, logins, ParserFactory.live());

        TestEngine make(ResultsStore store, TransportFactory logins);
    }

    private final Topology lab;
    private final TestPlan base;
    private final List<MatrixPair> pairs;
    private final Path dir;
    private final Listener listener;
    private final SharedLogins shared;
    private final TestEngine engine;
    private final MatrixSchedule schedule;
    private final Map<MatrixPair, List<MatrixRow>> results = new LinkedHashMap<>();
    private final Map<MatrixPair, RunHandle> running = new HashMap<>();
    private final CompletableFuture<List<MatrixRow>> done = new CompletableFuture<>();
    private final MatrixFolderLock lock;
    private final MatrixFolders folders;
    private volatile String stoppedBy;
    private boolean fileBegun;

    /**
     * Takes the folder for this matrix alone until its end, before writing anything there.
     *
     * @param base the test every pair runs (tool, streams, duration …); its ends and target are the pair's
     * @throws MatrixFolderLock.BusyException when another matrix is writing {@code dir}
     */
    private final int pairsToRun;

    public MatrixRun(
            Topology lab,
            TestPlan base,
            List<MatrixPair> pairs,
            Options options,
            TransportFactory logins,
            Engines engines,
            Path dir,
            Listener listener)
            throws IOException {
        this.lab = lab;
        this.base = base;
        this.pairs = List.copyOf(pairs);
        this.dir = dir;
        this.listener = listener;
        this.shared = new SharedLogins(logins, !options.shareHosts());
        this.lock = MatrixFolderLock.take(dir);
        List<MatrixRow> earlier;
        try {
            this.folders = MatrixFolders.assign(dir, this.pairs, MatrixPlanFile.folders(dir));
            MatrixPlanFile.write(dir, lab, base, pairs, options, folders::name);
            this.engine = engines.make(new ResultsStore(dir.resolve(MatrixFolders.PAIRS)), shared);
            earlier = MatrixFile.read(dir);
        } catch (IOException | RuntimeException e) {
            lock.close();
            throw e;
        }
        List<MatrixPair> toRun = new ArrayList<>();
        for (MatrixPair p : pairs) {
            List<MatrixRow> kept = earlier.stream()
                    .filter(r -> r.client().equals(p.client()) && r.server().equals(p.server()) && r.ok())
                    .toList();
            results.put(p, kept.isEmpty() ? null : kept);
            if (kept.isEmpty()) {
                toRun.add(p);
            }
        }
        this.schedule = new MatrixSchedule(toRun, options.concurrency(), options.shareHosts(), options.uplinks());
        this.pairsToRun = toRun.size();
    }

    /** The pairs this run measures: those without an `ok` row from an earlier run in the folder. */
    public int pairsToRun() {
        return pairsToRun;
    }

    /** Starts what can start and returns; {@link #done} gives the rows, {@link #await} the outcome. */
    public synchronized void start() {
        startWhatFits();
    }

    @Override
    public String runId() {
        return dir.getFileName().toString();
    }

    /**
     * Ends the matrix: running pairs are stopped (their runs keep what they measured), waiting ones marked. Only the
     * first call does anything: a run's cancel interrupts its thread each time, and a second interrupt could land in
     * the clean-up and writes that the first one started.
     */
    @Override
    public void cancel(String by) {
        List<RunHandle> runs;
        synchronized (this) {
            if (stoppedBy != null) {
                return;
            }
            stoppedBy = by;
            Map<MatrixPair, List<MatrixRow>> stopped = new LinkedHashMap<>();
            for (MatrixPair p : schedule.dropWaiting()) {
                stopped.put(
                        p, List.of(MatrixRow.without(p, p.linkSpeedBps(), MatrixRow.STOPPED, "stopped by " + by, "")));
            }
            record(stopped);
            runs = List.copyOf(running.values());
            finishIfDone();
        }
        // outside the lock: a run that ends now reports to pairEnded, which takes it
        runs.forEach(r -> r.cancel(by));
    }

    /**
     * The matrix's end as a run's: OK when every pair measured, CANCELLED when it was stopped, else FAILED, with
     * how many pairs ended which way.
     */
    @Override
    public Optional<RunOutcome> await(Duration timeout) throws InterruptedException {
        List<MatrixRow> rows;
        try {
            rows = done.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            return Optional.empty();
        } catch (ExecutionException e) {
            return Optional.of(new RunOutcome(RunOutcome.Status.FAILED, "internal error: " + e.getCause(), dir));
        }
        long ok = rows.stream().filter(MatrixRow::ok).count();
        long failed =
                rows.stream().filter(r -> r.status().equals(MatrixRow.FAILED)).count();
        String message = ok + " of " + rows.size() + " rows measured"
                + (failed > 0 ? ", " + failed + " failed" : "")
                + (stoppedBy != null ? "; stopped by " + stoppedBy : "");
        RunOutcome.Status status = stoppedBy != null
                ? RunOutcome.Status.CANCELLED
                : failed > 0 || ok < rows.size() ? RunOutcome.Status.FAILED : RunOutcome.Status.OK;
        return Optional.of(new RunOutcome(status, message, dir));
    }

    /** Every row, in the order of the pairs, once the last pair has ended. */
    public CompletableFuture<List<MatrixRow>> done() {
        return done;
    }

    private void startWhatFits() {
        for (MatrixPair p : schedule.startable()) {
            String problem = problem(p);
            if (problem != null) {
                finish(p, List.of(MatrixRow.without(p, p.linkSpeedBps(), MatrixRow.FAILED, problem, "")));
                continue;
            }
            listener.pairStarted(p);
            try {
                Path runDir = folders.runDir(p);
                if (Files.isDirectory(runDir, LinkOption.NOFOLLOW_LINKS)) {
                    RunFolder.replaceEarlierRun(runDir);
                }
                running.put(
                        p,
                        engine.withExpectation(p.expectation())
                                .start(
                                        planFor(lab, base, p),
                                        RunListeners.both(
                                                new PairListener(
                                                        p,
                                                        dir.relativize(runDir).toString()),
                                                listener.pairRun(p)),
                                        runDir));
            } catch (IOException | RuntimeException e) {
                finish(p, List.of(MatrixRow.without(p, p.linkSpeedBps(), MatrixRow.FAILED, e.getMessage(), "")));
            }
        }
        finishIfDone();
    }

    private String problem(MatrixPair p) {
        if (p.target() == null) {
            return "no address to test " + p.server() + " at: give one of its interfaces an address in the lab";
        }
        return null;
    }

    /** The test a pair runs: the base test between the pair's ends, to its target. */
    static TestPlan planFor(Topology lab, TestPlan base, MatrixPair p) {
        HostSpec c = lab.host(p.client()).orElseThrow();
        HostSpec s = lab.host(p.server()).orElseThrow();
        return base.toBuilder()
                .client(new TestPlan.End(
                        c.login(), p.clientIface(), base.client().cpus()))
                .server(new TestPlan.End(
                        s.login(), p.serverIface(), base.server().cpus()))
                .target(p.target())
                .build();
    }

    private synchronized void pairEnded(MatrixPair p, String run, List<SweepRow> measured, RunOutcome outcome) {
        running.remove(p);
        List<MatrixRow> rows = new ArrayList<>();
        Double speed = p.linkSpeedBps();
        for (SweepRow r : measured) {
            rows.add(new MatrixRow(
                    p.client(),
                    p.server(),
                    r.direction() == null ? "" : r.direction().csv(),
                    r.bitsPerSecond(),
                    r.bitsPerSecondMin(),
                    r.bitsPerSecondMax(),
                    r.retransmits(),
                    speed,
                    outcome.ok() && r.ok() ? MatrixRow.OK : outcome.ok() ? MatrixRow.FAILED : status(outcome),
                    outcome.ok() ? (r.ok() ? "" : r.status()) : outcome.message(),
                    run,
                    r.mtu(),
                    p.expectation()));
        }
        if (rows.isEmpty()) {
            rows.add(MatrixRow.without(
                    p,
                    speed,
                    outcome.ok() ? MatrixRow.FAILED : status(outcome),
                    outcome.ok() ? "the run measured nothing" : outcome.message(),
                    run));
        }
        if (!outcome.ok() && stoppedBy == null) {
            failHostThatIsDown(p, outcome.message());
        }
        finish(p, rows);
        if (stoppedBy == null) {
            startWhatFits();
        } else {
            finishIfDone(); // stopped: the last running pair's end is the matrix's end
        }
    }

    private static String status(RunOutcome outcome) {
        return outcome.status() == RunOutcome.Status.CANCELLED ? MatrixRow.STOPPED : MatrixRow.FAILED;
    }

    /** A login that failed fails every waiting pair of that host with the same reason, at once. */
    private void failHostThatIsDown(MatrixPair p, String message) {
        for (String host : List.of(p.client(), p.server())) {
            String login = lab.host(host).orElseThrow().login();
            if (message != null && message.startsWith("cannot connect to " + login + ":")) {
                Map<MatrixPair, List<MatrixRow>> failed = new LinkedHashMap<>();
                for (MatrixPair q : schedule.dropWaitingOf(host)) {
                    failed.put(q, List.of(MatrixRow.without(q, q.linkSpeedBps(), MatrixRow.FAILED, message, "")));
                }
                record(failed);
            }
        }
    }

    private void finish(MatrixPair p, List<MatrixRow> rows) {
        schedule.finished(p);
        record(Map.of(p, rows));
        listener.pairFinished(p, rows);
    }

    private void finishIfDone() {
        if (schedule.done() && !done.isDone()) {
            List<MatrixRow> all = rows();
            try {
                try {
                    MatrixFile.write(dir, all); // once: the rows in the order of the pairs
                } catch (IOException e) {
                    throw cannotWrite(e);
                }
                listener.allEnded(all);
            } finally {
                shared.close();
                lock.close(); // before the end is told: whoever waits for it may start the next writer at once
                done.complete(all);
            }
        }
    }

    private List<MatrixRow> rows() {
        List<MatrixRow> all = new ArrayList<>();
        results.values().stream().filter(r -> r != null).forEach(all::addAll);
        return all;
    }

    /** Keeps the rows of pairs that ended and adds them to matrix.csv. */
    private void record(Map<MatrixPair, List<MatrixRow>> ended) {
        if (ended.isEmpty()) {
            return;
        }
        List<MatrixRow> rows = new ArrayList<>();
        ended.values().forEach(rows::addAll);
        List<MatrixRow> kept = fileBegun ? null : rows();
        results.putAll(ended);
        try {
            if (kept != null) {
                // the rows kept, alone: the pairs' rows go after these, not after a row a kill cut short
                MatrixFile.write(dir, kept);
                fileBegun = true;
            }
            MatrixFile.append(dir, rows);
        } catch (IOException e) {
            throw cannotWrite(e);
        }
    }

    private UncheckedIOException cannotWrite(IOException e) {
        return new UncheckedIOException("cannot write " + dir.resolve(MatrixFile.NAME), e);
    }

    private final class PairListener implements RunListener {
        private final MatrixPair pair;
        private final String run;
        private final List<SweepRow> rows = new ArrayList<>();

        PairListener(MatrixPair pair, String run) {
            this.pair = pair;
            this.run = run;
        }

        @Override
        public void pointFinished(String point, List<SweepRow> measured) {
            synchronized (rows) {
                rows.addAll(measured);
            }
        }

        @Override
        public void runFinished(RunOutcome outcome) {
            List<SweepRow> copy;
            synchronized (rows) {
                copy = List.copyOf(rows);
            }
            pairEnded(pair, run, copy, outcome);
        }
    }
}
