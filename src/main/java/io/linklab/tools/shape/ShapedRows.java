package io.linklab.tools.shape;

import io.linklab.model.Direction;
import io.linklab.model.MeasurementSink;
import io.linklab.model.Sample;
import io.linklab.model.Summary;
import io.linklab.tools.ToolMeta;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Puts one tool output's rows into the one shape of samples.csv and summary.csv, whatever the tool and the
 * stream count, before they reach {@code target}: stream numbers, a SUM for every interval and total (see
 * {@link IntervalRows}, {@link TotalRows}), absolute start times, and (for a log read on its own) a row for
 * each role the tool does not report. Everything passes through at once except a single stream's SUM, which
 * follows its interval. Call {@link #finish()} when the output ends.
 */
public final class ShapedRows extends MeasurementSink.Forwarding {

    private final boolean notes;
    private final Supplier<Instant> clock;
    private final IntervalRows intervals;
    private final List<Summary> totals = new ArrayList<>();
    private String tool;

    /**
     * @param notes whether to add the "not reported by TOOL" rows: true where this output is all there is of
     *              the test (an imported log); a live run adds them itself, over both ends' outputs
     * @param clock for a live run, the time now: the test's start is taken as the arrival of its first
     *              interval less that interval's end; null to use only what the output says ({@link ToolMeta#START_UTC})
     */
    public ShapedRows(MeasurementSink target, boolean notes, Supplier<Instant> clock) {
        super(target);
        this.notes = notes;
        this.clock = clock;
        this.intervals = new IntervalRows(target::sample);
    }

    /** For a log read on its own: notes on, absolute times only where the log has them. */
    public static ShapedRows forImport(MeasurementSink target) {
        return new ShapedRows(target, true, null);
    }

    @Override
    public void sample(Sample s) {
        if (clock != null && !intervals.hasStart()) {
            intervals.start(clock.get().minusNanos(Math.round(s.endS() * 1e9)));
        }
        intervals.sample(s);
    }

    @Override
    public void summary(Summary s) {
        // Totals come after the last interval.
        intervals.flush();
        totals.add(s);
        super.summary(s);
    }

    @Override
    public void meta(String key, String value) {
        if (ToolMeta.RUN.equals(key)) {
            finish();
        } else if (ToolMeta.TOOL.equals(key)) {
            tool = value;
        } else if (ToolMeta.START_UTC.equals(key) && clock == null) {
            intervals.start(epoch(value));
        } else if (ToolMeta.STREAM_PORT.equals(key)) {
            streamPort(value);
        }
        super.meta(key, value);
    }

    /** "ID DIRECTION PORT" (see {@link ToolMeta#STREAM_PORT}); anything else is passed over. */
    private void streamPort(String value) {
        String[] f = value.trim().split(" ");
        if (f.length == 3 && (f[1].equals("c2s") || f[1].equals("s2c")) && f[2].matches("\\d{1,9}")) {
            intervals.port(f[0], f[1].equals("c2s") ? Direction.C2S : Direction.S2C, Long.parseLong(f[2]));
        }
    }

    private static Instant epoch(String seconds) {
        try {
            BigDecimal s = new BigDecimal(seconds.trim());
            return Instant.ofEpochSecond(
                    s.longValue(), s.remainder(BigDecimal.ONE).movePointRight(9).longValue());
        } catch (NumberFormatException | ArithmeticException e) {
            return null;
        }
    }

    /** The test's output is over: the rows still due follow (last SUMs, notes), and a next test starts afresh. */
    public void finish() {
        intervals.flush();
        intervals.reset();
        List<Summary> more = TotalRows.singleStreamSums(totals);
        List<Summary> all = new ArrayList<>(totals);
        all.addAll(more);
        if (notes) {
            more.addAll(TotalRows.missingRoles(all, tool));
        }
        totals.clear();
        more.forEach(super::summary);
    }

    /** Forgets what is still due without emitting it: the rows of this output were taken back. */
    public void discard() {
        intervals.discard();
        totals.clear();
    }
}
