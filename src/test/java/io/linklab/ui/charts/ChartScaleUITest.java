package io.linklab.ui.charts;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Charts are painted at the window's render scale: at 200 % the image has twice the node's pixels each way. */
@ExtendWith(ApplicationExtension.class)
class ChartScaleUITest {

    private final ChartRenderLoop loop = new ChartRenderLoop(Platform::runLater, 20);
    private Stage stage;
    private ChartView chart;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        LiveChartContent content = new LiveChartContent("Bitrate", ValueUnit.BITS_PER_SECOND);
        LiveSeries s = new LiveSeries("sum");
        for (int i = 1; i <= 20; i++) {
            s.add(i, 9e9 + i * 1e7);
        }
        content.add(s, "SUM", Palette.SUM, 2.6f, false);
        chart = new ChartView(content, loop);
        StackPane root = new StackPane(chart);
        chart.setMinSize(400, 200);
        chart.setMaxSize(400, 200);
        stage.setScene(new Scene(root, 500, 300));
        stage.show();
    }

    @AfterEach
    void stop() {
        loop.close();
    }

    private static <T> T fx(Callable<T> c) throws Exception {
        return WaitForAsyncUtils.asyncFx(c).get(10, TimeUnit.SECONDS);
    }

    @Test
    void aChartAt200PercentHasTwiceThePixelsOfItsNode() throws Exception {
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> fx(() -> chart.imagePixels()[0] == 400));
        assertArrayEquals(new int[] {400, 200}, fx(chart::imagePixels), "at 100 %: one pixel per layout pixel");

        fx(() -> {
            stage.setRenderScaleX(2);
            stage.setRenderScaleY(2);
            return null;
        });
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> fx(() -> chart.imagePixels()[0] == 800));
        assertArrayEquals(new int[] {800, 400}, fx(chart::imagePixels), "at 200 %: 2× the node's 400×200");
        assertArrayEquals(
                new double[] {400, 200},
                fx(() -> new double[] {chart.getWidth(), chart.getHeight()}),
                "the node itself keeps its layout size");
    }
}
