package io.linklab.ui;

import org.junit.jupiter.api.io.TempDir;
import java.nio.file.Path;
import io.linklab.ui.tasks.TaskRunner;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.prefs.Preferences;
import javafx.scene.control.Label;
import javafx.scene.control.MenuBar;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

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

    @Test
    void firstStartShowsTheLoopbackLabInTheShell(FxRobot robot) {
        assertTrue(stage.getTitle().startsWith("LinkLab — Loopback"), stage.getTitle());
        MenuBar menus = robot.lookup(".menu-bar").queryAs(MenuBar.class);
        assertEquals("_File", menus.getMenus().get(0).getText());
        assertNotNull(robot.lookup("#topology-area").query());
        assertNotNull(robot.lookup("#node-local-client").query());
        assertNotNull(robot.lookup("#status-bar").query());
        Label state = robot.lookup("#host-state-local-server").queryAs(Label.class);
        assertEquals("This machine (server): not probed", state.getText());
    }

    @Test
    void unsavedChangesAreNeverDroppedSilently(FxRobot robot) {
        robot.interact(() -> window.editor().addHost(400, 400));
        boolean[] replaced = {false};
        // Not interact(): the guard's dialog waits in a nested loop, and interact would wait for it.
        javafx.application.Platform.runLater(() -> window.confirmDiscard(() -> replaced[0] = true));
        org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
        org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
        assertNotNull(robot.lookup("#unsaved-changes").query(), "the guard asks first");
        robot.clickOn("Cancel");
        assertTrue(!replaced[0], "cancel keeps the work");
        // Not interact(): the guard's dialog waits in a nested loop, and interact would wait for it.
        javafx.application.Platform.runLater(() -> window.confirmDiscard(() -> replaced[0] = true));
        org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn("Don't Save");
        assertTrue(replaced[0]);
    }

    @Test
    void darkThemeIsAppliedAndRemembered(FxRobot robot) {
        robot.clickOn("_View".replace("_", "")).clickOn("Dark Theme");
        assertTrue(stage.getScene().getStylesheets().stream().anyMatch(s -> s.endsWith("linklab-dark.css")));
        assertEquals(Settings.Theme.DARK, new Settings(prefs).get(Settings.THEME));
    }

    @Test
    void windowGeometryAndThemeAreRemembered(FxRobot robot) throws Exception {
        robot.interact(() -> {
            stage.setWidth(1100);
            stage.setHeight(700);
        });
        // The window's inside is what is remembered; it follows the window's size once the platform resized it.
        org.testfx.util.WaitForAsyncUtils.waitFor(10, java.util.concurrent.TimeUnit.SECONDS,
                () -> stage.getScene().getWidth() == 1100 && stage.getScene().getHeight() == 700);
        robot.interact(window::shutdown);
        Settings settings = new Settings(prefs);
        assertEquals(1100, settings.get(Settings.WINDOW_WIDTH));
        assertEquals(700, settings.get(Settings.WINDOW_HEIGHT));
        assertEquals(Settings.Theme.LIGHT, settings.get(Settings.THEME));
    }
}
