package io.linklab.ui;

import io.linklab.engine.files.PlanFiles;
import io.linklab.model.HostSpec;
import io.linklab.model.TestPlan;
import io.linklab.model.Topology;
import io.linklab.topology.io.SshConfigHosts;
import io.linklab.ui.probe.HostBadge;
import io.linklab.ui.probe.HostProbeService;
import io.linklab.ui.probe.ProbeViewModel;
import io.linklab.ui.runs.RunsArea;
import io.linklab.ui.topology.TopologyEditorView;
import io.linklab.ui.topology.TopologyEditorViewModel;
import io.linklab.ui.wizard.TestWizard;
import io.linklab.ui.wizard.TestWizardViewModel;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.collections.MapChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.Separator;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.ToolBar;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.shape.Circle;
import javafx.stage.FileChooser;
import javafx.stage.Screen;
import javafx.stage.Stage;

/**
 * The application shell: menus, toolbar and shortcuts over the topology editor (left) and the runs
 * area (right), a status bar with each host's connection state, themes, and the window's geometry
 * remembered between sessions. Views are built in code (no FXML), one class per area.
 */
public final class MainWindow {

    /** What the shell is given rather than builds: so tests can pass a settings node and a same-thread runner. */
    public record Services(Settings settings, TaskRunner tasks, HostProbeService prober, RunStarter runStarter) {
    }

    private static final String LOOPBACK_HINT =
            "Loopback lab: two ends on this machine. Draw your lab, or open one with File → Open.";

    private final Services services;
    private final Settings settings;
    private final BorderPane root = new BorderPane();
    private final Label status = new Label("Ready");
    private final HBox hostStates = new HBox(10);
    private final RunsArea runsArea = new RunsArea();
    private final TopologyEditorViewModel editor;
    private final ProbeViewModel probes;
    private final TopologyEditorView editorView;
    private final SplitPane mainSplit;
    private Stage stage;
    private boolean shutDown;

    public MainWindow(Services services) {
        this.services = services;
        this.settings = services.settings();
        editor = new TopologyEditorViewModel(Topology.loopback(), services.tasks());
        probes = new ProbeViewModel(services.prober(), services.tasks());
        editorView = new TopologyEditorView(editor, probes.badges());
        editor.setOnProblem(this::showProblem);
        editor.setOnFileChanged(settings::addRecentTopology);
        editor.history().topologyProperty().addListener((o, was, now) -> {
            probes.topologyChanged(now);
            updateHostStates();
            if (status.getText().equals(LOOPBACK_HINT) && !now.name().equals(Topology.loopback().name())) {
                status.setText("");
            }
        });
        probes.badges().addListener((MapChangeListener<String, HostBadge>) c -> updateHostStates());

        root.setTop(new VBox(menuBar(), toolBar()));
        mainSplit = new SplitPane(editorView.node(), runsArea.root());
        mainSplit.setOrientation(Orientation.HORIZONTAL);
        mainSplit.setDividerPositions(settings.get(Settings.MAIN_DIVIDER));
        editorView.split().setDividerPositions(settings.get(Settings.EDITOR_DIVIDER));
        SplitPane.setResizableWithParent(runsArea.root(), false);
        root.setCenter(mainSplit);
        Region grow = new Region();
        HBox.setHgrow(grow, Priority.ALWAYS);
        HBox statusBar = new HBox(12, status, grow, hostStates);
        statusBar.setAlignment(Pos.CENTER_LEFT);
        statusBar.setPadding(new Insets(3, 8, 3, 8));
        statusBar.setId("status-bar");
        statusBar.getStyleClass().add("status-bar");
        hostStates.setId("host-states");
        hostStates.setAlignment(Pos.CENTER_RIGHT);
        root.setBottom(statusBar);
        root.getStyleClass().add("linklab");
        updateHostStates();
    }

    /** The production services: the user's settings, background threads, the real probe and run starter. */
    public static Services defaultServices(BackgroundTasks tasks, HostProbeService prober, RunStarter starter) {
        return new Services(Settings.user(), tasks, prober, starter);
    }

    /** The stage the shell is installed in, for dialogs' owners (null before {@link #install}). */
    public Stage stage() {
        return stage;
    }

