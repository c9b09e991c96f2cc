package io.linklab.model;

/**
 * One row of sweep.csv: one sweep point in one direction, over its repetitions.
 *
 * @param point              e.g. "mtu=9000"
 * @param mtu                MTU at this point, null when the sweep does not change it
 * @param bitsPerSecond      mean over repetitions of the SUM receiver rate; null when the point failed
 * @param gain               ratio to the first point of the same direction, null when not computable
 * @param status             "ok" or "failed: reason"
 */
public record SweepRow(
        String point,
        Integer mtu,
        Integer streams,
        Integer processes,
        Direction direction,
        Double bitsPerSecond,
        Double bitsPerSecondMin,
        Double bitsPerSecondMax,
        Long retransmits,
        Double gain,
        String status) {

    public boolean ok() {
        return "ok".equals(status);
    }
}
