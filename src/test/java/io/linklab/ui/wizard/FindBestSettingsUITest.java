package io.linklab.ui.wizard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.ui.MainWindow;
import io.linklab.ui.UiTestSupport;
import io.linklab.ui.WholeText;
import java.nio.file.Path;
import java.util.prefs.Preferences;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** "Find best settings…" on the wizard's ends page opens the tune's dialog over those ends, its text whole. */
@ExtendWith(ApplicationExtension.class)
class FindBestSettingsUITest {

    private final Preferences prefs = UiTestSupport.freshPreferences();
    private MainWindow window;

    @TempDir
    Path home;

    @Start
    void start(Stage stage) {
        window = UiTestSupport.showAt1280x800(UiTestSupport.mainWindowIn(home, prefs), stage);
    }

    @AfterEach
    void cleanUp() {
        UiTestSupport.remove(prefs);
    }

    @Test
    void theWizardsEndsOpenTheTuneDialogWithTheLinkSpeedOfTheDrawing(FxRobot robot) throws Exception {
        robot.interact(() -> window.editor().newTopology(TestWizardViewModelTest.twoHosts()));
        robot.clickOn("#toolbar-new-test");
        WaitForAsyncUtils.waitForFxEvents();
        Button findBest = robot.lookup("#wizard-find-best").queryButton();
        assertFalse(findBest.isDisabled(), "the ends are set");
        WholeText.assertWholeOnFx(findBest.getScene().getRoot(), "the wizard's ends page");
        robot.clickOn(findBest);
        WaitForAsyncUtils.waitForFxEvents();

        assertTrue(robot.lookup("#wizard-find-best").tryQuery().isEmpty(), "the wizard closed");
        TextField speed = robot.lookup("#tune-link-speed").queryAs(TextField.class);
        assertEquals("10G", speed.getText(), "the client interface's speed in the drawing");
        assertEquals("2m", robot.lookup("#tune-budget").queryAs(TextField.class).getText());
        assertTrue(robot.lookup("#tune-mtus").queryAs(TextField.class).isDisabled(), "MTU changes not allowed");
        Button start = robot.lookup("#tune-start").queryButton();
        assertFalse(start.isDisabled());
        WholeText.assertWholeOnFx(start.getScene().getRoot(), "the tune dialog");
        UiTestSupport.writePng(start.getScene(), Path.of("target/screenshots/find-best-settings.png"));

        robot.clickOn(robot.lookup("#tune-allow-mtu").queryAs(CheckBox.class));
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(robot.lookup("#tune-mtus").queryAs(TextField.class).isDisabled());
        robot.interact(() -> speed.setText("fast"));
        assertTrue(start.isDisabled(), "a bad link speed stops the start");
        String problem = robot.lookup("#tune-problem").queryAs(Label.class).getText();
        assertTrue(problem.startsWith("link speed: 'fast' is not valid"), problem);
        WholeText.assertWholeOnFx(start.getScene().getRoot(), "the tune dialog with a problem");
        UiTestSupport.writePng(start.getScene(), Path.of("target/screenshots/find-best-settings-problem.png"));
        robot.interact(() -> start.getScene().getWindow().hide());
    }
}
