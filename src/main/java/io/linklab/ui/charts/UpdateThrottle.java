package io.linklab.ui.charts;

import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Turns a flood of "something changed" signals from engine threads into at most one FX update per period
 * (Phoebus' UpdateThrottle): the first signal schedules an update after the period, later ones are absorbed
 * until it has run. Never one {@code runLater} per line.
 */
public final class UpdateThrottle {

    private final ScheduledExecutorService timer;
    private final Executor fx;
    private final long periodMs;
    private final Runnable update;
    private final AtomicBoolean pending = new AtomicBoolean();

    public UpdateThrottle(ScheduledExecutorService timer, Executor fx, long periodMs, Runnable update) {
        this.timer = timer;
        this.fx = fx;
        this.periodMs = periodMs;
        this.update = update;
    }

    /** Any thread: asks for an update within one period. */
    public void trigger() {
        if (pending.compareAndSet(false, true)) {
            try {
                timer.schedule(() -> fx.execute(this::run), periodMs, TimeUnit.MILLISECONDS);
            } catch (RejectedExecutionException e) {
                // The window has closed and its timer with it: an engine thread still finishing a run (its
                // last line, its end) must not fail for want of a screen to show it on.
            }
        }
    }

    private void run() {
        // Cleared before updating so a change that arrives during the update schedules the next one.
        pending.set(false);
        update.run();
    }
}
