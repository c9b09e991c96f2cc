package io.linklab.ui.bench;

import io.linklab.engine.RunInfo;
import io.linklab.engine.SweepPoint;
import io.linklab.model.Direction;
import io.linklab.model.TestPlan;
import io.linklab.ui.charts.ChartRenderLoop;
import io.linklab.ui.dashboard.DashboardView;
import io.linklab.ui.dashboard.LiveRunModel;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicLong;
import javafx.animation.AnimationTimer;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.stage.Stage;

/**
 * Benchmark (not a test): replays synthetic intervals for many streams into the real live dashboard in a real
 * window and reports FX pulse timing and heap. Run it with src/test/bench/live-dashboard.sh.
 *
 * <p>System properties: bench.streams (128), bench.hz (10 intervals/s), bench.minutes (10 of run time),
 * bench.speed (time compression: 10 means 10 minutes of intervals are fed in 1 minute of wall time).
 *
 * <p>Pulse timing: a pulse listener marks the start of each pulse and a runLater posted from it the end of the
 * FX thread's share of that pulse (animation, CSS, layout, state sync); the gap is the FX thread's busy time
 * per frame, which is what a user feels as a freeze.
 */
public class LiveDashboardBenchmark {

    static final int STREAMS = Integer.getInteger("bench.streams", 128);
    static final int HZ = Integer.getInteger("bench.hz", 10);
    static final double MINUTES = Double.parseDouble(System.getProperty("bench.minutes", "10"));
    static final double SPEED = Double.parseDouble(System.getProperty("bench.speed", "10"));

    private final long[] frameNanos = new long[2_000_000];
    private final long[] frameCpuNanos = new long[2_000_000];
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private int frames;
    private final AtomicLong peakHeap = new AtomicLong();

    public static void main(String[] args) {
        Application.launch(App.class, args);
    }

    /** The JavaFX entry point; the outer class keeps main() free of Application so a classpath launch works. */
    public static final class App extends Application {
        @Override
        public void start(Stage stage) {
            new LiveDashboardBenchmark().run(stage);
        }
    }

