package io.linklab.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleFunction;

/**
 * A line chart as inline SVG, drawn without JavaFX so the headless `linklab report` can embed it: axes with
 * rounded ticks, one polyline per series (the SUM thick and black), a legend under the plot, and a title that
 * screen readers and the page's text extraction read. Scales with the page through its viewBox.
 */
final class SvgChart {

    static final int WIDTH = 760;
    private static final int PLOT_LEFT = 70;
    private static final int PLOT_RIGHT = 20;
    private static final int PLOT_TOP = 30;
    private static final int PLOT_HEIGHT = 200;
    private static final int LEGEND_ROW = 18;
    private static final String[] PALETTE = {
        "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"
    };

    /**
     * One line.
     *
     * @param points x, y pairs in x order
     * @param total  the SUM (drawn thick and black) rather than one stream
     * @param marks  a dot on every point (a sweep's few points)
     */
    record Series(String name, List<double[]> points, boolean total, boolean marks) {
        Series {
            points = List.copyOf(points);
        }
    }

    /**
     * The chart.
     *
     * @param xLabels labels of x = 0, 1, 2… (a sweep's points), or null for a numeric axis (time in seconds)
     */
    static String lines(
            String title,
            String xAxis,
            String yAxis,
            DoubleFunction<String> yTick,
            List<Series> series,
            List<String> xLabels) {
        double xMin = Double.MAX_VALUE;
        double xMax = -Double.MAX_VALUE;
        double yMax = 0;
        for (Series s : series) {
            for (double[] p : s.points()) {
                xMin = Math.min(xMin, p[0]);
                xMax = Math.max(xMax, p[0]);
                yMax = Math.max(yMax, p[1]);
            }
        }
        if (xMin > xMax) {
            xMin = 0;
            xMax = 1;
        }
        if (xLabels != null) {
            xMin = -0.5;
            xMax = xLabels.size() - 0.5;
        } else if (xMin > 0 && xMin < (xMax - xMin)) {
            xMin = 0;
        }
        if (xMax <= xMin) {
            xMax = xMin + 1;
        }
        double yStep = niceStep(yMax <= 0 ? 1 : yMax, 5);
        double yTop = Math.max(yStep, Math.ceil(yMax / yStep) * yStep);
        int plotW = WIDTH - PLOT_LEFT - PLOT_RIGHT;
        int plotWidth = WIDTH - PLOT_LEFT - PLOT_RIGHT;
        // as many legend entries a row as their longest name lets stand side by side
        int longest = series.stream().mapToInt(x -> x.name().length()).max().orElse(1);
        int perRow = Math.max(1, Math.min(4, plotWidth / (longest * 7 + 30)));
        int legendRows = (series.size() + perRow - 1) / perRow;
        int height = PLOT_TOP + PLOT_HEIGHT + 45 + legendRows * LEGEND_ROW + 6;
        double x0 = xMin;
        double xSpan = xMax - xMin;
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(
                Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"%s\" "
                        + "class=\"chart\">%n<title>%s</title>%n",
                WIDTH,
                height,
                Html.esc(title),
                Html.esc(title)));
        sb.append(String.format(
                Locale.ROOT, "<text x=\"%d\" y=\"18\" class=\"ct\">%s</text>%n", PLOT_LEFT, Html.esc(title)));
        // y grid and ticks
        for (double v = 0; v <= yTop + yStep / 2; v += yStep) {
            double y = PLOT_TOP + PLOT_HEIGHT - v / yTop * PLOT_HEIGHT;
            sb.append(String.format(
                    Locale.ROOT,
                    "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" class=\"grid\"/>"
                            + "<text x=\"%d\" y=\"%.1f\" class=\"yt\">%s</text>%n",
                    PLOT_LEFT,
                    y,
                    PLOT_LEFT + plotW,
                    y,
                    PLOT_LEFT - 6,
                    y + 4,
                    Html.esc(yTick.apply(v))));
        }
        // x ticks
        if (xLabels != null) {
            for (int i = 0; i < xLabels.size(); i++) {
                double x = PLOT_LEFT + (i - x0) / xSpan * plotW;
                sb.append(String.format(
                        Locale.ROOT,
                        "<text x=\"%.1f\" y=\"%d\" class=\"xt\">%s</text>%n",
                        x,
                        PLOT_TOP + PLOT_HEIGHT + 16,
                        Html.esc(xLabels.get(i))));
            }
        } else {
            double xStep = niceStep(xSpan, 8);
            for (double v = Math.ceil(xMin / xStep) * xStep; v <= xMax + 1e-9; v += xStep) {
                double x = PLOT_LEFT + (v - x0) / xSpan * plotW;
                sb.append(String.format(
                        Locale.ROOT,
                        "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" class=\"grid\"/>"
                                + "<text x=\"%.1f\" y=\"%d\" class=\"xt\">%s</text>%n",
                        x,
                        PLOT_TOP,
                        x,
                        PLOT_TOP + PLOT_HEIGHT,
                        x,
                        PLOT_TOP + PLOT_HEIGHT + 16,
                        number(v)));
            }
        }
        sb.append(String.format(
                Locale.ROOT,
                "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" class=\"frame\"/>%n",
                PLOT_LEFT,
                PLOT_TOP,
                plotW,
                PLOT_HEIGHT));
        sb.append(String.format(
                Locale.ROOT,
                "<text x=\"%d\" y=\"%d\" class=\"xa\">%s</text>%n"
                        + "<text x=\"14\" y=\"%d\" class=\"ya\" transform=\"rotate(-90 14 %d)\">%s</text>%n",
                PLOT_LEFT + plotW / 2,
                PLOT_TOP + PLOT_HEIGHT + 34,
                Html.esc(xAxis),
                PLOT_TOP + PLOT_HEIGHT / 2,
                PLOT_TOP + PLOT_HEIGHT / 2,
                Html.esc(yAxis)));
        List<String> colours = new ArrayList<>();
        int streamNo = 0;
        for (Series s : series) {
            colours.add(s.total() ? "#000000" : PALETTE[streamNo++ % PALETTE.length]);
        }
        // streams first, the SUM over them
        for (int pass = 0; pass < 2; pass++) {
            for (int i = 0; i < series.size(); i++) {
                Series s = series.get(i);
                if (s.total() != (pass == 1) || s.points().isEmpty()) {
                    continue;
                }
                StringBuilder pts = new StringBuilder();
                for (double[] p : s.points()) {
                    pts.append(String.format(
                            Locale.ROOT,
                            "%.1f,%.1f ",
                            PLOT_LEFT + (p[0] - x0) / xSpan * plotW,
                            PLOT_TOP + PLOT_HEIGHT - p[1] / yTop * PLOT_HEIGHT));
                }
                sb.append(String.format(
                        Locale.ROOT,
                        "<polyline points=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"%s\"/>%n",
                        pts.toString().trim(),
                        colours.get(i),
                        s.total() ? "2.5" : "1.2"));
                if (s.marks()) {
                    for (double[] p : s.points()) {
                        sb.append(String.format(
                                Locale.ROOT,
                                "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\"/>%n",
                                PLOT_LEFT + (p[0] - x0) / xSpan * plotW,
                                PLOT_TOP + PLOT_HEIGHT - p[1] / yTop * PLOT_HEIGHT,
                                colours.get(i)));
                    }
                }
            }
        }
        int legendTop = PLOT_TOP + PLOT_HEIGHT + 48;
        for (int i = 0; i < series.size(); i++) {
            int x = PLOT_LEFT + (i % perRow) * (plotW / perRow);
            int y = legendTop + (i / perRow) * LEGEND_ROW;
            sb.append(String.format(
                    Locale.ROOT,
                    "<rect x=\"%d\" y=\"%d\" width=\"14\" height=\"4\" fill=\"%s\"/>"
                            + "<text x=\"%d\" y=\"%d\" class=\"lg\">%s</text>%n",
                    x,
                    y - 5,
                    colours.get(i),
                    x + 18,
                    y,
                    Html.esc(series.get(i).name())));
        }
        return sb.append("</svg>\n").toString();
    }

    /** A step of 1, 2 or 5 × 10^n giving about {@code ticks} ticks over {@code span}. */
    static double niceStep(double span, int ticks) {
        double raw = span / ticks;
        double mag = Math.pow(10, Math.floor(Math.log10(raw)));
        double n = raw / mag;
        return (n <= 1 ? 1 : n <= 2 ? 2 : n <= 5 ? 5 : 10) * mag;
    }

    static String number(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.2f", v);
    }
}
