package io.linklab.ui.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.engine.RunHandle;
import io.linklab.engine.RunListener;
import io.linklab.engine.RunOutcome;
import io.linklab.matrix.MatrixFile;
import io.linklab.matrix.MatrixFolderLock;
import io.linklab.matrix.MatrixPair;
import io.linklab.matrix.MatrixPairs;
import io.linklab.matrix.MatrixPlanFile;
import io.linklab.matrix.MatrixRow;
import io.linklab.matrix.MatrixRun;
import io.linklab.matrix.MatrixSchedule.Uplinks;
import io.linklab.model.Expectation;
import io.linklab.model.HostSpec;
import io.linklab.model.InterfaceSpec;
import io.linklab.model.LinkSpec;
import io.linklab.model.SwitchSpec;
import io.linklab.model.TestPlan;
import io.linklab.model.Topology;
import io.linklab.remote.LoginPrompts;
import io.linklab.remote.SshSettings;
import io.linklab.store.ResultsStore;
import io.linklab.testing.Await;
import io.linklab.ui.ScriptedRuns;
import io.linklab.ui.dashboard.LiveRunModel;
import io.linklab.ui.runs.EngineWiring;
import io.linklab.ui.runs.MatrixLauncher;
import io.linklab.ui.tasks.TaskRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The matrix view's model without a screen: rows worst first, the hover text of a cell, which run a click on a cell,
 * a row or a link opens (live while the pair runs, its run folder after), Stop, and the end read back from
 * matrix.csv; and the dialog's model (pairs, concurrency, the wizard's options carried into the matrix).
 */
class MatrixViewModelTest {

    @TempDir
    Path dir;

    /** h1, h2 and h3 each on a 10G link to one switch; h4 without a link. */
    static final Topology LAB = new Topology(
            "rack",
            List.of(host(1), host(2), host(3), host(4)),
            List.of(new SwitchSpec("sw", "sw", null, 9216, 0, 0)),
            List.of(link(1), link(2), link(3)));

    private static HostSpec host(int n) {
        return new HostSpec(
                "h" + n,
                "h" + n,
                "h" + n,
                "root",
                22,
                null,
                null,
                List.of(new InterfaceSpec("eth1", "10.0.0." + n, 1500, null)),
                0,
                0);
    }

    private static LinkSpec link(int n) {
        return new LinkSpec("l" + n, new LinkSpec.End("h" + n, "eth1"), new LinkSpec.End("sw", "p" + n), "10G");
    }

    static MatrixRow ok(MatrixPair p, String direction, double bps, long retr) {
        return new MatrixRow(
                p.client(),
                p.server(),
                direction,
                bps,
                bps * 0.97,
                bps * 1.02,
                retr,
                p.linkSpeedBps(),
                MatrixRow.OK,
                "",
                "pairs/" + p.client() + "-" + p.server(),
                null,
                Expectation.DEFAULT);
    }

    static MatrixRow failed(MatrixPair p, String reason) {
        return new MatrixRow(
                p.client(),
                p.server(),
                "",
                null,
                null,
                null,
                null,
                p.linkSpeedBps(),
                MatrixRow.FAILED,
                reason,
                "",
                null,
                Expectation.DEFAULT);
    }

    /** A matrix that only records what the view-model asks of it; the test plays its pairs. */
    private final class FakeMatrix implements MatrixLauncher, RunHandle {
        MatrixRun.Listener listener;
        final CountDownLatch cancelled = new CountDownLatch(1);
        final CompletableFuture<RunOutcome> end = new CompletableFuture<>();

        @Override
        public Started start(Request request, Path into, MatrixRun.Listener l) {
            listener = l;
            return new Started(this, dir);
        }

        @Override
        public String runId() {
            return dir.getFileName().toString();
        }

        @Override
        public void cancel(String by) {
            cancelled.countDown();
        }

