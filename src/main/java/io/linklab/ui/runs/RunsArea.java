package io.linklab.ui.runs;

import io.linklab.concurrent.DaemonThreads;
import io.linklab.engine.RunOutcome;
import io.linklab.model.Expectation;
import io.linklab.model.HostSpec;
import io.linklab.model.Rates;
import io.linklab.model.TestPlan;
import io.linklab.model.Topology;
import io.linklab.store.FileFormatException;
import io.linklab.store.RunFolder;
import io.linklab.store.RunRecord;
import io.linklab.tune.TuneFiles;
import io.linklab.tune.TuneRequest;
import io.linklab.ui.charts.ChartRenderLoop;
import io.linklab.ui.compare.CompareView;
import io.linklab.ui.compare.ComparisonModel;
import io.linklab.ui.dashboard.DashboardView;
import io.linklab.ui.dashboard.LiveRunModel;
import io.linklab.ui.dashboard.RunReplay;
import io.linklab.ui.history.HistoryView;
import io.linklab.ui.history.HistoryViewModel;
import io.linklab.ui.history.ImportedLogRun;
import io.linklab.ui.history.PastRun;
import io.linklab.ui.history.RunLibrary;
import io.linklab.ui.tasks.TaskRunner;
import io.linklab.ui.tune.TuneModel;
import io.linklab.ui.tune.TuneRun;
import io.linklab.ui.tune.TuneView;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import javafx.application.Platform;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.scene.Parent;
import javafx.scene.control.TabPane;
import javafx.stage.FileChooser;

/**
 * The runs side of the window: the run history, a live dashboard per run started, past runs opened from history
 * or imported logs, and comparisons, each shown by the {@link Workspace} (a tab of its own or a window). Owns the
 * chart render thread and the dashboards' throttle timer; starting runs, replaying stored ones and disk work go
 * through the app's {@link TaskRunner}, so nothing here blocks the FX thread. Exports are {@link RunExports}.
 */
public final class RunsArea implements RunStarter {

    private final Workspace workspace;
    private final RunLauncher launcher;
    private final Path importsDir;
    private final ChartRenderLoop loop = new ChartRenderLoop(Platform::runLater, 10);
    private final ScheduledExecutorService timer =
            Executors.newSingleThreadScheduledExecutor(DaemonThreads.numbered("linklab-ui-throttle"));
    private final TaskRunner tasks;
    private final RunExports exports;
    private final HistoryViewModel history;
    private final HistoryView historyView;
    private final List<DashboardView> dashboards = new ArrayList<>();
    private BiConsumer<DashboardView, RunOutcome> onRunEnded = (view, outcome) -> {};
    private Consumer<TestPlan> onSaveAsTest = plan -> {};
    private boolean shutDown;
    /** Where every dashboard divides its charts from its table: moved in one, kept for the next (and remembered). */
    private final DoubleProperty dashboardDivider = new SimpleDoubleProperty(0.68);

    private int started;
    private int tunes;

    /**
     * @param importsDir where imported logs get their CSV folders
     * @param tasks      the app's background task runner: run starts, replays and disk work
     */
    public RunsArea(RunLibrary library, RunLauncher launcher, Path importsDir, TaskRunner tasks) {
        this.workspace = new Workspace();
        this.launcher = launcher;
        this.importsDir = importsDir;
        this.tasks = tasks;
        history = new HistoryViewModel(library, tasks);
        exports = new RunExports(history, workspace::window);
        historyView = new HistoryView(
                history,
                this::open,
                this::compare,
                run -> exports.exportReport(run, null),
                runs -> exports.exportPage(runs, null),
                this::askImportLogs);
        workspace.addFixed(workspace.tabs().getTabs().size(), "History", "history-tab", historyView.root());
        history.refresh();
    }

    public Parent root() {
        return workspace.root();
    }

    public TabPane tabs() {
        return workspace.tabs();
    }

    public Workspace workspace() {
        return workspace;
    }

    /** The position of the dashboards' divider between charts and table (0..1). */
    public DoubleProperty dashboardDivider() {
        return dashboardDivider;
    }

    /** Told on the FX thread when a run started here ends (finished, stopped or failed). */
    public void setOnRunEnded(BiConsumer<DashboardView, RunOutcome> action) {
        this.onRunEnded = action;
    }

