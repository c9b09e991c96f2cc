package io.linklab.ui.charts;

import java.util.List;

/**
 * Everything one chart image shows, already reduced to pixel resolution: computed off the FX thread by a
 * {@link ChartContent}, painted by {@link PlotPainter} into the screen buffer or a PNG of any size.
 *
 * @param x0 left edge of the x axis (data units)
 * @param y0 bottom of the y axis in stored units (bits/s, bytes, …)
 * @param message shown centred when there is nothing to draw yet ("waiting for the first interval"), or null
 */
public record PlotFrame(
        String title,
        String xLabel,
        ValueUnit xUnit,
        ValueUnit yUnit,
        double x0,
        double x1,
        double y0,
        double y1,
        List<Line> lines,
        List<Bar> bars,
        List<Mark> marks,
        String message) {

    public PlotFrame {
        lines = List.copyOf(lines);
        bars = List.copyOf(bars);
        marks = List.copyOf(marks);
    }

    /** A drawn line; {@code markers} draws a dot at each point (sweep curves). */
    public record Line(
            String id,
            String label,
            int rgb,
            float width,
            boolean dashed,
            boolean markers,
            LiveSeries.Polyline points) {}

    /** A vertical min–max bar at x (repetitions of a sweep point). */
    public record Bar(double x, double yMin, double yMax, int rgb) {}

    /** A flagged point: a failed sweep point (drawn at the bottom) or a warning such as diverging directions. */
    public record Mark(double x, double y, Kind kind, String text) {
        public enum Kind {
            FAILED,
            WARNING
        }
    }
}
