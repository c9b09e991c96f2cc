package io.linklab.ui.bench;

import io.linklab.ui.charts.ChartRenderLoop;
import io.linklab.ui.charts.ChartView;
import io.linklab.ui.charts.LiveChartContent;
import io.linklab.ui.charts.LiveSeries;
import io.linklab.ui.charts.Palette;
import io.linklab.ui.charts.ValueUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import javafx.animation.AnimationTimer;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.layout.StackPane;
import javafx.scene.paint.Color;
import javafx.stage.Stage;

/**
 * Benchmark behind decision 0500 (not a test): the same live data — S streams, a new interval for each at
 * 10 Hz, a 900-pixel-wide plot — drawn by (a) JavaFX LineChart with symbols and animation off and each series
 * decimated to two points per pixel column, (b) a JavaFX Canvas drawing the decimated lines on the FX thread,
 * (c) LinkLab's ChartView: Java2D painting on a render thread, the FX thread only swapping the image.
 * Reports the FX thread's busy time per pulse. Run with src/test/bench/chart-components.sh.
 */
public class ChartComponentBenchmark {

    static final String VARIANT = System.getProperty("bench.variant", "raster");
    static final int STREAMS = Integer.getInteger("bench.streams", 128);
    static final int SECONDS = Integer.getInteger("bench.seconds", 20);
    static final int HISTORY = Integer.getInteger("bench.points", 3000); // intervals already on screen
    static final int WIDTH = 900;

    public static void main(String[] args) {
        Application.launch(App.class, args);
    }

    /** JavaFX entry point. */
    public static final class App extends Application {
        @Override
        public void start(Stage stage) {
            new ChartComponentBenchmark().run(stage);
        }
    }

    private final List<LiveSeries> series = new ArrayList<>();
    private final Random random = new Random(7);
    private final long[] busy = new long[100_000];
    private volatile int frames;
    private volatile int updates;
    private double t;

    void run(Stage stage) {
        for (int i = 0; i < STREAMS; i++) {
            series.add(new LiveSeries("s" + i));
        }
        for (int k = 0; k < HISTORY; k++) {
            step();
        }
        StackPane root = new StackPane();
        Runnable redraw;
        ChartRenderLoop loop = null;
        switch (VARIANT) {
            case "linechart" -> {
                NumberAxis x = new NumberAxis();
                NumberAxis y = new NumberAxis();
                x.setAutoRanging(true);
                y.setAutoRanging(true);
                LineChart<Number, Number> chart = new LineChart<>(x, y);
                chart.setAnimated(false);
                chart.setCreateSymbols(false);
                chart.setLegendVisible(false);
                List<XYChart.Series<Number, Number>> fx = new ArrayList<>();
                for (int i = 0; i < STREAMS; i++) {
                    fx.add(new XYChart.Series<>());
                }
                chart.getData().setAll(fx);
                root.getChildren().add(chart);
                redraw = () -> {
                    for (int i = 0; i < STREAMS; i++) {
                        LiveSeries.Polyline p = new LiveSeries.Polyline();
                        LiveSeries s = series.get(i);
                        s.decimate(0, s.lastX(), WIDTH, p);
                        List<XYChart.Data<Number, Number>> pts = new ArrayList<>(p.size());
                        for (int j = 0; j < p.size(); j++) {
                            pts.add(new XYChart.Data<>(p.x(j), p.y(j)));
                        }
                        fx.get(i).getData().setAll(pts);
                    }
                };
            }
            case "canvas" -> {
                Canvas canvas = new Canvas(WIDTH + 80, 500);
                root.getChildren().add(canvas);
                redraw = () -> drawCanvas(canvas.getGraphicsContext2D(), canvas.getWidth(), canvas.getHeight());
            }
            default -> {
                loop = new ChartRenderLoop(Platform::runLater, 10);
                LiveChartContent content = new LiveChartContent("bench", ValueUnit.BITS_PER_SECOND);
                for (int i = 0; i < STREAMS; i++) {
                    content.add(series.get(i), "s" + i, Palette.color(i), 1f, false);
                }
                root.getChildren().add(new ChartView(content, loop));
                redraw = () -> {};
            }
        }
        stage.setScene(new Scene(root, WIDTH + 80, 500));
        stage.setTitle("chart benchmark " + VARIANT);
        stage.show();
        long start = System.nanoTime();
        ChartRenderLoop renderLoop = loop;
        // A chart that cannot keep up starves the pulses that would end the run: report from outside then.
        Thread watchdog = new Thread(
                () -> {
                    try {
                        Thread.sleep(SECONDS * 1000L + 15_000L);
                    } catch (InterruptedException e) {
                        return;
                    }
                    System.out.println(
                            "(FX thread could not finish the run in time; figures so far, the last pulse still busy)");
                    report(renderLoop);
                },
                "bench-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
        new AnimationTimer() {
            long lastUpdate;

            @Override
            public void handle(long now) {
                long begin = System.nanoTime();
                if (now - lastUpdate >= 100_000_000L) { // a new interval for every stream at 10 Hz
                    lastUpdate = now;
                    step();
                    redraw.run();
                    updates++;
                }
                Platform.runLater(() -> {
                    if (frames < busy.length) {
                        busy[frames++] = System.nanoTime() - begin;
                    }
                });
                if (now - start > SECONDS * 1_000_000_000L) {
                    stop();
                    report(renderLoop);
                }
            }
        }.start();
    }

    private void step() {
        t += 0.1;
        for (LiveSeries s : series) {
            s.add(t, 1e9 * (1 + 0.3 * random.nextGaussian()));
        }
    }

    private void drawCanvas(GraphicsContext g, double w, double h) {
        g.setFill(Color.WHITE);
        g.fillRect(0, 0, w, h);
        g.setLineWidth(1);
        LiveSeries.Polyline p = new LiveSeries.Polyline();
        double x1 = series.get(0).lastX();
        for (int i = 0; i < STREAMS; i++) {
            series.get(i).decimate(0, x1, WIDTH, p);
            double[] xs = new double[p.size()];
            double[] ys = new double[p.size()];
            for (int j = 0; j < p.size(); j++) {
                xs[j] = 60 + p.x(j) / x1 * WIDTH;
                ys[j] = h - 30 - p.y(j) / 2.5e9 * (h - 40);
            }
            g.setStroke(Color.web(Palette.css(Palette.color(i))));
            g.strokePolyline(xs, ys, xs.length);
        }
    }

    private synchronized void report(ChartRenderLoop loop) {
        long[] f = Arrays.copyOf(busy, Math.max(1, frames));
        Arrays.sort(f);
        System.out.printf(
                Locale.ROOT,
                "variant=%s streams=%d points/stream=%d..%d pulses=%d updates=%d "
                        + "fx-busy p50=%.2f ms p99=%.2f ms max=%.2f ms%s%n",
                VARIANT,
                STREAMS,
                HISTORY,
                series.get(0).size(),
                f.length,
                updates,
                f[f.length / 2] / 1e6,
                f[(int) (f.length * 0.99)] / 1e6,
                f[f.length - 1] / 1e6,
                loop == null ? "" : " chart-frames=" + loop.framesPainted());
        Platform.exit();
        System.exit(0);
    }
}
