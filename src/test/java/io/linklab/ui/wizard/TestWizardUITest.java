package io.linklab.ui.wizard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.TestPlan;
import io.linklab.model.Topology;
import io.linklab.ui.AppServices;
import io.linklab.ui.MainWindow;
import io.linklab.ui.Settings;
import io.linklab.ui.UiTestSupport;
import io.linklab.ui.WholeText;
import io.linklab.ui.runs.RunStarter;
import io.linklab.ui.tasks.TaskRunner;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.prefs.Preferences;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Walks the wizard as a user would, from the toolbar to Run, over a two-host lab. */
@ExtendWith(ApplicationExtension.class)
class TestWizardUITest {

    private final Preferences prefs = UiTestSupport.freshPreferences();
    private final List<TestPlan> started = new ArrayList<>();
    private final List<List<String>> loggedInAhead = new ArrayList<>();
    private int dropped;
    private MainWindow window;

    /** Runs, imports and reports of this test: never the user's ~/LinkLab. */
    @TempDir
    Path home;

    @Start
    void start(Stage stage) {
        RunStarter starter = new RunStarter() {
            @Override
            public void start(TestPlan plan, Topology topology) {
                started.add(plan);
            }

            @Override
            public void loginAhead(Collection<String> logins, Topology topology) {
                loggedInAhead.add(List.copyOf(logins));
            }

            @Override
            public void dropEarlyLogins() {
                dropped++;
            }
        };
        window = new MainWindow(AppServices.inFolder(home, new Settings(prefs), TaskRunner.sameThread())
                .withRunStarter(starter));
        window.install(stage);
        stage.show();
    }

    @AfterEach
    void cleanUp() {
        UiTestSupport.remove(prefs);
    }

    private Button next(FxRobot robot) {
        return robot.lookup(".button")
                .match((Node n) ->
                        n instanceof Button b && "Next".equals(b.getText()) && b.isVisible() && b.getScene() != null)
                .queryButton();
    }

    private void replace(FxRobot robot, String id, String text) {
        TextField f = robot.lookup(id).queryAs(TextField.class);
        robot.clickOn(f);
        robot.press(KeyCode.CONTROL).press(KeyCode.A).release(KeyCode.A).release(KeyCode.CONTROL);
        robot.write(text);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** No text on the wizard's page is cut (issue 15). */
    private static void whole(Node onPage, String page) throws Exception {
        WholeText.assertWholeOnFx(onPage.getScene().getRoot(), "the wizard's " + page);
    }

    @Test
    void walksToReviewShowingTheExactCommandsAndRunHandsThePlanOver(FxRobot robot) throws Exception {
        Topology lab = TestWizardViewModelTest.twoHosts();
        robot.interact(() -> window.editor().newTopology(lab));
        robot.clickOn("#toolbar-new-test");
        WaitForAsyncUtils.waitForFxEvents();

        // 1. ends, filled in from the lab's only link
        assertEquals(
                "198.19.4.2",
                robot.lookup("#wizard-target").queryAs(TextField.class).getText());
        assertFalse(next(robot).isDisabled());
        whole(next(robot), "page 1, ends");
        robot.clickOn(next(robot));

        // 2. options: a bad value disables Next and says why, next to the field
        replace(robot, "#wizard-streams", "500");
        assertTrue(next(robot).isDisabled());
        assertTrue(robot.lookup(".field-error")
                .match(Node::isVisible)
                .queryLabeled()
                .getText()
                .contains("1 to 128 streams"));
        replace(robot, "#wizard-streams", "2");
        replace(robot, "#wizard-processes", "4");
        assertFalse(next(robot).isDisabled());
        whole(next(robot), "page 2, options");
        robot.clickOn(next(robot));

        // 3. sweep: none
        assertTrue(robot.lookup("#wizard-sweep-points").queryLabeled().getText().startsWith("one point"));
        whole(next(robot), "page 3, sweep");
        robot.clickOn(next(robot));

        // 4. review: the commands each host runs
        String commands =
                robot.lookup("#wizard-commands").queryAs(TextArea.class).getText();
        assertTrue(commands.contains("# on server root@198.18.4.12"), commands);
        assertTrue(commands.contains("# on client root@198.18.4.11"), commands);
        for (int port = 5201; port <= 5204; port++) {
            assertTrue(commands.contains("iperf3 -s -1 -p " + port), commands);
            assertTrue(commands.contains("iperf3 -c 198.19.4.2 -p " + port + " -t 10 -i 1 -P 2"), commands);
        }
        Button run = robot.lookup("#wizard-run").queryButton();
        assertEquals("Run", run.getText());
        whole(run, "page 4, review");
        robot.clickOn(run);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1, started.size());
        assertEquals(0, dropped, "Run takes the logins made while the wizard was open");
        TestPlan plan = started.get(0);
        assertEquals(4, plan.processes());
        assertEquals(2, plan.streams());
        assertEquals("198.19.4.2", plan.target());
        assertFalse(new Settings(prefs).get(Settings.LAST_PLAN).isEmpty(), "the last plan is remembered");
    }

    @Test
    void logsInToItsEndsWhileOpenAndClosesThoseLoginsWhenCancelled(FxRobot robot) {
        Topology lab = TestWizardViewModelTest.twoHosts();
        robot.interact(() -> window.editor().newTopology(lab));
        robot.clickOn("#toolbar-new-test");
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(loggedInAhead.isEmpty(), "no login ahead while the wizard is open");
        assertEquals(
                List.of("root@198.18.4.11", "root@198.18.4.12"),
                loggedInAhead.get(loggedInAhead.size() - 1),
                "the wizard's two ends, client first");
        assertEquals(0, dropped);

        robot.clickOn(robot.lookup(".button")
                .match((Node n) -> n instanceof Button b && "Cancel".equals(b.getText()) && b.isVisible())
                .queryButton());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1, dropped, "Cancel closes the logins made ahead");
        assertTrue(started.isEmpty());
    }
}
