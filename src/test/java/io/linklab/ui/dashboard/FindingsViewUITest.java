package io.linklab.ui.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.counters.CounterFiles;
import io.linklab.counters.Finding;

import io.linklab.engine.ResultsStore;
import io.linklab.model.Direction;
import io.linklab.model.TestPlan;
import io.linklab.remote.SshSettings;
import io.linklab.tools.Fixtures;
import io.linklab.tools.csv.CsvTableWriter;
import io.linklab.ui.WholeText;
import io.linklab.ui.bench.SyntheticRun;
import io.linklab.ui.history.ImportedLogRun;
import io.linklab.ui.history.PastRun;
import io.linklab.ui.history.StoreLibrary;
import io.linklab.ui.runs.EngineWiring;
import io.linklab.ui.runs.RunsArea;
import io.linklab.ui.tasks.BackgroundTasks;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.layout.Region;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The dashboard's Findings block at 1280×800: after a live repetition (from the engine's thread) and for a stored
 * run opened from its folder, warnings first, every line whole (wrapped, never "…"), hidden where no rules ran.
 */
@ExtendWith(ApplicationExtension.class)
class FindingsViewUITest {

    /** As long as the rules write them: one wrapped line at 1280 px is not enough. */
    private static final Finding CPU = new Finding("", Finding.WARNING, "client", "cpu-bound-one-core",
            "CPU-bound on one core: cpu1 of the client (h1) was 99 % busy (31 % softirq) while its other 15 cores "
                    + "averaged 4 %, with 1 iperf3 process; try 4 processes (--processes 4)",
            "cpu.busiest median=99; busiest_core=1; others mean=4");
    private static final Finding SPEED = new Finding("", Finding.INFO, "", "link-speed-unknown",
            "c2s reached 22.6 Gbit/s; the link speed is unknown: neither the client's data0 nor the server's data0 "
                    + "reports one (a virtual interface such as veth, a bridge or a tunnel, or a link that is down)",
            "bits_per_second=22600000000");

    private RunsArea area;
    private final BackgroundTasks tasks = new BackgroundTasks("findings-test", 2);

    @TempDir
    Path tmp;

    @Start
    void start(Stage stage) {
        ResultsStore store = new ResultsStore(tmp.resolve("runs"));
        area = new RunsArea(new StoreLibrary(store), EngineWiring.launcher(store, SshSettings.defaults()),
                tmp.resolve("imports"), tasks);
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
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> fx(() -> view.tableRows().size() == 3));
        assertFalse(fx(block::isVisible), "no Findings block before the rules have run");

        Thread rules = new Thread(() -> model.findings("", List.of(SPEED, CPU))); // as the engine calls it
        rules.start();
        rules.join(10_000);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> fx(block::isVisible));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of("warning  " + CPU.message(), "note  " + SPEED.message()),
                fx(() -> view.findingsView().texts()));
        WholeText.assertWholeOnFx(view.root(), "the Findings block at 1280×800");
        Region bitrate = (Region) fx(() -> view.root().lookup("#bitrate-chart"));
        Region retransmits = (Region) fx(() -> view.root().lookup("#retransmits-chart"));
        assertTrue(fx(bitrate::getHeight) >= 110 && fx(retransmits::getHeight) >= 100,
                "the charts keep their room: bitrate " + fx(bitrate::getHeight) + " px, retransmits "
                        + fx(retransmits::getHeight) + " px");
        assertTrue(fx(() -> block.getBoundsInParent().getHeight()) <= 200, "the block stays small");
    }

    @Test
    void aStoredRunOpensWithTheFindingsOfItsFolder() throws Exception {
        PastRun run = ImportedLogRun.importFile(Fixtures.corpus("iperf3/vladger00_tcp_t10.txt"), tmp.resolve("a"));
        try (CsvTableWriter<Finding> w = CounterFiles.findings(run.dir())) {
            w.write(CPU);
            w.write(SPEED);
        }
        DashboardView view = fx(() -> area.openRun(run));
        Node block = fx(() -> view.root().lookup("#findings"));
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> fx(block::isVisible));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of("warning  " + CPU.message(), "note  " + SPEED.message()),
                fx(() -> view.findingsView().texts()));
        WholeText.assertWholeOnFx(view.root(), "a stored run's Findings at 1280×800");
    }

    @Test
    void anImportedLogWithoutCountersHasNoFindingsBlock() throws Exception {
        PastRun run = ImportedLogRun.importFile(Fixtures.corpus("iperf3/vladger00_tcp_t10.txt"), tmp.resolve("b"));
        DashboardView view = fx(() -> area.openRun(run));
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> fx(() -> !view.tableRows().isEmpty()));
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(fx(() -> view.root().lookup("#findings").isVisible()));
    }
}
