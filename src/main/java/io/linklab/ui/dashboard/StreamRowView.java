package io.linklab.ui.dashboard;

import io.linklab.ui.charts.ValueUnit;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/** One row of the dashboard's current-values table; kept across updates so only changed cells redraw. */
public final class StreamRowView {

    /** "bitrate" is the last interval's; "average" the run's, shown once the run has ended. */
    static final String[] COLUMNS = {
        "stream", "dir", "bitrate", "average", "retr", "retr total", "cwnd", "rtt/jitter", "loss"
    };

    private final LiveRunModel.StreamKey key;
    private final StringProperty[] cells = new StringProperty[COLUMNS.length];

    StreamRowView(LiveRunModel.StreamKey key) {
        this.key = key;
        for (int i = 0; i < cells.length; i++) {
            cells[i] = new SimpleStringProperty("–");
        }
        cells[0].set(key.label(false));
        cells[1].set(key.direction().csv());
    }

    public LiveRunModel.StreamKey key() {
        return key;
    }

    StringProperty cell(int column) {
        return cells[column];
    }

    /** The text of a column ("bitrate", "retr" …). */
    public String text(String column) {
        for (int i = 0; i < COLUMNS.length; i++) {
            if (COLUMNS[i].equals(column)) {
                return cells[i].get();
            }
        }
        throw new IllegalArgumentException("no column " + column);
    }

    void update(LiveRunModel.StreamRow r, ValueUnit rate, boolean ended) {
        set(2, r.bitsPerSecond() == null ? "–" : rate.screenFormat(r.bitsPerSecond()));
        set(3, !ended || r.averageBitsPerSecond() == null ? "–" : rate.screenFormat(r.averageBitsPerSecond()));
        set(4, r.retransmits() == null ? "–" : r.retransmits().toString());
        set(5, Long.toString(r.totalRetransmits()));
        set(6, r.cwndBytes() == null ? "–" : ValueUnit.BYTES.screenFormat(r.cwndBytes()));
        set(
                7,
                r.rttMs() != null
                        ? ValueUnit.MILLISECONDS.screenFormat(r.rttMs())
                        : r.jitterMs() != null ? ValueUnit.MILLISECONDS.screenFormat(r.jitterMs()) : "–");
        set(8, r.lossPercent() == null ? "–" : ValueUnit.PERCENT.screenFormat(r.lossPercent()));
    }

    private void set(int i, String v) {
        if (!v.equals(cells[i].get())) {
            cells[i].set(v);
        }
    }
}
