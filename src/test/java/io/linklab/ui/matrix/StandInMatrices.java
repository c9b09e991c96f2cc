package io.linklab.ui.matrix;

import io.linklab.engine.RunHandle;
import io.linklab.engine.RunOutcome;
import io.linklab.matrix.MatrixRun;
import io.linklab.store.ResultsStore;
import io.linklab.ui.AppServices;
import io.linklab.ui.MainWindow;
import io.linklab.ui.ScriptedRuns;
import io.linklab.ui.Settings;
import io.linklab.ui.history.StoreLibrary;
import io.linklab.ui.runs.MatrixLauncher;
import io.linklab.ui.runs.RunsArea;
import io.linklab.ui.tasks.BackgroundTasks;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;
import javafx.stage.Stage;

/**
 * The window's matrices for its UI tests, without hosts: the main window at 1280×800 whose launcher records what it
 * is asked, and whose every matrix runs until it is stopped (its clean-up held as long as a test wants). The test
 * plays the pairs through {@link #listener}; the scripted and lab tests run the real matrix.
 */
final class StandInMatrices implements MatrixLauncher {

    final List<Request> requests = new CopyOnWriteArrayList<>();
    /** The folder each start was asked to run into (empty: a new one). */
    final List<Optional<Path>> intos = new CopyOnWriteArrayList<>();

    final CountDownLatch cancelled = new CountDownLatch(1);
    /** Counted down when the matrix's pairs have been cleaned up after a cancel (at once unless held). */
    final CountDownLatch cleanedUp = new CountDownLatch(1);

    /** Whether a stopped matrix ends only once {@link #cleanedUp} is counted down. */
    volatile boolean holdCleanUp;

    /** What the last start was told to tell its pairs' news to. */
    volatile MatrixRun.Listener listener;

    private final Path tmp;

    StandInMatrices(Path tmp) {
        this.tmp = tmp;
    }

    /** The main window over these matrices, installed on {@code stage} at 1280×800 and shown. */
    MainWindow window(Stage stage, Preferences prefs, BackgroundTasks tasks) {
        RunsArea runs = new RunsArea(
                new StoreLibrary(new ResultsStore(tmp.resolve("runs"))),
                new ScriptedRuns(1),
                tmp.resolve("imports"),
                tasks);
        MainWindow window =
                new MainWindow(new AppServices(new Settings(prefs), tasks, null, runs, null).withMatrices(this));
        window.install(stage);
        stage.setWidth(1280);
        stage.setHeight(800);
        stage.show();
        return window;
    }

    @Override
    public Started start(Request request, Path into, MatrixRun.Listener l) {
        requests.add(request);
        intos.add(Optional.ofNullable(into));
        listener = l;
        return new Started(handle(), into != null ? into : tmp.resolve("matrix"));
    }

    /** Ends whatever still runs, for a test's clean-up. */
    void release() {
        cancelled.countDown();
        cleanedUp.countDown();
    }

    private RunHandle handle() {
        return new RunHandle() {
            @Override
            public String runId() {
                return "matrix";
            }

            @Override
            public void cancel(String by) {
                cancelled.countDown();
            }

            @Override
            public Optional<RunOutcome> await(Duration timeout) throws InterruptedException {
                long end = System.nanoTime() + timeout.toNanos();
                boolean over = cancelled.await(timeout.toMillis(), TimeUnit.MILLISECONDS)
                        && (!holdCleanUp || cleanedUp.await(end - System.nanoTime(), TimeUnit.NANOSECONDS));
                return over
                        ? Optional.of(new RunOutcome(RunOutcome.Status.CANCELLED, "stopped by the user", null))
                        : Optional.empty();
            }
        };
    }
}
