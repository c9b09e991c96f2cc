package io.linklab.ui.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.engine.RunOutcome;
import io.linklab.lab.Lab;
import io.linklab.model.Sample;
import io.linklab.model.TestPlan;
import io.linklab.remote.SshSettings;
import io.linklab.store.ResultsStore;
import io.linklab.tools.csv.CsvRows;
import io.linklab.ui.charts.LiveChartContent;
import io.linklab.ui.charts.PlotFrame;
import io.linklab.ui.compare.CompareView;
import io.linklab.ui.history.PastRun;
import io.linklab.ui.history.StoreLibrary;
import io.linklab.ui.runs.EngineWiring;
import io.linklab.ui.runs.RunsArea;
import io.linklab.ui.sweep.SweepModel;
import io.linklab.ui.tasks.BackgroundTasks;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.stage.Stage;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The dashboard fed by the real engine: iperf3 through the lab's sshd between its two namespaces. A 3-second
 * 2-stream run draws its streams and SUM while it runs and exports the CSV it drew; Stop ends a long run with
 * nothing left on the hosts; a 3-point MTU sweep draws its points and table and restores the MTU; history
 * reopens runs and two runs compare side by side.
 */
@Tag("lab")
@ExtendWith(ApplicationExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DashboardLabTest {

    private final Lab lab = Lab.get();
    private RunsArea area;
    private StoreLibrary library;

    @TempDir
    Path tmp;

    private final BackgroundTasks tasks = new BackgroundTasks("dashboard-lab-test", 2);

    @Start
    void start(Stage stage) {
        ResultsStore store = new ResultsStore(tmp.resolve("runs"));
        library = new StoreLibrary(store);
        SshSettings ssh = lab.sshSettings();
        area = new RunsArea(library, EngineWiring.launcher(store, ssh), tmp.resolve("imports"), tasks);
        stage.setScene(new Scene(area.root(), 1280, 800));
        stage.show();
    }

    @AfterEach
    void cleanUp() throws Exception {
        area.shutdown();
        tasks.close();
        // The engine's kill helper may still be exiting when runFinished arrives (seen once after Stop);
        // what matters is that nothing stays: wait up to 10 s for both hosts to be clear, then insist.
        try {
            WaitForAsyncUtils.waitFor(
                    10, TimeUnit.SECONDS, () -> (lab.h1().processes() + lab.h2().processes()).isEmpty());
        } catch (TimeoutException e) {
            // the assertions below name what stayed
        }
        assertEquals("", lab.h1().processes(), "nothing left running on h1");
        assertEquals("", lab.h2().processes(), "nothing left running on h2");
        assertEquals(1500, lab.h1().mtu());
        assertEquals(1500, lab.h2().mtu());
    }

    private TestPlan plan(int durationS, int streams, TestPlan.Sweep sweep) {
        Lab.Host h1 = lab.h1();
        Lab.Host h2 = lab.h2();
        return TestPlan.defaults(
                        new TestPlan.End(h1.login(), h1.dataIf()), new TestPlan.End(h2.login(), h2.dataIf()), h2.data())
                .toBuilder()
                .durationS(durationS)
                .intervalS(0.5)
                .streams(streams)
                .sweep(sweep)
                .build();
    }

    private static <T> T fx(Callable<T> c) throws Exception {
        return WaitForAsyncUtils.asyncFx(c).get(10, TimeUnit.SECONDS);
    }

    private static int size(LiveChartContent c, String label) {
        return c.entries().stream()
                .filter(e -> e.label().equals(label))
                .mapToInt(e -> e.series().size())
                .sum();
    }

    private RunOutcome awaitOutcome(LiveRunModel model, int seconds) throws Exception {
        WaitForAsyncUtils.waitFor(seconds, TimeUnit.SECONDS, () -> model.outcome() != null);
        return model.outcome();
    }

    private PastRun open(String id) throws Exception {
        AtomicReference<PastRun> run = new AtomicReference<>();
        fx(() -> {
            area.history().open(id, run::set);
            return null;
        });
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> run.get() != null);
        return run.get();
    }

    @Test
    @Order(1)
    void twoStreamRunDrawsStreamsAndSumWhileItRunsAndExportsWhatItDrew(FxRobot robot) throws Exception {
        DashboardView view = fx(() -> area.startRun(plan(3, 2, null), null));
        LiveRunModel model = view.model();
        // Growing while it runs: the SUM has points before the run has ended, and more after.
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> size(model.bitrate(), "SUM") >= 1);
        assertEquals(null, model.outcome(), "the first intervals arrive while the run is still going");
        int early = size(model.bitrate(), "SUM");
        RunOutcome outcome = awaitOutcome(model, 60);
        assertEquals(RunOutcome.Status.OK, outcome.status(), outcome.message());
        assertTrue(size(model.bitrate(), "SUM") > early, "SUM grew from " + early);

        List<LiveChartContent.Entry> streams = model.bitrate().entries().stream()
                .filter(e -> e.label().startsWith("stream "))
                .toList();
        assertEquals(
                2,
                streams.size(),
                model.bitrate().entries().stream()
                        .map(LiveChartContent.Entry::label)
                        .toList()
                        .toString());
        assertTrue(LiveRunModelTest.entry(model.bitrate(), "SUM").width() > 2);
        assertTrue(
                LiveRunModelTest.entry(model.bitrate(), "SUM").series().lastY() > 1e6,
                "real traffic went over the veth");
        WaitForAsyncUtils.waitFor(
                5,
                TimeUnit.SECONDS,
                () -> fx(() -> robot.lookup("#stop-button")
                        .queryAs(Button.class)
                        .getText()
                        .equals("Done")));

        // CSV export of the finished run matches the lines drawn, interval by interval.
        PastRun run = open(model.info().runId());
        Path out = tmp.resolve("csv");
        AtomicReference<String> done = new AtomicReference<>();
        fx(() -> {
            area.exports().exportCsv(run, out, done::set);
            return null;
        });
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> done.get() != null);
        assertTrue(done.get().startsWith("wrote"), done.get());
        Map<String, List<double[]>> csv = new TreeMap<>();
        for (CSVRecord r : CsvRows.read(out.resolve("samples.csv"), row -> row)) {
            if (r.isMapped("omitted") && "true".equals(r.get("omitted"))) {
                continue;
            }
            if (!"sender".equals(r.get("role"))) {
                continue; // the server's (receiver's) view of the flows: in the CSV, not drawn again
            }
            csv.computeIfAbsent(r.get("stream"), k -> new ArrayList<>())
                    .add(new double[] {Double.parseDouble(r.get("end_s")), Double.parseDouble(r.get("bits_per_second"))
                    });
        }
        Map<String, List<double[]>> drawn = new TreeMap<>();
        for (LiveChartContent.Entry e : model.bitrate().entries()) {
            String stream = e.label().equals("SUM") ? Sample.SUM : e.label().substring("stream ".length());
            double[][] p = e.series().points();
            List<double[]> pts = new ArrayList<>();
            for (int i = 0; i < p[0].length; i++) {
                pts.add(new double[] {p[0][i], p[1][i]});
            }
            drawn.put(stream, pts);
        }
        assertEquals(drawn.keySet(), csv.keySet());
        for (String stream : drawn.keySet()) {
            List<double[]> a = drawn.get(stream);
            List<double[]> b = csv.get(stream);
            assertEquals(b.size(), a.size(), "intervals of stream " + stream);
            for (int i = 0; i < a.size(); i++) {
                assertEquals(b.get(i)[0], a.get(i)[0], 1e-6, "end_s of " + stream + " #" + i);
                assertEquals(
                        b.get(i)[1], a.get(i)[1], Math.max(1, b.get(i)[1] * 1e-9), "bits/s of " + stream + " #" + i);
            }
        }
    }

    @Test
    @Order(2)
    void stopEndsALongRunCleanly(FxRobot robot) throws Exception {
        DashboardView view = fx(() -> area.startRun(plan(60, 2, null), null));
        LiveRunModel model = view.model();
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> size(model.bitrate(), "SUM") >= 2);
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> fx(() ->
                        !robot.lookup("#stop-button").queryAs(Button.class).isDisabled()));
        long t0 = System.nanoTime();
        robot.clickOn("#stop-button");
        RunOutcome outcome = awaitOutcome(model, 30);
        assertEquals(RunOutcome.Status.CANCELLED, outcome.status(), outcome.message());
        assertTrue((System.nanoTime() - t0) / 1e9 < 30, "stopped well before the 60 s it was planned for");
        WaitForAsyncUtils.waitFor(
                5,
                TimeUnit.SECONDS,
                () -> fx(() -> robot.lookup("#stop-button")
                        .queryAs(Button.class)
                        .getText()
                        .equals("Stopped")));
    }

    @Test
    @Order(3)
    void mtuSweepDrawsThreePointsAndItsTableThenHistoryReopensAndComparesRuns(FxRobot robot) throws Exception {
        DashboardView single = fx(() -> area.startRun(plan(2, 2, null), null));
        assertEquals(RunOutcome.Status.OK, awaitOutcome(single.model(), 60).status());

        TestPlan.Sweep sweep = new TestPlan.Sweep(TestPlan.SweepKind.MTU, List.of("1500", "4000", "9000"));
        DashboardView view = fx(() -> area.startRun(plan(2, 1, sweep), null));
        LiveRunModel model = view.model();
        RunOutcome outcome = awaitOutcome(model, 180);
        assertEquals(RunOutcome.Status.OK, outcome.status(), outcome.message());
        SweepModel sm = model.sweep();
        assertNotNull(sm);
        List<SweepModel.TableRow> rows = sm.table();
        assertEquals(
                List.of(1500.0, 4000.0, 9000.0),
                rows.stream().map(SweepModel.TableRow::x).toList());
        assertTrue(rows.stream().allMatch(SweepModel.TableRow::ok), rows.toString());
        assertEquals(1.0, rows.get(0).gain(), 1e-9);
        PlotFrame frame = sm.frame(600);
        assertEquals(3, frame.lines().get(0).points().size(), "three points on the c2s line");
        WaitForAsyncUtils.waitFor(
                5,
                TimeUnit.SECONDS,
                () -> fx(() -> view.sweepView() != null
                        && view.sweepView().table().getItems().size() == 3));

        // History lists both runs and reopens the sweep in the same views.
        fx(() -> {
            area.history().refresh();
            return null;
        });
        WaitForAsyncUtils.waitFor(
                20, TimeUnit.SECONDS, () -> fx(() -> area.history().shown().size() >= 2));
        PastRun sweepRun = open(model.info().runId());
        PastRun singleRun = open(single.model().info().runId());
        // A stored run is replayed off the FX thread: its dashboard is whole once the replay says it finished.
        DashboardView reopened = fx(() -> area.openRun(sweepRun));
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> reopened.model().outcome() != null);
        assertEquals(3, reopened.model().sweep().table().size());
        DashboardView reopenedSingle = fx(() -> area.openRun(singleRun));
        WaitForAsyncUtils.waitFor(
                20, TimeUnit.SECONDS, () -> reopenedSingle.model().outcome() != null);
        assertEquals(3, reopenedSingle.model().bitrate().entries().size(), "two streams and the SUM again");

        // Two runs side by side: headline figures and the recorded environment.
        CompareView compare = fx(() -> area.compare(List.of(singleRun, sweepRun)));
        List<String> names =
                fx(() -> compare.table().getItems().stream().map(r -> r.name()).toList());
        assertTrue(names.contains("c2s (SUM receiver)"), names.toString());
        assertTrue(names.contains("plan"), names.toString());
        assertTrue(
                compare.table().getItems().stream().anyMatch(r -> r.section().equals("environment")),
                "the recorded host facts are compared: " + names);
    }
}
