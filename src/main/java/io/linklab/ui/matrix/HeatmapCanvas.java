package io.linklab.ui.matrix;

import io.linklab.matrix.HeatmapImage;
import io.linklab.matrix.MatrixGrid;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BiConsumer;
import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.layout.Pane;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.Text;
import javafx.scene.text.TextAlignment;

/**
 * The heatmap: data senders down the left, receivers across the top, one square per ordered pair coloured by
 * {@link MatrixGrid#shade} on {@link #colour}'s scale; a failed pair is grey and crossed, a running pair outlined,
 * a waiting one left empty. One canvas, redrawn whole (32 hosts are 1024 squares: a few milliseconds), because a
 * node per cell would cost a scene graph of thousands of nodes for what is a picture.
 */
final class HeatmapCanvas extends Pane {

    static final Color FAILED = fx(HeatmapImage.FAILED);
    private static final Color CROSS = fx(HeatmapImage.CROSS);
    static final Color RUNNING = Color.web("#1f6feb");
    private static final double GAP = 6;
    /**
     * The widest a gutter of names gets (about 13 characters): at 1280×800 the heatmap has about 620×420 px, and
     * 32 hosts of 56-character names would take 350 px of its height and leave 2-pixel squares; with this they
     * keep 10 px. A longer name is cut with "…"; hovering it shows it whole.
     */
    static final double MOST_NAME_WIDTH = 90;

    private final Canvas canvas = new Canvas();
    private final Font font = Font.font(12);
    private MatrixGrid grid;
    private List<String[]> running = List.of();
    private List<String> hosts = List.of();
    private double labelW;
    private double labelH;
    private double cell;
    private long lastDrawNanos;
    private List<String> drawnNames = List.of();
    // the gutter's width and the names fitted to it, worked out once per list of hosts
    private List<String> namesOf;
    private List<String> names = List.of();
    private double nameWidth;
    private double textH;

    HeatmapCanvas() {
        getChildren().add(canvas);
        setId("matrix-heatmap");
        setMinSize(200, 200);
        widthProperty().addListener(o -> redraw());
        heightProperty().addListener(o -> redraw());
    }

    /** FX thread: shows this grid, the cells of running pairs (sender, receiver) outlined, and redraws. */
    void show(MatrixGrid grid, List<String[]> running) {
        this.grid = grid;
        this.running = running;
        this.hosts = grid.hosts();
        redraw();
    }

    /** How long the last redraw took, in nanoseconds. */
    long lastDrawNanos() {
        return lastDrawNanos;
    }

    /** Red (0, the worst) to green (1, the best): the matrix's one colour scale, the PNG's ({@link HeatmapImage}). */
    static Color colour(double shade) {
        return fx(HeatmapImage.colour(Math.max(0, Math.min(1, shade))));
    }

    private static Color fx(java.awt.Color c) {
        return Color.rgb(c.getRed(), c.getGreen(), c.getBlue());
    }

    /** The sender and receiver of the square at (x, y) of this pane, if there is one. */
    Optional<String[]> cellAt(double x, double y) {
        if (cell <= 0) {
            return Optional.empty();
        }
        int col = (int) Math.floor((x - labelW) / cell);
        int row = (int) Math.floor((y - labelH) / cell);
        if (x < labelW || y < labelH || row >= hosts.size() || col >= hosts.size()) {
            return Optional.empty();
        }
        return Optional.of(new String[] {hosts.get(row), hosts.get(col)});
    }

    /** The host whose name is at (x, y) of this pane, in the gutter left of the rows or above the columns. */
    Optional<String> nameAt(double x, double y) {
        if (cell <= 0) {
            return Optional.empty();
        }
        int row = (int) Math.floor((y - labelH) / cell);
        int col = (int) Math.floor((x - labelW) / cell);
        if (x < labelW && y >= labelH && row < hosts.size()) {
            return Optional.of(hosts.get(row));
        }
        if (y < labelH && x >= labelW && col < hosts.size()) {
            return Optional.of(hosts.get(col));
        }
        return Optional.empty();
    }

    /** The side of a square at the last redraw, in pixels. */
    double cellSize() {
        return cell;
    }

    /** The names as the last redraw wrote them beside the rows ("…" where cut), one per host written. */
    List<String> drawnNames() {
        return drawnNames;
    }

    /** Calls {@code at} with each host's square: for tests that aim the mouse. */
    void eachCell(BiConsumer<String[], double[]> at) {
        for (int r = 0; r < hosts.size(); r++) {
            for (int c = 0; c < hosts.size(); c++) {
                at.accept(
                        new String[] {hosts.get(r), hosts.get(c)},
                        new double[] {labelW + (c + 0.5) * cell, labelH + (r + 0.5) * cell});
            }
        }
    }

