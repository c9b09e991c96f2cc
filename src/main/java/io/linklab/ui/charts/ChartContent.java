package io.linklab.ui.charts;

import java.util.List;

/**
 * What a chart shows, independent of how it is drawn: live series, a sweep curve. Implementations are read on
 * the chart render thread and written by engine threads, so they are thread-safe and never touch JavaFX.
 */
public interface ChartContent {

    /** The frame for a plot area about {@code columns} pixels wide. */
    PlotFrame frame(int columns);

    /**
     * The frame for the screen, called only by the chart render thread: an implementation may reuse buffers
     * between calls (the frame is painted before the next call). Exports call {@link #frame}.
     */
    default PlotFrame frameForScreen(int columns) {
        return frame(columns);
    }

    /** Changes whenever the next frame would differ (new data, a series hidden, units switched). */
    long version();

    /** Values of the visible lines at the data x nearest to {@code x}, for the hover label; x first. */
    HoverValues valuesAt(double x);

    /** The hover label: the x it refers to and one entry per visible line. */
    record HoverValues(String xText, List<Entry> entries) {
        public record Entry(String label, int rgb, String value) {}
    }
}
