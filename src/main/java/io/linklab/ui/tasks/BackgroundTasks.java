package io.linklab.ui.tasks;

import io.linklab.concurrent.DaemonThreads;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import javafx.application.Platform;

/**
 * The GUI's one {@link TaskRunner}, built once by the app's composition root and shared by every view-model and
 * area: a small pool of daemon threads; results come back on the FX thread.
 */
public final class BackgroundTasks implements TaskRunner, AutoCloseable {

    private final ExecutorService pool;

    public BackgroundTasks(String name, int threads) {
        pool = Executors.newFixedThreadPool(threads, DaemonThreads.numbered(name));
    }

    @Override
    public <T> void run(Callable<T> work, Consumer<T> onSuccess, Consumer<Exception> onFailure) {
        pool.execute(() -> {
            try {
                T result = work.call();
                Platform.runLater(() -> onSuccess.accept(result));
            } catch (Exception e) {
                Platform.runLater(() -> onFailure.accept(e));
            }
        });
    }

    @Override
    public void close() {
        pool.shutdownNow();
        try {
            pool.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
