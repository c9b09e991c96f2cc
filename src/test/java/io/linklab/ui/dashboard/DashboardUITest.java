package io.linklab.ui.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.counters.CounterFiles;
import io.linklab.counters.Finding;
import io.linklab.model.Direction;
import io.linklab.model.TestPlan;
import io.linklab.store.ResultsStore;
import io.linklab.tools.Fixtures;
import io.linklab.tools.csv.CsvTableWriter;
import io.linklab.ui.WholeText;
import io.linklab.ui.bench.SyntheticRun;
import io.linklab.ui.charts.ChartView;
import io.linklab.ui.charts.LiveChartContent;
import io.linklab.ui.compare.CompareView;
import io.linklab.ui.compare.ComparisonModel;
import io.linklab.ui.export.ChartImages;
import io.linklab.ui.export.ReportFolder;
import io.linklab.ui.history.ImportedLogRun;
import io.linklab.ui.history.PastRun;
import io.linklab.ui.runs.EngineWiring;
import io.linklab.ui.runs.RunsArea;
import io.linklab.ui.tasks.BackgroundTasks;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import javafx.geometry.VerticalDirection;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ToggleButton;
import javafx.scene.layout.Region;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The dashboard on screen (headless): fed live from another thread it grows; opened from real tool logs it
 * shows every stream, hides one from the legend, hovers exact values, switches units, exports and compares; and its
 * Findings block.
 */
@ExtendWith(ApplicationExtension.class)
class DashboardUITest {

    private RunsArea area;

    /** As long as the rules write them: one wrapped line at 1280 px is not enough. */
    private static final Finding CPU = new Finding(
            "",
            Finding.WARNING,
            "client",
            "cpu-bound-one-core",
            "CPU-bound on one core: cpu1 of the client (h1) was 99 % busy (31 % softirq) while its other 15 cores "
                    + "averaged 4 %, with 1 iperf3 process; try 4 processes (--processes 4)",
            "cpu.busiest median=99; busiest_core=1; others mean=4");

    private static final Finding SPEED = new Finding(
            "",
            Finding.INFO,
            "",
            "link-speed-unknown",
            "c2s reached 22.6 Gbit/s; the link speed is unknown: neither the client's data0 nor the server's data0 "
                    + "reports one (a virtual interface such as veth, a bridge or a tunnel, or a link that is down)",
            "bits_per_second=22600000000");

    @TempDir
    Path tmp;

    private final BackgroundTasks tasks = new BackgroundTasks("dashboard-test", 2);

    @Start
    void start(Stage stage) {
        // A store of its own: tests never write into the user's ~/LinkLab.
        area = EngineWiring.runsArea(new ResultsStore(tmp.resolve("runs")), tasks);
        stage.setScene(new Scene(area.root(), 1280, 800));
        stage.show();
    }

    @AfterEach
    void stop() {
        area.shutdown();
        tasks.close();
    }

    private static <T> T fx(Callable<T> c) throws Exception {
        return WaitForAsyncUtils.asyncFx(c).get(10, TimeUnit.SECONDS);
    }