        @Override
        public Optional<RunOutcome> await(Duration timeout) throws InterruptedException {
            try {
                return Optional.of(end.get(timeout.toMillis(), TimeUnit.MILLISECONDS));
            } catch (TimeoutException e) {
                return Optional.empty();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
    }

    private static MatrixPair pair(List<MatrixPair> pairs, String client, String server) {
        return pairs.stream()
                .filter(p -> p.client().equals(client) && p.server().equals(server))
                .findFirst()
                .orElseThrow();
    }

    private static MatrixLauncher.Request request(TestPlan.Mode mode, List<MatrixPair> pairs) {
        return new MatrixLauncher.Request(
                LAB, ScriptedRuns.plan(1, mode, null), pairs, new MatrixRun.Options(2, false, Uplinks.TOGETHER));
    }

    private static void waitUntil(BooleanSupplier condition, String what) {
        Await.until(condition, Duration.ofSeconds(10), () -> what);
    }

    @Test
    void rowsAreSortedWorstFirstAndACellSaysItsFiguresOrWhyItFailed() {
        List<MatrixPair> pairs = new MatrixPairs(LAB).all();
        MatrixViewModel vm = new MatrixViewModel(request(TestPlan.Mode.NORMAL, pairs), Runnable::run);
        FakeMatrix matrix = new FakeMatrix();
        vm.start(matrix, TaskRunner.sameThread(), p -> {});
        MatrixPair h1h2 = pair(pairs, "h1", "h2");
        MatrixPair h2h1 = pair(pairs, "h2", "h1");
        MatrixPair h1h3 = pair(pairs, "h1", "h3");
        MatrixPair h4h1 = pair(pairs, "h4", "h1");
        matrix.listener.pairFinished(h1h2, List.of(ok(h1h2, "c2s", 9.4e9, 12)));
        matrix.listener.pairFinished(h2h1, List.of(ok(h2h1, "c2s", 4.1e9, 800)));
        matrix.listener.pairFinished(h1h3, List.of(ok(h1h3, "c2s", 9.9e9, 0)));
        matrix.listener.pairFinished(h4h1, List.of(failed(h4h1, "cannot connect to root@h4: Connection refused")));

        List<String> order =
                vm.sortedRows().stream().map(r -> r.client() + "→" + r.server()).toList();
        assertEquals(List.of("h4→h1", "h2→h1", "h1→h2", "h1→h3"), order, "failed first, then the lowest share");

        String hover = vm.hoverText("h1", "h2");
        assertTrue(hover.startsWith("h1 → h2"), hover);
        assertTrue(hover.contains("9.40 Gbit/s"), hover);
        assertTrue(hover.contains("9.12 Gbit/s – 9.59 Gbit/s"), "min–max: " + hover);
        assertTrue(hover.contains("12 retransmits"), hover);
        assertTrue(hover.contains("94 % of the 10 Gbit/s link"), hover);
        String down = vm.hoverText("h4", "h1");
        assertTrue(down.contains("no measurement") && down.contains("Connection refused"), down);
        assertTrue(vm.grid().cell("h4", "h1").orElseThrow().failed());
        assertTrue(vm.hoverText("h3", "h2").endsWith("waiting for its turn"), vm.hoverText("h3", "h2"));
        assertTrue(vm.hoverText("h2", "h2").contains("not tested against itself"));
        assertTrue(
                vm.statusProperty().get().startsWith("4 of 12 pairs done"),
                vm.statusProperty().get());
        assertTrue(
                vm.statusProperty().get().contains("1 without a measurement"),
                vm.statusProperty().get());
        assertTrue(
                vm.legendProperty().get().contains("share of the drawn link speed"),
                vm.legendProperty().get());
    }

    /** The row as measured at this MTU. */
    static MatrixRow atMtu(MatrixRow r, int mtu) {
        return new MatrixRow(
                r.client(),
                r.server(),
                r.direction(),
                r.bitsPerSecond(),
                r.bitsPerSecondMin(),
                r.bitsPerSecondMax(),
                r.retransmits(),
                r.linkSpeedBps(),
                r.status(),
                r.reason(),
                r.run(),
                mtu,
                r.expectation());
    }

    @Test
    void anMtuSweepHasALayerPerMtuInTheHeatmapAndARowPerPairAndMtuInTheTable() {
        List<MatrixPair> pairs = new MatrixPairs(LAB).all();
        MatrixViewModel vm = new MatrixViewModel(request(TestPlan.Mode.NORMAL, pairs), Runnable::run);
        FakeMatrix matrix = new FakeMatrix();
        vm.start(matrix, TaskRunner.sameThread(), p -> {});
        assertEquals(List.of(), vm.mtus(), "no layers before a row has an MTU");
        MatrixPair h1h2 = pair(pairs, "h1", "h2");
        MatrixPair h2h1 = pair(pairs, "h2", "h1");
        MatrixPair h4h1 = pair(pairs, "h4", "h1");
        matrix.listener.pairFinished(
                h1h2, List.of(atMtu(ok(h1h2, "c2s", 9.4e9, 0), 9000), atMtu(ok(h1h2, "c2s", 6.1e9, 0), 1500)));
        matrix.listener.pairFinished(
                h2h1, List.of(atMtu(ok(h2h1, "c2s", 9.2e9, 0), 9000), atMtu(ok(h2h1, "c2s", 5.8e9, 0), 1500)));
        matrix.listener.pairFinished(h4h1, List.of(failed(h4h1, "cannot connect to root@h4: Connection refused")));

        assertEquals(List.of(1500, 9000), vm.mtus());
        assertEquals(1500, vm.shownMtu(), "the lowest MTU first");
        assertEquals(6.1e9, vm.grid().cell("h1", "h2").orElseThrow().bitsPerSecond(), 1);
        assertTrue(vm.hoverText("h1", "h2").contains("6.10 Gbit/s"), vm.hoverText("h1", "h2"));
        assertTrue(vm.grid().cell("h4", "h1").orElseThrow().failed(), "a pair that failed before any MTU: every layer");

        vm.showMtu(9000);
        assertEquals(9000, vm.shownMtu());
        assertEquals(9.4e9, vm.grid().cell("h1", "h2").orElseThrow().bitsPerSecond(), 1);
        assertTrue(vm.hoverText("h2", "h1").contains("9.20 Gbit/s"), vm.hoverText("h2", "h1"));
        assertTrue(vm.grid().cell("h4", "h1").orElseThrow().failed());

        assertEquals(
                List.of("h4→h1 null", "h2→h1 1500", "h1→h2 1500", "h2→h1 9000", "h1→h2 9000"),
                vm.sortedRows().stream()
                        .map(r -> r.client() + "→" + r.server() + " " + r.mtu())
                        .toList(),
                "the table: a row per pair and MTU, worst first");
    }

    @Test
    void theFindingsAcrossThePairsAreJudgedAfterEachPairAndAgainFromTheMatrixCsvAtTheEnd() throws Exception {
        List<MatrixPair> pairs = new MatrixPairs(LAB).all();
        MatrixViewModel vm = new MatrixViewModel(request(TestPlan.Mode.NORMAL, pairs), Runnable::run);
        FakeMatrix matrix = new FakeMatrix();
        vm.start(matrix, TaskRunner.sameThread(), p -> {});
        assertFalse(vm.findings().judged(), "no pair has ended: nothing judged, not 'nothing found'");

        MatrixPair h1h2 = pair(pairs, "h1", "h2");
        matrix.listener.pairFinished(h1h2, List.of(ok(h1h2, "c2s", 9.4e9, 0)));
        assertTrue(vm.findings().judged());
        assertTrue(vm.findings().all().isEmpty(), vm.findings().all().toString());

        MatrixPair h2h1 = pair(pairs, "h2", "h1");
        matrix.listener.pairFinished(h2h1, List.of(ok(h2h1, "c2s", 4.1e9, 0)));
        List<MatrixRow> written = new ArrayList<>(List.of(ok(h1h2, "c2s", 9.4e9, 0), ok(h2h1, "c2s", 4.1e9, 0)));
        for (String[] sr : new String[][] {{"h1", "h3"}, {"h3", "h1"}, {"h2", "h3"}, {"h3", "h2"}}) {
            MatrixPair p = pair(pairs, sr[0], sr[1]);
            matrix.listener.pairFinished(p, List.of(ok(p, "c2s", 9.5e9, 0)));
            written.add(ok(p, "c2s", 9.5e9, 0));
        }
        List<String> codes = vm.findings().all().stream()
                .map(f -> f.code() + " " + f.message())
                .toList();
        assertEquals(2, codes.size(), codes.toString());
        assertTrue(codes.get(0).startsWith("below-peers h2→h1 at 43 % of the median"), codes.toString());
        assertTrue(codes.get(1).startsWith("asymmetric h2→h1 at 44 % of h1→h2"), codes.toString());

        MatrixFile.write(dir, written);
        matrix.end.complete(new RunOutcome(RunOutcome.Status.OK, "6 of 6 rows measured", dir));
        waitUntil(() -> vm.statusProperty().get().startsWith("finished"), "the end read back");
        assertEquals(2, vm.findings().all().size(), "the same findings from matrix.csv as written last");
    }

    @Test
    void aClickOpensThePairLiveWhileItRunsThenItsRunFolderAndAFailedPairSaysWhy() {
        List<MatrixPair> pairs = new MatrixPairs(LAB).all();
        MatrixViewModel vm = new MatrixViewModel(request(TestPlan.Mode.NORMAL, pairs), Runnable::run);
        FakeMatrix matrix = new FakeMatrix();
        vm.start(matrix, TaskRunner.sameThread(), p -> {});
        MatrixPair h1h2 = pair(pairs, "h1", "h2");

        assertInstanceOf(MatrixViewModel.Opening.Nothing.class, vm.openCell("h1", "h2"), "not started yet");
        matrix.listener.pairStarted(h1h2);
        RunListener watcher = matrix.listener.pairRun(h1h2);
        assertNotNull(watcher, "the view watches every pair's run");
        assertTrue(vm.hoverText("h1", "h2").endsWith("running now"));
        assertEquals(1, vm.runningCells().size());
        MatrixViewModel.Opening live = vm.openCell("h1", "h2");
        assertInstanceOf(MatrixViewModel.Opening.Live.class, live);
        assertSame(watcher, ((MatrixViewModel.Opening.Live) live).model(), "the model fed since the pair started");
        assertInstanceOf(LiveRunModel.class, watcher);

        matrix.listener.pairFinished(h1h2, List.of(ok(h1h2, "c2s", 9.4e9, 0)));
        MatrixViewModel.Opening recorded = vm.openCell("h1", "h2");
        assertInstanceOf(MatrixViewModel.Opening.Recorded.class, recorded);
        MatrixViewModel.Opening.Recorded r = (MatrixViewModel.Opening.Recorded) recorded;
        assertEquals(dir.resolve("pairs"), r.pairsRoot());
        assertEquals("h1-h2", r.runId());
        assertEquals(recorded, vm.openRow(vm.sortedRows().get(0)), "a table row opens the same run");

        MatrixPair h4h1 = pair(pairs, "h4", "h1");
        matrix.listener.pairFinished(h4h1, List.of(failed(h4h1, "cannot connect to root@h4: refused")));
        MatrixViewModel.Opening none = vm.openCell("h4", "h1");
        assertInstanceOf(MatrixViewModel.Opening.Nothing.class, none);
        assertTrue(((MatrixViewModel.Opening.Nothing) none).why().contains("refused"), none.toString());
    }

    @Test
    void inAReverseMatrixTheServersRowIsTheCellOfItsDataAndLinksTakeTheirPairsResults() {
        List<MatrixPair> pairs = new MatrixPairs(LAB).links(); // h1-h2, h1-h3, h2-h3 through the switch
        MatrixViewModel vm = new MatrixViewModel(request(TestPlan.Mode.REVERSE, pairs), Runnable::run);
        FakeMatrix matrix = new FakeMatrix();
        vm.start(matrix, TaskRunner.sameThread(), p -> {});
        MatrixPair h1h2 = pair(pairs, "h1", "h2");
        matrix.listener.pairFinished(h1h2, List.of(ok(h1h2, "s2c", 2e9, 0)));

        assertTrue(vm.grid().cell("h2", "h1").isPresent(), "h2 sent: its row, h1's column");
        assertInstanceOf(MatrixViewModel.Opening.Recorded.class, vm.openCell("h2", "h1"));
        assertTrue(vm.hoverText("h1", "h2").contains("not in this matrix"), vm.hoverText("h1", "h2"));

        var links = vm.linkCells();
        assertEquals(List.of("l1", "l2"), new ArrayList<>(links.keySet()), "h1's and h2's links carried h1-h2");
        assertEquals(0.2, vm.grid().shade(links.get("l1")).orElseThrow(), 1e-9);
        assertEquals(h1h2.label(), "h1→h2");
        MatrixViewModel.Opening viaLink = vm.openLink("l2");
        assertInstanceOf(MatrixViewModel.Opening.Recorded.class, viaLink);
        assertEquals("h1-h2", ((MatrixViewModel.Opening.Recorded) viaLink).runId());
    }

    @Test
    void stopEndsTheMatrixAndItsEndIsReadBackFromMatrixCsv() throws Exception {
        List<MatrixPair> pairs = new MatrixPairs(LAB).links();
        MatrixViewModel vm = new MatrixViewModel(request(TestPlan.Mode.NORMAL, pairs), Runnable::run);
        FakeMatrix matrix = new FakeMatrix();
        vm.stop(); // pressed before the matrix has started: it is stopped as soon as it has
        assertFalse(vm.stoppableProperty().get());
        vm.start(matrix, TaskRunner.sameThread(), p -> {});
        assertTrue(matrix.cancelled.await(10, TimeUnit.SECONDS), "Stop reached the matrix");

        MatrixPair first = pairs.get(0);
        List<MatrixRow> written = new ArrayList<>();
        written.add(ok(first, "c2s", 9e9, 0));
        for (MatrixPair p : pairs.subList(1, pairs.size())) {
            written.add(new MatrixRow(
                    p.client(),
                    p.server(),
                    "",
                    null,
                    null,
                    null,
                    null,
                    null,
                    MatrixRow.STOPPED,
                    "stopped",
                    "",
                    null,
                    Expectation.DEFAULT));
        }
        MatrixFile.write(dir, written);
        matrix.end.complete(new RunOutcome(RunOutcome.Status.CANCELLED, "stopped by the user", dir));
        waitUntil(() -> vm.statusProperty().get().startsWith("stopped"), "the end read back");

        assertEquals(3, vm.sortedRows().size());
        assertEquals(first.client(), vm.sortedRows().get(2).client(), "the measured pair is the best");
        assertTrue(
                vm.statusProperty().get().startsWith("stopped: 3 of 3 pairs done"),
                vm.statusProperty().get());
    }

    @Test
    void aMatrixThatCannotStartSaysWhyAndCannotBeStopped() {
        MatrixViewModel vm =
                new MatrixViewModel(request(TestPlan.Mode.NORMAL, new MatrixPairs(LAB).links()), Runnable::run);
        List<String> problems = new ArrayList<>();
        vm.start(
                (req, into, l) -> {
                    throw new java.io.IOException("cannot create /nowhere/matrices: read-only file system");
                },
                TaskRunner.sameThread(),
                problems::add);
        assertEquals(1, problems.size());
        assertTrue(problems.get(0).contains("read-only file system"), problems.toString());
        assertFalse(vm.stoppableProperty().get());
        assertTrue(
                vm.statusProperty().get().startsWith("could not start"),
                vm.statusProperty().get());
    }

    @Test
    void aResumeOfAFolderAnotherLinkLabIsWritingSaysSoWritesNothingAndCanBeTriedAgain() throws Exception {
        List<MatrixPair> pairs = new MatrixPairs(LAB).links();
        List<MatrixRow> stored = List.of(ok(pair(pairs, "h1", "h2"), "c2s", 9.4e9, 0));
        MatrixFile.write(dir, stored);
        MatrixViewModel vm =
                new MatrixViewModel(new StoredMatrix(request(TestPlan.Mode.NORMAL, pairs), dir, stored), Runnable::run);
        List<String> problems = new ArrayList<>();
        // the window's own launcher: refused before it logs in to any host, so no host is needed here
        MatrixLauncher live = EngineWiring.matrixLauncher(
                new ResultsStore(dir.resolveSibling(dir.getFileName() + "-runs")),
                SshSettings.defaults(),
                LoginPrompts.NONE);
        try (MatrixFolderLock other = MatrixFolderLock.take(dir)) {
            vm.resume(live, TaskRunner.sameThread(), problems::add);
        }
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(
                problems.get(0)
                        .matches("The whole-lab test could not start: " + Pattern.quote(dir.toString())
                                + " is being written by another LinkLab \\(a whole-lab test running or resuming there: pid "
                                + ProcessHandle.current().pid()
                                + " on \\S+ since \\S+\\): wait for it to end or stop it, "
                                + "then start this one again; the folder can be opened and looked at meanwhile"),
                problems.get(0));
        assertTrue(
                vm.statusProperty().get().startsWith("could not start: " + dir),
                vm.statusProperty().get());
        assertFalse(vm.stoppableProperty().get());
        assertTrue(vm.resumableProperty().get(), "once the other has ended, Resume can try again");
        assertEquals(stored, MatrixFile.read(dir), "matrix.csv as it was");
        assertFalse(Files.exists(dir.resolve(MatrixPlanFile.NAME)), "no matrix.json written over the folder");
    }

    @Test
    void theDialogsModelCarriesTheWizardsOptionsIntoTheMatrixAndRefusesBadConcurrency() {
        MatrixPlanViewModel plan = new MatrixPlanViewModel(LAB, null);
        assertEquals(3, plan.pairCount(MatrixPlanViewModel.Pairs.LINKS));
        assertEquals(12, plan.pairCount(MatrixPlanViewModel.Pairs.ALL));
        assertTrue(plan.validProperty().get(), plan.problemProperty().get());
        plan.test().streams.set("4");
        plan.test().duration.set("3");
        plan.concurrency.set("2");
        plan.pairs.set(MatrixPlanViewModel.Pairs.ALL);
        plan.uplinks.set(Uplinks.TOGETHER);
        MatrixLauncher.Request req = plan.request().orElseThrow();
        assertEquals(12, req.pairs().size());
        assertEquals(4, req.base().streams());
        assertEquals(3, req.base().durationS());
        assertEquals(2, req.options().concurrency());
        assertEquals(Uplinks.TOGETHER, req.options().uplinks());
        assertTrue(
                plan.summaryProperty().get().startsWith("12 pairs, up to 2 at once"),
                plan.summaryProperty().get());

        plan.concurrency.set("0");
        assertFalse(plan.validProperty().get());
        assertTrue(
                plan.problemProperty().get().contains("Tests at once: '0'"),
                plan.problemProperty().get());
        assertTrue(plan.request().isEmpty());
        plan.concurrency.set("1");
        plan.test().streams.set("many");
        assertTrue(
                plan.problemProperty().get().contains("Tool and options"),
                plan.problemProperty().get());
    }

    @Test
    void aStoredMatrixCsvWhoseRunPointsOutsideTheFolderOpensNothing() {
        List<MatrixPair> pairs = new MatrixPairs(LAB).links();
        MatrixPair h1h2 = pair(pairs, "h1", "h2");
        for (String run : List.of("../../home/alice", "/etc", "pairs/../..")) {
            MatrixRow r = ok(h1h2, "c2s", 9.4e9, 0);
            MatrixRow planted = new MatrixRow(
                    r.client(),
                    r.server(),
                    r.direction(),
                    r.bitsPerSecond(),
                    r.bitsPerSecondMin(),
                    r.bitsPerSecondMax(),
                    r.retransmits(),
                    r.linkSpeedBps(),
                    r.status(),
                    r.reason(),
                    run,
                    null,
                    Expectation.DEFAULT);
            MatrixViewModel vm = new MatrixViewModel(
                    new StoredMatrix(request(TestPlan.Mode.NORMAL, pairs), dir, List.of(planted)), Runnable::run);
            MatrixViewModel.Opening opened = vm.openCell("h1", "h2");
            assertInstanceOf(MatrixViewModel.Opening.Nothing.class, opened, run);
            assertTrue(
                    ((MatrixViewModel.Opening.Nothing) opened).why().contains("is not inside " + dir),
                    opened.toString());
        }
    }

    @Test
    void aStoredMatrixShowsItsRowsAndSaysWhatAResumeWouldRunAndAFullyMeasuredOneHasNoResume() {
        List<MatrixPair> pairs = new MatrixPairs(LAB).links();
        MatrixPair h1h2 = pair(pairs, "h1", "h2");
        MatrixViewModel vm = new MatrixViewModel(
                new StoredMatrix(request(TestPlan.Mode.NORMAL, pairs), dir, List.of(ok(h1h2, "c2s", 9.4e9, 0))),
                Runnable::run);
        assertEquals(
                "as stored: 1 of 3 pairs done; Resume runs the 2 not measured",
                vm.statusProperty().get());
        assertTrue(vm.resumableProperty().get());
        assertFalse(vm.stoppableProperty().get());
        assertEquals(2, vm.missing().size());
        assertEquals(dir, vm.dir());
        assertTrue(vm.hoverText("h1", "h3").endsWith("not measured (Resume runs it)"), vm.hoverText("h1", "h3"));
        MatrixViewModel.Opening opened = vm.openCell("h1", "h2");
        assertInstanceOf(MatrixViewModel.Opening.Recorded.class, opened);
        assertEquals(dir.resolve("pairs"), ((MatrixViewModel.Opening.Recorded) opened).pairsRoot());

        List<MatrixRow> all = pairs.stream().map(p -> ok(p, "c2s", 9e9, 0)).toList();
        MatrixViewModel whole =
                new MatrixViewModel(new StoredMatrix(request(TestPlan.Mode.NORMAL, pairs), dir, all), Runnable::run);
        assertEquals("as stored: 3 of 3 pairs done", whole.statusProperty().get());
        assertFalse(whole.resumableProperty().get(), "every pair measured: nothing to resume");
    }
}
