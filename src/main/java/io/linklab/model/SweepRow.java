package io.linklab.model;

/**
 * One row of sweep.csv: one sweep point in one direction, over its repetitions.
 *
 * @param point              e.g. "mtu=9000"
 * @param mtu                MTU at this point, null when the sweep does not change it
 * @param value              the swept value as a number (MTU, streams, processes, window or message size in
 *                           bytes); null outside a sweep and in files written before it was recorded
 * @param bitsPerSecond      mean over repetitions of the SUM receiver rate; null when the point failed
 * @param gain               ratio to the first point of the same direction, null when not computable
 * @param status             "ok" or "failed: reason"
 */
public record SweepRow(
        String point,
        Integer mtu,
        Integer streams,
        Integer processes,
        Double value,
        Direction direction,
        Double bitsPerSecond,
        Double bitsPerSecondMin,
        Double bitsPerSecondMax,
        Long retransmits,
        Double gain,
        String status)
        implements RepeatedRate {

    public boolean ok() {
        return "ok".equals(status);
    }
}
