package io.linklab.ui.matrix;

import static io.linklab.ui.matrix.MatrixViewUITest.hosts;
import static io.linklab.ui.matrix.MatrixViewUITest.row;
import static io.linklab.ui.matrix.MatrixViewUITest.without;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.matrix.MatrixFile;
import io.linklab.matrix.MatrixPair;
import io.linklab.matrix.MatrixPairs;
import io.linklab.matrix.MatrixPlanFile;
import io.linklab.matrix.MatrixRow;
import io.linklab.matrix.MatrixRun;
import io.linklab.matrix.MatrixSchedule.Uplinks;
import io.linklab.model.TestPlan;
import io.linklab.model.Topology;
import io.linklab.ui.ScriptedRuns;
import io.linklab.ui.WholeText;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A stored matrix folder opened in the window at 1280x800 (as File → Open Whole-Lab Test… does): its rows as left,
 * every text whole, and Resume handing the same lab, pairs and folder to the launcher (a stand-in here; the
 * scripted and lab tests run the real one).
 */
@ExtendWith(ApplicationExtension.class)
class MatrixReopenUITest extends MatrixWindowTestBase {

    @Start
    void start(Stage stage) {
        open(stage, "matrix-reopen-test");
    }

    @Test
    void aStoredMatrixOpensAsItWasLeftWithEveryTextWholeAndItsResumeRunsIntoItsFolder(FxRobot robot) throws Exception {
        Topology lab = hosts(6);
        List<MatrixPair> pairs = new MatrixPairs(lab).all();
        Path stored = tmp.resolve("matrices").resolve("20261203-061500-matrix-rack_1");
        Files.createDirectories(stored);
        MatrixPlanFile.write(
                stored,
                lab,
                ScriptedRuns.plan(1, TestPlan.Mode.NORMAL, null),
                pairs,
                new MatrixRun.Options(2, false, Uplinks.ONE_AT_A_TIME),
                p -> p.client() + "-" + p.server());
        // the laptop slept: 20 pairs ended (one failed), 5 were marked stopped, 5 never got a row
        List<MatrixRow> rows = new ArrayList<>();
        for (int k = 0; k < 25; k++) {
            MatrixPair p = pairs.get(k);
            rows.add(k < 20 ? row(p, k) : without(p, MatrixRow.STOPPED, "stopped by the user"));
        }
        MatrixFile.write(stored, rows);

        fx(() -> {
            window.openMatrix(stored);
            return null;
        });
        // other tests' windows may linger in this JVM: look only inside this test's window. The table is found
        // only once its split pane has a skin (the next pulse after the view is shown), the bar above it at once.
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> fx(() -> robot.from(window.root())
                                .lookup("#matrix-resume")
                                .tryQuery()
                                .isPresent()
                        && robot.from(window.root())
                                .lookup("#matrix-table")
                                .tryQuery()
                                .isPresent()));
        Node resume =
                fx(() -> robot.from(window.root()).lookup("#matrix-resume").query());
        String status = fx(() -> robot.from(window.root())
                .lookup("#matrix-status")
                .queryLabeled()
                .getText());
        assertEquals(
                "as stored: 25 of 30 pairs done, 6 without a measurement; Resume runs the 11 not measured", status);
        assertFalse(fx(resume::isDisabled), "pairs lack a measurement: Resume is ready");
        assertTrue(
                fx(() -> robot.from(window.root())
                        .lookup("#matrix-stop")
                        .queryButton()
                        .isDisabled()),
                "nothing runs to stop");
        assertEquals(
                25,
                fx(() -> robot.from(window.root())
                        .lookup("#matrix-table")
                        .queryTableView()
                        .getItems()
                        .size()));
        WholeText.assertWholeOnFx(resume.getScene().getRoot(), "a stored matrix as reopened");

        robot.clickOn(resume);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> matrices.requests.size() == 1);
        assertEquals(Optional.of(stored), matrices.intos.get(0), "the resume runs into the stored folder");
        assertEquals(pairs, matrices.requests.get(0).pairs());
        assertEquals(lab, matrices.requests.get(0).lab());
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> fx(() -> !robot.from(window.root())
                        .lookup("#matrix-stop")
                        .queryButton()
                        .isDisabled()));
        assertTrue(fx(resume::isDisabled), "one resume at a time");
        WholeText.assertWholeOnFx(resume.getScene().getRoot(), "a stored matrix resuming");

        int tabs = fx(() -> window.runs().workspace().tabs().getTabs().size());
        fx(() -> {
            window.openMatrix(stored); // the same folder again: its view comes to the front, no second one
            return null;
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(tabs, fx(() -> window.runs().workspace().tabs().getTabs().size()));
        assertTrue(fx(() -> window.statusText().endsWith("is open already")), fx(window::statusText));
    }
}
