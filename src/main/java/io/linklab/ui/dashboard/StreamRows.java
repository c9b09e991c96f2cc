package io.linklab.ui.dashboard;

import io.linklab.model.Sample;
import io.linklab.ui.dashboard.LiveRunModel.StreamKey;
import io.linklab.ui.dashboard.LiveRunModel.StreamRow;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The table of current values: each stream's latest interval, in the order the streams appeared. Not
 * thread-safe: its owner ({@link LiveRunModel}) guards it.
 */
final class StreamRows {

    private final Map<StreamKey, StreamRow> rows = new LinkedHashMap<>();
    /** Per stream: bits and seconds of the drawn end's intervals so far, for its average. */
    private final Map<StreamKey, double[]> moved = new HashMap<>();

    /**
     * A stream's row after {@code s}: the drawn end's row sets time, bitrate and RTT; each figure one end does not
     * report stays as the other end's view last gave it.
     */
    void update(StreamKey key, Sample s, Double lossPct, boolean drawnEnd) {
        StreamRow prev = rows.get(key);
        if (prev == null && !drawnEnd) {
            return;
        }
        long total = (prev == null ? 0 : prev.totalRetransmits()) + (s.retransmits() == null ? 0 : s.retransmits());
        double[] m = moved.computeIfAbsent(key, k -> new double[2]);
        double seconds = s.endS() - s.startS();
        if (drawnEnd && s.bitsPerSecond() != null && seconds > 0 && !s.omitted()) {
            m[0] += s.bitsPerSecond() * seconds;
            m[1] += seconds;
        }
        rows.put(
                key,
                new StreamRow(
                        key,
                        drawnEnd ? s.endS() : prev.endS(),
                        drawnEnd ? s.bitsPerSecond() : prev.bitsPerSecond(),
                        or(s.retransmits(), prev, StreamRow::retransmits),
                        total,
                        or(s.cwndBytes(), prev, StreamRow::cwndBytes),
                        drawnEnd ? s.rttMs() : prev.rttMs(),
                        or(s.jitterMs(), prev, StreamRow::jitterMs),
                        or(lossPct, prev, StreamRow::lossPercent),
                        m[1] > 0 ? m[0] / m[1] : null));
    }

    /** A SUM row's average: the mean receiver rate of the point that just ended in its direction. */
    void sumAverage(StreamKey key, double bps) {
        StreamRow r = rows.get(key);
        if (r != null) {
            rows.put(
                    key,
                    new StreamRow(
                            key,
                            r.endS(),
                            r.bitsPerSecond(),
                            r.retransmits(),
                            r.totalRetransmits(),
                            r.cwndBytes(),
                            r.rttMs(),
                            r.jitterMs(),
                            r.lossPercent(),
                            bps));
        }
    }

    /**
     * A SUM row at {@code x}: its bitrate so far ({@code bps}, null keeps the last one), its retransmits so far in
     * the interval, and {@code added} retransmits more for the total.
     */
    void sum(StreamKey key, double x, Double bps, Long retransmits, Long added) {
        StreamRow prev = rows.get(key);
        long totalRetr = (prev == null ? 0 : prev.totalRetransmits()) + (added == null ? 0 : added);
        rows.put(
                key,
                new StreamRow(
                        key,
                        x,
                        bps != null ? bps : prev == null ? null : prev.bitsPerSecond(),
                        retransmits,
                        totalRetr,
                        null,
                        null,
                        null,
                        null,
                        prev == null ? null : prev.averageBitsPerSecond()));
    }

    List<StreamRow> all() {
        return List.copyOf(rows.values());
    }

    void clear() {
        rows.clear();
        moved.clear();
    }

    private static <T> T or(T value, StreamRow prev, Function<StreamRow, T> previous) {
        return value != null || prev == null ? value : previous.apply(prev);
    }
}
