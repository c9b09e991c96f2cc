package io.linklab.matrix;

import io.linklab.store.AtomicFile;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;

/**
 * The matrix's heatmap as a PNG (heatmap.png in the matrix folder), for reports and for a matrix run without a
 * window: drawn with java.awt on an image from the same {@link MatrixGrid} as the window's heatmap. Every text is
 * measured before the image is sized, so host names, rates and reasons are whole at any number of hosts; a failed
 * cell names its reason by a number whose full text is listed under the grid (a login error does not fit a cell).
 */
public final class HeatmapImage {

    public static final String NAME = "heatmap.png";

    /**
     * The image of one MTU of a matrix that sweeps several ("heatmap-mtu9000.png"); {@link #NAME} for a matrix of one
     * MTU or none, which has one image.
     */
    public static String name(Integer mtu) {
        return mtu == null ? NAME : "heatmap-mtu" + mtu + ".png";
    }

    /** Not in the matrix, or not measured yet. */
    static final Color MISSING = new Color(0xF2F2F2);
    /** Failed or stopped: a grey cell crossed in red. */
    public static final Color FAILED = new Color(0xD0D0D0);

    private static final Color SELF = new Color(0x9A9A9A);
    /** The cross over a failed cell. */
    public static final Color CROSS = new Color(0xC62828);

    /** The frame of a cell below its expected rate (its verdict is fail). */
    public static final Color BELOW_EXPECTED = new Color(0xB71C1C);

    private static final Font TEXT = new Font(Font.SANS_SERIF, Font.PLAIN, 13);
    private static final Font BOLD = TEXT.deriveFont(Font.BOLD);
    private static final int PAD = 6;
    /** About 100 MB of image: far more than a screen or a page shows, and still no danger to the heap. */
    static final long MAX_PIXELS = 25_000_000;
    /** More hosts than a readable heatmap has; their n² cell texts are made before the size is known. */
    static final int MAX_HOSTS = 400;

    private static final int MARGIN = 14;
    private static final int SCALE_WIDTH = 160;

    private final MatrixGrid grid;
    private final List<String> hosts;
    private final String[][] texts;
    private final Map<String, Integer> reasons = new LinkedHashMap<>();
    private final Map<String, Integer> reasonCells = new LinkedHashMap<>();
    private final List<String> header;
    /** The header's line that the colour scale follows. */
    private final int scaleLine;
    /** "At MTU 9000 …", the bold first line of one MTU's image; null for a matrix's only image. */
    private final String title;

    private final FontMetrics plain;
    private final FontMetrics bold;
    private final int cellW;
    private final int cellH;
    private final int rowHeaderW;
    private final int colHeaderH;
    private final boolean verticalNames;
    private final int gridX;
    private final int gridY;
    private final int width;
    private final int height;

    HeatmapImage(MatrixGrid grid, Function<Double, String> rateText) {
        this(grid, rateText, null);
    }

    /** Lays the grid out: cell and header sizes from the widest text they hold; a title, when given, first. */
    HeatmapImage(MatrixGrid grid, Function<Double, String> rateText, String title) {
        this.grid = grid;
        this.title = title;
        this.hosts = grid.hosts();
        Graphics2D scratch = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB).createGraphics();
        hints(scratch);
        plain = scratch.getFontMetrics(TEXT);
        bold = scratch.getFontMetrics(BOLD);
        scratch.dispose();

        int n = hosts.size();
        texts = new String[n][n];
        int widest = plain.stringWidth("00.000");
        for (int s = 0; s < n; s++) {
            for (int r = 0; r < n; r++) {
                texts[s][r] = s == r ? "" : text(hosts.get(s), hosts.get(r), rateText);
                widest = Math.max(widest, plain.stringWidth(texts[s][r]));
            }
        }
        cellW = widest + 2 * PAD;
        cellH = plain.getHeight() + 2 * PAD;
        int longestName = hosts.stream().mapToInt(bold::stringWidth).max().orElse(0);
        rowHeaderW = longestName + 2 * PAD;
        verticalNames = longestName > widest;
        colHeaderH = verticalNames ? longestName + 2 * PAD : cellH;

