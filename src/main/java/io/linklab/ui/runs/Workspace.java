package io.linklab.ui.runs;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * The main area of the window: one tab per view ("Lab", "History", then each run and comparison opened), each
 * using the whole width, so a run being watched gets the screen. Runs may open in windows of their own instead
 * ({@link #ownWindowsProperty()}). Views that paint (dashboards) are told whether they are on screen.
 */
public final class Workspace {

    private final TabPane tabs = new TabPane();
    private final BooleanProperty ownWindows = new SimpleBooleanProperty(false);
    private final Map<Tab, Consumer<Boolean>> shownListeners = new HashMap<>();
    private final List<Stage> windows = new ArrayList<>();

    public Workspace() {
        tabs.setId("workspace");
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.ALL_TABS);
        tabs.getSelectionModel()
                .selectedItemProperty()
                .addListener((o, was, now) -> shownListeners.forEach((tab, shown) -> shown.accept(tab == now)));
    }

    public Parent root() {
        return tabs;
    }

    public TabPane tabs() {
        return tabs;
    }

    /** Whether runs and comparisons open in a window each rather than as tabs here. */
    public BooleanProperty ownWindowsProperty() {
        return ownWindows;
    }

    /** A view that is always there (the lab, the history): not closable, at {@code index}. */
    public Tab addFixed(int index, String title, String id, Node content) {
        Tab tab = new Tab(title, content);
        tab.setId(id);
        tab.setClosable(false);
        tabs.getTabs().add(Math.min(index, tabs.getTabs().size()), tab);
        return tab;
    }

    /**
     * Shows a run or comparison and brings it to the front: as a tab, or as a window of its own.
     *
     * @param shown  told true while the view is on screen, false while another tab hides it
     * @param closed run once when the user closes the tab or window
     */
    public void show(String title, String id, Parent content, Consumer<Boolean> shown, Runnable closed) {
        if (ownWindows.get()) {
            showInWindow(title, content, shown, closed);
            return;
        }
        Tab tab = new Tab(title, content);
        tab.setId(id);
        shownListeners.put(tab, shown);
        tab.setOnClosed(e -> {
            shownListeners.remove(tab);
            closed.run();
        });
        tabs.getTabs().add(tab);
        tabs.getSelectionModel().select(tab);
        shown.accept(true);
    }

    private void showInWindow(String title, Parent content, Consumer<Boolean> shown, Runnable closed) {
        Stage stage = new Stage();
        stage.setTitle("LinkLab — " + title);
        Scene main = tabs.getScene();
        Window owner = main == null ? null : main.getWindow();
        double w = owner == null ? 1280 : owner.getWidth();
        double h = owner == null ? 800 : owner.getHeight();
        Scene scene = new Scene(content, w, h);
        if (main != null) {
            scene.getStylesheets().setAll(main.getStylesheets());
            stage.getIcons().setAll(owner instanceof Stage s ? s.getIcons() : List.of());
        }
        stage.setScene(scene);
        stage.setOnShown(e -> shown.accept(true));
        stage.setOnHidden(e -> {
            windows.remove(stage);
            shown.accept(false);
            closed.run();
        });
        windows.add(stage);
        stage.show();
        stage.toFront();
    }

    /** Closes the runs' own windows (the main window is closing). */
    public void closeWindows() {
        List.copyOf(windows).forEach(Stage::hide);
    }

    /** Brings the tab with this id to the front; false if there is none. */
    public boolean select(String id) {
        for (Tab t : tabs.getTabs()) {
            if (id.equals(t.getId())) {
                tabs.getSelectionModel().select(t);
                return true;
            }
        }
        return false;
    }

    /** Brings the most recently opened run or comparison tab to the front; false if none is open here. */
    public boolean selectLatest() {
        for (int i = tabs.getTabs().size() - 1; i >= 0; i--) {
            Tab t = tabs.getTabs().get(i);
            if (t.isClosable()) {
                tabs.getSelectionModel().select(t);
                return true;
            }
        }
        return false;
    }

    /** The window the workspace is in, for dialogs' owners. */
    public Window window() {
        return tabs.getScene() == null ? null : tabs.getScene().getWindow();
    }
}