    @Test
    void liveRunGrowsWhileSamplesArriveFromAnotherThread(FxRobot robot) throws Exception {
        LiveRunModel model = new LiveRunModel();
        DashboardView view = fx(() -> area.watch(model, "synthetic"));
        TestPlan plan = SyntheticRun.plan(2, 3, 0.1, TestPlan.Mode.NORMAL);
        SyntheticRun run = new SyntheticRun(2, 0.1, 1e9);
        // The feeder sends five intervals, waits until the test has seen them, then sends the rest: the run is
        // still going when the test looks, however slow the machine.
        CountDownLatch seen = new CountDownLatch(1);
        Thread feeder = new Thread(() -> {
            model.runStarted(SyntheticRun.info("synthetic", plan));
            for (int k = 1; k <= 30; k++) {
                run.interval(model, "", k, Direction.C2S);
                try {
                    if (k == 5 && !seen.await(30, TimeUnit.SECONDS)) {
                        return;
                    }
                } catch (InterruptedException e) {
                    return;
                }
            }
            model.runFinished(SyntheticRun.ok("synthetic"));
        });
        feeder.start();
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> model.bitrate().entries().size() == 3
                        && entry(model.bitrate(), "SUM").series().size() >= 5);
        int early = entry(model.bitrate(), "SUM").series().size();
        WaitForAsyncUtils.waitFor(
                5, TimeUnit.SECONDS, () -> fx(() -> view.tableRows().size() == 3));
        assertTrue(
                fx(() -> robot.lookup("#stop-button").queryButton().getText()).equals("Stop"),
                "the dashboard shows a run still going");
        assertEquals("–", fx(() -> view.tableRows().get(1).text("average")), "no average while the run goes on");
        seen.countDown();
        feeder.join(10_000);
        assertTrue(entry(model.bitrate(), "SUM").series().size() > early, "the SUM line grew while the run went on");
        WaitForAsyncUtils.waitFor(
                5, TimeUnit.SECONDS, () -> fx(() -> view.tableRows().size() == 3));
        assertEquals(
                List.of("SUM", "stream 5", "stream 7"),
                fx(() -> view.tableRows().stream().map(r -> r.text("stream")).toList()));
        WaitForAsyncUtils.waitFor(
                5,
                TimeUnit.SECONDS,
                () -> fx(() ->
                        robot.lookup("#stop-button").queryButton().getText().equals("Done")));
        // once it ended, each stream's average over the run beside its last interval
        String average = fx(() -> view.tableRows().get(1).text("average"));
        assertTrue(average.endsWith("bit/s"), average);
    }

    @Test
    void aRealIperf3LogOpensWithEveryStreamAndTheSum(FxRobot robot) throws Exception {
        Path log = Fixtures.corpus("iperf3/adithn04_tcp_P_multi_i2_localhost_sum.txt");
        area.importLogs(List.of(log));
        WaitForAsyncUtils.waitFor(
                15, TimeUnit.SECONDS, () -> fx(() -> area.dashboards().size() == 1));
        DashboardView view = fx(() -> area.dashboards().get(0));
        LiveRunModel model = view.model();
        // the log is replayed into the dashboard off the FX thread: its end is the replay's last call
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> model.outcome() != null);
        List<String> labels = model.bitrate().entries().stream()
                .map(LiveChartContent.Entry::label)
                .toList();
        // The client's five streams and SUM, then the server's view of the same flows (drawn, not summed again).
        assertEquals(
                List.of("stream 5", "stream 7", "stream 9", "stream 11", "stream 13", "SUM"), labels.subList(0, 6));
        assertTrue(labels.contains("server/stream 8"), labels.toString());
        // The log's first SUM interval: 89.9 Gbits/sec at 0.00-2.00.
        assertEquals(89.9e9, entry(model.bitrate(), "SUM").series().points()[1][0], 1e6);

        // Hover shows exact values at the interval under the mouse. The dashboard exists before its tab joins the
        // scene (the import finishes off the FX thread), so look the chart up only once it is there.
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> fx(() -> robot.lookup("#bitrate-chart").tryQuery().isPresent()));
        ChartView chart = robot.lookup("#bitrate-chart").queryAs(ChartView.class);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> fx(() -> chart.getWidth() > 100));
        // The hover needs a painted frame to map the mouse to data; a loaded machine may take a while for the first.
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> fx(() -> chart.imagePixels()[0] > 0));
        robot.moveTo(chart);
        WaitForAsyncUtils.waitFor(
                5, TimeUnit.SECONDS, () -> fx(() -> chart.hoverText().contains("SUM")));
        assertTrue(fx(chart::hoverText).contains("Gbit/s"), fx(chart::hoverText));

        // Scrolling zooms the time axis around the mouse and stops following; double-click follows again.
        double[] before = model.bitrate().range();
        robot.scroll(2, VerticalDirection.UP);
        WaitForAsyncUtils.waitForFxEvents();
        double[] zoomed = model.bitrate().range();
        assertFalse(model.bitrate().follow(), "zooming stops following");
        assertTrue(zoomed[1] - zoomed[0] != before[1] - before[0], "the time axis span changed");
        assertFalse(fx(() -> robot.lookup("#follow").queryAs(ToggleButton.class).isSelected()));
        robot.doubleClickOn(chart);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(model.bitrate().follow(), "double-click follows the run again");

        // Legend: unticking a stream hides it in every chart.
        robot.clickOn("stream 9");
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(entry(model.bitrate(), "stream 9").visible());
        assertFalse(entry(model.cwnd(), "stream 9").visible());
        assertEquals(labels.size() - 1, model.bitrate().frame(500).lines().size());

        // Units: byte/s turns 89.9 Gbit/s into 11.2 GB/s in the table.
        robot.clickOn((ToggleButton) robot.lookup("#unit-bytes").query());
        WaitForAsyncUtils.waitForFxEvents();
        String sum = fx(() -> view.tableRows().get(0).text("bitrate"));
        assertTrue(sum.endsWith("GB/s"), sum);

        // The console shows the tool's own lines when opened.
        assertTrue(fx(() -> !view.consolePane().isExpanded()));
    }

    @Test
    void chartsExportAsPngAtTheChosenSizeAndAReportFolderHoldsEverything() throws Exception {
        PastRun run = ImportedLogRun.importFile(
                Fixtures.corpus("iperf3/adithn04_tcp_P_multi_i2_localhost_sum.txt"), tmp.resolve("import"));
        LiveRunModel model = new LiveRunModel();
        RunReplay.replay(run, model);
        Path png = ChartImages.writePng(model.bitrate(), 1200, 700, tmp.resolve("bitrate.png"));
        BufferedImage img = ImageIO.read(png.toFile());
        assertEquals(1200, img.getWidth());
        assertEquals(700, img.getHeight());

        List<Path> files = ReportFolder.write(run, tmp.resolve("report"), 1000, 600);
        for (String name : List.of(
                "samples.csv",
                "summary.csv",
                "bitrate.png",
                "retransmits.png",
                "cwnd.png",
                "report.md",
                "report.html")) {
            assertTrue(Files.isRegularFile(tmp.resolve("report").resolve(name)), name + " in " + files);
        }
        String md = Files.readString(tmp.resolve("report/report.md"));
        assertTrue(md.contains("![Bitrate per stream and SUM](bitrate.png)"), md);
        List<String> csv = Files.readAllLines(tmp.resolve("report/samples.csv"));
        assertTrue(csv.get(0).contains("bits_per_second"), csv.get(0));
        assertTrue(csv.size() > 100, "every interval of the log is in samples.csv");
    }

    @Test
    void twoImportedRunsCompareSideBySide(FxRobot robot) throws Exception {
        PastRun a = ImportedLogRun.importFile(
                Fixtures.corpus("iperf3/adithn04_tcp_P_multi_i2_localhost_sum.txt"), tmp.resolve("a"));
        PastRun b = ImportedLogRun.importFile(Fixtures.corpus("iperf3/vladger00_tcp_t10.txt"), tmp.resolve("b"));
        AtomicReference<CompareView> view = new AtomicReference<>();
        view.set(fx(() -> area.compare(List.of(a, b))));
        assertEquals(2, view.get().model().overlay().entries().size());
        List<ComparisonModel.Row> rows = fx(() -> view.get().table().getItems());
        ComparisonModel.Row headline = rows.stream()
                .filter(r -> r.name().startsWith("c2s"))
                .findFirst()
                .orElseThrow();
        assertTrue(headline.differs(), "headline row " + headline + " of " + rows);
        assertTrue(headline.values().get(0).endsWith("Gbit/s"), headline.toString());
        // The comparison tab's content joins the scene graph on a later pulse, not within compare() itself.
        try {
            WaitForAsyncUtils.waitFor(
                    10,
                    TimeUnit.SECONDS,
                    () -> robot.lookup("#compare-chart").tryQuery().isPresent());
        } catch (TimeoutException e) {
            // fall through to the assertion, which reports it
        }
        assertTrue(robot.lookup("#compare-chart").tryQuery().isPresent());
    }

    private static LiveChartContent.Entry entry(LiveChartContent c, String label) {
        return c.entries().stream()
                .filter(e -> e.label().equals(label))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no line " + label));
    }

    // The Findings block at 1280×800: after a live repetition (from the engine's thread) and for a stored run
    // opened from its folder, warnings first, every line whole (wrapped, never "…"), hidden where no rules ran.

    @Test
    void aLiveRunShowsItsFindingsAfterTheTestWholeAndWarningsFirst() throws Exception {
        LiveRunModel model = new LiveRunModel();
        DashboardView view = fx(() -> area.watch(model, "synthetic"));
        Node block = fx(() -> view.root().lookup("#findings"));
        TestPlan plan = SyntheticRun.plan(2, 3, 1, TestPlan.Mode.NORMAL);
        SyntheticRun run = new SyntheticRun(2, 1, 1e9);
        Thread engine = new Thread(() -> {
            model.runStarted(SyntheticRun.info("synthetic", plan));
            for (int k = 1; k <= 3; k++) {
                run.interval(model, "", k, Direction.C2S);
            }
        });
        engine.start();
        engine.join(10_000);
        WaitForAsyncUtils.waitFor(
                10, TimeUnit.SECONDS, () -> fx(() -> view.tableRows().size() == 3));
        assertFalse(fx(block::isVisible), "no Findings block before the rules have run");

        Thread rules = new Thread(() -> model.findings("", List.of(SPEED, CPU))); // as the engine calls it
        rules.start();
        rules.join(10_000);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> fx(block::isVisible));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(
                List.of("warning  " + CPU.message(), "note  " + SPEED.message()),
                fx(() -> view.findingsView().texts()));
        WholeText.assertWholeOnFx(view.root(), "the Findings block at 1280×800");
        Region bitrate = (Region) fx(() -> view.root().lookup("#bitrate-chart"));
        Region retransmits = (Region) fx(() -> view.root().lookup("#retransmits-chart"));
        assertTrue(
                fx(bitrate::getHeight) >= 110 && fx(retransmits::getHeight) >= 100,
                "the charts keep their room: bitrate " + fx(bitrate::getHeight) + " px, retransmits "
                        + fx(retransmits::getHeight) + " px");
        assertTrue(fx(() -> block.getBoundsInParent().getHeight()) <= 200, "the block stays small");
    }

    @Test
    void aStoredRunOpensWithTheFindingsOfItsFolder() throws Exception {
        PastRun run = ImportedLogRun.importFile(Fixtures.corpus("iperf3/vladger00_tcp_t10.txt"), tmp.resolve("a"));
        try (CsvTableWriter<CounterFiles.RunFinding> w = CounterFiles.findings(run.dir())) {
            w.write(new CounterFiles.RunFinding(CPU, 1));
            w.write(new CounterFiles.RunFinding(SPEED, 1));
        }
        DashboardView view = fx(() -> area.openRun(run));
        Node block = fx(() -> view.root().lookup("#findings"));
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> fx(block::isVisible));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(
                List.of("warning  " + CPU.message(), "note  " + SPEED.message()),
                fx(() -> view.findingsView().texts()));
        WholeText.assertWholeOnFx(view.root(), "a stored run's Findings at 1280×800");
    }

    @Test
    void aJsonStreamLogDrawsItsRttBesideTheCongestionWindow() throws Exception {
        PastRun run = ImportedLogRun.importFile(
                Fixtures.resource("recorded/iperf3_3.21_lab_client_P2_json_stream.jsonl"), tmp.resolve("rtt"));
        DashboardView view = fx(() -> area.openRun(run));
        WaitForAsyncUtils.waitFor(
                15, TimeUnit.SECONDS, () -> fx(() -> view.root().lookup("#rtt-chart") != null));
        WaitForAsyncUtils.waitForFxEvents();
        // the log's first interval of socket 5: "rtt":448 µs
        assertEquals(0.448, entry(view.model().rtt(), "stream 5").series().points()[1][0], 1e-9);
        Region cwnd = (Region) fx(() -> view.root().lookup("#cwnd-chart"));
        Region rtt = (Region) fx(() -> view.root().lookup("#rtt-chart"));
        double cwndTop = fx(() -> cwnd.localToScene(0, 0).getY());
        double cwndRight = fx(() -> cwnd.localToScene(cwnd.getWidth(), 0).getX());
        assertEquals(cwndTop, fx(() -> rtt.localToScene(0, 0).getY()), 0.5, "the RTT chart is on the cwnd's row");
        assertTrue(fx(() -> rtt.localToScene(0, 0).getX()) >= cwndRight, "the RTT chart is right of the cwnd's");
        for (Region small : List.of(cwnd, rtt)) {
            assertTrue(
                    fx(small::getWidth) >= 250 && fx(small::getHeight) >= 100,
                    small.getId() + " is " + fx(small::getWidth) + "×" + fx(small::getHeight));
        }
        WholeText.assertWholeOnFx(view.root(), "a json-stream run's RTT chart at 1280×800");
    }

    @Test
    void anImportedLogWithoutCountersHasNoFindingsBlock() throws Exception {
        PastRun run = ImportedLogRun.importFile(Fixtures.corpus("iperf3/vladger00_tcp_t10.txt"), tmp.resolve("b"));
        DashboardView view = fx(() -> area.openRun(run));
        WaitForAsyncUtils.waitFor(
                15, TimeUnit.SECONDS, () -> fx(() -> !view.tableRows().isEmpty()));
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(fx(() -> view.root().lookup("#findings").isVisible()));
    }
}
