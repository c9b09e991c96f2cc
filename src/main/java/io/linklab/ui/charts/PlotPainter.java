package io.linklab.ui.charts;

import io.linklab.model.Rates;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.Shape;
import java.awt.Stroke;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;

/**
 * Paints a {@link PlotFrame} with Java2D into any image: the on-screen chart buffer (on the chart render
 * thread, never the FX thread) and PNG exports at whatever size the user picks. See decision 0500.
 */
public final class PlotPainter {

    private static final Color GRID = new Color(0xE3E6EA);
    private static final Color AXIS = new Color(0x5A6270);
    private static final Color TEXT = new Color(0x2D3E50);
    private static final Font FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 11);
    private static final Font TITLE_FONT = new Font(Font.SANS_SERIF, Font.BOLD, 12);
    private static final Stroke DASH =
            new BasicStroke(1.2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 1f, new float[] {5f, 3f}, 0f);

    private final boolean legend;
    private final boolean onScreen;

    /**
     * @param legend   draw a legend inside the plot (exports; the live view has an interactive one beside it)
     * @param onScreen spell the ticks with the user's decimal separator (the window), else with a point (files)
     */
    public PlotPainter(boolean legend, boolean onScreen) {
        this.legend = legend;
        this.onScreen = onScreen;
    }

    /** Where the plot area sits inside an image, and how data maps to pixels. */
    public record Layout(int left, int top, int right, int bottom, double x0, double x1, double y0, double y1) {

        public double px(double x) {
            return left + (x - x0) / (x1 - x0) * (right - left);
        }

        public double py(double y) {
            return bottom - (y - y0) / (y1 - y0) * (bottom - top);
        }

        public double dataX(double px) {
            return x0 + (px - left) / (right - left) * (x1 - x0);
        }

        public int columns() {
            return Math.max(1, right - left);
        }
    }

    /** The plot area for an image of this size (so a content can decimate to its width before painting). */
    public static Layout layout(int width, int height, PlotFrame f) {
        int left = 64;
        int top = f == null || f.title() == null ? 10 : 24;
        int right = Math.max(left + 10, width - 14);
        int bottom = Math.max(top + 10, height - 34);
        double x0 = f == null ? 0 : f.x0();
        double x1 = f == null ? 1 : f.x1();
        double y0 = f == null ? 0 : f.y0();
        double y1 = f == null ? 1 : f.y1();
        if (!(x1 > x0)) {
            x1 = x0 + 1;
        }
        if (!(y1 > y0)) {
            y1 = y0 + 1;
        }
        return new Layout(left, top, right, bottom, x0, x1, y0, y1);
    }

    public BufferedImage paint(PlotFrame f, int width, int height) {
        BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB_PRE);
        Graphics2D g = img.createGraphics();
        try {
            paint(g, f, width, height);
        } finally {
            g.dispose();
        }
        return img;
    }

    public Layout paint(Graphics2D g, PlotFrame f, int width, int height) {
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, width, height);
        Layout l = layout(width, height, f);
        g.setFont(FONT);
        FontMetrics fm = g.getFontMetrics();
        // looked up once a frame, not once a tick: the render thread paints live charts many times a second
        char separator = onScreen ? Rates.screenSeparator() : '.';
        if (f.title() != null) {
            g.setFont(TITLE_FONT);
            g.setColor(TEXT);
            g.drawString(f.title(), l.left(), 16);
            g.setFont(FONT);
        }
        double yStep = f.yUnit().prefixStep(Math.max(Math.abs(l.y0()), Math.abs(l.y1())));
        String yUnitLabel = f.yUnit().label(yStep);
        // Grid and y ticks on "nice" values of the displayed unit.
        double[] yTicks = ticks(
                f.yUnit().scale(l.y0()) / yStep,
                f.yUnit().scale(l.y1()) / yStep,
                Math.max(2, (l.bottom() - l.top()) / 40));
        g.setStroke(new BasicStroke(1f));
        for (double t : yTicks) {
            double stored = t * yStep / f.yUnit().scale(1);
            int y = (int) Math.round(l.py(stored));
            g.setColor(GRID);
            g.drawLine(l.left(), y, l.right(), y);
            g.setColor(TEXT);
            String s = tickText(t).replace('.', separator);
            g.drawString(s, l.left() - 6 - fm.stringWidth(s), y + fm.getAscent() / 2 - 1);
        }
        double xStep = f.xUnit().prefixStep(Math.max(Math.abs(l.x0()), Math.abs(l.x1())));
        int xCount = Math.max(2, (l.right() - l.left()) / 80);
        if (f.xUnit() == ValueUnit.COUNT) {
            // steps and counts have no halves: at most one tick per whole number
            xCount = (int) Math.max(1, Math.min(xCount, Math.floor((l.x1() - l.x0()) / xStep)));
        }
        double[] xTicks = ticks(l.x0() / xStep, l.x1() / xStep, xCount);
        for (double t : xTicks) {
            int x = (int) Math.round(l.px(t * xStep));
            g.setColor(GRID);
            g.drawLine(x, l.top(), x, l.bottom());
            g.setColor(TEXT);
            String s = tickText(t).replace('.', separator);
            g.drawString(s, x - fm.stringWidth(s) / 2, l.bottom() + fm.getAscent() + 3);
        }
        g.setColor(AXIS);
        g.drawRect(l.left(), l.top(), l.right() - l.left(), l.bottom() - l.top());
        g.setColor(TEXT);
        String xl = f.xLabel() == null ? "" : f.xLabel();
        g.drawString(xl, (l.left() + l.right()) / 2 - fm.stringWidth(xl) / 2, height - 5);
        if (!yUnitLabel.isEmpty()) {
            g.drawString(yUnitLabel, 4, l.top() + fm.getAscent());
        }

        Shape oldClip = g.getClip();
        g.clipRect(l.left() + 1, l.top() + 1, l.right() - l.left() - 1, l.bottom() - l.top() - 1);
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        for (PlotFrame.Bar b : f.bars()) {
            g.setColor(new Color(b.rgb()));
            g.setStroke(new BasicStroke(1.2f));
            int x = (int) Math.round(l.px(b.x()));
            int y0 = (int) Math.round(l.py(b.yMin()));
            int y1 = (int) Math.round(l.py(b.yMax()));
            g.drawLine(x, y0, x, y1);
            g.drawLine(x - 4, y0, x + 4, y0);
            g.drawLine(x - 4, y1, x + 4, y1);
        }
        // Thin lines first so the bold SUM lines stay on top.
        List<PlotFrame.Line> ordered = new ArrayList<>(f.lines());
        ordered.sort((a, b) -> Float.compare(a.width(), b.width()));
        int[] xs = new int[64];
        int[] ys = new int[64];
        for (PlotFrame.Line line : ordered) {
            LiveSeries.Polyline p = line.points();
            if (p.size() == 0) {
                continue;
            }
            g.setColor(new Color(line.rgb()));
            boolean thin = line.width() <= 1.2f;
            if (thin && !line.dashed()) {
                // One-pixel lines without anti-aliasing take Java2D's polyline fast path: measured 50-100x
                // cheaper than stroking an anti-aliased path (decision 0500), and stream lines are many.
                g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_OFF);
                g.setStroke(new BasicStroke(1f));
                if (xs.length < p.size()) {
                    xs = new int[p.size()];
                    ys = new int[p.size()];
                }
                int n = 0;
                for (int i = 0; i < p.size(); i++) {
                    double y = p.y(i);
                    if (Double.isNaN(y)) {
                        g.drawPolyline(xs, ys, n);
                        n = 0;
                        continue;
                    }
                    xs[n] = (int) Math.round(l.px(p.x(i)));
                    ys[n] = (int) Math.round(l.py(y));
                    n++;
                }
                g.drawPolyline(xs, ys, n);
            } else {
                g.setRenderingHint(
                        RenderingHints.KEY_ANTIALIASING,
                        thin ? RenderingHints.VALUE_ANTIALIAS_OFF : RenderingHints.VALUE_ANTIALIAS_ON);
                g.setStroke(
                        line.dashed()
                                ? dashed(line.width())
                                : new BasicStroke(line.width(), BasicStroke.CAP_BUTT, BasicStroke.JOIN_BEVEL));
                Path2D.Float path = new Path2D.Float(Path2D.WIND_NON_ZERO, p.size());
                boolean pen = false;
                for (int i = 0; i < p.size(); i++) {
                    double y = p.y(i);
                    if (Double.isNaN(y)) {
                        pen = false;
                        continue;
                    }
                    float px = (float) l.px(p.x(i));
                    float py = (float) l.py(y);
                    if (pen) {
                        path.lineTo(px, py);
                    } else {
                        path.moveTo(px, py);
                        pen = true;
                    }
                }
                g.draw(path);
            }
            if (line.markers()) {
                g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
                for (int i = 0; i < p.size(); i++) {
                    if (!Double.isNaN(p.y(i))) {
                        int px = (int) Math.round(l.px(p.x(i)));
                        int py = (int) Math.round(l.py(p.y(i)));
                        g.fillOval(px - 3, py - 3, 7, 7);
                    }
                }
            }
        }
        g.setStroke(new BasicStroke(2f));
        for (PlotFrame.Mark m : f.marks()) {
            int x = (int) Math.round(l.px(m.x()));
            if (m.kind() == PlotFrame.Mark.Kind.FAILED) {
                int y = l.bottom() - 10;
                g.setColor(new Color(Palette.FAILED));
                g.drawLine(x - 5, y - 5, x + 5, y + 5);
                g.drawLine(x - 5, y + 5, x + 5, y - 5);
            } else {
                int y = (int) Math.round(l.py(m.y()));
                g.setColor(new Color(Palette.WARNING));
                int[] tx = {x, x - 7, x + 7};
                int[] ty = {y - 16, y - 4, y - 4};
                g.fillPolygon(tx, ty, 3);
                g.setColor(Color.WHITE);
                g.drawString("!", x - 1, y - 6);
            }
        }
        g.setClip(oldClip);
        if (f.message() != null) {
            g.setColor(AXIS);
            g.drawString(
                    f.message(),
                    (l.left() + l.right()) / 2 - fm.stringWidth(f.message()) / 2,
                    (l.top() + l.bottom()) / 2);
        }
        if (legend) {
            paintLegend(g, f, l, fm);
        }
        return l;
    }

    private static Stroke dashed(float width) {
        return width <= 1.2f
                ? DASH
                : new BasicStroke(width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 1f, new float[] {6f, 4f}, 0f);
    }

    private static void paintLegend(Graphics2D g, PlotFrame f, Layout l, FontMetrics fm) {
        List<PlotFrame.Line> lines = new ArrayList<>(f.lines());
        // Bold (SUM) lines first: with many streams only they fit.
        lines.sort((a, b) -> Float.compare(b.width(), a.width()));
        int max = Math.min(lines.size(), Math.max(1, (l.bottom() - l.top() - 8) / (fm.getHeight() + 1)) - 1);
        if (lines.isEmpty()) {
            return;
        }
        int shown = Math.min(lines.size(), Math.min(max, 12));
        int w = 0;
        for (int i = 0; i < shown; i++) {
            w = Math.max(w, fm.stringWidth(lines.get(i).label()));
        }
        int rows = shown + (shown < lines.size() ? 1 : 0);
        int boxW = w + 34;
        int boxH = rows * (fm.getHeight() + 1) + 6;
        int x = l.right() - boxW - 6;
        int y = l.top() + 6;
        g.setColor(new Color(255, 255, 255, 225));
        g.fillRect(x, y, boxW, boxH);
        g.setColor(GRID);
        g.drawRect(x, y, boxW, boxH);
        for (int i = 0; i < shown; i++) {
            PlotFrame.Line line = lines.get(i);
            int ty = y + 4 + (i + 1) * (fm.getHeight() + 1) - fm.getDescent();
            g.setColor(new Color(line.rgb()));
            g.setStroke(new BasicStroke(Math.max(1.5f, line.width())));
            g.drawLine(x + 5, ty - fm.getAscent() / 2 + 1, x + 23, ty - fm.getAscent() / 2 + 1);
            g.setColor(TEXT);
            g.drawString(line.label(), x + 28, ty);
        }
        if (shown < lines.size()) {
            int ty = y + 4 + (shown + 1) * (fm.getHeight() + 1) - fm.getDescent();
            g.drawString("… " + (lines.size() - shown) + " more", x + 28, ty);
        }
    }

    /** "0.8" rather than "0.800": ticks are round, trailing zeros only add noise. */
    static String tickText(double t) {
        String s = ValueUnit.number(t);
        if (s.contains(".")) {
            s = s.replaceAll("0+$", "");
            if (s.endsWith(".")) {
                s = s.substring(0, s.length() - 1);
            }
        }
        return s;
    }

    /** Round tick values (1, 2, 5 × 10^n steps) covering [lo, hi] with about {@code count} ticks. */
    static double[] ticks(double lo, double hi, int count) {
        if (!(hi > lo) || Double.isInfinite(hi - lo)) {
            return new double[] {lo};
        }
        double raw = (hi - lo) / count;
        double mag = Math.pow(10, Math.floor(Math.log10(raw)));
        double step = mag;
        for (double m : new double[] {1, 2, 5, 10}) {
            if (mag * m >= raw) {
                step = mag * m;
                break;
            }
        }
        double first = Math.ceil(lo / step - 1e-9) * step;
        int n = (int) Math.floor((hi - first) / step + 1e-9) + 1;
        n = Math.max(0, Math.min(n, 200));
        double[] t = new double[n];
        for (int i = 0; i < n; i++) {
            t[i] = first + i * step;
            if (Math.abs(t[i]) < step * 1e-9) {
                t[i] = 0;
            }
        }
        return t;
    }
}
