package io.linklab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.TestPlan;
import io.linklab.model.Topology;
import io.linklab.store.ResultsStore;
import io.linklab.tools.Fixtures;
import io.linklab.ui.charts.ChartView;
import io.linklab.ui.dashboard.DashboardView;
import io.linklab.ui.history.ImportedLogRun;
import io.linklab.ui.history.PastRun;
import io.linklab.ui.history.StoreLibrary;
import io.linklab.ui.runs.RunsArea;
import io.linklab.ui.tasks.BackgroundTasks;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.prefs.Preferences;
import javafx.scene.Node;
import javafx.scene.control.Labeled;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.Region;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The window as a lab engineer first sees it (issue 15), at the default 1280×800 and at the smallest size the
 * window allows: a started run takes the main area, and no text anywhere — lab, history, live dashboard with 4 and
 * 128 streams, sweep, comparison — is cut to "…" or runs past the window's edge.
 */
@ExtendWith(ApplicationExtension.class)
class RunGetsTheScreenUITest {

    private final Preferences prefs = UiTestSupport.freshPreferences();
    private final ScriptedRuns engine = new ScriptedRuns(6);
    private final BackgroundTasks tasks = new BackgroundTasks("screen-test", 2);
    private Stage stage;
    private MainWindow window;

    @TempDir
    Path tmp;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        RunsArea runs = new RunsArea(
                new StoreLibrary(new ResultsStore(tmp.resolve("runs"))), engine, tmp.resolve("imports"), tasks);
        window = UiTestSupport.showAt1280x800(
                new MainWindow(new AppServices(new Settings(prefs), tasks, null, runs, null)), stage);
    }

    @AfterEach
    void cleanUp() throws Exception {
        engine.finish();
        fx(() -> {
            window.shutdown();
            return null;
        });
        tasks.close();
        UiTestSupport.remove(prefs);
    }

    private static <T> T fx(Callable<T> c) throws Exception {
        return WaitForAsyncUtils.asyncFx(c).get(20, TimeUnit.SECONDS);
    }

    private Node scene() {
        return stage.getScene().getRoot();
    }

    /** Starts a run as the wizard's Run does and waits until its dashboard shows every stream's row. */
    private DashboardView startRun(TestPlan plan, int rows) throws Exception {
        DashboardView view = fx(() -> window.runs().startRun(plan, Topology.loopback()));
        // 128 streams fill the table at its 1 Hz rate for big runs; a busy 2-core machine needs a while more.
        try {
            WaitForAsyncUtils.waitFor(
                    60,
                    TimeUnit.SECONDS,
                    () -> fx(() -> view.tableRows().size() >= rows
                            && !view.model().bitrate().entries().isEmpty()));
        } catch (TimeoutException e) {
            throw new AssertionError(
                    "after 60 s the table shows " + fx(() -> view.tableRows().size()) + " of " + rows + " rows");
        }
        // the Findings block the scripted run reports after its intervals: on screen and whole too
        WaitForAsyncUtils.waitFor(
                20,
                TimeUnit.SECONDS,
                () -> fx(() -> view.root().lookup("#findings").isVisible()));
        WaitForAsyncUtils.waitForFxEvents();
        return view;
    }

    @Test
    void theLabAndTheHistoryShowEveryNameWhole(FxRobot robot) throws Exception {
        WholeText.assertWholeOnFx(scene(), "the lab at 1280×800");
        fx(() -> window.runs().workspace().select("history-tab"));
        WholeText.assertWholeOnFx(scene(), "the history at 1280×800");
    }

    @Test
    void aLiveRunTakesTheMainAreaWithEveryControlWhole(FxRobot robot) throws Exception {
        DashboardView view = startRun(ScriptedRuns.plan(4, TestPlan.Mode.BIDIR, null), 10);
        double windowWidth = stage.getScene().getWidth();
        Region dashboard = (Region) view.root();
        assertTrue(
                fx(dashboard::getWidth) >= 0.7 * windowWidth,
                "the dashboard is " + fx(dashboard::getWidth) + " px of a " + windowWidth + " px window");
        ChartView bitrate = (ChartView) fx(() -> dashboard.lookup("#bitrate-chart"));
        ChartView retransmits = (ChartView) fx(() -> dashboard.lookup("#retransmits-chart"));
        ChartView cwnd = (ChartView) fx(() -> dashboard.lookup("#cwnd-chart"));
        assertTrue(fx(bitrate::getWidth) >= 0.6 * windowWidth, "bitrate chart " + fx(bitrate::getWidth) + " px wide");
        for (ChartView small : List.of(retransmits, cwnd)) {
            assertTrue(
                    fx(small::getWidth) >= 300 && fx(small::getHeight) >= 100,
                    small.getId() + " is " + fx(small::getWidth) + "×" + fx(small::getHeight));
        }
        Labeled title = (Labeled) fx(() -> dashboard.lookup("#run-title"));
        assertTrue(fx(title::getText).startsWith(ScriptedRuns.RUN_ID), fx(title::getText));
        WholeText.assertWholeOnFx(scene(), "a live 4-stream bidirectional run at 1280×800");
    }

    @Test
    void aRunOf128StreamsIsWholeToo(FxRobot robot) throws Exception {
        startRun(ScriptedRuns.plan(128, TestPlan.Mode.NORMAL, null), 129);
        WholeText.assertWholeOnFx(scene(), "a live 128-stream run at 1280×800");
    }

    @Test
    void aSweepAndAComparisonAreWhole(FxRobot robot) throws Exception {
        TestPlan sweep = ScriptedRuns.plan(
                1,
                TestPlan.Mode.BIDIR,
                new TestPlan.Sweep(TestPlan.SweepKind.MTU, List.of("1500", "3000", "4500", "6000", "7500", "9000")));
        DashboardView view = fx(() -> window.runs().startRun(sweep, Topology.loopback()));
        WaitForAsyncUtils.waitFor(
                20,
                TimeUnit.SECONDS,
                () -> fx(() -> view.sweepView() != null
                        && view.sweepView().table().getItems().size() == 6));
        WaitForAsyncUtils.waitForFxEvents();
        WholeText.assertWholeOnFx(scene(), "an MTU sweep at 1280×800");

        PastRun a = ImportedLogRun.importFile(
                Fixtures.corpus("iperf3/adithn04_tcp_P_multi_i2_localhost_sum.txt"), tmp.resolve("a"));
        PastRun b = ImportedLogRun.importFile(Fixtures.corpus("iperf3/vladger00_tcp_t10.txt"), tmp.resolve("b"));
        fx(() -> window.runs().compare(List.of(a, b)));
        WaitForAsyncUtils.waitForFxEvents();
        WholeText.assertWholeOnFx(scene(), "two runs compared at 1280×800");
    }

    @Test
    void atTheSmallestWindowNothingIsCutEither(FxRobot robot) throws Exception {
        fx(() -> {
            stage.setWidth(stage.getMinWidth());
            stage.setHeight(stage.getMinHeight());
            return null;
        });
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> fx(() ->
                        stage.getScene().getWidth() == 1024 && stage.getScene().getHeight() == 700));
        WaitForAsyncUtils.waitForFxEvents();
        WholeText.assertWholeOnFx(scene(), "the lab at 1024×700");
        fx(() -> window.runs().workspace().select("history-tab"));
        WholeText.assertWholeOnFx(scene(), "the history at 1024×700");
        startRun(ScriptedRuns.plan(4, TestPlan.Mode.BIDIR, null), 10);
        WholeText.assertWholeOnFx(scene(), "a live 4-stream bidirectional run at 1024×700");
    }

    @Test
    void aFirstStartOpensAtMostOfTheScreenAndRunsMayOpenInTheirOwnWindows(FxRobot robot) throws Exception {
        // Monocle's screen is 1280×800: 85 % of it, but never under the 1024×700 minimum.
        Preferences fresh = UiTestSupport.freshPreferences();
        try {
            double[] size = fx(() -> WindowGeometry.sceneSize(new Settings(fresh)));
            assertEquals(1088, size[0], 0.5);
            assertEquals(700, size[1], 0.5);
        } finally {
            UiTestSupport.remove(fresh);
        }

        fx(() -> {
            window.runs().workspace().ownWindowsProperty().set(true);
            return null;
        });
        assertTrue(new Settings(prefs).get(Settings.RUNS_IN_OWN_WINDOW), "the choice is remembered");
        int tabs = fx(() -> window.runs().tabs().getTabs().size());
        DashboardView view = startRun(ScriptedRuns.plan(2, TestPlan.Mode.NORMAL, null), 3);
        Window own = fx(() -> view.root().getScene().getWindow());
        assertTrue(own != stage && own.isShowing(), "the run has a window of its own");
        assertEquals(tabs, fx(() -> window.runs().tabs().getTabs().size()), "and no tab in the main window");
        WholeText.assertWholeOnFx(view.root(), "a run in its own window");
        fx(() -> {
            own.hide();
            return null;
        });
        assertTrue(fx(() -> window.runs().dashboards().isEmpty()), "closing its window closes the dashboard");
    }

    @Test
    void theStatusBarSaysWhenTheRunEndedAndHow(FxRobot robot) throws Exception {
        startRun(ScriptedRuns.plan(4, TestPlan.Mode.NORMAL, null), 5);
        String during = fx(window::statusText);
        engine.finish();
        WaitForAsyncUtils.waitFor(
                20, TimeUnit.SECONDS, () -> fx(() -> window.statusText().contains("ended")));
        String after = fx(window::statusText);
        assertTrue(
                after.startsWith("Run " + ScriptedRuns.RUN_ID + " ended at ") && after.endsWith(", finished"),
                after + " (during the run: " + during + ")");

        // One shortcut back to the lab; the dashboards' divider is remembered with the window.
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT1).release(KeyCode.DIGIT1, KeyCode.CONTROL);
        WaitForAsyncUtils.waitFor(
                5,
                TimeUnit.SECONDS,
                () -> fx(() -> "lab-tab"
                        .equals(window.runs()
                                .tabs()
                                .getSelectionModel()
                                .getSelectedItem()
                                .getId())));
        fx(() -> {
            window.runs().dashboards().get(0).liveSplit().setDividerPositions(0.55);
            window.shutdown();
            return null;
        });
        assertEquals(0.55, new Settings(prefs).get(Settings.DASHBOARD_DIVIDER), 0.01);
    }
}
