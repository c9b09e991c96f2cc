package io.linklab.ui.runs;

import io.linklab.engine.RunHandle;
import io.linklab.engine.RunFolder;
import io.linklab.engine.RunOutcome;
import io.linklab.model.InvalidValueException;
import io.linklab.model.TestPlan;
import io.linklab.model.Topology;
import io.linklab.ui.charts.ChartContent;
import io.linklab.ui.charts.ChartRenderLoop;
import io.linklab.ui.compare.CompareView;
import io.linklab.ui.compare.ComparisonModel;
import io.linklab.ui.dashboard.DashboardView;
import io.linklab.ui.dashboard.LiveRunModel;
import io.linklab.ui.export.ChartImages;
import io.linklab.ui.export.ReportFolder;
import io.linklab.ui.history.HistoryView;
import io.linklab.ui.history.HistoryViewModel;
import io.linklab.ui.history.LogImports;
import io.linklab.ui.history.RecordedRun;
import io.linklab.ui.history.RunLibrary;
import io.linklab.ui.dashboard.RunReplay;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import javafx.application.Platform;
import javafx.scene.Parent;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextInputDialog;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/**
 * The runs side of the window: the run history, a live dashboard per run started, past runs opened from history
 * or imported logs, and comparisons, each shown by the {@link Workspace} (a tab of its own or a window). Owns the
 * chart render thread and the background thread for disk work; nothing here blocks the FX thread.
 */
public final class RunsArea implements RunStarter {

    private final Workspace workspace;
    private final RunLibrary library;
    private final RunLauncher launcher;
    private final Path importsDir;
    private final ChartRenderLoop loop = new ChartRenderLoop(Platform::runLater, 10);
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(daemon("linklab-ui-throttle"));
    private final ExecutorService io = Executors.newSingleThreadExecutor(daemon("linklab-runs-io"));
    private final HistoryViewModel history;
    private final HistoryView historyView;
    private final List<DashboardView> dashboards = new ArrayList<>();
    private BiConsumer<DashboardView, RunOutcome> onRunEnded = (view, outcome) -> { };
    private boolean shutDown;
    /** Where every dashboard divides its charts from its table: moved in one, kept for the next (and remembered). */
    private final javafx.beans.property.DoubleProperty dashboardDivider =
            new javafx.beans.property.SimpleDoubleProperty(0.68);
    private int started;

    /** The app's area: runs go to the engine's default results store. */
    public RunsArea() {
        this(EngineWiring.library(), EngineWiring.launcher(), EngineWiring.importsDir());
    }

    /**
     * @param importsDir where imported logs get their CSV folders
     */
    public RunsArea(RunLibrary library, RunLauncher launcher, Path importsDir) {
        this(library, launcher, importsDir, new Workspace());
    }

    /** @param workspace where history, runs and comparisons are shown (the main window's, with its lab) */
    public RunsArea(RunLibrary library, RunLauncher launcher, Path importsDir, Workspace workspace) {
        this.workspace = workspace;
        this.library = library;
        this.launcher = launcher;
        this.importsDir = importsDir;
        history = new HistoryViewModel(library, io, Platform::runLater);
        historyView = new HistoryView(history, this::openRun, this::compare, run -> exportReport(run, null),
                this::askImportLogs);
        workspace.addFixed(workspace.tabs().getTabs().size(), "History", "history-tab", historyView.root());
        history.refresh();
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        };
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
    public javafx.beans.property.DoubleProperty dashboardDivider() {
        return dashboardDivider;
    }

    /** Told on the FX thread when a run started here ends (finished, stopped or failed). */
    public void setOnRunEnded(BiConsumer<DashboardView, RunOutcome> action) {
        this.onRunEnded = action;
    }

    public HistoryViewModel history() {
        return history;
    }

