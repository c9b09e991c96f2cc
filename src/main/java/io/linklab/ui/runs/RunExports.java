package io.linklab.ui.runs;

import io.linklab.report.ReportPage;
import io.linklab.store.FileFormatException;
import io.linklab.store.RunFolder;
import io.linklab.ui.charts.ChartContent;
import io.linklab.ui.dashboard.DashboardView;
import io.linklab.ui.export.ChartImages;
import io.linklab.ui.export.ReportFolder;
import io.linklab.ui.history.HistoryViewModel;
import io.linklab.ui.history.PastRun;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.scene.control.TextInputDialog;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/**
 * The export actions of a run's dashboard and of the history: its CSV files, a chart as PNG, and its report
 * folder. Each asks where (unless told), then writes off the FX thread through the history's task runner, whose
 * status line says what was written or why not.
 */
public final class RunExports {

    private final HistoryViewModel history;
    private final Supplier<Window> window;

    /** @param window the window dialogs belong to (null while there is none) */
    RunExports(HistoryViewModel history, Supplier<Window> window) {
        this.history = history;
        this.window = window;
    }

    /** Hooks the dashboard's export buttons to these actions. */
    void attach(DashboardView view) {
        view.setExportActions(
                () -> withRecorded(view, run -> exportPage(List.of(run), null)),
                () -> exportCsv(view),
                content -> exportPng(content, null),
                () -> withRecorded(view, run -> exportReport(run, null)));
    }

    /** The window's render scale (its screen's output scale, 2 at 200 %): exported charts are painted at it. */
    private double screenScale() {
        Window w = window.get();
        return w == null ? 1 : Math.max(1, w.getRenderScaleX());
    }

    /** The recorded form of a dashboard's run (finished live runs are read back from the store). */
    private void withRecorded(DashboardView view, Consumer<PastRun> then) {
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
            File dir = chooser.showDialog(window.get());
            if (dir != null) {
                exportCsv(run, dir.toPath(), view::showMessage);
            }
        });
    }

    /** Copies the run's samples.csv, summary.csv (and sweep.csv) into {@code folder}, off the FX thread. */
    public void exportCsv(PastRun run, Path folder, Consumer<String> done) {
        history.task(
                () -> {
                    List<String> missing = new ArrayList<>();
                    List<Path> files = ReportFolder.copyCsv(run, folder, missing);
                    return "wrote " + files.size() + " CSV file(s) to " + folder
                            + (missing.isEmpty() ? "" : "; not recorded: " + String.join(", ", missing));
                },
                done,
                "cannot write the CSV files");
    }

    /** Asks for a size and a file (unless given), then writes the chart as PNG (drawn afresh at that size). */
    public void exportPng(ChartContent content, Path file) {
        double scale = screenScale();
        TextInputDialog d = new TextInputDialog("1600x900");
        d.setTitle("Chart as PNG");
        d.setHeaderText(
                scale > 1
                        ? String.format(
                                Locale.ROOT,
                                "Chart size, width x height, as on this screen; at its %.0f %%"
                                        + " the PNG has %.4g× the pixels each way",
                                scale * 100,
                                scale)
                        : "Image size in pixels, width x height");
        Optional<String> size = d.showAndWait();
        if (size.isEmpty()) {
            return;
        }
        int[] wh = parseSize(size.get());
        if (wh == null) {
            history.task(
                    () -> {
                        throw new IOException("'" + size.get() + "' is not a size; type it as 1600x900");
                    },
                    x -> {},
                    "cannot export the chart");
            return;
        }
        Path target = file;
        if (target == null) {
            FileChooser chooser = new FileChooser();
            chooser.setInitialFileName("chart.png");
            chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("PNG image", "*.png"));
            File f = chooser.showSaveDialog(window.get());
            if (f == null) {
                return;
            }
            target = f.toPath();
        }
        Path out = target;
        history.task(
                () -> ChartImages.writePng(content, wh[0], wh[1], scale, out),
                p -> history.say("chart written to " + p),
                "cannot write " + out);
    }

    /** "1600x900", "1600 × 900", "1600,900" → {1600, 900}; null when it is not two whole numbers. */
    static int[] parseSize(String text) {
        String[] parts = text.trim().toLowerCase(Locale.ROOT).split("\\s*[x×*,]\\s*");
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
     * Writes the report page of one run, or the comparison of several (asks for the file when {@code file} is null),
     * off the FX thread: the page `linklab report` writes.
     */
    public void exportPage(List<PastRun> runs, Path file) {
        Path target = file;
        if (target == null) {
            FileChooser chooser = new FileChooser();
            chooser.setTitle(
                    runs.size() == 1 ? "Report of " + runs.get(0).title() : "Comparison of " + runs.size() + " runs");
            chooser.setInitialFileName((runs.size() == 1 ? runs.get(0).id() : "comparison") + ".html");
            chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("HTML page", "*.html"));
            File f = chooser.showSaveDialog(window.get());
            if (f == null) {
                return;
            }
            target = f.toPath();
        }
        Path out = target.toAbsolutePath();
        boolean imported = runs.stream().anyMatch(r -> r.imported() || r.dir() == null);
        List<Path> dirs = runs.stream().map(PastRun::dir).toList();
        history.task(
                () -> {
                    if (imported) {
                        throw new IOException("an imported log has no record of its test (hosts, commands) to "
                                + "report on; export its report folder instead");
                    }
                    try {
                        ReportPage.write(dirs, out);
                    } catch (FileFormatException e) {
                        throw new IOException(e.getMessage(), e);
                    }
                    return out;
                },
                p -> history.say("report written to " + p),
                "cannot write the report");
    }

    /**
     * Writes the report folder of a run (asks where when {@code folder} is null): a new folder of that name, or
     * beside it with -2, -3… when it exists, so an earlier report is never written over.
     */
    public void exportReport(PastRun run, Path folder) {
        Path target = folder;
        if (target == null) {
            DirectoryChooser chooser = new DirectoryChooser();
            chooser.setTitle("Folder for the report of " + run.title());
            File dir = chooser.showDialog(window.get());
            if (dir == null) {
                return;
            }
            target = dir.toPath().resolve(run.id());
        }
        Path chosen = target.toAbsolutePath();
        double scale = screenScale();
        history.task(
                () -> {
                    Path out = RunFolder.createUnique(
                            chosen.getParent(), chosen.getFileName().toString());
                    return Map.entry(out, ReportFolder.write(run, out, 1600, 900, scale));
                },
                written -> history.say("report of " + run.title() + " written to " + written.getKey() + " ("
                        + written.getValue().size() + " files)"),
                "cannot write the report");
    }
}
