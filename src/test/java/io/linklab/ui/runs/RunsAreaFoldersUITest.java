package io.linklab.ui.runs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.store.ResultsStore;
import io.linklab.testing.RecordedRuns;
import io.linklab.tools.Fixtures;
import io.linklab.ui.tasks.BackgroundTasks;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The runs area writes every import and every report into a folder of its own, never over an earlier one. */
@ExtendWith(ApplicationExtension.class)
class RunsAreaFoldersUITest {

    private RunsArea area;
    private final BackgroundTasks tasks = new BackgroundTasks("runs-area-test", 2);

    @TempDir
    Path tmp;

    @Start
    void start(Stage stage) {
        area = EngineWiring.runsArea(new ResultsStore(tmp.resolve("runs")), tasks);
        stage.setScene(new Scene(area.root(), 800, 600));
        stage.show();
    }

    @AfterEach
    void stop() {
        area.shutdown();
        tasks.close();
    }

    /** Counted on the FX thread, so that a dashboard being opened is counted once it is whole. */
    private int dashboards() throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> area.dashboards().size()).get(10, TimeUnit.SECONDS);
    }

    private static List<Path> folders(Path dir) throws Exception {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> list = Files.list(dir)) {
            return list.sorted().toList();
        }
    }

    @Test
    void theSameLogImportedTwiceInOneSecondGetsTwoFolders() throws Exception {
        Path log = Fixtures.resource("seeds/000_iperf3_single_stream_100g.txt");
        Path imports = tmp.resolve("imports");
        area.importLogs(List.of(log, log));
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> folders(imports).size() == 2 && dashboards() == 2);
        area.importLogs(List.of(log));
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> dashboards() == 3);
        List<Path> folders = folders(imports);
        assertEquals(3, folders.size(), folders.toString());
        for (Path f : folders) {
            assertTrue(Files.size(f.resolve("samples.csv")) > 0, f + " has its own samples.csv");
        }
    }

    @Test
    void exportReportWritesTheSamePageAsLinklabReportOffTheFxThread() throws Exception {
        Path runDir = tmp.resolve("runs").resolve("20261204-204811-iperf3-5e5a");
        RecordedRuns.copy(RecordedRuns.SINGLE, runDir);
        var run = onlyListedRun();
        Path page = tmp.resolve("handed-over.html");
        WaitForAsyncUtils.asyncFx(() -> area.exports().exportPage(List.of(run), page))
                .get(10, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitFor(
                30,
                TimeUnit.SECONDS,
                () -> area.history().messageProperty().get().equals("report written to " + page));
        String html = Files.readString(page);
        assertTrue(html.contains("<span class=\"badge pass\">PASS</span>"), "the verdict");
        assertTrue(html.contains("c2s: pass: 5.3 of 5.0 Gbit/s expected, 105 %"), html);
        assertEquals(
                io.linklab.report.ReportPage.html(List.of(runDir)).replaceAll("written [^·]*·", ""),
                html.replaceAll("written [^·]*·", ""),
                "the page linklab report writes (but for the time it was written)");
    }

    @Test
    void aRecordedRunOpensWithItsVerdictBadgeAndAnImportedLogWithout() throws Exception {
        RecordedRuns.copy(RecordedRuns.SINGLE, tmp.resolve("runs").resolve("20261204-204811-iperf3-5e5a"));
        var run = onlyListedRun();
        var view = WaitForAsyncUtils.asyncFx(() -> area.openRun(run)).get(10, TimeUnit.SECONDS);
        javafx.scene.control.Label badge = WaitForAsyncUtils.asyncFx(
                        () -> (javafx.scene.control.Label) view.root().lookup("#run-verdict"))
                .get(10, TimeUnit.SECONDS);
        assertEquals("PASS", badge.getText());
        assertTrue(badge.isVisible() && badge.getStyle().contains("#2e7d32"), badge.getStyle());

        area.importLogs(List.of(Fixtures.resource("seeds/000_iperf3_single_stream_100g.txt")));
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> dashboards() == 2);
        var imported = WaitForAsyncUtils.asyncFx(
                        () -> area.dashboards().get(1).root().lookup("#run-verdict"))
                .get(10, TimeUnit.SECONDS);
        assertTrue(!imported.isVisible(), "a log has no expected rate: no badge");
    }

    /** The history's one run, once it has read the runs folder again. */
    private io.linklab.ui.history.PastRun onlyListedRun() throws Exception {
        WaitForAsyncUtils.asyncFx(() -> area.history().refresh()).get(10, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitFor(
                15,
                TimeUnit.SECONDS,
                () -> WaitForAsyncUtils.asyncFx(() -> area.history().shown().size())
                                .get()
                        == 1);
        return WaitForAsyncUtils.asyncFx(() -> area.history().shown().get(0)).get(10, TimeUnit.SECONDS);
    }

    @Test
    void aReportExportedAgainGoesBesideTheFirst() throws Exception {
        Path log = Fixtures.resource("seeds/000_iperf3_single_stream_100g.txt");
        area.importLogs(List.of(log));
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> dashboards() == 1);
        var run = WaitForAsyncUtils.asyncFx(() -> area.dashboards().get(0).recorded())
                .get(10, TimeUnit.SECONDS);
        Path reports = Files.createDirectories(tmp.resolve("reports"));
        area.exports().exportReport(run, reports.resolve("report"));
        WaitForAsyncUtils.waitFor(
                30,
                TimeUnit.SECONDS,
                () -> folders(reports).size() == 1
                        && area.history().messageProperty().get().startsWith("report of"));
        area.exports().exportReport(run, reports.resolve("report"));
        WaitForAsyncUtils.waitFor(
                30,
                TimeUnit.SECONDS,
                () -> folders(reports).size() == 2
                        && area.history().messageProperty().get().contains("report-2"));
        assertEquals(List.of(reports.resolve("report"), reports.resolve("report-2")), folders(reports));
    }
}
