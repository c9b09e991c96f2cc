package io.linklab.ui.export;

import io.linklab.ui.charts.ChartContent;
import io.linklab.ui.charts.PlotFrame;
import io.linklab.ui.charts.PlotPainter;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;

/**
 * PNG files of charts at any size. The same painter as the screen draws the chart afresh at the asked size
 * (not a scaled screenshot), with a legend, off the FX thread.
 */
public final class ChartImages {

    public static final int MIN_SIZE = 200;
    public static final int MAX_SIZE = 8000;

    private ChartImages() {
    }

    public static BufferedImage render(ChartContent content, int width, int height) {
        if (width < MIN_SIZE || height < MIN_SIZE || width > MAX_SIZE || height > MAX_SIZE) {
            throw new IllegalArgumentException("image size " + width + "×" + height + " is out of range: choose "
                    + MIN_SIZE + " to " + MAX_SIZE + " pixels each way");
        }
        PlotPainter.Layout probe = PlotPainter.layout(width, height, null);
        PlotFrame frame = content.frame(probe.columns());
        return new PlotPainter(true).paint(frame, width, height);
    }

    public static Path writePng(ChartContent content, int width, int height, Path file) throws IOException {
        BufferedImage img = render(content, width, height);
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        if (!ImageIO.write(img, "png", file.toFile())) {
            throw new IOException("no PNG writer available to write " + file);
        }
        return file;
    }
}
