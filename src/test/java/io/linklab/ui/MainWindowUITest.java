package io.linklab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.ui.tasks.TaskRunner;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.Region;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

@ExtendWith(ApplicationExtension.class)
class MainWindowUITest {

    private final Preferences prefs = UiTestSupport.freshPreferences();
    private Stage stage;
    private MainWindow window;

    /** Runs, imports and reports of this test: never the user's ~/LinkLab. */
    @TempDir
    Path home;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        window = new MainWindow(AppServices.inFolder(home, new Settings(prefs), TaskRunner.sameThread()));
        window.install(stage);
        stage.show();
    }

    @AfterEach
    void cleanUp() {
        UiTestSupport.remove(prefs);
    }

    private static boolean onScreen(Node n) {
        return n.isVisible()
                && n.getScene() != null
                && n.getScene().getWindow().isShowing()
                && n.getBoundsInLocal().getWidth() > 0
                && n.getBoundsInLocal().getHeight() > 0;
    }

    @Test
    void firstStartShowsTheLoopbackLabInTheShell(FxRobot robot) {
        assertTrue(stage.getTitle().startsWith("LinkLab — Loopback"), stage.getTitle());
        MenuBar menus = robot.lookup(".menu-bar").queryAs(MenuBar.class);
        assertEquals(
                List.of("_File", "_Edit", "_View", "_Test", "_Help"),
                menus.getMenus().stream().map(Menu::getText).toList());
        Region area = robot.lookup("#topology-area").queryAs(Region.class);
        assertTrue(
                area.getWidth() > 0.5 * stage.getScene().getWidth(),
                "the lab takes the window: " + area.getWidth() + " of "
                        + stage.getScene().getWidth());
        List<Node> hosts =
                robot.lookup("#node-local-client").queryAll().stream().toList();
        assertEquals(1, hosts.size(), "one drawing of this machine's client end");
        assertTrue(onScreen(hosts.get(0)), "and it is on screen");
        Label message = robot.lookup("#status-message").queryAs(Label.class);
        assertTrue(message.getText().startsWith("Loopback lab: both ends on this machine"), message.getText());
        Label state = robot.lookup("#host-state-local-server").queryAs(Label.class);
        assertEquals("This machine (server): not probed", state.getText());
        assertTrue(robot.lookup("#host-states").queryAs(Node.class).isVisible());
    }

    @Test
    void theHistoryIsTheTestsOwnNeverTheUsers(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(
                0,
                window.runs().history().shown().size(),
                window.runs().history().messageProperty().get());
        assertEquals("0 runs", window.runs().history().messageProperty().get());
    }

    @Test
    void unsavedChangesAreNeverDroppedSilently(FxRobot robot) throws Exception {
        robot.interact(() -> window.editor().addHost(400, 400));
        boolean[] replaced = {false};
        // Not interact(): the guard's dialog waits in a nested loop, and interact would wait for it.
        Platform.runLater(() -> window.confirmDiscard(() -> replaced[0] = true));
        UiTestSupport.clickOnScreen(robot, "Cancel", 10);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(replaced[0], "cancel keeps the work");
        assertTrue(window.editor().isDirty(), "and the drawing is still unsaved");
        Platform.runLater(() -> window.confirmDiscard(() -> replaced[0] = true));
        // The first dialog's buttons can still be looked up after it closed: click the one on screen.
        UiTestSupport.clickOnScreen(robot, "Don't Save", 10);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> replaced[0]);
    }

    @Test
    void darkThemeIsAppliedAndRemembered(FxRobot robot) {
        robot.clickOn("View").clickOn("Dark Theme");
        assertTrue(stage.getScene().getStylesheets().stream().anyMatch(s -> s.endsWith("linklab-dark.css")));
        assertEquals(Settings.Theme.DARK, new Settings(prefs).get(Settings.THEME));
        robot.clickOn("View").clickOn("Dark Theme");
        assertFalse(
                stage.getScene().getStylesheets().stream().anyMatch(s -> s.endsWith("linklab-dark.css")),
                "switched back: " + stage.getScene().getStylesheets());
        assertEquals(Settings.Theme.LIGHT, new Settings(prefs).get(Settings.THEME));
    }

    @Test
    void windowGeometryAndThemeAreRemembered(FxRobot robot) throws Exception {
        assertEquals(Settings.Theme.LIGHT, new Settings(prefs).get(Settings.THEME), "a fresh start is light");
        robot.clickOn("View").clickOn("Dark Theme");
        robot.interact(() -> {
            stage.setWidth(1100);
            stage.setHeight(700);
        });
        // The window's inside is what is remembered; it follows the window's size once the platform resized it.
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> stage.getScene().getWidth() == 1100 && stage.getScene().getHeight() == 700);
        robot.interact(window::shutdown);
        Settings settings = new Settings(prefs);
        assertEquals(1100, settings.get(Settings.WINDOW_WIDTH));
        assertEquals(700, settings.get(Settings.WINDOW_HEIGHT));
        assertEquals(Settings.Theme.DARK, settings.get(Settings.THEME));

        // The next start over the same settings opens dark, with the dark menu item ticked.
        Stage[] next = new Stage[1];
        robot.interact(() -> {
            next[0] = new Stage();
            new MainWindow(AppServices.inFolder(home.resolve("next"), settings, TaskRunner.sameThread()))
                    .install(next[0]);
        });
        assertTrue(
                next[0].getScene().getStylesheets().stream().anyMatch(s -> s.endsWith("linklab-dark.css")),
                next[0].getScene().getStylesheets().toString());
        robot.interact(next[0]::close);
    }

    @Test
    void theShortcutSheetListsEveryAcceleratorOfTheMenus(FxRobot robot) throws Exception {
        MenuBar menus = robot.lookup(".menu-bar").queryAs(MenuBar.class);
        List<String> accelerators = new ArrayList<>();
        for (Menu m : menus.getMenus()) {
            for (MenuItem i : m.getItems()) {
                if (i.getAccelerator() != null) {
                    accelerators.add(i.getAccelerator().getDisplayText());
                }
            }
        }
        assertTrue(accelerators.size() >= 25, accelerators.toString());
        robot.press(KeyCode.F1).release(KeyCode.F1);
        String sheet = ((DialogPane) UiTestSupport.onScreen(robot, "#shortcuts-dialog", 10)).getContentText();
        for (String keys : accelerators) {
            assertTrue(sheet.contains(keys + " — "), keys + " is missing from the sheet:\n" + sheet);
        }
        assertTrue(sheet.contains(" — Import Logs"), sheet);
        assertTrue(sheet.contains("right-drag — pan"), "and the drawing's own gestures:\n" + sheet);
    }
}