    void run(Stage stage) {
        LiveRunModel model = new LiveRunModel();
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "bench-throttle");
            t.setDaemon(true);
            return t;
        });
        ChartRenderLoop loop = new ChartRenderLoop(Platform::runLater, Integer.getInteger("bench.renderHz", 10));
        DashboardView view = new DashboardView(model, loop, timer, Platform::runLater);
        stage.setScene(new Scene(view.root(), 1280, 800));
        stage.setTitle("LinkLab benchmark");
        stage.show();

        // Pulse timing: start in an AnimationTimer (runs first in a pulse), end in the next runLater.
        AnimationTimer pulses = new AnimationTimer() {
            @Override
            public void handle(long now) {
                long start = System.nanoTime();
                long cpu = threads.getCurrentThreadCpuTime();
                Platform.runLater(() -> {
                    if (frames < frameNanos.length) {
                        frameCpuNanos[frames] = threads.getCurrentThreadCpuTime() - cpu;
                        frameNanos[frames++] = System.nanoTime() - start;
                    }
                });
            }
        };
        pulses.start();

        MemoryMXBean mem = ManagementFactory.getMemoryMXBean();
        Thread heap = new Thread(
                () -> {
                    while (true) {
                        peakHeap.accumulateAndGet(mem.getHeapMemoryUsage().getUsed(), Math::max);
                        try {
                            Thread.sleep(200);
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                },
                "bench-heap");
        heap.setDaemon(true);
        heap.start();

        int intervals = (int) Math.round(MINUTES * 60 * HZ);
        double intervalS = 1.0 / HZ;
        TestPlan plan = SyntheticRun.plan(STREAMS, (int) Math.round(MINUTES * 60), intervalS, TestPlan.Mode.NORMAL);
        RunInfo info = SyntheticRun.info("bench", plan);
        Thread feeder = new Thread(
                () -> {
                    SyntheticRun run = new SyntheticRun(STREAMS, intervalS, 100e9);
                    model.runStarted(info);
                    model.pointStarted(new SweepPoint("", plan, null, null), 0, 1);
                    long t0 = System.nanoTime();
                    long wallPerInterval = (long) (intervalS / SPEED * 1e9);
                    for (int k = 1; k <= intervals; k++) {
                        run.interval(model, "", k, Direction.C2S);
                        long due = t0 + k * wallPerInterval;
                        long wait = due - System.nanoTime();
                        if (wait > 0) {
                            try {
                                Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                            } catch (InterruptedException e) {
                                return;
                            }
                        }
                    }
                    double wall = (System.nanoTime() - t0) / 1e9;
                    model.runFinished(SyntheticRun.ok("bench"));
                    try {
                        Thread.sleep(1000);
                    } catch (InterruptedException e) {
                        return;
                    }
                    Platform.runLater(() -> report(wall, intervals, loop));
                },
                "bench-feeder");
        feeder.setDaemon(true);
        feeder.start();
    }

    private void report(double wall, int intervals, ChartRenderLoop loop) {
        long[] f = Arrays.copyOf(frameNanos, frames);
        Arrays.sort(f);
        long[] c = Arrays.copyOf(frameCpuNanos, frames);
        Arrays.sort(c);
        long renderCpu = 0;
        for (ThreadInfo ti : threads.dumpAllThreads(false, false)) {
            if (ti.getThreadName().startsWith("QuantumRenderer")) {
                renderCpu += threads.getThreadCpuTime(ti.getThreadId());
            }
        }
        System.gc();
        long afterGc = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        System.out.printf(
                Locale.ROOT,
                "streams=%d intervals=%d (%.0f s of run at %d/s) fed in %.1f s wall (%.1fx)%n",
                STREAMS,
                intervals,
                intervals / (double) HZ,
                HZ,
                wall,
                intervals / (double) HZ / wall);
        System.out.printf(
                Locale.ROOT,
                "samples=%d (%.0f/s wall)%n",
                (long) intervals * (STREAMS + 1),
                intervals * (STREAMS + 1) / wall);
        System.out.printf(
                Locale.ROOT,
                "pulses=%d fx-busy-per-pulse p50=%.2f ms p99=%.2f ms p99.9=%.2f ms max=%.2f ms%n",
                f.length,
                pct(f, 0.5),
                pct(f, 0.99),
                pct(f, 0.999),
                f.length == 0 ? 0 : f[f.length - 1] / 1e6);
        System.out.printf(
                Locale.ROOT,
                "fx-thread CPU per pulse (its own work, excluding waits for CPU and for the"
                        + " renderer) p50=%.2f ms p99=%.2f ms max=%.2f ms; renderer thread CPU %.1f ms per pulse%n",
                pct(c, 0.5),
                pct(c, 0.99),
                c.length == 0 ? 0 : c[c.length - 1] / 1e6,
                f.length == 0 ? 0 : renderCpu / 1e6 / f.length);
        System.out.printf(Locale.ROOT, "pulses per second of wall time: %.1f%n", f.length / (wall + 1));
        StringBuilder worst = new StringBuilder("slowest pulses (ms):");
        for (int i = f.length - 1; i >= Math.max(0, f.length - 10); i--) {
            worst.append(String.format(Locale.ROOT, " %.1f", f[i] / 1e6));
        }
        System.out.println(worst);
        System.out.printf(
                Locale.ROOT,
                "chart frames painted=%d, render ticks skipped (FX behind)=%d%n",
                loop.framesPainted(),
                loop.ticksSkipped());
        System.out.printf(
                Locale.ROOT,
                "heap peak used=%d MB, after GC=%d MB, max=%d MB%n",
                peakHeap.get() >> 20,
                afterGc >> 20,
                Runtime.getRuntime().maxMemory() >> 20);
        Platform.exit();
        System.exit(0);
    }

    private static double pct(long[] sorted, double p) {
        if (sorted.length == 0) {
            return 0;
        }
        return sorted[Math.min(sorted.length - 1, (int) Math.floor(p * sorted.length))] / 1e6;
    }
}
