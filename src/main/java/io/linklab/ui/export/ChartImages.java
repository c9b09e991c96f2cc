package io.linklab.ui.export;

import io.linklab.ui.charts.ChartContent;
import io.linklab.ui.charts.PlotFrame;
import io.linklab.ui.charts.PlotPainter;
import java.awt.Graphics2D;
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

    private ChartImages() {}

    public static BufferedImage render(ChartContent content, int width, int height) {
        return render(content, width, height, 1);
    }

    /**
     * The chart laid out at {@code width}×{@code height} as on screen, painted at {@code scale} device pixels per
     * layout pixel (the screen's output scale: 2 at 200 %), so an export from a HiDPI screen is as sharp as the
     * chart the user saw and its text keeps its size relative to the chart.
     */
    public static BufferedImage render(ChartContent content, int width, int height, double scale) {
        if (width < MIN_SIZE || height < MIN_SIZE || width > MAX_SIZE || height > MAX_SIZE) {
            throw new IllegalArgumentException("image size " + width + "×" + height + " is out of range: choose "
                    + MIN_SIZE + " to " + MAX_SIZE + " pixels each way");
        }
        double s = Math.max(1, Math.min(scale, 4));
        PlotPainter.Layout probe = PlotPainter.layout(width, height, null);
        PlotFrame frame = content.frame(probe.columns());
        if (s == 1) {
            return new PlotPainter(true, false).paint(frame, width, height);
        }
        int pw = (int) Math.ceil(width * s);
        int ph = (int) Math.ceil(height * s);
        BufferedImage img = new BufferedImage(pw, ph, BufferedImage.TYPE_INT_ARGB_PRE);
        Graphics2D g = img.createGraphics();
        try {
            g.scale(pw / (double) width, ph / (double) height);
            new PlotPainter(true, false).paint(g, frame, width, height);
        } finally {
            g.dispose();
        }
        return img;
    }

    public static Path writePng(ChartContent content, int width, int height, Path file) throws IOException {
        return writePng(content, width, height, 1, file);
    }

    /** Writes {@link #render(ChartContent, int, int, double)} as a PNG file. */
    public static Path writePng(ChartContent content, int width, int height, double scale, Path file)
            throws IOException {
        BufferedImage img = render(content, width, height, scale);
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
