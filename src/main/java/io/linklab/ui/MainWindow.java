package io.linklab.ui;

import io.linklab.engine.RunOutcome;
import io.linklab.model.HostSpec;
import io.linklab.model.Topology;
import io.linklab.ui.dashboard.DashboardView;
import io.linklab.ui.matrix.MatrixDialog;
import io.linklab.ui.matrix.MatrixView;
import io.linklab.ui.probe.HostBadge;
import io.linklab.ui.probe.ProbeDetailsView;
import io.linklab.ui.probe.ProbeViewModel;
import io.linklab.ui.runs.MatrixLauncher;
import io.linklab.ui.runs.RunsArea;
import io.linklab.ui.topology.TopologyEditorView;
import io.linklab.ui.topology.TopologyEditorViewModel;
import io.linklab.ui.wizard.TestWizard;
import java.nio.file.Path;
import java.time.LocalTime;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.collections.MapChangeListener;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonType;
import javafx.scene.control.TextInputControl;
import javafx.scene.layout.BorderPane;
import javafx.stage.Stage;

/**
 * The application shell: menus over a workspace of full-width tabs — the lab (toolbar, palette, drawing, property
 * panel), the history, and each run or comparison opened, which comes to the front so a run being watched gets the
 * screen — and a status bar with the last event and each host's connection state. What it shows and remembers is
 * its {@link MainWindowViewModel}; the lab's files are {@link LabFiles}, the Test menu's plans {@link TestActions}.
 * Views are built in code (no FXML), one class per area.
 */
public final class MainWindow {

    private final Settings settings;
    private final MainWindowViewModel shell;
    private final BorderPane root = new BorderPane();
    private final StatusBar statusBar;
    private final RunsArea runs;
    private final TopologyEditorViewModel editor;
    private final ProbeViewModel probes;
    private final TopologyEditorView editorView;
    private final LabFiles files;
    private final TestActions tests;
    private final MatrixActions matrices;
    private final MainMenus menus;
    private Stage stage;
    private boolean shutDown;

    /** @param services built once by the composition root (the app's, or a test's over a folder of its own) */
    public MainWindow(AppServices services) {
        this.settings = services.settings();
        this.runs = services.runs();
        shell = new MainWindowViewModel(settings);
        statusBar = new StatusBar(shell.statusProperty());
        editor = new TopologyEditorViewModel(Topology.loopback(), services.tasks());
        probes = new ProbeViewModel(services.prober(), services.tasks());
        editorView = new TopologyEditorView(editor, probes.badges());
        files = new LabFiles(
                editor,
                settings,
                services.tasks(),
                () -> stage,
                shell::say,
                this::showProblem,
                () -> editorView.canvas().fit());
        tests = new TestActions(
                shell,
                editor,
                services.runStarter(),
                services.tasks(),
                () -> stage,
                this::showProblem,
                runs::startTune,
                h -> probes.toolVersionLine(h, "iperf3"));
        runs.setOnSaveAsTest(tests::saveAsTest);
        matrices = new MatrixActions(shell, editor, editorView::canvas, services, () -> stage, this::showProblem);
        matrices.attach();
        editor.setOnProblem(this::showProblem);
        editor.setOnFileChanged(settings::addRecentTopology);
        editor.history().topologyProperty().addListener((o, was, now) -> {
            probes.topologyChanged(now);
            updateHostStates();
            shell.topologyShown(now);
        });
        probes.badges().addListener((MapChangeListener<String, HostBadge>) c -> updateHostStates());
        runs.setOnRunEnded(this::runEnded);
        runs.dashboardDivider().set(settings.get(Settings.DASHBOARD_DIVIDER));
        runs.workspace().ownWindowsProperty().set(settings.get(Settings.RUNS_IN_OWN_WINDOW));
        runs.workspace()
                .ownWindowsProperty()
                .addListener((o, was, now) -> settings.put(Settings.RUNS_IN_OWN_WINDOW, now));
        shell.themeProperty().addListener((o, was, now) -> applyTheme(now));

        menus = new MainMenus(this, files);
        BorderPane lab = new BorderPane(editorView.node());
        lab.setTop(menus.labToolBar());
        runs.workspace().addFixed(0, "Lab", "lab-tab", lab);
        runs.workspace().select("lab-tab");
        editorView.split().setDividerPositions(settings.get(Settings.EDITOR_DIVIDER));

        root.setTop(menus.menuBar());
        root.setCenter(runs.root());
        root.setBottom(statusBar.node());
        root.getStyleClass().add("linklab");
        updateHostStates();
    }

