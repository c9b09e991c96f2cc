package io.linklab.ui.matrix;

import io.linklab.engine.RunListener;
import io.linklab.engine.RunOutcome;
import io.linklab.matrix.MatrixFindings;
import io.linklab.matrix.MatrixGrid;
import io.linklab.matrix.MatrixPair;
import io.linklab.matrix.MatrixRow;
import io.linklab.matrix.MatrixRun;
import io.linklab.model.HostSpec;
import io.linklab.model.Printable;
import io.linklab.model.TestPlan;
import io.linklab.ui.dashboard.LiveRunModel;
import io.linklab.ui.dashboard.RunFindings;
import io.linklab.ui.runs.MatrixLauncher;
import io.linklab.ui.tasks.TaskRunner;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleIntegerProperty;

/**
 * A whole-lab matrix as the window shows it while it runs and after, or as stored in its folder (to be resumed
 * there): its rows, the heatmap's {@link MatrixGrid}, which pairs run now (each with a live model a click can open),
 * the worst-first table, Stop and Resume. The matrix tells its pairs on its own threads; they are queued and applied on the FX thread in one go ({@code fx}), so a burst of
 * pairs ending costs one redraw. Touches no node: {@link MatrixView} draws it.
 */
public final class MatrixViewModel implements MatrixRun.Listener {

    /**
     * The name of the thread {@link #stopForExit} leaves waiting for the matrix's end, before its run id (or
     * "starting-" and the lab's name while its launch is not back).
     */
    public static final String EXIT_THREAD = "linklab-matrix-exit-";

    /** What a click on a cell, a row or a link opens. */
    public sealed interface Opening {
        /** A pair still running: its live model, fed since its start. */
        record Live(String title, LiveRunModel model) implements Opening {}

        /** A pair that ran: its run folder in the matrix's pairs store. */
        record Recorded(String title, Path pairsRoot, String runId) implements Opening {}

        /** Nothing to open, and why (shown in the status line). */
        record Nothing(String why) implements Opening {}
    }

    private final MatrixLauncher.Request request;
    private final Path storedDir;
    private final List<String> hosts;
    private final Executor fx;
    private final ConcurrentLinkedQueue<Runnable> pending = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean flushQueued = new AtomicBoolean();
    private final Map<MatrixPair, LiveRunModel> live = new ConcurrentHashMap<>();
    // FX thread only from here on
    private final Map<MatrixPair, List<MatrixRow>> rowsByPair = new LinkedHashMap<>();
    private final Set<MatrixPair> running = new HashSet<>();
    private final IntegerProperty revision = new SimpleIntegerProperty();
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("starting…");
    private final ReadOnlyStringWrapper legend = new ReadOnlyStringWrapper();
    private final ReadOnlyBooleanWrapper stoppable = new ReadOnlyBooleanWrapper(true);
    private final ReadOnlyBooleanWrapper resumable = new ReadOnlyBooleanWrapper();
    private final RunFindings findings = new RunFindings();
    private MatrixGrid grid;
    private List<Integer> mtus = List.of();
    private Integer shownMtu;
    private List<MatrixRow> sorted = List.of();
    private MatrixLaunch launch;
    private MatrixLauncher.Started started;
    private Path folder;
    private RunOutcome outcome;
    private boolean stopAsked;

    /** @param fx runs work on the FX thread ({@code Platform::runLater}; tests pass {@code Runnable::run}) */
    public MatrixViewModel(MatrixLauncher.Request request, Executor fx) {
        this(request, null, List.of(), fx);
    }

    /**
     * A matrix as stored in its folder (read off the FX thread): its rows as matrix.csv holds them, nothing running;
     * {@link #resume} runs the pairs it has no measurement of, into the same folder.
     */
    public MatrixViewModel(StoredMatrix stored, Executor fx) {
        this(stored.request(), stored.dir(), stored.rows(), fx);
    }

    private MatrixViewModel(MatrixLauncher.Request request, Path storedDir, List<MatrixRow> rows, Executor fx) {
        this.request = request;
        this.storedDir = storedDir;
        this.folder = storedDir;
        this.hosts = request.lab().hosts().stream().map(HostSpec::id).toList();
        this.fx = fx;
        request.pairs().forEach(p -> rowsByPair.put(p, null));
        if (storedDir != null) {
            stoppable.set(false);
            keep(rows);
            resumable.set(!missing().isEmpty());
        }
        rebuild();
    }

