package io.linklab.ui.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.matrix.MatrixPair;
import io.linklab.matrix.MatrixPairs;
import io.linklab.matrix.MatrixRow;
import io.linklab.matrix.MatrixRun;
import io.linklab.matrix.MatrixSchedule.Uplinks;
import io.linklab.model.Expectation;
import io.linklab.model.HostSpec;
import io.linklab.model.InterfaceSpec;
import io.linklab.model.TestPlan;
import io.linklab.model.Topology;
import io.linklab.testing.Heap;
import io.linklab.ui.ScriptedRuns;
import io.linklab.ui.UiTestSupport;
import io.linklab.ui.WholeText;
import io.linklab.ui.runs.MatrixLauncher;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Bounds;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Tooltip;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.stage.WindowEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The whole-lab matrix in the window at 1280×800, with a stand-in for the matrix (the test plays its pairs from a
 * thread of its own, as the matrix's runs do): 32 hosts / 992 pairs drawn fast with every text whole, hover and
 * click on a square, and the Test Whole Lab dialog whose Run starts a matrix that Stop ends.
 */
@ExtendWith(ApplicationExtension.class)
class MatrixViewUITest extends MatrixWindowTestBase {

    @Start
    void start(Stage stage) {
        open(stage, "matrix-view-test");
    }

    static Topology hosts(int n) {
        return hosts(n, "rack1-node%02d");
    }

    /** n hosts named by {@code format} with their number. */
    static Topology hosts(int n, String format) {
        List<HostSpec> hosts = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            String id = String.format(Locale.ROOT, format, i);
            hosts.add(new HostSpec(
                    id,
                    id,
                    id,
                    "root",
                    22,
                    null,
                    null,
                    List.of(new InterfaceSpec("ens1f0", "198.19.1." + i, 9000, null)),
                    0,
                    0));
        }
        return new Topology("rack 1", hosts, List.of(), List.of());
    }

    /** A pair's row without a measurement. */
    static MatrixRow without(MatrixPair p, String status, String reason) {
        return new MatrixRow(
                p.client(),
                p.server(),
                "",
                null,
                null,
                null,
                null,
                null,
                status,
                reason,
                "",
                null,
                Expectation.DEFAULT);
    }

    static MatrixRow row(MatrixPair p, int k) {
        if (k % 97 == 0) {
            return without(
                    p,
                    MatrixRow.FAILED,
                    "cannot connect to root@" + p.client() + ": ssh: connect to host " + p.client()
                            + " port 22: Connection refused");
        }
        double bps = 20e9 + (k * 7919 % 800) * 1e8; // 20 to 100 Gbit/s, spread over the matrix
        return new MatrixRow(
                p.client(),
                p.server(),
                "c2s",
                bps,
                bps * 0.9,
                bps * 1.05,
                (long) (k % 13) * 100,
                null,
                MatrixRow.OK,
                "",
                "pairs/" + p.client() + "-" + p.server(),
                null,
                Expectation.DEFAULT);
    }

    private static long heapInUseMegabytes() {
        return Heap.usedAfterGc() >> 20;
    }

    @Test
    void thirtyTwoHostsAndTheirPairsAreDrawnFastWithEveryTextWholeAndAClickOpensARunningPair(FxRobot robot)
            throws Exception {
        Topology lab = hosts(32);
        List<MatrixPair> pairs = new MatrixPairs(lab).all();
        assertEquals(992, pairs.size());
        TestPlan base = ScriptedRuns.plan(1, TestPlan.Mode.NORMAL, null);
        // what this JVM holds before the matrix: earlier tests in the same fork leave their own behind
        long heapBefore = heapInUseMegabytes();
        MatrixView view = fx(() -> window.startMatrix(
                new MatrixLauncher.Request(lab, base, pairs, new MatrixRun.Options(16, false, Uplinks.ONE_AT_A_TIME))));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> matrices.listener != null);

        // every pair but one ends, from a thread of the matrix's own, as fast as it can tell them
        MatrixPair live = pairs.get(40);
        for (int k = 0; k < pairs.size(); k++) {
            MatrixPair p = pairs.get(k);
            matrices.listener.pairStarted(p);
            matrices.listener.pairRun(p);
            if (p != live) {
                matrices.listener.pairFinished(p, List.of(row(p, k)));
            }
        }
        WaitForAsyncUtils.waitFor(
                20,
                TimeUnit.SECONDS,
                () -> fx(() -> view.model().statusProperty().get().startsWith("991 of 992 pairs done")));

        double[] millis = fx(() -> {
            double[] m = new double[25];
            for (int i = 0; i < m.length; i++) {
                view.redrawHeatmap();
                m[i] = view.lastRedrawMillis();
            }
            return m;
        });
        Arrays.sort(millis);
        double median = millis[millis.length / 2];
        System.out.printf(
                Locale.ROOT,
                "matrix heatmap, 32 hosts / 992 pairs, %.0f×%.0f px: redraw median %.1f ms, max %.1f ms%n",
                fx(() -> view.heatmap().getWidth()),
                fx(() -> view.heatmap().getHeight()),
                median,
                millis[millis.length - 1]);
        assertTrue(median < 100, "the heatmap redraws in " + median + " ms");
        assertEquals(991, fx(() -> view.table().getItems().size()));
        assertEquals(MatrixRow.FAILED, fx(() -> view.table().getItems().get(0).status()), "worst first");
        long used = heapInUseMegabytes() - heapBefore;
        System.out.println("heap the 992-pair matrix holds: " + used + " MB (" + heapBefore + " MB before it)");
        assertTrue(used < 128, used + " MB for the matrix, " + heapBefore + " MB before it");
        WholeText.assertWholeOnFx(view.root().getScene().getRoot(), "the matrix view with 32 hosts");
        // the findings across the pairs, judged as they ended: warnings first, each line whole (checked above)
        assertTrue(fx(() -> view.findingsView().node().isVisible()), "the findings are shown once pairs ended");
        List<String> found = fx(() -> view.findingsView().texts());
        assertFalse(found.isEmpty());
        assertTrue(found.get(0).startsWith("warning  ") && found.get(0).contains("% of the median of"), found.get(0));
        assertEquals(found.size(), fx(() -> view.model().findings().all().size()), "one line per finding");

        // hover over a square: the pair's figures, in the label above the table; the heatmap does not move when
        // the hover text changes its number of lines, so a square stays where the pointer found it
        MatrixPair hovered = pairs.get(5);
        Bounds heatmapBefore =
                fx(() -> view.heatmap().localToScene(view.heatmap().getLayoutBounds()));
        int linesBefore = fx(() -> view.hover().getText().split("\n").length);
        Point2D at = fx(() -> centre(view, hovered.client(), hovered.server()));
        robot.moveTo(at);
        WaitForAsyncUtils.waitForFxEvents();
        String text = fx(() -> view.hover().getText());
        assertTrue(text.startsWith(hovered.client() + " → " + hovered.server()), text);
        assertTrue(text.contains("Gbit/s") && text.contains("retransmits"), text);
        assertTrue(text.split("\n").length > linesBefore, "the hover text has more lines now: " + text);
        assertEquals(
                heatmapBefore,
                fx(() -> view.heatmap().localToScene(view.heatmap().getLayoutBounds())));

        // a click on the running pair's square opens its live dashboard (once the hover's tooltip, which may lie
        // over that square, has gone)
        robot.moveTo("#matrix-status");
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> fx(() -> Window.getWindows().stream().noneMatch(w -> w instanceof Tooltip && w.isShowing())));
        int before = fx(() -> window.runs().dashboards().size());
        robot.clickOn(fx(() -> centre(view, live.client(), live.server())));
        WaitForAsyncUtils.waitFor(
                10, TimeUnit.SECONDS, () -> fx(() -> window.runs().dashboards().size()) == before + 1);
    }

    @Test
    void thirtyTwoLongHostNamesLeaveReadableSquaresAndRatesInSightCutOnlyWhereATooltipHoldsThem(FxRobot robot)
            throws Exception {
        // 56-character names: as wide as a gutter of 350 px at the heatmap's font
        Topology lab = hosts(32, "storage-rack07-node%02d.datacentre-west-2.lab.example.internal");
        List<MatrixPair> pairs = new MatrixPairs(lab).all();
        TestPlan base = ScriptedRuns.plan(1, TestPlan.Mode.NORMAL, null);
        MatrixView view = fx(() -> window.startMatrix(
                new MatrixLauncher.Request(lab, base, pairs, new MatrixRun.Options(16, false, Uplinks.ONE_AT_A_TIME))));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> matrices.listener != null);
        for (int k = 0; k < pairs.size(); k++) {
            MatrixPair p = pairs.get(k);
            matrices.listener.pairStarted(p);
            matrices.listener.pairFinished(p, List.of(row(p, k)));
        }
        WaitForAsyncUtils.waitFor(
                20, TimeUnit.SECONDS, () -> fx(() -> view.table().getItems().size()) == 992);
        WaitForAsyncUtils.waitForFxEvents();

        double cell = fx(() -> view.heatmap().cellSize());
        assertTrue(cell >= 10, "a square is " + cell + " px");
        List<String> names = fx(() -> view.heatmap().drawnNames());
        assertFalse(names.isEmpty());
        for (String name : names) {
            assertTrue(name.endsWith("…") && name.length() > 8, "cut, and still telling: " + name);
        }
        // hovering a cut name shows it whole
        String host = lab.hosts().get(3).id();
        Point2D name = fx(() -> view.heatmap().localToScreen(2, nameRow(view, host)));
        robot.moveTo(name);
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> fx(() -> Window.getWindows().stream()
                        .anyMatch(w -> w instanceof Tooltip t && w.isShowing() && host.equals(t.getText()))));

        // the table keeps Pair narrow enough for the rates to be in sight without scrolling sideways
        double rateEnd = fx(() -> view.table().getColumns().subList(0, 4).stream()
                .filter(c -> c.isVisible())
                .mapToDouble(c -> c.getWidth())
                .sum());
        assertEquals("Rate", fx(() -> view.table().getColumns().get(3).getText()));
        assertTrue(rateEnd <= fx(() -> view.table().getWidth()), "Pair, Dir and Rate end at " + rateEnd + " px");
        assertFalse(
                fx(() -> view.root().lookup("#matrix-mtu").getParent().isVisible()), "no MTU selector without MTUs");
        WholeText.assertWholeOnFx(view.root().getScene().getRoot(), "the matrix view with 32 long host names");
    }

    @Test
    void anMtuSweepsMatrixHasAnMtuSelectorOverTheHeatmapAndAnMtuColumnEveryTextWhole(FxRobot robot) throws Exception {
        Topology lab = hosts(4);
        List<MatrixPair> pairs = new MatrixPairs(lab).all();
        TestPlan base = ScriptedRuns.plan(1, TestPlan.Mode.NORMAL, null).toBuilder()
                .sweep(new TestPlan.Sweep(TestPlan.SweepKind.MTU, List.of("9000", "1500")))
                .build();
        MatrixView view = fx(() -> window.startMatrix(
                new MatrixLauncher.Request(lab, base, pairs, new MatrixRun.Options(2, false, Uplinks.ONE_AT_A_TIME))));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> matrices.listener != null);
        for (int k = 0; k < pairs.size(); k++) {
            MatrixPair p = pairs.get(k);
            double bps = 40e9 + k * 1e9;
            matrices.listener.pairStarted(p);
            matrices.listener.pairFinished(
                    p,
                    List.of(
                            MatrixViewModelTest.atMtu(MatrixViewModelTest.ok(p, "c2s", bps, 0), 9000),
                            MatrixViewModelTest.atMtu(MatrixViewModelTest.ok(p, "c2s", bps / 2, 0), 1500)));
        }
        WaitForAsyncUtils.waitFor(
                20, TimeUnit.SECONDS, () -> fx(() -> view.table().getItems().size()) == 2 * pairs.size());

        // the selector joins the view once the model has seen a second MTU layer, after the table's rows
        WaitForAsyncUtils.waitFor(
                10, TimeUnit.SECONDS, () -> fx(() -> view.root().lookup("#matrix-mtu")) != null);
        @SuppressWarnings("unchecked")
        ChoiceBox<Integer> mtu = (ChoiceBox<Integer>) fx(() -> view.root().lookup("#matrix-mtu"));
        assertTrue(fx(() -> mtu.getParent().isVisible()), "the MTU selector is shown");
        assertEquals(List.of(1500, 9000), fx(() -> List.copyOf(mtu.getItems())));
        assertEquals(1500, fx(() -> mtu.getValue()));
        MatrixPair first = pairs.get(0);
        double at1500 = fx(() -> view.model()
                .grid()
                .cell(first.client(), first.server())
                .orElseThrow()
                .bitsPerSecond());
        fx(() -> {
            mtu.setValue(9000);
            return null;
        });
        assertEquals(9000, fx(() -> view.model().shownMtu()), "choosing 9000 shows its layer");
        double at9000 = fx(() -> view.model()
                .grid()
                .cell(first.client(), first.server())
                .orElseThrow()
                .bitsPerSecond());
        assertEquals(2 * at1500, at9000, 1, "the heatmap's cell is the 9000 row's");
        assertTrue(fx(() -> view.table().getColumns().get(1).isVisible()), "the MTU column is shown");
        assertEquals("MTU", fx(() -> view.table().getColumns().get(1).getText()));
        WholeText.assertWholeOnFx(view.root().getScene().getRoot(), "the matrix view of an MTU sweep");
    }

    /** The y of the middle of {@code host}'s row, in the heatmap's coordinates. */
    private static double nameRow(MatrixView view, String host) {
        double[] y = new double[1];
        view.heatmap().eachCell((sr, xy) -> {
            if (sr[0].equals(host)) {
                y[0] = xy[1];
            }
        });
        return y[0];
    }

    private static Point2D centre(MatrixView view, String sender, String receiver) {
        Point2D[] found = new Point2D[1];
        view.heatmap().eachCell((sr, xy) -> {
            if (sr[0].equals(sender) && sr[1].equals(receiver)) {
                found[0] = view.heatmap().localToScreen(xy[0], xy[1]);
            }
        });
        return found[0];
    }

    @Test
    void theLabsLinksTakeTheColourOfTheirPairsWhileTheMatrixIsOpen(FxRobot robot) throws Exception {
        Topology lab = MatrixViewModelTest.LAB;
        robot.interact(() -> window.editor().newTopology(lab));
        List<MatrixPair> pairs = new MatrixPairs(lab).links();
        MatrixView view = startOneAtATime(lab, pairs);
        MatrixPair h1h2 = pairs.get(0);
        matrices.listener.pairFinished(h1h2, List.of(MatrixViewModelTest.ok(h1h2, "c2s", 2e9, 0)));
        WaitForAsyncUtils.waitFor(
                10, TimeUnit.SECONDS, () -> fx(() -> view.model().sortedRows().size() == 1));

        String l1 = fx(() -> robot.lookup("#link-l1").query().getStyle());
        String l3 = fx(() -> robot.lookup("#link-l3").query().getStyle());
        assertTrue(l1.contains("-fx-stroke: rgb("), "h1's link carried h1→h2 at 20 % of its 10G: " + l1);
        assertEquals("", l3, "h3's link carried nothing yet");
        assertEquals(
                MatrixView.web(HeatmapCanvas.colour(0.2)).replace("rgba", "").replaceAll(",[0-9.]+\\)$", ")"),
                l1.replaceAll("^-fx-stroke: rgb|;.*$", ""),
                "the heatmap's colour for 20 %");

        fx(() -> {
            var tabs = window.runs().workspace().tabs();
            var tab = tabs.getTabs().get(tabs.getTabs().size() - 1);
            tabs.getTabs().remove(tab);
            tab.getOnClosed().handle(null);
            return null;
        });
        assertTrue(matrices.cancelled.await(10, TimeUnit.SECONDS), "closing the matrix's tab stops it");
        assertEquals("", fx(() -> robot.lookup("#link-l1").query().getStyle()), "and its colours leave the drawing");
    }

    @Test
    void closingTheWindowStopsARunningMatrixAndTheAppWaitsForItsCleanUp(FxRobot robot) throws Exception {
        Topology lab = hosts(3);
        List<MatrixPair> pairs = new MatrixPairs(lab).all();
        matrices.holdCleanUp = true;
        MatrixView view = startOneAtATime(lab, pairs);
        matrices.listener.pairStarted(pairs.get(0));
        WaitForAsyncUtils.waitFor(
                10, TimeUnit.SECONDS, () -> fx(() -> view.model().running().size() == 1));

        fx(() -> {
            // as the window's close button does; the lab is unchanged: no question, the window closes
            Stage stage = window.stage();
            stage.fireEvent(new WindowEvent(stage, WindowEvent.WINDOW_CLOSE_REQUEST));
            return null;
        });
        assertTrue(matrices.cancelled.await(10, TimeUnit.SECONDS), "closing the window stopped the matrix");
        Thread exitWait = exitThread();
        assertTrue(exitWait != null && !exitWait.isDaemon(), "the app does not exit while its pairs are cleaned up");
        assertTrue(exitWait.isAlive());

        matrices.cleanedUp.countDown(); // the matrix's running pair has been cleaned up: the matrix ends
        exitWait.join(TimeUnit.SECONDS.toMillis(10));
        assertFalse(exitWait.isAlive(), "the exit waits no longer than the matrix's end");
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> fx(() -> view.model().statusProperty().get().startsWith("stopped")));
    }

    /** Starts a matrix of one test at a time over {@code pairs} and returns its view once the matrix listens. */
    private MatrixView startOneAtATime(Topology lab, List<MatrixPair> pairs) throws Exception {
        MatrixView view = fx(() -> window.startMatrix(new MatrixLauncher.Request(
                lab,
                ScriptedRuns.plan(1, TestPlan.Mode.NORMAL, null),
                pairs,
                new MatrixRun.Options(1, false, Uplinks.ONE_AT_A_TIME))));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> matrices.listener != null);
        return view;
    }

    private static Thread exitThread() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().equals(MatrixViewModel.EXIT_THREAD + "matrix"))
                .findFirst()
                .orElse(null);
    }

    @Test
    void theDialogsRunStartsTheMatrixOverTheLabAndStopEndsIt(FxRobot robot) throws Exception {
        Topology lab = hosts(3);
        robot.interact(() -> window.editor().newTopology(lab));
        robot.clickOn("#toolbar-test-whole-lab");
        WaitForAsyncUtils.waitForFxEvents();
        Node pairsPage = UiTestSupport.onScreen(robot, "#matrix-pairs-page", 10);
        WholeText.assertWholeOnFx(pairsPage.getScene().getRoot(), "the whole-lab dialog's pairs page");
        assertTrue(
                robot.lookup("#matrix-summary").queryLabeled().getText().startsWith("6 pairs"),
                "no links drawn: every ordered pair");
        next(robot);
        Node options = UiTestSupport.onScreen(robot, "#matrix-options-page", 10);
        WholeText.assertWholeOnFx(options.getScene().getRoot(), "the whole-lab dialog's options page");
        next(robot);
        Button run = (Button) UiTestSupport.onScreen(robot, "#matrix-run", 10);
        WholeText.assertWholeOnFx(run.getScene().getRoot(), "the whole-lab dialog's sweep page");
        robot.clickOn(run);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> matrices.requests.size() == 1);
        assertEquals(6, matrices.requests.get(0).pairs().size());
        assertEquals("rack 1", matrices.requests.get(0).lab().name());

        Node stop = UiTestSupport.onScreen(robot, "#matrix-stop", 10);
        WholeText.assertWholeOnFx(stop.getScene().getRoot(), "the matrix view as it starts");
        robot.clickOn(stop);
        assertTrue(matrices.cancelled.await(10, TimeUnit.SECONDS), "Stop reached the matrix");
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> fx(() ->
                        robot.lookup("#matrix-status").queryLabeled().getText().startsWith("stopped")));
        assertTrue(fx(stop::isDisabled), "a stopped matrix cannot be stopped again");
        assertFalse(fx(() -> window.runs().workspace().tabs().getTabs().isEmpty()));
    }

    @Test
    void theDialogsSweepPageTakesAnMtuListAndRefusesPairsWithoutADrawnPathByNameEveryTextWhole(FxRobot robot)
            throws Exception {
        Topology lab = MatrixViewModelTest.LAB; // h1, h2, h3 on one switch; h4 without a link
        robot.interact(() -> window.editor().newTopology(lab));
        robot.clickOn("#toolbar-test-whole-lab");
        UiTestSupport.onScreen(robot, "#matrix-pairs-page", 10);
        ChoiceBox<MatrixPlanViewModel.Pairs> pairs =
                robot.lookup("#matrix-pairs").queryAs(ChoiceBox.class);
        robot.interact(() -> pairs.setValue(MatrixPlanViewModel.Pairs.ALL));
        next(robot);
        next(robot);
        Node page = UiTestSupport.onScreen(robot, "#matrix-sweep-page", 10);
        ChoiceBox<String> kind = robot.lookup("#wizard-sweep-kind").queryAs(ChoiceBox.class);
        robot.interact(() -> kind.setValue("MTU"));
        robot.clickOn("#wizard-sweep-values").write("1500,9000");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(
                "2 points: 1500, 9000",
                fx(() -> robot.lookup("#wizard-sweep-points").queryLabeled().getText()));
        String problem =
                fx(() -> robot.lookup("#matrix-sweep-problem").queryLabeled().getText());
        assertTrue(
                problem.startsWith("MTU sweep: no drawn path between h1→h4, h2→h4, h3→h4, h4→h1, h4→h2 and 1 more "
                                + "pairs")
                        && problem.contains("Draw their links in the lab, or test only the hosts joined"),
                problem);
        Button run = robot.lookup("#matrix-run").queryButton();
        assertTrue(fx(run::isDisabled), "no Run while pairs have no interface to set the MTU on");
        WholeText.assertWholeOnFx(page.getScene().getRoot(), "the sweep page saying which pairs have no path");
        UiTestSupport.writePng(page.getScene(), Path.of("target/screenshots/matrix-sweep-no-path.png"));

        robot.interact(() -> pairs.setValue(MatrixPlanViewModel.Pairs.LINKS));
        assertEquals(
                "",
                fx(() -> robot.lookup("#matrix-sweep-problem").queryLabeled().getText()));
        assertFalse(fx(run::isDisabled));
        assertTrue(
                fx(() -> robot.lookup("#wizard-estimate").queryLabeled().getText())
                        .startsWith("3 pairs, up to 1"),
                "the matrix's time, not one test's");
        WholeText.assertWholeOnFx(page.getScene().getRoot(), "the sweep page with an MTU list");
        UiTestSupport.writePng(page.getScene(), Path.of("target/screenshots/matrix-sweep-mtu.png"));
        robot.clickOn(run);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> matrices.requests.size() == 1);
        MatrixLauncher.Request req = matrices.requests.get(0);
        assertEquals(
                new TestPlan.Sweep(TestPlan.SweepKind.MTU, List.of("1500", "9000")),
                req.base().sweep());
        assertEquals(3, req.pairs().size());
    }

    /** Presses the dialog's Next. */
    private static void next(FxRobot robot) {
        robot.clickOn(robot.lookup(".button")
                .match((Node n) -> n instanceof Button b && "Next".equals(b.getText()) && b.isVisible())
                .queryButton());
        WaitForAsyncUtils.waitForFxEvents();
    }
}