    /** The stage the shell is installed in, for dialogs' owners (null before {@link #install}). */
    public Stage stage() {
        return stage;
    }

    public Parent root() {
        return root;
    }

    public MainWindowViewModel shell() {
        return shell;
    }

    public TopologyEditorViewModel editor() {
        return editor;
    }

    public TopologyEditorView editorView() {
        return editorView;
    }

    public ProbeViewModel probes() {
        return probes;
    }

    /** History, dashboards and comparisons, in the window's workspace. */
    public RunsArea runs() {
        return runs;
    }

    /** The status bar's message. */
    public String statusText() {
        return shell.statusProperty().get();
    }

    // ---- window ------------------------------------------------------------------------------

    /** Puts the shell into the stage: scene, theme, remembered geometry, close guard, first topology. */
    public void install(Stage stage) {
        this.stage = stage;
        double[] size = WindowGeometry.sceneSize(settings);
        stage.setScene(new Scene(root, size[0], size[1]));
        applyTheme(shell.themeProperty().get());
        WindowGeometry.restore(stage, settings);
        stage.titleProperty().bind(Bindings.concat(LinkLabApp.TITLE, " — ", editor.titleProperty()));
        stage.setOnCloseRequest(e -> {
            e.consume();
            requestClose();
        });
        openStartTopology();
    }

    void requestClose() {
        files.confirmDiscard(() -> {
            shutdown();
            stage.close();
        });
    }

    /** The last topology file if there is one, else the embedded Loopback lab; fitted to the drawing once shown. */
    private void openStartTopology() {
        String last = settings.get(Settings.LAST_TOPOLOGY);
        if (!last.isEmpty()) {
            // A last lab that has gone (deleted, unmounted) is no reason for an error dialog at start.
            editor.open(
                    Path.of(last),
                    () -> {
                        shell.say("Opened " + last);
                        editorView.canvas().fit();
                    },
                    problem -> shell.say("Could not reopen the last lab (" + problem + "); showing the Loopback lab"));
        } else {
            shell.say(MainWindowViewModel.LOOPBACK_HINT);
        }
        editorView.canvas().fitWhenShown();
    }

    public void shutdown() {
        if (shutDown) {
            return;
        }
        shutDown = true;
        if (stage != null) {
            WindowGeometry.remember(stage, settings);
            settings.put(
                    Settings.EDITOR_DIVIDER,
                    editorView.split().getDividers().get(0).getPosition());
            settings.put(Settings.DASHBOARD_DIVIDER, runs.dashboardDivider().get());
            // No flush here: that is disk I/O on the FX thread; java.util.prefs writes back in the background
            // and once more at exit.
        }
        matrices.shutdown();
        runs.shutdown();
    }

    private void applyTheme(Settings.Theme theme) {
        Scene scene = root.getScene();
        if (scene == null) {
            return;
        }
        scene.getStylesheets()
                .setAll(MainWindow.class.getResource("linklab.css").toExternalForm());
        if (theme == Settings.Theme.DARK) {
            scene.getStylesheets()
                    .add(MainWindow.class.getResource("linklab-dark.css").toExternalForm());
        }
    }

    void showLab() {
        runs.workspace().select("lab-tab");
    }

    void showHistory() {
        runs.workspace().select("history-tab");
    }

