package io.linklab.ui;

import io.linklab.ui.topology.TopologyCanvas;
import io.linklab.ui.topology.TopologyEditorViewModel;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.scene.control.Button;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.Separator;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.ToolBar;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.Region;

/**
 * The window's menus and the lab's toolbar, with their shortcuts. Every action is in a menu; the toolbar repeats
 * the frequent ones with a readable name and a tooltip, and what does not fit goes into the toolbar's overflow
 * menu under the same name.
 */
final class MainMenus {

    /** Gestures on the drawing that are no menu item's accelerator: the canvas handles them itself. */
    static final List<String> DRAWING_GESTURES = List.of(
            "Arrow keys — move the selection one grid step;  Tab — select the next item",
            "Ctrl+scroll — zoom;  right-drag — pan",
            "Drag from the dot on a node's right edge to another node — connect");

    private final MainWindow window;
    private final LabFiles files;
    private final TopologyEditorViewModel editor;
    /** Every accelerator registered by {@link #item}, in menu order, with the item's name as first given. */
    private final List<String> shortcuts = new ArrayList<>();

    MainMenus(MainWindow window, LabFiles files) {
        this.window = window;
        this.files = files;
        this.editor = window.editor();
    }

    private TopologyCanvas canvas() {
        return window.editorView().canvas();
    }

    MenuBar menuBar() {
        return new MenuBar(fileMenu(), editMenu(), viewMenu(), testMenu(), helpMenu());
    }

    private Menu fileMenu() {
        MenuItem newTopology = item("_New Topology", "Shortcut+N", files::newLab);
        MenuItem open = item("_Open Topology…", "Shortcut+O", files::open);
        Menu recent = new Menu("Open _Recent");
        recent.setOnShowing(e -> files.fillRecent(recent));
        recent.getItems().add(new MenuItem("(none)"));
        MenuItem save = item("_Save Topology", "Shortcut+S", () -> files.save(() -> {}));
        MenuItem saveAs = item("Save Topology _As…", "Shortcut+Shift+S", () -> files.saveAs(() -> {}));
        MenuItem importHosts = item("_Import Hosts from ~/.ssh/config…", null, files::importSshConfig);
        MenuItem openPlan = item("Open _Plan…", null, window::openPlan);
        MenuItem openMatrix = item("Open _Whole-Lab Test…", null, window::openMatrix);
        openMatrix.setId("menu-open-whole-lab");
        openMatrix.setDisable(!window.matricesAvailable());
        MenuItem importLogs = item("Import _Logs…", "Shortcut+L", window::importLogs);
        MenuItem exit = item("E_xit", "Shortcut+Q", window::requestClose);
        return new Menu(
                "_File",
                null,
                newTopology,
                open,
                recent,
                save,
                saveAs,
                new SeparatorMenuItem(),
                importHosts,
                openPlan,
                openMatrix,
                importLogs,
                new SeparatorMenuItem(),
                exit);
    }

    private Menu editMenu() {
        MenuItem undo = item("_Undo", "Shortcut+Z", window::undo);
        undo.textProperty()
                .bind(Bindings.when(editor.history().canUndoProperty())
                        .then(Bindings.concat("Undo ", editor.history().undoDescriptionProperty()))
                        .otherwise("Undo"));
        undo.disableProperty().bind(editor.history().canUndoProperty().not());
        MenuItem redo = item("_Redo", "Shortcut+Shift+Z", window::redo);
        redo.textProperty()
                .bind(Bindings.when(editor.history().canRedoProperty())
                        .then(Bindings.concat("Redo ", editor.history().redoDescriptionProperty()))
                        .otherwise("Redo"));
        redo.disableProperty().bind(editor.history().canRedoProperty().not());
        MenuItem redoY = item("Redo", "Shortcut+Y", window::redo);
        redoY.setVisible(false);
        MenuItem cut = item("Cu_t", "Shortcut+X", () -> window.onCanvas(editor::cutSelection));
        MenuItem copy = item("_Copy", "Shortcut+C", () -> window.onCanvas(editor::copySelection));
        MenuItem paste = item("_Paste", "Shortcut+V", () -> window.onCanvas(editor::paste));
        MenuItem delete = item("_Delete", "Delete", () -> window.onCanvas(editor::deleteSelection));
        MenuItem selectAll = item("Select _All", "Shortcut+A", () -> window.onCanvas(editor::selectAll));
        return new Menu(
                "_Edit",
                null,
                undo,
                redo,
                redoY,
                new SeparatorMenuItem(),
                cut,
                copy,
                paste,
                delete,
                new SeparatorMenuItem(),
                selectAll);
    }

