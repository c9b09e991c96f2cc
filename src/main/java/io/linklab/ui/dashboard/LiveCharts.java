package io.linklab.ui.dashboard;

import io.linklab.model.Direction;
import io.linklab.model.Sample;
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
    private boolean sawUdp;

    /** The hot path's shortcut to a stream's lines: no id strings built per sample. */
    static final class StreamLines {
        LiveSeries bps;
        LiveSeries retr;
        LiveSeries cwnd;
    }

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

    /** Whether a UDP figure (jitter, loss) was drawn: the UDP charts are shown. */
    boolean sawUdp() {
        return sawUdp;
    }

    /**
     * A stream's retransmits, congestion window, jitter and loss on their charts; the loss in %, or null.
     * {@code key} names the stream in the lines' ids.
     */
    Double details(Sample s, StreamLines lines, String key, String label, Direction dir, double x) {
        if (s.retransmits() != null) {
            if (lines.retr == null) {
                lines.retr = line(retransmits, "rtr|" + key, label, 1f, dir);
            }
            lines.retr.add(x, s.retransmits());
        }
        if (s.cwndBytes() != null) {
            if (lines.cwnd == null) {
                lines.cwnd = line(cwnd, "cwnd|" + key, label, 1f, dir);
            }
            lines.cwnd.add(x, s.cwndBytes());
        }
        if (s.jitterMs() != null) {
            sawUdp = true;
            line(jitter, "jit|" + key, label, 1f, dir).add(x, s.jitterMs());
        }
        if (s.lostPackets() == null || s.packets() == null || s.packets() <= 0) {
            return null;
        }
        sawUdp = true;
        double lossPct = 100.0 * s.lostPackets() / s.packets();
        line(loss, "loss|" + key, label, 1f, dir).add(x, lossPct);
        return lossPct;
    }

    /** A stream keeps one colour across the bitrate, retransmit and cwnd charts. */
    private int colourOf(String label) {
        return Palette.color(colourByLabel.computeIfAbsent(label, l -> colours++));
    }
}
