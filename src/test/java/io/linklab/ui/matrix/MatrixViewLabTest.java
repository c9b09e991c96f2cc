package io.linklab.ui.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.lab.Lab;
import io.linklab.matrix.MatrixFile;
import io.linklab.matrix.MatrixPairs;
import io.linklab.matrix.MatrixRow;
import io.linklab.matrix.MatrixRun;
import io.linklab.matrix.MatrixSchedule.Uplinks;
import io.linklab.model.HostSpec;
import io.linklab.model.LinkSpec;
import io.linklab.model.TestPlan;
import io.linklab.model.Tool;
import io.linklab.model.Topology;
import io.linklab.remote.LoginPrompts;
import io.linklab.remote.SshSettings;
import io.linklab.store.ResultsStore;
import io.linklab.testing.Await;
import io.linklab.ui.dashboard.LiveRunModel;
import io.linklab.ui.history.PastRun;
import io.linklab.ui.history.StoreLibrary;
import io.linklab.ui.runs.EngineWiring;
import io.linklab.ui.runs.MatrixLauncher;
import io.linklab.ui.tasks.TaskRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The window's matrix over the namespace lab's two hosts, without a screen: real iperf3 through real OpenSSH, each
 * running pair watched live by the view's model (what a click opens), each ended pair opened from its run folder,
 * and Stop in the middle of a pair ending everything with nothing left running on either host.
 */
@Tag("lab")
class MatrixViewLabTest {

    private final Lab lab = Lab.get();
    private final List<String> problems = new ArrayList<>();

    @TempDir
    Path tmp;

    @AfterEach
    void nothingLeftRunning() throws Exception {
        // the kill helper may still be exiting as the run reports its end: wait for the hosts to be clear
        waitUntil(() -> processes().isEmpty(), 10, () -> "nothing left running: " + processes());
    }

    private String processes() {
        try {
            return lab.h1().processes() + lab.h2().processes();
        } catch (Exception e) {
            return e.toString();
        }
    }

    private Topology topology() {
        List<HostSpec> hosts = List.of(lab.h1().spec("h1"), lab.h2().spec("h2"));
        LinkSpec link = new LinkSpec(
                "data",
                new LinkSpec.End("h1", lab.h1().dataIf()),
                new LinkSpec.End("h2", lab.h2().dataIf()),
                "100G");
        return new Topology("namespace lab", hosts, List.of(), List.of(link));
    }

    private MatrixViewModel start(int seconds) {
        Topology t = topology();
        TestPlan base = new TestPlan(
                Tool.IPERF3,
                new TestPlan.End("", null),
                new TestPlan.End("", null),
                "",
                TestPlan.Protocol.TCP,
                null,
                seconds,
                0.5,
                0,
                1,
                1,
                5590,
                TestPlan.Mode.NORMAL,
                null,
                null,
                1,
                null);
        MatrixLauncher.Request request = new MatrixLauncher.Request(
                t, base, new MatrixPairs(t).all(), new MatrixRun.Options(1, false, Uplinks.ONE_AT_A_TIME));
        MatrixViewModel vm = new MatrixViewModel(request, Runnable::run);
        vm.start(launcher(), TaskRunner.sameThread(), problems::add);
        return vm;
    }

    /** The window's launcher, over the lab's key and known hosts. */
    private MatrixLauncher launcher() {
        SshSettings ssh = SshSettings.defaults()
                .withKnownHosts(lab.knownHosts())
                .withIdentity(lab.identity())
                .withSshConfig(null)
                .withAgent(false);
        return EngineWiring.matrixLauncher(new ResultsStore(tmp.resolve("runs")), ssh, LoginPrompts.NONE);
    }

    private static void waitUntil(BooleanSupplier condition, int seconds, Supplier<String> what) {
        Await.until(condition, Duration.ofSeconds(seconds), what);
    }

    /** The live model of the pair running now, once its first intervals are in. */
    private static LiveRunModel liveWithSamples(MatrixViewModel vm, String client, String server)
            throws InterruptedException {
        LiveRunModel[] live = new LiveRunModel[1];
        waitUntil(
                () -> {
                    if (vm.openCell(client, server) instanceof MatrixViewModel.Opening.Live l) {
                        live[0] = l.model();
                        return !l.model().takeSnapshot().rows().isEmpty();
                    }
                    return false;
                },
                30,
                () -> client + "→" + server + " watched live: "
                        + vm.statusProperty().get());
        return live[0];
    }