    private Menu viewMenu() {
        MenuItem lab = item("_Lab", "Shortcut+1", window::showLab);
        lab.setId("menu-show-lab");
        MenuItem history = item("_History", "Shortcut+2", window::showHistory);
        MenuItem latest = item("Latest _Run", "Shortcut+3", window::showLatestRun);
        CheckMenuItem ownWindows = new CheckMenuItem("Open Runs in Their _Own Windows");
        ownWindows.setId("menu-runs-own-windows");
        ownWindows
                .selectedProperty()
                .bindBidirectional(window.runs().workspace().ownWindowsProperty());
        MenuItem zoomIn = item("Zoom _In", "Shortcut+Equals", () -> canvas().zoomIn());
        MenuItem zoomOut = item("Zoom _Out", "Shortcut+Minus", () -> canvas().zoomOut());
        MenuItem actual = item("_Actual Size", "Shortcut+0", () -> canvas().resetZoom());
        MenuItem fit = item("_Fit to Window", "Shortcut+F", () -> canvas().fit());
        CheckMenuItem dark = new CheckMenuItem("_Dark Theme");
        dark.setSelected(window.shell().themeProperty().get() == Settings.Theme.DARK);
        dark.setId("menu-dark-theme");
        dark.selectedProperty()
                .addListener((o, was, now) ->
                        window.shell().themeProperty().set(now ? Settings.Theme.DARK : Settings.Theme.LIGHT));
        return new Menu(
                "_View",
                null,
                lab,
                history,
                latest,
                ownWindows,
                new SeparatorMenuItem(),
                zoomIn,
                zoomOut,
                actual,
                fit,
                new SeparatorMenuItem(),
                dark);
    }

    private Menu testMenu() {
        MenuItem newTest = item("_New Test…", "Shortcut+T", window::newTest);
        MenuItem wholeLab = item("Test _Whole Lab…", "Shortcut+Shift+T", window::testWholeLab);
        wholeLab.setId("menu-test-whole-lab");
        wholeLab.setDisable(!window.matricesAvailable());
        MenuItem probeSelected = item("Probe _Selected Host", "Shortcut+P", window::probeSelected);
        MenuItem probeAll = item("Probe _All Hosts", "Shortcut+Shift+P", window::probeAll);
        MenuItem details = item("Probe _Details…", "Shortcut+I", window::showProbeDetails);
        for (MenuItem m : List.of(probeSelected, probeAll, details)) {
            m.setDisable(!window.probes().available());
        }
        return new Menu("_Test", null, newTest, wholeLab, new SeparatorMenuItem(), probeSelected, probeAll, details);
    }

    private Menu helpMenu() {
        MenuItem keys = item("_Keyboard Shortcuts", "F1", window::showShortcuts);
        MenuItem about = item("_About LinkLab", null, window::showAbout);
        return new Menu("_Help", null, keys, about);
    }

    private MenuItem item(String text, String accelerator, Runnable action) {
        MenuItem m = new MenuItem(text);
        if (accelerator != null) {
            KeyCombination keys = KeyCombination.keyCombination(accelerator);
            m.setAccelerator(keys);
            shortcuts.add(keys.getDisplayText() + " — " + text.replace("_", "").replace("…", ""));
        }
        m.setOnAction(e -> action.run());
        return m;
    }

    /**
     * The Help → Keyboard Shortcuts sheet: every accelerator the menus registered, so it cannot miss or misstate
     * one, then the drawing's own gestures. Call after {@link #menuBar()}.
     */
    String shortcutSheet() {
        List<String> lines = new ArrayList<>(shortcuts);
        lines.add("");
        lines.add("On the drawing:");
        lines.addAll(DRAWING_GESTURES);
        return String.join("\n", lines);
    }

    /** The lab's toolbar, over the drawing. */
    ToolBar labToolBar() {
        Button newTest = tool("New Test", "Set up a test between two hosts (Ctrl+T)", window::newTest);
        newTest.setId("toolbar-new-test");
        newTest.getStyleClass().add("accent");
        Button wholeLab = tool(
                "Test Whole Lab",
                "Test every drawn link (or every pair of hosts) as a scheduled matrix, with a heatmap (Ctrl+Shift+T)",
                window::testWholeLab);
        wholeLab.setId("toolbar-test-whole-lab");
        wholeLab.setDisable(!window.matricesAvailable());
        Button probe = tool(
                "Probe All",
                "Check every host: reachable, login, tools, MTU and speed (Ctrl+Shift+P)",
                window::probeAll);
        probe.setId("toolbar-probe");
        probe.setDisable(!window.probes().available());
        if (!window.probes().available()) {
            probe.setTooltip(new Tooltip("Host probing is not available in this build"));
        }
        Button undo = tool("Undo", "Undo the last edit (Ctrl+Z)", editor::undo);
        undo.setId("toolbar-undo");
        undo.disableProperty().bind(editor.history().canUndoProperty().not());
        Button redo = tool("Redo", "Redo (Ctrl+Shift+Z)", editor::redo);
        redo.setId("toolbar-redo");
        redo.disableProperty().bind(editor.history().canRedoProperty().not());
        Button zoomOut = tool("Zoom Out", "Zoom out (Ctrl+-)", () -> canvas().zoomOut());
        Button zoomIn = tool("Zoom In", "Zoom in (Ctrl+=)", () -> canvas().zoomIn());
        ToolBar bar = new ToolBar(
                newTest,
                wholeLab,
                probe,
                new Separator(),
                tool("New", "New topology (Ctrl+N)", files::newLab),
                tool("Open", "Open a topology file (Ctrl+O)", files::open),
                tool("Save", "Save the topology (Ctrl+S)", () -> files.save(() -> {})),
                new Separator(),
                undo,
                redo,
                new Separator(),
                zoomOut,
                zoomIn,
                tool("Fit", "Fit the drawing to the window (Ctrl+F)", () -> canvas().fit()));
        bar.setId("lab-toolbar");
        return bar;
    }

    private static Button tool(String text, String tip, Runnable action) {
        Button b = new Button(text);
        b.setTooltip(new Tooltip(tip));
        b.setOnAction(e -> action.run());
        b.setFocusTraversable(false);
        b.setMinWidth(Region.USE_PREF_SIZE);
        return b;
    }
}