    public Parent root() {
        return root;
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

    // ---- window ------------------------------------------------------------------------------

    /** Puts the shell into the stage: scene, theme, remembered geometry, close guard, first topology. */
    public void install(Stage stage) {
        this.stage = stage;
        double w = settings.get(Settings.WINDOW_WIDTH);
        double h = settings.get(Settings.WINDOW_HEIGHT);
        Scene scene = new Scene(root, w, h);
        stage.setScene(scene);
        stage.setMinWidth(960);
        stage.setMinHeight(600);
        applyTheme(settings.get(Settings.THEME));
        double x = settings.get(Settings.WINDOW_X);
        double y = settings.get(Settings.WINDOW_Y);
        // Only restore a position that is still on a screen (a monitor may have gone since).
        if (!Double.isNaN(x) && !Double.isNaN(y) && !Screen.getScreensForRectangle(x, y, 100, 60).isEmpty()) {
            stage.setX(x);
            stage.setY(y);
        }
        stage.setMaximized(settings.get(Settings.WINDOW_MAXIMIZED));
        stage.titleProperty().bind(Bindings.concat(LinkLabApp.TITLE, " — ", editor.titleProperty()));
        stage.setOnCloseRequest(e -> {
            e.consume();
            confirmDiscard(this::closeNow);
        });
        openStartTopology();
    }

    private void closeNow() {
        shutdown();
        stage.close();
    }

    private void rememberGeometry() {
        settings.put(Settings.WINDOW_MAXIMIZED, stage.isMaximized());
        if (!stage.isMaximized()) {
            settings.put(Settings.WINDOW_X, stage.getX());
            settings.put(Settings.WINDOW_Y, stage.getY());
            settings.put(Settings.WINDOW_WIDTH, stage.getWidth());
            settings.put(Settings.WINDOW_HEIGHT, stage.getHeight());
        }
        settings.put(Settings.MAIN_DIVIDER, mainSplit.getDividers().get(0).getPosition());
        settings.put(Settings.EDITOR_DIVIDER, editorView.split().getDividers().get(0).getPosition());
        // No flush here: that is disk I/O on the FX thread; java.util.prefs writes back in the background
        // and once more at exit.
    }

    /** The last topology file if there is one, else the embedded Loopback lab. */
    private void openStartTopology() {
        String last = settings.get(Settings.LAST_TOPOLOGY);
        if (!last.isEmpty()) {
            // A last lab that has gone (deleted, unmounted) is no reason for an error dialog at start.
            editor.open(Path.of(last), () -> {
                status.setText("Opened " + last);
                editorView.canvas().fit();
            }, problem -> status.setText("Could not reopen the last lab (" + problem + "); showing the Loopback lab"));
        } else {
            status.setText(LOOPBACK_HINT);
        }
        Platform.runLater(editorView.canvas()::fit);
    }

    public void shutdown() {
        if (shutDown) {
            return;
        }
        shutDown = true;
        if (stage != null) {
            rememberGeometry();
        }
        runsArea.shutdown();
    }

    /** Who starts runs: the injected starter (tests), else the runs area's dashboards. */
    private RunStarter runStarter() {
        return services.runStarter() != null ? services.runStarter() : runsArea;
    }

    private void applyTheme(Settings.Theme theme) {
        Scene scene = root.getScene();
        if (scene == null) {
            return;
        }
        scene.getStylesheets().setAll(MainWindow.class.getResource("linklab.css").toExternalForm());
        if (theme == Settings.Theme.DARK) {
            scene.getStylesheets().add(MainWindow.class.getResource("linklab-dark.css").toExternalForm());
        }
        settings.put(Settings.THEME, theme);
    }

    // ---- menus and toolbar -------------------------------------------------------------------

    private MenuBar menuBar() {
        MenuItem newTopology = item("_New Topology", "Shortcut+N", () -> confirmDiscard(() ->
                editor.newTopology(new Topology("Untitled lab", List.of(), List.of(), List.of()))));
        MenuItem open = item("_Open Topology…", "Shortcut+O", () -> confirmDiscard(this::chooseAndOpen));
        Menu recent = new Menu("Open _Recent");
        recent.setOnShowing(e -> fillRecent(recent));
        recent.getItems().add(new MenuItem("(none)"));
        MenuItem save = item("_Save Topology", "Shortcut+S", () -> save(() -> { }));
        MenuItem saveAs = item("Save Topology _As…", "Shortcut+Shift+S", () -> saveAs(() -> { }));
        MenuItem importHosts = item("_Import Hosts from ~/.ssh/config…", null, this::importSshConfig);
        MenuItem openPlan = item("Open _Plan…", null, this::openPlan);
        MenuItem importLogs = item("Import _Logs…", "Shortcut+L", runsArea::askImportLogs);
        MenuItem exit = item("E_xit", "Shortcut+Q", () -> confirmDiscard(this::closeNow));
        Menu file = new Menu("_File", null, newTopology, open, recent, save, saveAs, new SeparatorMenuItem(),
                importHosts, openPlan, importLogs, new SeparatorMenuItem(), exit);

        MenuItem undo = item("_Undo", "Shortcut+Z", this::undo);
        undo.textProperty().bind(Bindings.when(editor.history().canUndoProperty())
                .then(Bindings.concat("Undo ", editor.history().undoDescriptionProperty())).otherwise("Undo"));
        undo.disableProperty().bind(editor.history().canUndoProperty().not());
        MenuItem redo = item("_Redo", "Shortcut+Shift+Z", this::redo);
        redo.textProperty().bind(Bindings.when(editor.history().canRedoProperty())
                .then(Bindings.concat("Redo ", editor.history().redoDescriptionProperty())).otherwise("Redo"));
        redo.disableProperty().bind(editor.history().canRedoProperty().not());
        MenuItem redoY = item("Redo", "Shortcut+Y", this::redo);
        redoY.setVisible(false);
        MenuItem cut = item("Cu_t", "Shortcut+X", () -> onCanvas(editor::cutSelection));
        MenuItem copy = item("_Copy", "Shortcut+C", () -> onCanvas(editor::copySelection));
        MenuItem paste = item("_Paste", "Shortcut+V", () -> onCanvas(editor::paste));
        MenuItem delete = item("_Delete", "Delete", () -> onCanvas(editor::deleteSelection));
        MenuItem selectAll = item("Select _All", "Shortcut+A", () -> onCanvas(editor::selectAll));
        Menu edit = new Menu("_Edit", null, undo, redo, redoY, new SeparatorMenuItem(), cut, copy, paste, delete,
                new SeparatorMenuItem(), selectAll);

        MenuItem zoomIn = item("Zoom _In", "Shortcut+Equals", () -> editorView.canvas().zoomIn());
        MenuItem zoomOut = item("Zoom _Out", "Shortcut+Minus", () -> editorView.canvas().zoomOut());
        MenuItem actual = item("_Actual Size", "Shortcut+0", () -> editorView.canvas().resetZoom());
        MenuItem fit = item("_Fit to Window", "Shortcut+F", () -> editorView.canvas().fit());
        CheckMenuItem dark = new CheckMenuItem("_Dark Theme");
        dark.setSelected(settings.get(Settings.THEME) == Settings.Theme.DARK);
        dark.setId("menu-dark-theme");
        dark.selectedProperty().addListener((o, was, now) -> applyTheme(now ? Settings.Theme.DARK
                : Settings.Theme.LIGHT));
        Menu view = new Menu("_View", null, zoomIn, zoomOut, actual, fit, new SeparatorMenuItem(), dark);

        MenuItem newTest = item("_New Test…", "Shortcut+T", this::newTest);
        MenuItem probeSelected = item("Probe _Selected Host", "Shortcut+P", this::probeSelected);
        MenuItem probeAll = item("Probe _All Hosts", "Shortcut+Shift+P", this::probeAll);
        MenuItem details = item("Probe _Details…", "Shortcut+I", this::showProbeDetails);
        for (MenuItem m : List.of(probeSelected, probeAll, details)) {
            m.setDisable(!probes.available());
        }
        Menu test = new Menu("_Test", null, newTest, new SeparatorMenuItem(), probeSelected, probeAll, details);

        MenuItem keys = item("_Keyboard Shortcuts", "F1", this::showShortcuts);
        MenuItem about = item("_About LinkLab", null, () -> info("About LinkLab",
                "LinkLab — iperf3, iperf2 and netperf over SSH, live charts, safe MTU sweeps."));
        Menu help = new Menu("_Help", null, keys, about);
        return new MenuBar(file, edit, view, test, help);
    }

    private static MenuItem item(String text, String accelerator, Runnable action) {
        MenuItem m = new MenuItem(text);
        if (accelerator != null) {
            m.setAccelerator(KeyCombination.keyCombination(accelerator));
        }
        m.setOnAction(e -> action.run());
        return m;
    }

    /** Edit actions act on the drawing, not on a text field that has the keyboard. */
    private void onCanvas(Runnable action) {
        if (root.getScene() != null && root.getScene().getFocusOwner() instanceof TextInputControl) {
            return;
        }
        action.run();
    }

    private void undo() {
        if (!(root.getScene() != null && root.getScene().getFocusOwner() instanceof TextInputControl)) {
            editor.undo();
        }
    }

    private void redo() {
        if (!(root.getScene() != null && root.getScene().getFocusOwner() instanceof TextInputControl)) {
            editor.redo();
        }
    }

    private ToolBar toolBar() {
        Button newTest = tool("New Test", "Set up a test between two hosts (Ctrl+T)", this::newTest);
        newTest.setId("toolbar-new-test");
        newTest.setDefaultButton(false);
        newTest.getStyleClass().add("accent");
        Button probe = tool("Probe All", "Check every host: reachable, login, tools, MTU and speed (Ctrl+Shift+P)",
                this::probeAll);
        probe.setId("toolbar-probe");
        probe.setDisable(!probes.available());
        if (!probes.available()) {
            probe.setTooltip(new Tooltip("Host probing is not available in this build"));
        }
        Button undo = tool("Undo", "Undo the last edit (Ctrl+Z)", editor::undo);
        undo.setId("toolbar-undo");
        undo.disableProperty().bind(editor.history().canUndoProperty().not());
        Button redo = tool("Redo", "Redo (Ctrl+Shift+Z)", editor::redo);
        redo.setId("toolbar-redo");
        redo.disableProperty().bind(editor.history().canRedoProperty().not());
        return new ToolBar(
                tool("New", "New topology (Ctrl+N)", () -> confirmDiscard(() -> editor.newTopology(
                        new Topology("Untitled lab", List.of(), List.of(), List.of())))),
                tool("Open", "Open a topology file (Ctrl+O)", () -> confirmDiscard(this::chooseAndOpen)),
                tool("Save", "Save the topology (Ctrl+S)", () -> save(() -> { })),
                new Separator(), undo, redo, new Separator(),
                tool("−", "Zoom out (Ctrl+-)", () -> editorView.canvas().zoomOut()),
                tool("+", "Zoom in (Ctrl+=)", () -> editorView.canvas().zoomIn()),
                tool("Fit", "Fit the drawing to the window (Ctrl+F)", () -> editorView.canvas().fit()),
                new Separator(), probe, newTest);
    }

    private static Button tool(String text, String tip, Runnable action) {
        Button b = new Button(text);
        b.setTooltip(new Tooltip(tip));
        b.setOnAction(e -> action.run());
        b.setFocusTraversable(false);
        return b;
    }

    // ---- files -------------------------------------------------------------------------------

    private FileChooser topologyChooser(String title) {
        FileChooser fc = new FileChooser();
        fc.setTitle(title);
        fc.getExtensionFilters().addAll(new FileChooser.ExtensionFilter("LinkLab topology (*.json)", "*.json"),
                new FileChooser.ExtensionFilter("All files", "*"));
        Path current = editor.fileProperty().get();
        if (current != null && current.getParent() != null) {
            fc.setInitialDirectory(current.getParent().toFile());
            fc.setInitialFileName(current.getFileName().toString());
        }
        return fc;
    }

    private void chooseAndOpen() {
        File f = topologyChooser("Open Topology").showOpenDialog(stage);
        if (f != null) {
            editor.open(f.toPath(), () -> {
                status.setText("Opened " + f);
                editorView.canvas().fit();
            });
        }
    }

    private void fillRecent(Menu recent) {
        recent.getItems().clear();
        for (Path p : settings.recentTopologies()) {
            MenuItem m = new MenuItem(p.toString());
            m.setMnemonicParsing(false);
            m.setOnAction(e -> confirmDiscard(() -> editor.open(p, () -> editorView.canvas().fit())));
            recent.getItems().add(m);
        }
        if (recent.getItems().isEmpty()) {
            MenuItem none = new MenuItem("(none)");
            none.setDisable(true);
            recent.getItems().add(none);
        }
    }

    /** Saves, then runs {@code then} once the file is written (never when the save fails or is cancelled). */
    public void save(Runnable then) {
        if (!editor.save(() -> {
            status.setText("Saved " + editor.fileProperty().get());
            then.run();
        })) {
            saveAs(then);
        }
    }

    private void saveAs(Runnable then) {
        File f = topologyChooser("Save Topology").showSaveDialog(stage);
        if (f != null) {
            Path p = f.getName().contains(".") ? f.toPath() : Path.of(f.getPath() + ".json");
            editor.saveAs(p, () -> {
                status.setText("Saved " + p);
                then.run();
            });
        }
    }

    /** The unsaved-changes guard: Save / Don't Save / Cancel before anything that replaces the topology. */
    public void confirmDiscard(Runnable next) {
        if (!editor.isDirty()) {
            next.run();
            return;
        }
        ButtonType saveButton = new ButtonType("Save", ButtonBar.ButtonData.YES);
        ButtonType discard = new ButtonType("Don't Save", ButtonBar.ButtonData.NO);
        Alert a = new Alert(Alert.AlertType.CONFIRMATION, "The topology \"" + editor.topology().name()
                + "\" has unsaved changes. Save them first?", saveButton, discard, ButtonType.CANCEL);
        a.setHeaderText("Unsaved changes");
        a.initOwner(stage);
        a.getDialogPane().setId("unsaved-changes");
        a.showAndWait().ifPresent(b -> {
            if (b == saveButton) {
                save(next);
            } else if (b == discard) {
                next.run();
            }
        });
    }

    private void importSshConfig() {
        Path config = Path.of(System.getProperty("user.home"), ".ssh", "config");
        FileChooser fc = new FileChooser();
        fc.setTitle("Import Hosts from SSH Config");
        if (Files.isDirectory(config.getParent())) {
            fc.setInitialDirectory(config.getParent().toFile());
            fc.setInitialFileName("config");
        }
        File f = fc.showOpenDialog(stage);
        if (f == null) {
            return;
        }
        services.tasks().run(() -> SshConfigHosts.read(f.toPath()), entries -> {
            int n = editor.importHosts(entries);
            status.setText(n == 0 ? "No new hosts in " + f : "Imported " + n + " hosts from " + f);
            editorView.canvas().fit();
        }, e -> showProblem(f + ": cannot read the SSH config (" + e.getMessage() + ")"));
    }

    // ---- tests -------------------------------------------------------------------------------

    /** Opens the test wizard over the current topology; a selected link fills in the ends. */
    public TestWizard newTest() {
        TestWizardViewModel vm = new TestWizardViewModel(editor.topology());
        String lastPlan = settings.get(Settings.LAST_PLAN);
        if (!lastPlan.isEmpty()) {
            try {
                vm.load(PlanFiles.fromJson("last plan", new com.fasterxml.jackson.databind.ObjectMapper()
                        .readTree(lastPlan)));
            } catch (Exception e) {
                // A last plan from an older version that no longer reads: start from the defaults.
            }
        }
        for (String id : editor.selection()) {
            editor.topology().links().stream().filter(l -> l.id().equals(id)).findFirst().ifPresent(vm::useLink);
        }
        TestWizard wizard = new TestWizard(stage, vm, this::run, this::savePlan);
        if (root.getScene() != null) {
            wizard.wizard().getDialog().getDialogPane().getStylesheets().setAll(root.getScene().getStylesheets());
        }
        wizard.show();
        return wizard;
    }

    private void run(TestPlan plan) {
        settings.put(Settings.LAST_PLAN, PlanFiles.toJson(plan).toString());
        runStarter().start(plan, editor.topology());
        status.setText("Started " + plan.tool().id() + " from " + plan.client().login() + " to "
                + plan.server().login());
    }

    private void savePlan(TestPlan plan) {
        FileChooser fc = new FileChooser();
        fc.setTitle("Save Test Plan");
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("LinkLab plan (*.json)", "*.json"));
        File f = fc.showSaveDialog(stage);
        if (f == null) {
            return;
        }
        settings.put(Settings.LAST_PLAN, PlanFiles.toJson(plan).toString());
        services.tasks().run(() -> {
            PlanFiles.write(f.toPath(), plan);
            return f;
        }, done -> status.setText("Saved plan " + done), e -> showProblem(f + ": cannot save the plan ("
                + e.getMessage() + ")"));
    }