    public MatrixLauncher.Request request() {
        return request;
    }

    /** Bumped on the FX thread whenever what is shown changed: views redraw on it. */
    public IntegerProperty revisionProperty() {
        return revision;
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** What the heatmap's colour measures, for its legend. */
    public ReadOnlyStringProperty legendProperty() {
        return legend.getReadOnlyProperty();
    }

    /** True until the matrix has ended or Stop was pressed. */
    public ReadOnlyBooleanProperty stoppableProperty() {
        return stoppable.getReadOnlyProperty();
    }

    /** True while the matrix is not running and some of its pairs have no measurement: Resume would run them. */
    public ReadOnlyBooleanProperty resumableProperty() {
        return resumable.getReadOnlyProperty();
    }

    /** The pairs without a measurement (none, failed or stopped): what a resume runs. */
    public List<MatrixPair> missing() {
        return rowsByPair.entrySet().stream()
                .filter(e -> e.getValue() == null || e.getValue().stream().noneMatch(MatrixRow::ok))
                .map(Map.Entry::getKey)
                .toList();
    }

    /** The heatmap's grid: of the MTU shown ({@link #shownMtu}) where the matrix sweeps MTUs. */
    public MatrixGrid grid() {
        return grid;
    }

    /** The MTUs the rows so far were measured at, lowest first; empty when the matrix does not sweep MTUs. */
    public List<Integer> mtus() {
        return mtus;
    }

    /** The MTU whose layer the heatmap and findings show, or null when the matrix does not sweep MTUs. */
    public Integer shownMtu() {
        return shownMtu;
    }

    /** FX thread: shows the layer of this MTU (one of {@link #mtus}); the table keeps every MTU's rows. */
    public void showMtu(int mtu) {
        shownMtu = mtu;
        rebuild();
    }

    /**
     * What the matrix says across the pairs ended so far (below their peers, asymmetric), judged again after every
     * batch of pairs; not judged until one has ended.
     */
    public RunFindings findings() {
        return findings;
    }

    /** Every row so far, worst first: failed and stopped pairs, then the lowest share of link (or of the best). */
    public List<MatrixRow> sortedRows() {
        return sorted;
    }

    /** The pairs running now. */
    public Set<MatrixPair> running() {
        return Set.copyOf(running);
    }

    /** The heatmap cells (sender, receiver) of the pairs running now, as their data flows. */
    public List<String[]> runningCells() {
        List<String[]> cells = new ArrayList<>();
        TestPlan.Mode mode = request.base().mode();
        for (MatrixPair p : running) {
            if (mode != TestPlan.Mode.REVERSE) {
                cells.add(new String[] {p.client(), p.server()});
            }
            if (mode != TestPlan.Mode.NORMAL) {
                cells.add(new String[] {p.server(), p.client()});
            }
        }
        return cells;
    }

    public RunOutcome outcome() {
        return outcome;
    }

    /** The matrix's folder once it has started (or the folder it was opened from), else null. */
    public Path dir() {
        return folder;
    }

    // ---- start and stop ----------------------------------------------------------------------

    /**
     * Starts the matrix through {@code launcher} off the FX thread; {@code onProblem} hears (on the FX thread) why
     * it could not start. The matrix's end is awaited on a thread of its own and read back from matrix.csv.
     */
    public void start(MatrixLauncher launcher, TaskRunner tasks, Consumer<String> onProblem) {
        launch = MatrixLaunch.start(
                launcher,
                tasks,
                request,
                folder,
                this,
                s -> {
                    started = s;
                    folder = s.dir();
                    status.set(progressText());
                    if (stopAsked) {
                        MatrixLaunch.stop(s);
                    }
                },
                e -> {
                    stoppable.set(false);
                    // e.g. another LinkLab writes the folder: once it has ended, Resume can try again
                    resumable.set(dir() != null && !missing().isEmpty());
                    status.set("could not start: " + e.getMessage());
                    onProblem.accept("The whole-lab test could not start: " + e.getMessage());
                },
                (o, rows) -> post(() -> ended(o, rows)));
    }

    /**
     * FX thread: runs the pairs of this stored (or ended) matrix that have no measurement, into its folder, as
     * {@code linklab matrix --out DIR} on the same folder does; the pairs measured already are kept, not run again.
     */
    public void resume(MatrixLauncher launcher, TaskRunner tasks, Consumer<String> onProblem) {
        if (!resumable.get()) {
            return;
        }
        resumable.set(false);
        stoppable.set(true);
        stopAsked = false;
        started = null;
        outcome = null;
        status.set("resuming " + missing().size() + " pairs…");
        start(launcher, tasks, onProblem);
    }

    /** FX thread: ends every pair (running ones are stopped, waiting ones marked stopped). Returns at once. */
    public void stop() {
        if (!stoppable.get()) {
            return;
        }
        stoppable.set(false);
        stopAsked = true;
        status.set("stopping…");
        if (started != null) {
            MatrixLaunch.stop(started);
        }
    }

    /**
     * FX thread: the window is closing. Stops the matrix as Stop does, and holds the JVM open until the matrix has
     * ended, so its pairs' clean-up on every host is not cut short by the exit; a matrix still starting (its launch
     * not back yet, or its pairs logging in and probing) too.
     *
     * @return the thread that holds the JVM open until the matrix has ended, or empty when nothing runs
     */
    public Optional<Thread> stopForExit() {
        boolean wasRunning = stoppable.get();
        stop();
        if (wasRunning && launch != null) {
            return Optional.of(launch.holdExitUntilEnded(EXIT_THREAD
                    + (started != null
                            ? started.run().runId()
                            : "starting-" + request.lab().name())));
        }
        return Optional.empty();
    }

    /** FX thread: the matrix has ended; {@code rows} (matrix.csv as written last) hold every pair's end. */
    void ended(RunOutcome o, List<MatrixRow> rows) {
        stoppable.set(false);
        running.clear();
        live.clear();
        if (rows != null) {
            keep(rows);
        }
        outcome = o;
        resumable.set(dir() != null && !missing().isEmpty());
        rebuild();
    }

    /** Each pair's rows of {@code rows} (matrix.csv's), in place of what was shown; pairs without any keep theirs. */
    private void keep(List<MatrixRow> rows) {
        for (MatrixPair p : request.pairs()) {
            List<MatrixRow> of = rows.stream()
                    .filter(r -> r.client().equals(p.client()) && r.server().equals(p.server()))
                    .toList();
            if (!of.isEmpty()) {
                rowsByPair.put(p, of);
            }
        }
    }

    // ---- the matrix's news, from its threads -------------------------------------------------

    @Override
    public void pairStarted(MatrixPair pair) {
        post(() -> running.add(pair));
    }

    @Override
    public void pairFinished(MatrixPair pair, List<MatrixRow> rows) {
        post(() -> {
            running.remove(pair);
            live.remove(pair);
            rowsByPair.put(pair, List.copyOf(rows));
        });
    }

    @Override
    public RunListener pairRun(MatrixPair pair) {
        LiveRunModel model = new LiveRunModel();
        live.put(pair, model);
        return model;
    }

    private void post(Runnable change) {
        pending.add(change);
        if (flushQueued.compareAndSet(false, true)) {
            fx.execute(this::flush);
        }
    }

    /** FX thread: applies what the matrix told since the last flush, then redraws once. */
    private void flush() {
        flushQueued.set(false);
        for (Runnable r; (r = pending.poll()) != null; ) {
            r.run();
        }
        rebuild();
    }

    private void rebuild() {
        List<MatrixRow> rows = rows();
        mtus = rows.stream()
                .map(MatrixRow::mtu)
                .filter(Objects::nonNull)
                .distinct()
                .sorted()
                .toList();
        if (mtus.isEmpty()) {
            shownMtu = null;
        } else if (!mtus.contains(shownMtu)) {
            shownMtu = mtus.get(0);
        }
        // a pair that failed before its first MTU has a row without one: it is in every layer
        List<MatrixRow> layer = shownMtu == null
                ? rows
                : rows.stream()
                        .filter(r -> r.mtu() == null || r.mtu().equals(shownMtu))
                        .toList();
        grid = MatrixGrid.of(hosts, layer);
        sorted = MatrixCells.worstFirst(grid, rows);
        if (!rows.isEmpty()) {
            findings.replace(MatrixFindings.of(grid));
        }
        status.set(progressText());
        legend.set(MatrixCells.legend(rows));
        revision.set(revision.get() + 1);
    }

    private List<MatrixRow> rows() {
        List<MatrixRow> all = new ArrayList<>();
        rowsByPair.values().stream().filter(r -> r != null).forEach(all::addAll);
        return all;
    }

    String progressText() {
        long done = rowsByPair.values().stream().filter(r -> r != null).count();
        long failed = rowsByPair.values().stream()
                .filter(r -> r != null && r.stream().noneMatch(MatrixRow::ok))
                .count();
        String counts = done + " of " + rowsByPair.size() + " pairs done"
                + (running.isEmpty() ? "" : ", " + running.size() + " running")
                + (failed == 0 ? "" : ", " + failed + " without a measurement");
        if (outcome != null) {
            return switch (outcome.status()) {
                case OK -> "finished: " + counts;
                case CANCELLED -> "stopped: " + counts;
                default -> "ended: " + counts + (outcome.message() == null ? "" : " (" + outcome.message() + ")");
            };
        }
        if (stopAsked) {
            return "stopping… " + counts;
        }
        if (started == null && storedDir != null && !stoppable.get()) {
            int missing = missing().size();
            return "as stored: " + counts + (missing == 0 ? "" : "; Resume runs the " + missing + " not measured");
        }
        return started == null ? "starting…" : counts;
    }

    // ---- what the views show and open --------------------------------------------------------

    /** The text for hovering over the cell of data from sender to receiver. */
    public String hoverText(String sender, String receiver) {
        return MatrixCells.describe(grid, sender, receiver, pairOf(sender, receiver), running, stoppable.get());
    }

    /** The pair whose data flows from sender to receiver in this matrix's direction, or empty. */
    Optional<MatrixPair> pairOf(String sender, String receiver) {
        return MatrixCells.pairOf(request, sender, receiver, running, rowsByPair.keySet());
    }

    /** What a click on the cell of data from sender to receiver opens. */
    public Opening openCell(String sender, String receiver) {
        return pairOf(sender, receiver)
                .map(this::open)
                .orElse(new Opening.Nothing(sender + " → " + receiver + " is not in this matrix"));
    }

    /** What a click on a table row opens: that row's pair. */
    public Opening openRow(MatrixRow row) {
        return request.pairs().stream()
                .filter(p -> p.client().equals(row.client()) && p.server().equals(row.server()))
                .findFirst()
                .map(this::open)
                .orElse(new Opening.Nothing(row.client() + " → " + row.server() + " is not in this matrix"));
    }

    /** What a click on a drawn link opens: the worst pair whose path crosses it. */
    public Opening openLink(String linkId) {
        return MatrixCells.worstPairOn(request, linkId, rowsByPair, grid)
                .map(this::open)
                .orElse(new Opening.Nothing("no pair of this matrix crosses link " + linkId));
    }

    /** Per drawn link, the cell of every row whose pair crosses it (links no pair crosses are left out). */
    public Map<String, MatrixGrid.Cell> linkCells() {
        return MatrixCells.linkCells(request, rowsByPair);
    }

    Opening open(MatrixPair p) {
        String title = "Matrix pair " + p.label();
        LiveRunModel model = live.get(p);
        if (model != null && running.contains(p)) {
            return new Opening.Live(title, model);
        }
        List<MatrixRow> rows = rowsByPair.get(p);
        if (rows == null) {
            return new Opening.Nothing(p.label() + (running.contains(p) ? " is starting" : " has not run yet"));
        }
        String run = rows.stream()
                .map(MatrixRow::run)
                .filter(r -> r != null && !r.isBlank())
                .findFirst()
                .orElse(null);
        if (run == null || dir() == null) {
            return new Opening.Nothing(p.label() + " has no run to show: " + MatrixCells.reasonOf(rows));
        }
        // matrix.csv may be someone else's: its run column is a folder inside this one, or nothing to open
        Path folder = dir().resolve(run).normalize();
        if (!folder.startsWith(dir().normalize()) || folder.equals(dir().normalize())) {
            return new Opening.Nothing(p.label() + "'s run folder '" + Printable.brief(run) + "' is not inside " + dir()
                    + "; it is not opened");
        }
        return new Opening.Recorded(
                title, folder.getParent(), folder.getFileName().toString());
    }
}