    public HistoryView historyView() {
        return historyView;
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

    /** {@link #start(TestPlan, Topology)} that returns the dashboard it opened. */
    public DashboardView startRun(TestPlan plan, Topology topology) {
        LiveRunModel model = new LiveRunModel();
        DashboardView view = newDashboard(model, "Run " + (++started) + ": " + plan.tool().id()
                + (plan.isSweep() ? " " + plan.sweep().kind().name().toLowerCase(java.util.Locale.ROOT) + " sweep" : ""));
        io.execute(() -> {
            try {
                RunHandle handle = launcher.start(plan, topology, model);
                Platform.runLater(() -> view.attach(handle));
            } catch (InvalidValueException | IOException | IllegalStateException e) {
                model.runFinished(new RunOutcome(RunOutcome.Status.FAILED, e.getMessage(), null));
            }
        });
        view.onFinished(outcome -> {
            if (shutDown) {
                return; // the window closed while the run was ending: no history left to refresh
            }
            history.refresh();
            onRunEnded.accept(view, outcome);
        });
        return view;
    }

    /** FX thread: a dashboard for a model something else feeds (tests, demos). */
    public DashboardView watch(LiveRunModel model, String title) {
        return newDashboard(model, title);
    }

    private DashboardView newDashboard(LiveRunModel model, String title) {
        DashboardView view = new DashboardView(model, loop, timer, Platform::runLater);
        view.setExportActions(() -> exportCsv(view), content -> exportPng(content, null), () -> withRecorded(view,
                run -> exportReport(run, null)));
        view.liveSplit().setDividerPositions(dashboardDivider.get());
        view.liveSplit().getDividers().get(0).positionProperty().addListener((o, was, now) ->
                dashboardDivider.set(now.doubleValue()));
        dashboards.add(view);
        // Only the dashboard on screen is painted: the others keep collecting data for when they are shown.
        workspace.show(title, "dashboard-tab-" + dashboards.size(), view.root(), view::setShown,
                () -> dashboards.remove(view));
        return view;
    }

    /** FX thread: opens a recorded run (from history or an import) in the same dashboard views as a live one. */
    public DashboardView openRun(RecordedRun run) {
        LiveRunModel model = new LiveRunModel();
        DashboardView view = newDashboard(model, run.title());
        view.setRecorded(run);
        RunReplay.replay(run, model);
        view.flush();
        return view;
    }

    /** FX thread: two or more runs side by side. */
    public CompareView compare(List<RecordedRun> runs) {
        CompareView view = new CompareView(new ComparisonModel(runs), loop);
        workspace.show("Compare " + runs.size() + " runs", "compare-tab", view.root(), shown -> { }, () -> { });
        return view;
    }

    /** File → Import log: imports each file off the FX thread and opens it; unreadable files are named in history. */
    public void importLogs(List<Path> files) {
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        history.task(() -> {
            List<RecordedRun> out = new ArrayList<>();
            List<String> failures = new ArrayList<>();
            for (Path f : files) {
                try {
                    // a folder of its own, never one of an earlier import (same file, same second)
                    Path folder = RunFolder.createUnique(importsDir, stamp + "-"
                            + f.getFileName().toString().replaceAll("[^A-Za-z0-9._-]", "_"));
                    out.add(LogImports.importFile(f, folder));
                } catch (IOException e) {
                    failures.add(e.getMessage());
                }
            }
            if (out.isEmpty() && !failures.isEmpty()) {
                throw new IOException(String.join("; ", failures));
            }
            return out;
        }, runs -> runs.forEach(this::openRun), "cannot import");
    }

    /** File → Import log: asks for files, then imports them. */
    public void askImportLogs() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Import iperf3 / iperf2 / netperf logs");
        List<File> files = chooser.showOpenMultipleDialog(window());
        if (files != null && !files.isEmpty()) {
            importLogs(files.stream().map(File::toPath).toList());
        }
    }

    /** The window's render scale (its screen's output scale, 2 at 200 %): exported charts are painted at it. */
    private double screenScale() {
        Window w = window();
        return w == null ? 1 : Math.max(1, w.getRenderScaleX());
    }

    private Window window() {
        return workspace.window();
    }