    private void openPlan() {
        FileChooser fc = new FileChooser();
        fc.setTitle("Open Test Plan");
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("LinkLab plan (*.json)", "*.json"));
        File f = fc.showOpenDialog(stage);
        if (f == null) {
            return;
        }
        services.tasks().run(() -> PlanFiles.read(f.toPath()), plan -> {
            settings.put(Settings.LAST_PLAN, PlanFiles.toJson(plan).toString());
            newTest();
        }, e -> showProblem(e.getMessage()));
    }

    // ---- probing -----------------------------------------------------------------------------

    private void probeSelected() {
        List<HostSpec> hosts = editor.topology().hosts().stream()
                .filter(h -> editor.selection().contains(h.id())).toList();
        if (hosts.isEmpty()) {
            status.setText("Select a host to probe it, or use Probe All Hosts");
            return;
        }
        hosts.forEach(probes::probe);
    }

    private void probeAll() {
        probes.probeAll(editor.topology());
        status.setText("Probing " + editor.topology().hosts().size() + " hosts…");
    }

    private void showProbeDetails() {
        Optional<HostSpec> host = editor.topology().hosts().stream()
                .filter(h -> editor.selection().contains(h.id())).findFirst();
        if (host.isEmpty()) {
            status.setText("Select a host to see what its probe found");
            return;
        }
        new io.linklab.ui.probe.ProbeDetailsView(host.get(), probes).show(stage);
    }

    private void updateHostStates() {
        hostStates.getChildren().clear();
        for (HostSpec h : editor.topology().hosts()) {
            HostBadge b = probes.badge(h.id());
            Circle dot = new Circle(5);
            dot.getStyleClass().addAll("badge-dot", b.styleClass());
            Label l = new Label(h.name() + ": " + b.text(), dot);
            l.setId("host-state-" + h.id());
            l.getStyleClass().add("host-state");
            hostStates.getChildren().add(l);
        }
    }

    // ---- messages ----------------------------------------------------------------------------

    private void showProblem(String message) {
        status.setText(message);
        Alert a = new Alert(Alert.AlertType.ERROR, message, ButtonType.OK);
        a.setHeaderText(null);
        if (stage != null) {
            a.initOwner(stage);
        }
        a.getDialogPane().setId("problem-dialog");
        a.show();
    }

    private void info(String title, String message) {
        Alert a = new Alert(Alert.AlertType.INFORMATION, message, ButtonType.OK);
        a.setTitle(title);
        a.setHeaderText(null);
        a.initOwner(stage);
        a.show();
    }

    private void showShortcuts() {
        info("Keyboard Shortcuts", String.join("\n",
                "Ctrl+N / Ctrl+O / Ctrl+S — new, open, save topology",
                "Ctrl+Z / Ctrl+Shift+Z — undo / redo",
                "Ctrl+X / Ctrl+C / Ctrl+V — cut, copy, paste nodes",
                "Delete — delete the selection;  Ctrl+A — select all",
                "Arrow keys — move the selection one grid step;  Tab — select the next item",
                "Ctrl+= / Ctrl+- / Ctrl+0 / Ctrl+F — zoom in, out, 1:1, fit",
                "Ctrl+scroll — zoom;  right-drag — pan",
                "Drag from the dot on a node's right edge to another node — connect",
                "Ctrl+T — new test;  Ctrl+P / Ctrl+Shift+P — probe selected / all hosts"));
    }
}
