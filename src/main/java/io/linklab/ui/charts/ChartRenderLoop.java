package io.linklab.ui.charts;

import io.linklab.concurrent.DaemonThreads;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The one thread that turns chart contents into pixels, at most {@code hz} times a second, so the FX thread
 * only swaps finished images. At most one swap is queued on the FX thread at a time (the Phoebus
 * UpdateThrottle pattern): while the FX thread is behind, nothing new is painted and nothing piles up.
 */
public final class ChartRenderLoop implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(ChartRenderLoop.class.getName());

    private final List<ChartView> views = new CopyOnWriteArrayList<>();
    private final AtomicBoolean swapPending = new AtomicBoolean();
    private final ScheduledExecutorService thread;
    private final Executor fx;
    private final AtomicLong framesPainted = new AtomicLong();
    private final AtomicLong ticksSkipped = new AtomicLong();

    public ChartRenderLoop(Executor fx, int hz) {
        if (hz < 1 || hz > 60) {
            throw new IllegalArgumentException("chart refresh rate must be 1–60 Hz, got " + hz);
        }
        this.fx = fx;
        ThreadFactory daemon = DaemonThreads.named("linklab-chart-render");
        this.thread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = daemon.newThread(r);
            t.setPriority(Thread.NORM_PRIORITY - 1);
            return t;
        });
        long period = 1000L / hz;
        thread.scheduleWithFixedDelay(this::tick, period, period, TimeUnit.MILLISECONDS);
    }

    void register(ChartView view) {
        views.add(view);
    }

    void unregister(ChartView view) {
        views.remove(view);
    }

    /** Frames painted so far (all views), for benchmarks. */
    public long framesPainted() {
        return framesPainted.get();
    }

    /** Ticks skipped because the FX thread had not yet taken the previous frame. */
    public long ticksSkipped() {
        return ticksSkipped.get();
    }

    private void tick() {
        if (swapPending.get()) {
            ticksSkipped.incrementAndGet();
            return;
        }
        List<Runnable> swaps = new ArrayList<>();
        for (ChartView v : views) {
            try {
                Runnable swap = v.paintIfChanged();
                if (swap != null) {
                    swaps.add(swap);
                }
            } catch (RuntimeException e) {
                // A content that throws must not stop every other chart; it shows its last good frame.
                LOG.log(System.Logger.Level.WARNING, "chart " + v + " could not be drawn", e);
            }
        }
        if (swaps.isEmpty()) {
            return;
        }
        framesPainted.addAndGet(swaps.size());
        swapPending.set(true);
        fx.execute(() -> {
            try {
                swaps.forEach(Runnable::run);
            } finally {
                swapPending.set(false);
            }
        });
    }

    @Override
    public void close() {
        thread.shutdownNow();
        views.clear();
    }
}
