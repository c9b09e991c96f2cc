package io.linklab.matrix;

import io.linklab.model.Expectation;
import io.linklab.model.RepeatedRate;
import io.linklab.model.Verdict;
import java.util.Comparator;

/**
 * One line of matrix.csv: a pair in one direction, measured or not.
 *
 * @param direction     c2s or s2c (both rows for a bidirectional test), or "" for a pair that did not run
 * @param linkSpeedBps  the drawn link speed on the pair's path, or null
 * @param status        ok, failed (reason says why) or stopped
 * @param run           the pair's run folder, relative to the matrix folder
 * @param mtu           the MTU both ends' data interfaces had, in a matrix that sweeps MTUs (a row per pair, MTU
 *                      and direction); null otherwise
 * @param expectation   what the pair was expected to reach (its verdict)
 */
public record MatrixRow(
        String client,
        String server,
        String direction,
        Double bitsPerSecond,
        Double bitsPerSecondMin,
        Double bitsPerSecondMax,
        Long retransmits,
        Double linkSpeedBps,
        String status,
        String reason,
        String run,
        Integer mtu,
        Expectation expectation)
        implements RepeatedRate {

    public MatrixRow {
        expectation = expectation == null ? Expectation.DEFAULT : expectation;
    }

    public static final String OK = "ok";
    public static final String FAILED = "failed";
    public static final String STOPPED = "stopped";

    /** What a reader looks for first: rows without a measurement, then the lowest rates. */
    public static final Comparator<MatrixRow> WORST_FIRST =
            Comparator.comparing(MatrixRow::ok).thenComparing(r -> r.bitsPerSecond() == null ? 0 : r.bitsPerSecond());

    /** The rate as a fraction of the link's speed, where both are known. */
    public Double fractionOfLink() {
        return bitsPerSecond == null || linkSpeedBps == null || linkSpeedBps <= 0 ? null : bitsPerSecond / linkSpeedBps;
    }

    /**
     * The verdict on the rate against the row's expectation: by default 90 % of the drawn link speed, none where the
     * lab draws no speed on the pair's path (the heatmap marks a failed one).
     */
    public Verdict verdict() {
        return expectation.resolve(linkSpeedBps).judge(bitsPerSecond);
    }

    public boolean ok() {
        return OK.equals(status);
    }

    /** A pair that did not run (or not to its end): no figures, a reason. */
    static MatrixRow without(MatrixPair pair, Double linkSpeedBps, String status, String reason, String run) {
        return new MatrixRow(
                pair.client(),
                pair.server(),
                "",
                null,
                null,
                null,
                null,
                linkSpeedBps,
                status,
                reason,
                run,
                null,
                pair.expectation());
    }
}
