package io.linklab.ui.tasks;

import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * Runs work that may wait (files, SSH) away from the FX thread and hands the result back to it
 * (JabRef's TaskExecutor). Tests use {@link #sameThread()} so view-models are deterministic.
 */
public interface TaskRunner {

    <T> void run(Callable<T> work, Consumer<T> onSuccess, Consumer<Exception> onFailure);

    /** Runs work and callbacks at once on the caller's thread: for unit tests. */
    static TaskRunner sameThread() {
        return new TaskRunner() {
            @Override
            public <T> void run(Callable<T> work, Consumer<T> onSuccess, Consumer<Exception> onFailure) {
                T result;
                try {
                    result = work.call();
                } catch (Exception e) {
                    onFailure.accept(e);
                    return;
                }
                onSuccess.accept(result);
            }
        };
    }
}
