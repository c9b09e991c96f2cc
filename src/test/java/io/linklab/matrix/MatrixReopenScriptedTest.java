package io.linklab.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.concurrent.DaemonThreads;
import io.linklab.engine.TransportFactory;
import io.linklab.matrix.MatrixSchedule.Uplinks;
import io.linklab.model.Topology;
import io.linklab.remote.Transport;
import io.linklab.remote.TransportException;
import io.linklab.testing.Await;
import io.linklab.testing.ScriptedMatrixLab;
import io.linklab.testing.ScriptedTransport;
import io.linklab.ui.matrix.MatrixViewModel;
import io.linklab.ui.matrix.StoredMatrix;
import io.linklab.ui.runs.MatrixLauncher;
import io.linklab.ui.tasks.TaskRunner;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The window's side of a matrix over scripted hosts, through the real matrix and engine (the path the window's
 * launcher and `linklab matrix` take): a stored matrix reopened from its folder alone and resumed there, running only
 * the pairs it has no measurement of; and the window closing while a matrix is still starting.
 */
class MatrixReopenScriptedTest {

    private static final Topology LAB = ScriptedMatrixLab.lab("three", 3);

    @TempDir
    Path dir;

    /** The FX thread's stand-in: the view-model is touched on this one thread only. */
    private final ExecutorService fx = Executors.newSingleThreadExecutor(DaemonThreads.named("test-fx"));

    private final Map<String, List<ScriptedTransport>> hosts = new ConcurrentHashMap<>();
    private final List<String> problems = new CopyOnWriteArrayList<>();

    @AfterEach
    void stopFx() {
        fx.shutdownNow();
    }

    /** Background work, its answer handed to {@link #fx}: the app's task runner without a screen. */
    private final TaskRunner tasks = new TaskRunner() {
        @Override
        public <T> void run(Callable<T> work, Consumer<T> onSuccess, Consumer<Exception> onFailure) {
            DaemonThreads.start("test-task", () -> {
                try {
                    T result = work.call();
                    fx.execute(() -> onSuccess.accept(result));
                } catch (Exception e) {
                    fx.execute(() -> onFailure.accept(e));
                }
            });
        }
    };

    private <T> T onFx(Callable<T> c) throws Exception {
        return fx.submit(c).get(10, TimeUnit.SECONDS);
    }

    private Transport login(String login, boolean h3Up) throws TransportException {
        if (login.equals("root@h3") && !h3Up) {
            throw new TransportException("ssh: connect to host h3 port 22: Connection refused");
        }
        ScriptedTransport host = ScriptedMatrixLab.host(ScriptedMatrixLab.number(login), 3);
        hosts.computeIfAbsent(login, k -> new CopyOnWriteArrayList<>()).add(host);
        return host;
    }

    /** The window's launcher over scripted logins: a new folder is {@link #dir}, a resume its own folder. */
    private MatrixLauncher launcher(TransportFactory logins) {
        return (request, into, listener) -> {
            Path folder = into != null ? into : dir;
            MatrixRun run = new MatrixRun(
                    request.lab(),
                    request.base(),
                    request.pairs(),
                    request.options(),
                    logins,
                    ScriptedMatrixLab::engine,
                    folder,
                    listener);
            run.start();
            return new MatrixLauncher.Started(run, folder);
        };
    }

    private static MatrixLauncher.Request request() {
        return new MatrixLauncher.Request(
                LAB,
                ScriptedMatrixLab.plan(),
                new MatrixPairs(LAB).all(),
                new MatrixRun.Options(2, false, Uplinks.TOGETHER));
    }

    /** Every iperf3 client started on any host, as "client→target". */
    private List<String> clientsRun() {
        List<String> out = new ArrayList<>();
        hosts.forEach((login, ts) -> ts.forEach(t -> t.commands().stream()
                .filter(c -> c.contains("iperf3 -c "))
                .forEach(c -> out.add(login + "→" + c.replaceFirst(".*iperf3 -c (\\S+).*", "$1")))));
        return out;
    }

    private static void waitUntil(BooleanSupplier condition, String what) {
        Await.until(condition, Duration.ofSeconds(20), () -> what);
    }