    /** Where a tune's "Save as test" hands the winner's plan: the wizard. */
    public void setOnSaveAsTest(Consumer<TestPlan> action) {
        this.onSaveAsTest = action;
    }

    /**
     * FX thread: starts a tune ("Find best settings") and shows it live as one run; its Stop ends it with the best
     * so far. Starting waits on the disk and on logins: never on the FX thread.
     */
    public TuneView startTune(TuneRequest request, Topology topology) {
        TuneModel model = new TuneModel(login -> hostByLogin(topology, login), request.linkSpeedBps());
        TuneView view = showTune(model, "Tune " + (++started) + ": find best settings");
        tasks.run(
                () -> TuneRun.start(
                        (r, driver, listener) -> launcher.startTune(r, driver, topology, listener),
                        request,
                        model,
                        outcome -> Platform.runLater(() -> {
                            if (!shutDown) {
                                history.refresh();
                            }
                        })),
                view::attach,
                e -> model.finished(
                        new TuneModel.Result(List.of("cannot start the tune: " + e.getMessage()), null),
                        e.getMessage()));
        return view;
    }

    private static Optional<HostSpec> hostByLogin(Topology topology, String login) {
        return topology == null
                ? Optional.empty()
                : topology.hosts().stream().filter(h -> h.login().equals(login)).findFirst();
    }

    private TuneView showTune(TuneModel model, String title) {
        TuneView view = new TuneView(model, loop, plan -> onSaveAsTest.accept(plan));
        workspace.show(title, "tune-tab-" + (++tunes), view.root(), view::setShowing, () -> {});
        return view;
    }

    /**
     * FX thread: opens a run from history: a tune in its tune view (its files read off the FX thread), any other
     * run in a dashboard.
     */
    public void open(PastRun run) {
        if (run.dir() == null || run.imported()) {
            openRun(run);
            return;
        }
        tasks.run(
                () -> TuneFiles.isTune(run.dir())
                        ? Optional.of(TuneFiles.read(run.dir()))
                        : Optional.<TuneFiles.Stored>empty(),
                stored -> stored.ifPresentOrElse(
                        t -> showTune(TuneModel.stored(t.steps(), t.report(), t.winner()), run.title()),
                        () -> openRun(run)),
                e -> history.say("cannot open " + run.title() + ": " + e.getMessage()));
    }

    public HistoryViewModel history() {
        return history;
    }

    public HistoryView historyView() {
        return historyView;
    }

    /** CSV, PNG and report exports of runs. */
    public RunExports exports() {
        return exports;
    }

    /** Dashboards opened so far, oldest first. */
    public List<DashboardView> dashboards() {
        return List.copyOf(dashboards);
    }

    /**
     * FX thread: starts a run of {@code plan} and shows its live dashboard. The wizard's Run button calls this.
     * A plan the engine refuses shows its message in the dashboard; nothing is started then.
     */
    @Override
    public void start(TestPlan plan, Topology topology) {
        startRun(plan, topology);
    }

    @Override
    public void loginAhead(Collection<String> logins, Topology topology) {
        launcher.loginAhead(logins, topology);
    }

    @Override
    public void dropEarlyLogins() {
        launcher.dropEarlyLogins();
    }

    /** {@link #start(TestPlan, Topology)} that returns the dashboard it opened. */
    public DashboardView startRun(TestPlan plan, Topology topology) {
        LiveRunModel model = new LiveRunModel();
        DashboardView view = newDashboard(
                model,
                "Run " + (++started) + ": " + plan.tool().id()
                        + (plan.isSweep() ? " " + plan.sweep().kind().name().toLowerCase(Locale.ROOT) + " sweep" : ""));
        // Starting may wait on the disk and on logins (with their questions): never on the FX thread.
        tasks.run(
                () -> launcher.start(plan, topology, model),
                view::attach,
                e -> model.runFinished(new RunOutcome(
                        RunOutcome.Status.FAILED, e.getMessage() == null ? e.toString() : e.getMessage(), null)));
        view.onFinished(outcome -> {
            if (shutDown) {
                return; // the window closed while the run was ending: no history left to refresh
            }
            history.refresh();
            showVerdict(view, outcome);
            onRunEnded.accept(view, outcome);
        });
        return view;
    }

