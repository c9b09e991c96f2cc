package io.linklab.ui.dashboard;

import io.linklab.model.Direction;
import io.linklab.ui.charts.LiveChartContent;
import io.linklab.ui.charts.LiveSeries;
import io.linklab.ui.charts.Palette;
import io.linklab.ui.charts.ValueUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The dashboard's six charts and their lines by id: a stream keeps one colour across the charts, a SUM is
 * bold in its direction's colour, the reverse direction is dashed. Not thread-safe: its owner guards it.
 */
final class LiveCharts {

    final LiveChartContent bitrate = new LiveChartContent("Bitrate", ValueUnit.BITS_PER_SECOND);
    final LiveChartContent retransmits = new LiveChartContent("Retransmits per interval", ValueUnit.COUNT);
    final LiveChartContent cwnd = new LiveChartContent("Congestion window", ValueUnit.BYTES);
    final LiveChartContent rtt = new LiveChartContent("RTT", ValueUnit.MILLISECONDS);
    final LiveChartContent jitter = new LiveChartContent("UDP jitter", ValueUnit.MILLISECONDS);
    final LiveChartContent loss = new LiveChartContent("UDP loss", ValueUnit.PERCENT);

    private final Map<String, LiveSeries> series = new HashMap<>();
    private final Map<String, Integer> colourByLabel = new HashMap<>();
    private int colours;

    LiveCharts() {
        retransmits.setZeroBased(true);
        cwnd.setZeroBased(true);
    }

    List<LiveChartContent> all() {
        return List.of(bitrate, retransmits, cwnd, rtt, jitter, loss);
    }

    /** Every line removed: a new point or repetition starts its clock at 0. */
    void clear() {
        for (LiveChartContent c : all()) {
            c.clear();
        }
        series.clear();
        colours = 0;
    }

    /** A stream's line on {@code chart}, added the first time its id is seen. */
    LiveSeries line(LiveChartContent chart, String id, String label, float width, Direction dir) {
        LiveSeries s = series.get(id);
        if (s == null) {
            s = new LiveSeries(id);
            series.put(id, s);
            int colour = colourOf(label);
            chart.add(s, label, colour, width, dir == Direction.S2C);
        }
        return s;
    }

    /** The bold SUM line of a direction on {@code chart}. */
    LiveSeries sumLine(LiveChartContent chart, String id, String label, Direction dir) {
        LiveSeries s = series.get(id);
        if (s == null) {
            s = new LiveSeries(id);
            series.put(id, s);
            chart.add(s, label, dir == Direction.S2C ? Palette.SUM_REVERSE : Palette.SUM, 2.6f, false);
        }
        return s;
    }

    /** A stream keeps one colour across the bitrate, retransmit and cwnd charts. */
    private int colourOf(String label) {
        return Palette.color(colourByLabel.computeIfAbsent(label, l -> colours++));
    }
}
