package io.linklab.ui.runs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.TestPlan;
import io.linklab.model.Tool;
import io.linklab.model.Verdict;
import io.linklab.remote.SshSettings;
import io.linklab.store.ResultsStore;
import io.linklab.testing.TuneFixtures;
import io.linklab.tune.Pinning;
import io.linklab.tune.Probe;
import io.linklab.tune.ProbeLength;
import io.linklab.tune.StopReason;
import io.linklab.tune.TuneFiles;
import io.linklab.tune.TunePlans;
import io.linklab.tune.TuneReport;
import io.linklab.tune.TuneResult;
import io.linklab.tune.TuneSettings;
import io.linklab.tune.TuneStep;
import io.linklab.ui.UiTestSupport;
import io.linklab.ui.WholeText;
import io.linklab.ui.charts.ChartRenderLoop;
import io.linklab.ui.charts.ChartView;
import io.linklab.ui.history.PastRun;
import io.linklab.ui.history.StoreLibrary;
import io.linklab.ui.tasks.BackgroundTasks;
import io.linklab.ui.tune.TuneModel;
import io.linklab.ui.tune.TuneView;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A tune on screen at 1280x800: live and ended, every text whole; a stored tune opened from history shows its
 * result, and "Save as test" hands the winner's plan to the wizard.
 */
@ExtendWith(ApplicationExtension.class)
class TuneViewUITest {

    private static final TestPlan BASE =
            TuneFixtures.base("root@198.18.4.11", "data0", "root@198.18.4.12", "data0", "198.19.4.2", 10);
    private static final TuneSettings START = TuneSettings.start(Tool.IPERF3);
    private static final TuneSettings WINNER =
            START.withProcesses(2).withStreams(2).withPinning(Pinning.SPREAD);

    private RunsArea area;
    private final BackgroundTasks tasks = new BackgroundTasks("tune-view-test", 2);
    private final List<TestPlan> saved = new CopyOnWriteArrayList<>();
    private final ChartRenderLoop loop = new ChartRenderLoop(Platform::runLater, 10);

    @TempDir
    Path tmp;

    @Start
    void start(Stage stage) {
        ResultsStore store = new ResultsStore(tmp.resolve("runs"));
        area = new RunsArea(
                new StoreLibrary(store),
                EngineWiring.launcher(store, SshSettings.defaults()),
                tmp.resolve("imports"),
                tasks);
        area.setOnSaveAsTest(saved::add);
        stage.setScene(new Scene(area.root(), 1280, 800));
        stage.show();
    }

    @AfterEach
    void stop() {
        area.shutdown();
        loop.close();
        tasks.close();
    }

    private static List<TuneStep> steps() {
        return List.of(
                new TuneStep(1, Probe.of(START, List.of(9.1e9, 9.3e9), null), "start"),
                new TuneStep(2, Probe.of(START.withProcesses(2), List.of(17e9, 18e9), null), "processes 1 -> 2"),
                new TuneStep(
                        3,
                        Probe.failed(
                                START.withTool(Tool.IPERF2),
                                "iperf -s on root@198.18.4.12 exited 127: sh: 1: iperf: not found"),
                        "tool iperf3 -> iperf2"),
                new TuneStep(4, Probe.of(WINNER, List.of(23e9, 24e9), null), "streams 1 -> 2"),
                new TuneStep(5, Probe.of(WINNER, List.of(23.5e9, 23.7e9, 23.9e9), null), "confirm"));
    }

    private static TestPlan winnerPlan() {
        return TunePlans.test(BASE, WINNER, new ProbeLength(10, 1, 3), List.of(0, 1), List.of(0, 1));
    }

    /** The tune of {@code s} ended at line rate, its last step the confirmation. */
    private static TuneResult ended(List<TuneStep> s) {
        return TuneFixtures.ended(s, WINNER, StopReason.LINE_RATE, "95 % of the link");
    }

