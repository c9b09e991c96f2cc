package io.linklab.ui.dashboard;

import io.linklab.model.Direction;
import io.linklab.model.Sample;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which end's view of the flows the dashboard draws, and which drawn stream each row of the other end's view
 * belongs to. A live run draws the client's view, as it always did; a replayed log the view it reported
 * first. The other end's rows are the same flows seen from the other side (the tools number the streams
 * differently on each end, so they are matched by stream number).
 */
final class EndViews {

    /** A stream by its number within its process and direction. */
    private record IndexKey(String process, Direction direction, int index) {}

    private Boolean drawnIsClient;
    private final Map<IndexKey, LiveRunModel.StreamKey> byIndex = new HashMap<>();
    /** Other end's rows that came before their drawn stream's first row, a few per stream. */
    private final Map<IndexKey, List<Sample>> held = new HashMap<>();

    private static final int HELD_PER_STREAM = 8;

    /** Whether {@code s} is the other end's view; {@code live} is true for a run with a plan. */
    boolean isOtherEnd(Sample s, boolean live) {
        Boolean byClient = s.printedByClient();
        if (byClient == null) {
            return false;
        }
        if (drawnIsClient == null) {
            drawnIsClient = live || byClient;
        }
        return byClient.booleanValue() != drawnIsClient.booleanValue();
    }

    /** A drawn row: its stream number now leads to its key. */
    void drawn(Sample s, LiveRunModel.StreamKey key) {
        if (s.streamIndex() != null) {
            byIndex.put(new IndexKey(s.process(), key.direction(), s.streamIndex()), key);
        }
    }

    /** The drawn stream an other end's row belongs to, or null (a SUM, or its stream not drawn yet). */
    LiveRunModel.StreamKey drawnStreamOf(Sample s, Direction dir) {
        if (s.isSum() || s.streamIndex() == null) {
            return null;
        }
        return byIndex.get(new IndexKey(s.process(), dir, s.streamIndex()));
    }

    /**
     * Keeps an other end's row whose drawn stream has not come yet (both ends print each interval at about the
     * same moment, in either order), so the first interval's jitter, loss or retransmits are not lost.
     */
    void hold(Sample s, Direction dir) {
        if (s.isSum() || s.streamIndex() == null) {
            return;
        }
        List<Sample> early =
                held.computeIfAbsent(new IndexKey(s.process(), dir, s.streamIndex()), k -> new ArrayList<>());
        if (early.size() < HELD_PER_STREAM) {
            early.add(s);
        }
    }

    /** The other end's rows held for a stream whose drawn row {@code s} has just come, in arrival order. */
    List<Sample> release(Sample s, LiveRunModel.StreamKey key) {
        if (s.streamIndex() == null || held.isEmpty()) {
            return List.of();
        }
        List<Sample> early = held.remove(new IndexKey(s.process(), key.direction(), s.streamIndex()));
        return early == null ? List.of() : early;
    }

    /** A new point or repetition: the streams start over. */
    void clear() {
        byIndex.clear();
        held.clear();
    }
}