    @Test
    void bothPairsAreWatchedLiveThenOpenFromTheirRunFolders() throws Exception {
        MatrixViewModel vm = start(2);
        LiveRunModel first = liveWithSamples(vm, "h1", "h2");
        assertNotNull(first.info(), "the watcher heard the pair's run start");
        waitUntil(
                () -> vm.statusProperty().get().startsWith("finished"),
                60,
                () -> vm.statusProperty().get());

        assertEquals(List.of(), problems);
        assertEquals(2, vm.sortedRows().size(), vm.sortedRows().toString());
        for (MatrixRow r : vm.sortedRows()) {
            assertEquals(MatrixRow.OK, r.status(), r.toString());
            assertTrue(r.bitsPerSecond() > 1e8, r.toString());
            assertEquals(1e11, r.linkSpeedBps(), "the drawn 100G");
        }
        assertNotNull(first.outcome(), "the watcher heard the pair's end");
        assertTrue(vm.hoverText("h2", "h1").contains("% of the 100 Gbit/s link"), vm.hoverText("h2", "h1"));
        assertEquals(List.of("data"), List.copyOf(vm.linkCells().keySet()));

        MatrixViewModel.Opening o = vm.openCell("h2", "h1");
        assertInstanceOf(MatrixViewModel.Opening.Recorded.class, o);
        MatrixViewModel.Opening.Recorded rec = (MatrixViewModel.Opening.Recorded) o;
        PastRun run = new StoreLibrary(new ResultsStore(rec.pairsRoot())).open(rec.runId());
        assertEquals(lab.h1().data(), run.plan().target(), "h2 sent to h1");
        assertEquals(
                tmp.resolve("runs").resolveSibling("matrices"),
                rec.pairsRoot().getParent().getParent());
        assertTrue(!run.samples().isEmpty(), "its intervals were recorded");

        // the laptop slept after the first pair: matrix.csv holds only h1→h2; the app reopens the folder and resumes
        Path folder = vm.dir();
        List<MatrixRow> written = MatrixFile.read(folder);
        List<MatrixRow> firstPair =
                written.stream().filter(r -> r.client().equals("h1")).toList();
        MatrixFile.write(folder, firstPair);
        Path kept = folder.resolve("pairs/h1-h2/run.json");
        FileTime before = Files.getLastModifiedTime(kept);
        MatrixViewModel reopened = new MatrixViewModel(StoredMatrix.read(folder), Runnable::run);
        assertEquals(
                "as stored: 1 of 2 pairs done; Resume runs the 1 not measured",
                reopened.statusProperty().get());
        reopened.resume(launcher(), TaskRunner.sameThread(), problems::add);
        waitUntil(
                () -> reopened.statusProperty().get().startsWith("finished"),
                60,
                () -> reopened.statusProperty().get());
        assertEquals(List.of(), problems);
        List<MatrixRow> after = MatrixFile.read(folder);
        assertEquals(2, after.size(), "one row per pair: " + after);
        assertTrue(after.stream().allMatch(MatrixRow::ok), after.toString());
        assertEquals(
                firstPair, after.stream().filter(r -> r.client().equals("h1")).toList(), "h1→h2 kept");
        assertEquals(before, Files.getLastModifiedTime(kept), "and not run again");
        assertTrue(reopened.openCell("h2", "h1") instanceof MatrixViewModel.Opening.Recorded, "h2→h1 ran again");
    }

    @Test
    void stopInTheMiddleOfAPairEndsTheMatrixAndCleansUpBothHosts() throws Exception {
        MatrixViewModel vm = start(30);
        liveWithSamples(vm, "h1", "h2");
        long t0 = System.nanoTime();
        vm.stop();
        waitUntil(
                () -> vm.statusProperty().get().startsWith("stopped"),
                60,
                () -> vm.statusProperty().get() + " " + vm.sortedRows());
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        System.out.println("matrix stopped " + ms + " ms after Stop; "
                + vm.statusProperty().get());

        assertEquals(2, vm.sortedRows().size(), vm.sortedRows().toString());
        assertTrue(
                vm.sortedRows().stream().noneMatch(r -> r.status().equals(MatrixRow.FAILED)),
                vm.sortedRows().toString());
        assertTrue(
                vm.sortedRows().stream().anyMatch(r -> r.status().equals(MatrixRow.STOPPED)),
                vm.sortedRows().toString());
        assertTrue(!vm.stoppableProperty().get());
    }
}
