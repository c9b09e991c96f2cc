package io.linklab.ui;

import io.linklab.matrix.MatrixReport;
import io.linklab.matrix.MatrixReportFiles;
import io.linklab.model.HostSpec;
import io.linklab.store.ResultsStore;
import io.linklab.store.RunFolder;
import io.linklab.ui.charts.ValueUnit;
import io.linklab.ui.history.StoreLibrary;
import io.linklab.ui.matrix.MatrixDialog;
import io.linklab.ui.matrix.MatrixPlanViewModel;
import io.linklab.ui.matrix.MatrixView;
import io.linklab.ui.matrix.MatrixViewModel;
import io.linklab.ui.matrix.StoredMatrix;
import io.linklab.ui.runs.MatrixLauncher;
import io.linklab.ui.runs.RunsArea;
import io.linklab.ui.tasks.TaskRunner;
import io.linklab.ui.topology.NodeGeometry;
import io.linklab.ui.topology.TopologyCanvas;
import io.linklab.ui.topology.TopologyEditorViewModel;
import java.io.File;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.geometry.Point2D;
import javafx.scene.Scene;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.stage.DirectoryChooser;
import javafx.stage.Stage;

/**
 * Test → Test Whole Lab: the matrix dialog over the lab, the matrix started off the FX thread into a view of its own
 * in the workspace; File → Open Whole-Lab Test…: a stored matrix folder shown as it was left, to be resumed there; the lab's links coloured by the results of the matrix opened last (while its view is open), and
 * what a click on a square, a row or a double-click on a coloured link opens: the pair's dashboard, live while it
 * runs, else its recorded run.
 */
final class MatrixActions {

    private final MainWindowViewModel shell;
    private final TopologyEditorViewModel editor;
    private final Supplier<TopologyCanvas> canvas;
    private final RunsArea runs;
    private final MatrixLauncher launcher;
    private final TaskRunner tasks;
    private final Supplier<Stage> stage;
    private final Consumer<String> problem;
    /** The matrices whose views are open, with their tabs' ids. */
    private final Map<MatrixViewModel, String> open = new LinkedHashMap<>();

    private MatrixViewModel colouring;
    private int opened;

    /** @param launcher starts matrices; null where they are not available */
    MatrixActions(
            MainWindowViewModel shell,
            TopologyEditorViewModel editor,
            Supplier<TopologyCanvas> canvas,
            AppServices services,
            Supplier<Stage> stage,
            Consumer<String> problem) {
        this.shell = shell;
        this.editor = editor;
        this.canvas = canvas;
        this.runs = services.runs();
        this.launcher = services.matrices();
        this.tasks = services.tasks();
        this.stage = stage;
        this.problem = problem;
    }

    boolean available() {
        return launcher != null;
    }

    /** Hooks the double-click on a coloured link of the drawing (call once the canvas exists). */
    void attach() {
        canvas.get().node().addEventHandler(MouseEvent.MOUSE_CLICKED, this::linkClicked);
    }

    /** Opens the dialog over the current lab, starting from the last test's options. */
    MatrixDialog testWholeLab() {
        MatrixPlanViewModel vm =
                new MatrixPlanViewModel(editor.topology(), shell.lastPlan().orElse(null));
        MatrixDialog dialog = new MatrixDialog(stage.get(), vm, this::start);
        Scene scene = stage.get() == null ? null : stage.get().getScene();
        if (scene != null) {
            dialog.wizard().getDialog().getDialogPane().getStylesheets().setAll(scene.getStylesheets());
        }
        dialog.show();
        return dialog;
    }

    /** FX thread: starts the matrix and shows its view; returns the view. */
    MatrixView start(MatrixLauncher.Request request) {
        MatrixViewModel vm = new MatrixViewModel(request, Platform::runLater);
        MatrixView view = show(vm, "Whole lab: " + request.lab().name());
        shell.rememberPlan(request.base());
        shell.say("Testing " + request.pairs().size() + " pairs of "
                + request.lab().name());
        vm.start(launcher, tasks, problem);
        return view;
    }

    /** File → Open Whole-Lab Test…: a matrix folder, chosen in the folder where the window keeps them. */
    void askOpen() {
        DirectoryChooser chooser = new DirectoryChooser();
        chooser.setTitle("Folder of a whole-lab test (matrix.json, matrix.csv, pairs)");
        Path where = launcher.folder();
        if (where != null && where.toFile().isDirectory()) {
            chooser.setInitialDirectory(where.toFile());
        }
        File dir = chooser.showDialog(stage.get());
        if (dir != null) {
            openStored(dir.toPath());
        }
    }