    void redraw() {
        long t0 = System.nanoTime();
        double w = getWidth();
        double h = getHeight();
        if (canvas.getWidth() != w || canvas.getHeight() != h) {
            canvas.setWidth(w); // a new size is a new buffer: only when the pane's size changed
            canvas.setHeight(h);
        }
        GraphicsContext g = canvas.getGraphicsContext2D();
        g.clearRect(0, 0, w, h);
        if (grid == null || hosts.isEmpty()) {
            return;
        }
        if (!hosts.equals(namesOf)) {
            fitNames();
        }
        labelW = nameWidth + GAP;
        labelH = nameWidth + GAP;
        int n = hosts.size();
        cell = Math.max(4, Math.min((w - labelW) / n, (h - labelH) / n));
        g.setFont(font);
        g.setFill(Color.gray(0.35));
        g.setTextBaseline(VPos.CENTER);
        boolean everyName = cell >= textH * 0.9;
        List<String> drawn = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (!everyName && i % Math.ceil(textH / cell) != 0) {
                continue; // too many hosts for a name per square: every k-th name, the hover names the rest
            }
            double mid = labelH + (i + 0.5) * cell;
            String name = names.get(i);
            drawn.add(name);
            g.setTextAlign(TextAlignment.RIGHT);
            g.fillText(name, labelW - GAP / 2, mid);
            g.save();
            g.translate(labelW + (i + 0.5) * cell, labelH - GAP / 2);
            g.rotate(-90);
            g.setTextAlign(TextAlignment.LEFT);
            g.fillText(name, 0, 0);
            g.restore();
        }
        drawnNames = List.copyOf(drawn);
        double pad = cell > 12 ? 1 : 0;
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < n; c++) {
                double x = labelW + c * cell;
                double y = labelH + r * cell;
                if (r == c) {
                    g.setFill(Color.gray(0.9));
                    g.fillRect(x + pad, y + pad, cell - 2 * pad, cell - 2 * pad);
                    continue;
                }
                paintCell(g, grid.cell(hosts.get(r), hosts.get(c)), x + pad, y + pad, cell - 2 * pad);
            }
        }
        for (String[] sr : running) {
            int r = hosts.indexOf(sr[0]);
            int c = hosts.indexOf(sr[1]);
            if (r >= 0 && c >= 0) {
                g.setStroke(RUNNING);
                g.setLineWidth(2);
                g.strokeRect(labelW + c * cell + 1, labelH + r * cell + 1, cell - 2, cell - 2);
            }
        }
        lastDrawNanos = System.nanoTime() - t0;
    }

    /** The longest host name sets the gutters, up to MOST_NAME_WIDTH: only a longer one is cut. */
    private void fitNames() {
        Text measure = new Text();
        measure.setFont(font);
        double longest = 0;
        for (String host : hosts) {
            measure.setText(host);
            longest = Math.max(longest, measure.getLayoutBounds().getWidth());
        }
        textH = measure.getLayoutBounds().getHeight();
        nameWidth = Math.min(longest, MOST_NAME_WIDTH);
        List<String> fitted = new ArrayList<>();
        for (String host : hosts) {
            fitted.add(fitted(host, nameWidth, measure));
        }
        names = fitted;
        namesOf = hosts;
    }

    /** The name, or as much of its start as fits {@code room} pixels followed by "…". */
    private static String fitted(String name, double room, Text measure) {
        measure.setText(name);
        if (measure.getLayoutBounds().getWidth() <= room) {
            return name;
        }
        int keep = name.length() - 1;
        for (; keep > 1; keep--) {
            measure.setText(name.substring(0, keep) + "…");
            if (measure.getLayoutBounds().getWidth() <= room) {
                break;
            }
        }
        return name.substring(0, keep) + "…";
    }

    private void paintCell(GraphicsContext g, Optional<MatrixGrid.Cell> cell, double x, double y, double size) {
        if (cell.isEmpty() || cell.get().rows().isEmpty()) {
            g.setStroke(Color.gray(0.8));
            g.setLineWidth(1);
            g.strokeRect(x + 0.5, y + 0.5, size - 1, size - 1);
            return;
        }
        if (cell.get().failed()) {
            g.setFill(FAILED);
            g.fillRect(x, y, size, size);
            g.setStroke(CROSS);
            g.setLineWidth(Math.max(1, size / 12));
            g.strokeLine(x + size * 0.2, y + size * 0.2, x + size * 0.8, y + size * 0.8);
            g.strokeLine(x + size * 0.8, y + size * 0.2, x + size * 0.2, y + size * 0.8);
            return;
        }
        Optional<Double> shade = grid.shade(cell.get());
        g.setFill(shade.map(HeatmapCanvas::colour).orElse(Color.gray(0.75)));
        g.fillRect(x, y, size, size);
    }
}
