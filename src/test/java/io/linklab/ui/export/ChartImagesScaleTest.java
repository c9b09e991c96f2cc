package io.linklab.ui.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.ui.charts.LiveChartContent;
import io.linklab.ui.charts.LiveSeries;
import io.linklab.ui.charts.Palette;
import io.linklab.ui.charts.ValueUnit;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An exported chart is painted at the screen's output scale: from a 200 % screen, twice the pixels each way. */
class ChartImagesScaleTest {

    private static LiveChartContent bitrate() {
        LiveChartContent content = new LiveChartContent("Bitrate", ValueUnit.BITS_PER_SECOND);
        LiveSeries s = new LiveSeries("sum");
        for (int i = 1; i <= 20; i++) {
            s.add(i, 9e9 + i * 1e7);
        }
        content.add(s, "SUM", Palette.SUM, 2.6f, false);
        return content;
    }

    @Test
    void aChartExportedAt200PercentHasTwiceThePixelsAndTheSameLayout(@TempDir Path dir) throws Exception {
        BufferedImage one = ChartImages.render(bitrate(), 800, 450);
        Path file = ChartImages.writePng(bitrate(), 800, 450, 2, dir.resolve("bitrate.png"));
        BufferedImage two = ImageIO.read(file.toFile());
        assertEquals(800, one.getWidth());
        assertEquals(450, one.getHeight());
        assertEquals(1600, two.getWidth());
        assertEquals(900, two.getHeight());
        // Same layout, denser pixels: where the 1× image has ink (text, axes, the line), the 2× image has it at
        // twice the coordinates, for nearly every pixel.
        int inked = 0;
        int matched = 0;
        for (int y = 0; y < 450; y++) {
            for (int x = 0; x < 800; x++) {
                if (dark(one.getRGB(x, y))) {
                    inked++;
                    if (dark(two.getRGB(2 * x, 2 * y)) || dark(two.getRGB(2 * x + 1, 2 * y + 1))) {
                        matched++;
                    }
                }
            }
        }
        assertTrue(inked > 500, "the 1× chart has ink: " + inked);
        assertTrue(matched > 0.6 * inked, matched + " of " + inked + " inked pixels are where the layout puts them");
    }

    private static boolean dark(int argb) {
        int r = (argb >> 16) & 0xff;
        int g = (argb >> 8) & 0xff;
        int b = argb & 0xff;
        return r + g + b < 3 * 160;
    }
}