    /**
     * FX thread: shows the matrix stored in {@code dir} as it was left (read off the FX thread), its Resume ready
     * when pairs lack a measurement; a folder whose view is open already comes to the front instead.
     */
    void openStored(Path dir) {
        Path folder = dir.toAbsolutePath().normalize();
        for (Map.Entry<MatrixViewModel, String> e : open.entrySet()) {
            Path shown = e.getKey().dir();
            if (shown != null && shown.toAbsolutePath().normalize().equals(folder)) {
                runs.workspace().select(e.getValue());
                shell.say(folder.getFileName() + " is open already");
                return;
            }
        }
        tasks.run(
                () -> StoredMatrix.read(folder),
                stored -> {
                    MatrixViewModel vm = new MatrixViewModel(stored, Platform::runLater);
                    show(vm, "Whole lab: " + stored.request().lab().name() + " (" + folder.getFileName() + ")");
                    shell.say("Opened " + folder + ": " + vm.statusProperty().get());
                },
                e -> problem.accept("Cannot open the whole-lab test: " + e.getMessage()));
    }

    private MatrixView show(MatrixViewModel vm, String title) {
        MatrixView[] self = new MatrixView[1];
        MatrixView view =
                new MatrixView(vm, this::open, () -> askExport(self[0]), () -> vm.resume(launcher, tasks, problem));
        self[0] = view;
        colouring = vm;
        String id = "matrix-tab-" + (++opened);
        open.put(vm, id);
        vm.revisionProperty().addListener(o -> tint(vm));
        runs.workspace().show(title, id, view.root(), shown -> {}, () -> closed(vm));
        tint(vm);
        return view;
    }

    /** A matrix's view closed: it stops (nothing else could), and its colours leave the drawing. */
    private void closed(MatrixViewModel vm) {
        open.remove(vm);
        vm.stop();
        if (colouring == vm) {
            colouring = null;
            canvas.get().tintLinks(Map.of());
        }
    }

    /**
     * FX thread: the window is closing: every matrix still open stops, and the app does not exit before their
     * pairs are cleaned up on every host (as a matrix's tab closing stops it, without the wait).
     */
    void shutdown() {
        List.copyOf(open.keySet()).forEach(MatrixViewModel::stopForExit);
        open.clear();
    }

    /** Export report…: a folder chosen by the user, the report folder in it named as the matrix's own. */
    private void askExport(MatrixView view) {
        MatrixViewModel vm = view.model();
        if (vm.dir() == null) {
            view.say("export is possible once the matrix has started");
            return;
        }
        DirectoryChooser chooser = new DirectoryChooser();
        chooser.setTitle("Folder for the report of " + vm.request().lab().name() + "'s matrix");
        File dir = chooser.showDialog(stage.get());
        if (dir != null) {
            export(view, dir.toPath());
        }
    }

    /** Writes the report folder of the view's matrix into {@code parent}, off the FX thread; says where. */
    void export(MatrixView view, Path parent) {
        MatrixViewModel vm = view.model();
        MatrixLauncher.Request r = vm.request();
        Path from = vm.dir();
        tasks.run(
                () -> {
                    Path to = RunFolder.createUnique(parent, from.getFileName().toString());
                    MatrixReportFiles.export(
                            from,
                            to,
                            r.lab().hosts().stream().map(HostSpec::id).toList(),
                            MatrixReport.title(
                                    r.lab(),
                                    r.base(),
                                    r.pairs().size(),
                                    r.options().concurrency()),
                            ValueUnit.BITS_PER_SECOND::format);
                    return to;
                },
                to -> view.say("report written to " + to),
                e -> view.say("cannot write the report: " + e.getMessage()));
    }

    private void tint(MatrixViewModel vm) {
        if (colouring == vm) {
            canvas.get().tintLinks(MatrixView.linkColours(vm));
        }
    }

    private void linkClicked(MouseEvent e) {
        if (colouring == null || e.getButton() != MouseButton.PRIMARY || e.getClickCount() != 2) {
            return;
        }
        TopologyCanvas c = canvas.get();
        Point2D p = c.toModel(e.getX(), e.getY());
        NodeGeometry.linkAt(editor.topology(), p.getX(), p.getY(), 6 / c.zoom())
                .ifPresent(id -> open(colouring.openLink(id)));
    }

    private void open(MatrixViewModel.Opening o) {
        if (o instanceof MatrixViewModel.Opening.Live live) {
            runs.watch(live.model(), live.title());
        } else if (o instanceof MatrixViewModel.Opening.Recorded rec) {
            tasks.run(
                    () -> new StoreLibrary(new ResultsStore(rec.pairsRoot())).open(rec.runId()),
                    runs::openRun,
                    e -> shell.say("cannot open " + rec.title() + ": " + e.getMessage()));
        } else if (o instanceof MatrixViewModel.Opening.Nothing nothing) {
            shell.say(nothing.why());
        }
    }
}