    private String status(MatrixViewModel vm) {
        try {
            return onFx(() -> vm.statusProperty().get());
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void aStoredMatrixReopensFromItsFolderAsLeftAndItsResumeRunsOnlyThePairsWithoutAMeasurement() throws Exception {
        // the first matrix: h3 is down, so its 4 pairs fail and h1↔h2 are measured
        MatrixViewModel first = onFx(() -> new MatrixViewModel(request(), fx));
        onFx(() -> {
            first.start(launcher(l -> login(l, false)), tasks, problems::add);
            return null;
        });
        waitUntil(() -> status(first).startsWith("ended"), "the first matrix's end: " + status(first));
        assertTrue(MatrixPlanFile.isIn(dir), "the folder keeps what the matrix was started with");
        assertEquals(
                List.of("root@h1→198.19.0.2", "root@h2→198.19.0.1"),
                clientsRun().stream().sorted().toList());

        // the app was closed; the folder alone is read off the FX thread and shown as stored
        StoredMatrix stored = StoredMatrix.read(dir);
        assertEquals(LAB, stored.request().lab());
        assertEquals(request().pairs(), stored.request().pairs());
        assertEquals(request().options(), stored.request().options());
        assertEquals(6, stored.rows().size());
        MatrixViewModel vm = onFx(() -> new MatrixViewModel(stored, fx));
        assertEquals(
                "as stored: 6 of 6 pairs done, 4 without a measurement; Resume runs the 4 not measured", status(vm));
        assertTrue(onFx(() -> vm.resumableProperty().get()));
        assertFalse(onFx(() -> vm.stoppableProperty().get()), "nothing runs: nothing to stop");
        assertEquals(4, onFx(vm::missing).size());
        assertTrue(onFx(() -> vm.grid().cell("h3", "h1").orElseThrow().failed()));
        assertTrue(
                onFx(() -> vm.hoverText("h1", "h3")).contains("Connection refused"),
                onFx(() -> vm.hoverText("h1", "h3")));
        assertNotNull(
                onFx(() -> vm.openCell("h1", "h2")) instanceof MatrixViewModel.Opening.Recorded r ? r : null,
                "a measured pair opens its run folder in the stored matrix");
        assertEquals(
                dir.resolve("pairs"),
                ((MatrixViewModel.Opening.Recorded) onFx(() -> vm.openCell("h1", "h2"))).pairsRoot());

        // h3 is back: Resume runs the 4 pairs with h3, into the same folder, and not h1↔h2 again
        hosts.clear();
        MatrixLauncher live = launcher(l -> login(l, true));
        onFx(() -> {
            vm.resume(
                    (request, into, listener) -> {
                        assertEquals(dir, into, "a resume runs into the stored folder");
                        return live.start(request, into, listener);
                    },
                    tasks,
                    problems::add);
            return null;
        });
        assertFalse(onFx(() -> vm.resumableProperty().get()), "no second resume while this one runs");
        waitUntil(() -> status(vm).startsWith("finished"), "the resume's end: " + status(vm));

        assertEquals(List.of(), problems);
        assertEquals(
                List.of("root@h1→198.19.0.3", "root@h2→198.19.0.3", "root@h3→198.19.0.1", "root@h3→198.19.0.2"),
                clientsRun().stream().sorted().toList(),
                "only the pairs without a measurement ran; h1↔h2 were not measured again");
        List<MatrixRow> rows = MatrixFile.read(dir);
        assertEquals(6, rows.size(), "one row per pair: " + rows);
        assertEquals(
                6, rows.stream().map(r -> r.client() + r.server()).distinct().count(), rows.toString());
        assertTrue(rows.stream().allMatch(MatrixRow::ok), rows.toString());
        assertEquals("finished: 6 of 6 pairs done", status(vm));
        assertEquals(6, onFx(vm::sortedRows).size());
        assertEquals(List.of(), onFx(vm::missing));
        assertFalse(onFx(() -> vm.resumableProperty().get()), "every pair measured: nothing to resume");
        for (List<ScriptedTransport> ts : hosts.values()) {
            for (ScriptedTransport t : ts) {
                assertFalse(t.running("."), t.hostLabel() + " runs nothing after the resume");
            }
        }
    }

    @Test
    void aFolderWithoutMatrixJsonIsRefusedWithAMessageThatSaysWhatToDo() throws Exception {
        MatrixFile.write(dir, List.of());
        var e = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class, () -> StoredMatrix.read(dir));
        assertTrue(
                e.getMessage().contains("has no matrix.json") && e.getMessage().contains("--out " + dir),
                e.getMessage());
    }

    @Test
    void closingWhileTheLaunchIsNotBackWaitsForItThenStopsItAndWaitsForItsEnd() throws Exception {
        CountDownLatch launchGate = new CountDownLatch(1);
        MatrixLauncher live = launcher(l -> login(l, true));
        MatrixViewModel vm = onFx(() -> new MatrixViewModel(request(), fx));
        Optional<Thread> exitWait = onFx(() -> {
            vm.start(
                    (request, into, listener) -> {
                        try {
                            launchGate.await(); // a launch that is slow to come back (a folder on a slow disk)
                        } catch (InterruptedException e) {
                            throw new java.io.InterruptedIOException("interrupted");
                        }
                        return live.start(request, into, listener);
                    },
                    tasks,
                    problems::add);
            return vm.stopForExit(); // the window closes now
        });
        Thread exit = exitWait.orElse(null);
        assertNotNull(exit, "the exit waits for a matrix whose launch is not back");
        assertFalse(exit.isDaemon(), "a daemon would not hold the JVM");
        assertTrue(exit.isAlive());

        launchGate.countDown();
        exit.join(TimeUnit.SECONDS.toMillis(20));
        assertFalse(exit.isAlive(), "the exit waits no longer than the matrix's end");
        List<MatrixRow> rows = MatrixFile.read(dir);
        assertEquals(6, rows.size(), rows.toString());
        assertTrue(rows.stream().noneMatch(MatrixRow::ok), "stopped as it started: " + rows);
        for (List<ScriptedTransport> ts : hosts.values()) {
            for (ScriptedTransport t : ts) {
                assertFalse(t.running("."), t.hostLabel() + " runs nothing after the exit");
            }
        }
    }

    @Test
    void closingWhileThePairsAreStillLoggingInStopsThemAndTheExitEndsWithTheMatrix() throws Exception {
        CountDownLatch loggingIn = new CountDownLatch(1);
        CountDownLatch loginGate = new CountDownLatch(1);
        TransportFactory slow = l -> {
            loggingIn.countDown();
            try {
                loginGate.await(); // a host that takes its time to answer ssh
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new TransportException(l + ": interrupted while logging in");
            }
            return login(l, true);
        };
        MatrixViewModel vm = onFx(() -> new MatrixViewModel(request(), fx));
        onFx(() -> {
            vm.start(launcher(slow), tasks, problems::add);
            return null;
        });
        assertTrue(loggingIn.await(10, TimeUnit.SECONDS), "the first pairs log in");
        waitUntil(() -> status(vm).contains("running"), "the matrix started: " + status(vm));
        // the returned thread, not a search for it by name: it may end as fast as the stopped logins give up
        Thread exit = onFx(() -> vm.stopForExit()).orElse(null);
        assertNotNull(exit, "the exit waits for a matrix still logging in");
        assertFalse(exit.isDaemon());

        exit.join(TimeUnit.SECONDS.toMillis(20));
        assertFalse(exit.isAlive(), "a login that never answers does not hold the exit: the stopped pairs end");
        List<MatrixRow> rows = MatrixFile.read(dir);
        assertEquals(6, rows.size(), rows.toString());
        assertTrue(rows.stream().allMatch(r -> r.status().equals(MatrixRow.STOPPED)), rows.toString());

        loginGate.countDown(); // the logins come back after the matrix has ended
        waitUntil(
                () -> hosts.size() == 3
                        || hosts.values().stream().mapToInt(List::size).sum() >= 1,
                "a late login");
        assertEquals(List.of(), clientsRun(), "no test started on any host");
        for (List<ScriptedTransport> ts : hosts.values()) {
            for (ScriptedTransport t : ts) {
                assertFalse(t.running("."), t.hostLabel() + " runs nothing after the exit");
            }
        }
    }
}