    /** Reads the ended run's verdict from its run.json off the FX thread and shows it in its dashboard. */
    private void showVerdict(DashboardView view, RunOutcome outcome) {
        if (outcome.runDir() == null) {
            return;
        }
        tasks.run(
                () -> {
                    try {
                        return RunRecord.read(outcome.runDir());
                    } catch (FileFormatException e) {
                        throw new IOException(e.getMessage(), e);
                    }
                },
                record -> view.showVerdict(record.verdict(), verdictDetail(record)),
                e -> view.showMessage("cannot read the run's verdict: " + e.getMessage()));
    }

    private static String verdictDetail(RunRecord record) {
        Expectation.Expected e = record.expected();
        if (e == null) {
            return null;
        }
        return e.bitsPerSecond() == null
                ? e.whyNone()
                : "expected " + Rates.screenGbit(e.bitsPerSecond(), 1) + " Gbit/s (" + record.expectAsked() + ")";
    }

    /** FX thread: a dashboard for a model something else feeds (tests, demos). */
    public DashboardView watch(LiveRunModel model, String title) {
        return newDashboard(model, title);
    }

    private DashboardView newDashboard(LiveRunModel model, String title) {
        DashboardView view = new DashboardView(model, loop, timer, Platform::runLater);
        exports.attach(view);
        view.liveSplit().setDividerPositions(dashboardDivider.get());
        view.liveSplit()
                .getDividers()
                .get(0)
                .positionProperty()
                .addListener((o, was, now) -> dashboardDivider.set(now.doubleValue()));
        dashboards.add(view);
        // Only the dashboard on screen is painted: the others keep collecting data for when they are shown.
        workspace.show(
                title,
                "dashboard-tab-" + dashboards.size(),
                view.root(),
                view::setShown,
                () -> dashboards.remove(view));
        return view;
    }

    /**
     * FX thread: opens a recorded run (from history or an import) in the same dashboard views as a live one. An
     * hour's run is hundreds of thousands of samples, so it is replayed into the model off the FX thread (the
     * model takes the engine's threads anyway) and the dashboard is drawn whole once it is in.
     */
    public DashboardView openRun(PastRun run) {
        LiveRunModel model = new LiveRunModel();
        DashboardView view = newDashboard(model, run.title());
        view.setRecorded(run);
        tasks.run(
                () -> {
                    RunReplay.replay(run, model);
                    return model;
                },
                replayed -> view.flush(),
                e -> view.showMessage("cannot show " + run.title() + ": " + e.getMessage()));
        return view;
    }

    /** FX thread: two or more runs side by side. */
    public CompareView compare(List<PastRun> runs) {
        CompareView view = new CompareView(new ComparisonModel(runs), loop);
        workspace.show("Compare " + runs.size() + " runs", "compare-tab", view.root(), shown -> {}, () -> {});
        return view;
    }

    /** File → Import log: imports each file off the FX thread and opens it; unreadable files are named in history. */
    public void importLogs(List<Path> files) {
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        history.task(
                () -> {
                    List<PastRun> out = new ArrayList<>();
                    List<String> failures = new ArrayList<>();
                    for (Path f : files) {
                        try {
                            // a folder of its own, never one of an earlier import (same file, same second)
                            Path folder = RunFolder.createUnique(
                                    importsDir,
                                    stamp + "-" + f.getFileName().toString().replaceAll("[^A-Za-z0-9._-]", "_"));
                            out.add(ImportedLogRun.importFile(f, folder));
                        } catch (IOException e) {
                            failures.add(e.getMessage());
                        }
                    }
                    if (out.isEmpty() && !failures.isEmpty()) {
                        throw new IOException(String.join("; ", failures));
                    }
                    return out;
                },
                runs -> runs.forEach(this::openRun),
                "cannot import");
    }

    /** File → Import log: asks for files, then imports them. */
    public void askImportLogs() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Import iperf3 / iperf2 / netperf logs");
        List<File> files = chooser.showOpenMultipleDialog(workspace.window());
        if (files != null && !files.isEmpty()) {
            importLogs(files.stream().map(File::toPath).toList());
        }
    }

    /** Stops the render and throttle threads (the window closed); the task runner is its owner's to close. */
    public void shutdown() {
        shutDown = true;
        workspace.closeWindows();
        loop.close();
        timer.shutdownNow();
        launcher.dropEarlyLogins();
    }
}