    /** A tune folder as a finished tune leaves it. */
    private Path storedTune() throws Exception {
        Path dir = tmp.resolve("runs/20261203-010000-tune-1a2b");
        Files.createDirectories(dir);
        List<TuneStep> s = steps();
        TuneResult r = ended(s);
        TuneFiles.write(dir, r, winnerPlan(), TuneReport.lines(r, 25e9, winnerPlan()));
        return dir;
    }

    private static PastRun pastRun(Path dir) {
        return new PastRun(
                dir.getFileName().toString(),
                null,
                null,
                PastRun.State.OK,
                null,
                Instant.now(),
                Instant.now(),
                "iperf3",
                List.of("root@198.18.4.11", "root@198.18.4.12"),
                BASE,
                Map.of(),
                Map.of(),
                List.of(),
                List.of(),
                List.of(),
                dir,
                false,
                null,
                Verdict.Outcome.NONE);
    }

    private Node root() {
        return area.root().getScene().getRoot();
    }

    @Test
    void aLiveTuneAndItsEndShowEveryTextWholeAt1280x800(FxRobot robot) throws Exception {
        TuneModel model = new TuneModel(login -> Optional.empty(), 25e9);
        TuneView view = WaitForAsyncUtils.asyncFx(() -> {
                    TuneView v = new TuneView(model, loop, p -> {});
                    area.workspace().show("Tune 1: find best settings", "tune-tab-test", v.root(), s -> {}, () -> {});
                    return v;
                })
                .get(10, TimeUnit.SECONDS);
        List<TuneStep> s = steps();
        s.subList(0, 3).forEach(model::step);
        WaitForAsyncUtils.waitForFxEvents();
        String status = robot.lookup("#tune-status").queryAs(Label.class).getText();
        assertTrue(status.startsWith("Probe 3 done — step 3 tool iperf3 -> iperf2"), status);
        assertTrue(robot.lookup("#tune-save-as-test").queryButton().isDisabled(), "no winner yet");
        WholeText.assertWholeOnFx(root(), "a running tune");

        model.step(s.get(3));
        model.step(s.get(4));
        TuneResult r = ended(s);
        model.finished(new TuneModel.Result(TuneReport.lines(r, 25e9, winnerPlan()), winnerPlan()), null);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(robot.lookup("#tune-stop").queryButton().isDisabled(), "nothing to stop any more");
        assertFalse(robot.lookup("#tune-copy-script").queryButton().isDisabled());
        String result = robot.lookup("#tune-result").queryAs(TextArea.class).getText();
        assertTrue(result.contains("stopped: line rate reached (95 % of the link)"), result);
        WholeText.assertWholeOnFx(root(), "an ended tune");
        ChartView chart = robot.lookup("#tune-chart").queryAs(ChartView.class);
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> WaitForAsyncUtils.asyncFx(chart::shownVersion).get() == model.version());
        UiTestSupport.writePng(area.root().getScene(), Path.of("target/screenshots/tune-view-ended.png"));
        assertEquals(model, view.model());
    }

    @Test
    void aStoredTuneOpensFromHistoryWithItsResultAndSaveAsTestHandsOverTheWinner(FxRobot robot) throws Exception {
        Path dir = storedTune();
        robot.interact(() -> area.open(pastRun(dir)));
        WaitForAsyncUtils.waitFor(
                15,
                TimeUnit.SECONDS,
                () -> robot.lookup("#tune-result")
                        .tryQueryAs(TextArea.class)
                        .map(t -> t.getText().contains("best: iperf3 p=2 s=2 pin=spread"))
                        .orElse(false));
        String status = robot.lookup("#tune-status").queryAs(Label.class).getText();
        assertTrue(status.startsWith("Tune ended after 5 probes — stopped: line rate reached"), status);
        assertTrue(area.dashboards().isEmpty(), "a tune is not shown as a dashboard");
        WholeText.assertWholeOnFx(root(), "a stored tune");

        Button save = robot.lookup("#tune-save-as-test").queryButton();
        robot.clickOn(save);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(winnerPlan()), saved);
    }
}