    void showLatestRun() {
        if (!runs.workspace().selectLatest()) {
            shell.say("No run is open in this window");
        }
    }

    void importLogs() {
        runs.askImportLogs();
    }

    /** Edit actions act on the drawing, not on a text field that has the keyboard. */
    void onCanvas(Runnable action) {
        if (root.getScene() != null && root.getScene().getFocusOwner() instanceof TextInputControl) {
            return;
        }
        action.run();
    }

    void undo() {
        onCanvas(editor::undo);
    }

    void redo() {
        onCanvas(editor::redo);
    }

    /** The unsaved-changes guard: Save / Don't Save / Cancel before anything that replaces the topology. */
    public void confirmDiscard(Runnable next) {
        files.confirmDiscard(next);
    }

    /** Saves, then runs {@code then} once the file is written (never when the save fails or is cancelled). */
    public void save(Runnable then) {
        files.save(then);
    }

    // ---- tests -------------------------------------------------------------------------------

    /** Opens the test wizard over the current topology; a selected link fills in the ends. */
    public TestWizard newTest() {
        return tests.newTest();
    }

    void openPlan() {
        tests.openPlan();
    }

    /** Test → Test Whole Lab: the matrix dialog over the current lab. */
    public MatrixDialog testWholeLab() {
        return matrices.testWholeLab();
    }

    /** Starts a whole-lab matrix and shows its view, as the dialog's Run does. */
    public MatrixView startMatrix(MatrixLauncher.Request request) {
        return matrices.start(request);
    }

    /** File → Open Whole-Lab Test…: asks for a stored matrix folder and shows it, to be resumed there. */
    void openMatrix() {
        matrices.askOpen();
    }

    /** Shows the matrix stored in {@code dir} (read off the FX thread) in a view of its own, as the menu does. */
    public void openMatrix(Path dir) {
        matrices.openStored(dir);
    }

    boolean matricesAvailable() {
        return matrices.available();
    }

    /** The status bar says when a run ended and how, whichever tab is in front. */
    private void runEnded(DashboardView view, RunOutcome outcome) {
        shell.runEnded(view.model().info() == null ? null : view.model().info().runId(), outcome, LocalTime.now());
    }

    // ---- probing -----------------------------------------------------------------------------

    void probeSelected() {
        shell.selectedHosts(editor.topology(), editor.selection(), "probe it, or use Probe All Hosts")
                .forEach(probes::probe);
    }

    void probeAll() {
        probes.probeAll(editor.topology());
        shell.say("Probing " + editor.topology().hosts().size() + " hosts…");
    }

    void showProbeDetails() {
        List<HostSpec> hosts = shell.selectedHosts(editor.topology(), editor.selection(), "see what its probe found");
        if (!hosts.isEmpty()) {
            new ProbeDetailsView(hosts.get(0), probes).show(stage);
        }
    }

    private void updateHostStates() {
        statusBar.showHosts(editor.topology(), probes::badge);
    }

    // ---- messages ----------------------------------------------------------------------------

    private void showProblem(String message) {
        shell.say(message);
        Alert a = new Alert(Alert.AlertType.ERROR, message, ButtonType.OK);
        a.setHeaderText(null);
        if (stage != null) {
            a.initOwner(stage);
        }
        a.getDialogPane().setId("problem-dialog");
        a.show();
    }

    private void info(String title, String message, String id) {
        Alert a = new Alert(Alert.AlertType.INFORMATION, message, ButtonType.OK);
        a.setTitle(title);
        a.setHeaderText(null);
        a.initOwner(stage);
        a.getDialogPane().setId(id);
        a.show();
    }

    void showAbout() {
        info(
                "About LinkLab",
                "LinkLab — iperf3, iperf2 and netperf over SSH, live charts, safe MTU sweeps.",
                "about-dialog");
    }

    void showShortcuts() {
        info("Keyboard Shortcuts", menus.shortcutSheet(), "shortcuts-dialog");
    }
}
