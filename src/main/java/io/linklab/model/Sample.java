package io.linklab.model;

/**
 * One interval of one stream in one direction, as a tool reported it.
 * Boxed fields are null when the tool did not report them (an empty CSV cell).
 *
 * @param process      which of several parallel tool processes printed it (e.g. "S1" or "5202"), null for one process
 * @param stream       the tool's stream id ("5", "3") or "SUM"
 * @param startS       interval start, seconds since the test began
 * @param endS         interval end, seconds since the test began
 * @param bytes        bytes transferred in the interval (a tool's "4.08 GBytes" is 4.08 × 2^30)
 * @param bitsPerSecond rate in bits per second (a tool's "34.1 Gbits/sec" is 34.1 × 10^9)
 * @param omitted      true for iperf3 -O warm-up intervals
 */
public record Sample(
        String process,
        String stream,
        Direction direction,
        double startS,
        double endS,
        Long bytes,
        Double bitsPerSecond,
        Long retransmits,
        Long cwndBytes,
        Double rttMs,
        Double jitterMs,
        Long lostPackets,
        Long packets,
        boolean omitted) {

    public static final String SUM = "SUM";

    public boolean isSum() {
        return SUM.equals(stream);
    }

    /** A TCP sample with only the fields every tool prints. */
    public static Sample tcp(String process, String stream, Direction direction, double startS, double endS,
                             Long bytes, Double bitsPerSecond, Long retransmits, Long cwndBytes) {
        return new Sample(process, stream, direction, startS, endS, bytes, bitsPerSecond, retransmits, cwndBytes,
                null, null, null, null, false);
    }

    public Sample withProcess(String newProcess) {
        return new Sample(newProcess, stream, direction, startS, endS, bytes, bitsPerSecond, retransmits, cwndBytes,
                rttMs, jitterMs, lostPackets, packets, omitted);
    }

    public Sample withDirection(Direction newDirection) {
        return new Sample(process, stream, newDirection, startS, endS, bytes, bitsPerSecond, retransmits, cwndBytes,
                rttMs, jitterMs, lostPackets, packets, omitted);
    }
}