        List<String> lines = new ArrayList<>();
        if (title != null) {
            lines.add(title);
        }
        scaleLine = lines.size() + 1;
        lines.addAll(List.of(
                "Senders down, receivers across: each cell is the rate the sender reached, in Gbit/s (the lower one "
                        + "where both directions of a pair measured it)",
                scaleText(rateText),
                "Light grey: not in the matrix or not measured yet. Crossed: failed or stopped, for the reason "
                        + "numbered below."));
        header = List.copyOf(lines);
        int textW = header.stream().mapToInt(plain::stringWidth).max().orElse(0) + SCALE_WIDTH + PAD;
        if (title != null) {
            textW = Math.max(textW, bold.stringWidth(title));
        }
        for (String line : footnotes()) {
            textW = Math.max(textW, plain.stringWidth(line));
        }
        gridX = MARGIN + rowHeaderW;
        gridY = MARGIN + header.size() * plain.getHeight() + PAD + colHeaderH;
        width = 2 * MARGIN + Math.max(rowHeaderW + n * cellW, textW);
        height = gridY + n * cellH + PAD + footnotes().size() * plain.getHeight() + MARGIN;
    }

    /** The heatmap of {@code grid}, rates written with {@code rateText} (the command line's Gbit/s). */
    /**
     * @throws TooLarge when the image would have more than {@link #MAX_PIXELS} pixels (or the grid more than
     *                  {@link #MAX_HOSTS} hosts): matrix.csv holds the values then
     */
    public static BufferedImage render(MatrixGrid grid, Function<Double, String> rateText) throws TooLarge {
        return render(grid, rateText, null);
    }

    /** The heatmap as {@link #render(MatrixGrid, Function)} draws it, under {@code title} when not null. */
    public static BufferedImage render(MatrixGrid grid, Function<Double, String> rateText, String title)
            throws TooLarge {
        int n = grid.hosts().size();
        if (n > MAX_HOSTS) {
            throw new TooLarge("a heatmap of " + n + " hosts is more than the " + MAX_HOSTS + " it draws");
        }
        HeatmapImage h = new HeatmapImage(grid, rateText, title);
        if ((long) h.width * h.height > MAX_PIXELS) {
            throw new TooLarge("the heatmap of " + n + " hosts would be " + h.width + " x " + h.height
                    + " pixels, more than the " + MAX_PIXELS / 1_000_000 + " million it draws");
        }
        return h.draw();
    }

    /** A heatmap too large to draw; its message says how large. */
    public static final class TooLarge extends IOException {
        TooLarge(String message) {
            super(message);
        }
    }

    /** Writes heatmap.png into {@code dir}, whole or not at all (it is rewritten after every pair). */
    public static void write(Path dir, MatrixGrid grid, Function<Double, String> rateText) throws IOException {
        write(dir, null, grid, rateText);
    }

    /**
     * Writes the image of one MTU ({@link #name}, titled with it) into {@code dir}, or heatmap.png as {@link #write(Path,
     * MatrixGrid, Function)} for a null MTU.
     */
    public static void write(Path dir, Integer mtu, MatrixGrid grid, Function<Double, String> rateText)
            throws IOException {
        AtomicFile.write(dir.resolve(name(mtu)), png(render(grid, rateText, title(mtu))));
    }

    /** The first line of one MTU's image; null (no line) for a matrix's only image. */
    static String title(Integer mtu) {
        return mtu == null ? null : "At MTU " + mtu + " on both ends' data interfaces";
    }

    /**
     * PNG at a light deflate level: ImageIO's default took 0.6 s for 32 hosts (2300x1150 px), each time a pair
     * ends; a heatmap of flat colours is barely larger at level 2.
     */
    static byte[] png(BufferedImage image) throws IOException {
        ImageWriter writer = ImageIO.getImageWritersByFormatName("png").next();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ImageOutputStream out = ImageIO.createImageOutputStream(bytes)) {
            writer.setOutput(out);
            ImageWriteParam param = writer.getDefaultWriteParam();
            param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
            param.setCompressionQuality(0.75f);
            writer.write(null, new IIOImage(image, null, null), param);
        } finally {
            writer.dispose();
        }
        return bytes.toByteArray();
    }

    /** Where the cell of data from hosts[sender] to hosts[receiver] lies in the image. */
    Rectangle cellBounds(int sender, int receiver) {
        return new Rectangle(gridX + receiver * cellW, gridY + sender * cellH, cellW, cellH);
    }

    /**
     * The colour of a cell at {@code shade} (0 worst, red, to 1 best, green): light, so black text reads on it. The
     * window's heatmap paints with it too, so the PNG and the window agree.
     */
    public static Color colour(double shade) {
        return Color.getHSBColor((float) (shade * 120 / 360), 0.45f, 1.0f);
    }

    BufferedImage draw() {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        hints(g);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, width, height);
        g.setColor(Color.BLACK);
        g.setFont(TEXT);
        int y = MARGIN + plain.getAscent();
        for (int i = 0; i < header.size(); i++) {
            g.setFont(title != null && i == 0 ? BOLD : TEXT);
            g.drawString(header.get(i), MARGIN, y);
            y += plain.getHeight();
        }
        g.setFont(TEXT);
        drawScale(g, MARGIN + plain.stringWidth(header.get(scaleLine)) + PAD, MARGIN + scaleLine * plain.getHeight());
        drawNames(g);
        for (int s = 0; s < hosts.size(); s++) {
            for (int r = 0; r < hosts.size(); r++) {
                drawCell(g, s, r);
            }
        }
        g.setColor(Color.BLACK);
        g.setFont(TEXT);
        y = gridY + hosts.size() * cellH + PAD + plain.getAscent();
        for (String line : footnotes()) {
            g.drawString(line, MARGIN, y);
            y += plain.getHeight();
        }
        g.dispose();
        return image;
    }

    private String text(String sender, String receiver, Function<Double, String> rateText) {
        Optional<MatrixGrid.Cell> cell = grid.cell(sender, receiver);
        if (cell.isEmpty()) {
            return "";
        }
        MatrixGrid.Cell c = cell.get();
        if (c.bitsPerSecond() != null) {
            return rateText.apply(c.bitsPerSecond());
        }
        if (!c.failed()) {
            return "";
        }
        String status = c.rows().stream()
                .filter(r -> !r.ok())
                .map(MatrixRow::status)
                .findFirst()
                .orElse(MatrixRow.FAILED);
        String reason = status + ": " + c.reason().replaceAll("\\s+", " ").trim();
        int number = reasons.computeIfAbsent(reason, k -> reasons.size() + 1);
        reasonCells.merge(reason, 1, Integer::sum);
        return status + " [" + number + "]";
    }

    private String scaleText(Function<Double, String> rateText) {
        long measured =
                grid.cells().stream().filter(c -> c.bitsPerSecond() != null).count();
        long ofLink =
                grid.cells().stream().filter(c -> c.fractionOfLink() != null).count();
        String best = "the best rate (" + rateText.apply(grid.highestRate()) + " Gbit/s)";
        String scale = ofLink > 0 && ofLink == measured
                ? "the fraction of the link speed drawn in the lab"
                : ofLink > 0
                        ? "the fraction of the link speed where one is drawn, else the rate against " + best
                        : "the rate against " + best;
        return "Colour: " + scale + ", from 0 % to 100 %:";
    }

    private static boolean belowExpected(MatrixGrid.Cell c) {
        return c.rows().stream().anyMatch(r -> r.verdict().failed());
    }

    private List<String> footnotes() {
        List<String> lines = new ArrayList<>();
        if (grid.cells().stream().anyMatch(HeatmapImage::belowExpected)) {
            lines.add("Framed in red: verdict fail, below 90 % of the link speed drawn in the lab.");
        }
        reasons.forEach((reason, number) -> {
            int cells = reasonCells.get(reason);
            lines.add("[" + number + "] " + reason + " (" + cells + (cells == 1 ? " cell)" : " cells)"));
        });
        return lines;
    }

    private void drawScale(Graphics2D g, int x, int y) {
        int h = plain.getHeight() - 2;
        for (int i = 0; i < SCALE_WIDTH; i++) {
            g.setColor(colour(i / (double) (SCALE_WIDTH - 1)));
            g.fillRect(x + i, y + 1, 1, h);
        }
        g.setColor(Color.GRAY);
        g.drawRect(x, y + 1, SCALE_WIDTH - 1, h);
    }

    private void drawNames(Graphics2D g) {
        g.setFont(BOLD);
        g.setColor(Color.BLACK);
        for (int i = 0; i < hosts.size(); i++) {
            String name = hosts.get(i);
            int rowY = gridY + i * cellH + (cellH - bold.getHeight()) / 2 + bold.getAscent();
            g.drawString(name, gridX - PAD - bold.stringWidth(name), rowY);
            int colX = gridX + i * cellW;
            if (verticalNames) {
                Graphics2D turned = (Graphics2D) g.create();
                turned.translate(colX + (cellW + bold.getAscent() - bold.getDescent()) / 2.0, gridY - PAD);
                turned.rotate(-Math.PI / 2);
                turned.drawString(name, 0, 0);
                turned.dispose();
            } else {
                g.drawString(name, colX + (cellW - bold.stringWidth(name)) / 2, gridY - PAD - bold.getDescent());
            }
        }
    }

    private void drawCell(Graphics2D g, int s, int r) {
        Rectangle b = cellBounds(s, r);
        Optional<MatrixGrid.Cell> cell = s == r ? Optional.empty() : grid.cell(hosts.get(s), hosts.get(r));
        Optional<Double> shade = cell.flatMap(grid::shade);
        boolean failed = cell.map(MatrixGrid.Cell::failed).orElse(false);
        g.setColor(s == r ? SELF : shade.isPresent() ? colour(shade.get()) : failed ? FAILED : MISSING);
        g.fillRect(b.x + 1, b.y + 1, b.width - 1, b.height - 1);
        if (failed) {
            g.setColor(CROSS);
            g.setStroke(new BasicStroke(1.5f));
            g.drawLine(b.x + 3, b.y + 3, b.x + b.width - 3, b.y + b.height - 3);
            g.drawLine(b.x + 3, b.y + b.height - 3, b.x + b.width - 3, b.y + 3);
        }
        if (cell.map(HeatmapImage::belowExpected).orElse(false)) {
            g.setColor(BELOW_EXPECTED);
            g.setStroke(new BasicStroke(3f));
            g.drawRect(b.x + 2, b.y + 2, b.width - 4, b.height - 4);
        }
        String text = texts[s][r];
        if (!text.isEmpty()) {
            int tw = plain.stringWidth(text);
            int tx = b.x + (b.width - tw) / 2;
            int ty = b.y + (b.height - plain.getHeight()) / 2;
            if (failed) {
                // the text stays readable over the cross, which still shows around it
                g.setColor(FAILED);
                g.fillRect(tx - 1, ty + plain.getDescent(), tw + 2, plain.getAscent());
            }
            g.setColor(Color.BLACK);
            g.setFont(TEXT);
            g.drawString(text, tx, ty + plain.getAscent());
        }
    }

    private static void hints(Graphics2D g) {
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_OFF);
    }
}
