package io.linklab.ui.matrix;

import io.linklab.concurrent.DaemonThreads;
import io.linklab.engine.RunHandle;
import io.linklab.engine.RunOutcome;
import io.linklab.matrix.MatrixFile;
import io.linklab.matrix.MatrixRow;
import io.linklab.matrix.MatrixRun;
import io.linklab.ui.runs.MatrixLauncher;
import io.linklab.ui.tasks.TaskRunner;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * One start of a matrix for {@link MatrixViewModel} (a resume is a start of its own): the launch off the FX thread,
 * Stop, the wait for its end on a thread of its own (the end read back from matrix.csv), and the exit's wait for its
 * clean-up, which also covers a matrix whose launch is not back yet.
 */
final class MatrixLaunch {

    private static final System.Logger LOG = System.getLogger(MatrixLaunch.class.getName());

    private static final Duration EXIT_WAIT = Duration.ofMinutes(2);

    /** What a matrix's end is told as: its outcome, and matrix.csv as written last (null when unreadable). */
    interface Ending {
        void ended(RunOutcome outcome, List<MatrixRow> rows);
    }

    /** Completed off the FX thread as soon as the launcher returns, so the exit's waiter need not ask the FX thread. */
    private final CompletableFuture<MatrixLauncher.Started> launched = new CompletableFuture<>();

    private MatrixLaunch() {}

    /**
     * Starts the matrix through {@code launcher} off the FX thread, into {@code into} (null: a new folder). {@code
     * onStarted} and {@code onFailure} hear on the FX thread; {@code onEnd} on the end's own thread.
     */
    static MatrixLaunch start(
            MatrixLauncher launcher,
            TaskRunner tasks,
            MatrixLauncher.Request request,
            Path into,
            MatrixRun.Listener listener,
            Consumer<MatrixLauncher.Started> onStarted,
            Consumer<Exception> onFailure,
            Ending onEnd) {
        MatrixLaunch launch = new MatrixLaunch();
        tasks.run(
                () -> {
                    try {
                        MatrixLauncher.Started s = launcher.start(request, into, listener);
                        launch.launched.complete(s);
                        return s;
                    } catch (Exception e) {
                        launch.launched.completeExceptionally(e);
                        throw e;
                    }
                },
                s -> {
                    onStarted.accept(s);
                    DaemonThreads.start("linklab-matrix-end-" + s.run().runId(), () -> awaitEnd(s, onEnd));
                },
                onFailure);
        return launch;
    }

    /** Ends every pair of the started matrix; returns at once (cancel() does by its promise; the FX thread does not bet on it). */
    static void stop(MatrixLauncher.Started s) {
        RunHandle h = s.run();
        DaemonThreads.start("linklab-stop-" + h.runId(), () -> h.cancel(RunHandle.BY_THE_USER));
    }

    /**
     * Holds the JVM open (a thread that is no daemon, named {@code name}) until this matrix has ended, at most
     * {@link #EXIT_WAIT}, which is longer than a run's clean-up may take. A launch not back yet is waited for and
     * then stopped here: the FX thread that would stop it may be gone by then.
     *
     * @return that thread (it may have ended already when the matrix ended fast)
     */
    Thread holdExitUntilEnded(String name) {
        Thread waiter = new Thread(
                () -> {
                    try {
                        RunHandle h = launched.get(EXIT_WAIT.toMillis(), TimeUnit.MILLISECONDS)
                                .run();
                        h.cancel(RunHandle.BY_THE_USER); // returns at once; a second cancel changes nothing
                        h.await(EXIT_WAIT);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    } catch (ExecutionException | TimeoutException e) {
                        // it never started: nothing runs on any host
                    }
                },
                name);
        waiter.setDaemon(false);
        waiter.start();
        return waiter;
    }

    private static void awaitEnd(MatrixLauncher.Started s, Ending onEnd) {
        try {
            Optional<RunOutcome> end = Optional.empty();
            while (end.isEmpty()) {
                end = s.run().await(Duration.ofMinutes(10));
            }
            RunOutcome o = end.get();
            onEnd.ended(o, MatrixFile.read(s.dir()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            LOG.log(System.Logger.Level.WARNING, "cannot read the matrix's end from " + s.dir(), e);
            onEnd.ended(
                    new RunOutcome(RunOutcome.Status.FAILED, "cannot read " + MatrixFile.NAME + ": " + e, s.dir()),
                    null);
        }
    }
}