    /** The recorded form of a dashboard's run (finished live runs are read back from the store). */
    private void withRecorded(DashboardView view, Consumer<RecordedRun> then) {
        if (view.recorded() != null) {
            then.accept(view.recorded());
            return;
        }
        if (view.model().info() == null || view.model().outcome() == null) {
            view.showMessage("export is possible once the run has finished");
            return;
        }
        history.open(view.model().info().runId(), run -> {
            view.setRecorded(run);
            then.accept(run);
        });
    }

    private void exportCsv(DashboardView view) {
        withRecorded(view, run -> {
            DirectoryChooser chooser = new DirectoryChooser();
            chooser.setTitle("Folder for the CSV files of " + run.title());
            File dir = chooser.showDialog(window());
            if (dir != null) {
                exportCsv(run, dir.toPath(), view::showMessage);
            }
        });
    }

    /** Copies the run's samples.csv, summary.csv (and sweep.csv) into {@code folder}, off the FX thread. */
    public void exportCsv(RecordedRun run, Path folder, Consumer<String> done) {
        history.task(() -> {
            List<String> missing = new ArrayList<>();
            List<Path> files = ReportFolder.copyCsv(run, folder, missing);
            return "wrote " + files.size() + " CSV file(s) to " + folder
                    + (missing.isEmpty() ? "" : "; not recorded: " + String.join(", ", missing));
        }, done, "cannot write the CSV files");
    }

    /** Asks for a size and a file, then writes the chart as PNG (drawn afresh at that size). */
    public void exportPng(ChartContent content, Path file) {
        double scale = screenScale();
        TextInputDialog d = new TextInputDialog("1600x900");
        d.setTitle("Chart as PNG");
        d.setHeaderText(scale > 1
                ? String.format(java.util.Locale.ROOT, "Chart size, width x height, as on this screen; at its %.0f %%"
                        + " the PNG has %.4g× the pixels each way", scale * 100, scale)
                : "Image size in pixels, width x height");
        Optional<String> size = d.showAndWait();
        if (size.isEmpty()) {
            return;
        }
        int[] wh = parseSize(size.get());
        if (wh == null) {
            history.task(() -> {
                throw new IOException("'" + size.get() + "' is not a size; type it as 1600x900");
            }, x -> { }, "cannot export the chart");
            return;
        }
        Path target = file;
        if (target == null) {
            FileChooser chooser = new FileChooser();
            chooser.setInitialFileName("chart.png");
            chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("PNG image", "*.png"));
            File f = chooser.showSaveDialog(window());
            if (f == null) {
                return;
            }
            target = f.toPath();
        }
        Path out = target;
        history.task(() -> ChartImages.writePng(content, wh[0], wh[1], scale, out),
                p -> history.say("chart written to " + p),
                "cannot write " + out);
    }

    static int[] parseSize(String text) {
        String[] parts = text.trim().toLowerCase().split("\\s*[x×*,]\\s*");
        if (parts.length != 2) {
            return null;
        }
        try {
            return new int[] {Integer.parseInt(parts[0]), Integer.parseInt(parts[1])};
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /**
     * Writes the report folder of a run (asks where when {@code folder} is null): a new folder of that name, or
     * beside it with -2, -3… when it exists, so an earlier report is never written over.
     */
    public void exportReport(RecordedRun run, Path folder) {
        Path target = folder;
        if (target == null) {
            DirectoryChooser chooser = new DirectoryChooser();
            chooser.setTitle("Folder for the report of " + run.title());
            File dir = chooser.showDialog(window());
            if (dir == null) {
                return;
            }
            target = dir.toPath().resolve(run.id());
        }
        Path chosen = target.toAbsolutePath();
        double scale = screenScale();
        history.task(() -> {
                    Path out = RunFolder.createUnique(chosen.getParent(), chosen.getFileName().toString());
                    return Map.entry(out, ReportFolder.write(run, out, 1600, 900, scale));
                },
                written -> history.say("report of " + run.title() + " written to " + written.getKey() + " ("
                        + written.getValue().size() + " files)"), "cannot write the report");
    }

    /** Stops the render and background threads (the window closed). */
    public void shutdown() {
        shutDown = true;
        workspace.closeWindows();
        loop.close();
        timer.shutdownNow();
        io.shutdownNow();
    }
}
