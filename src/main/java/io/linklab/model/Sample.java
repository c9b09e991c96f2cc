package io.linklab.model;

import java.time.Instant;

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
 * @param role         whose view the row is: the end that sends or the end that receives; null when not known
 * @param streamIndex  1..N: the stream's place among the streams of its process, direction and view, in the order
 *                     they first reported; the same flow has the same index in the sender's and the receiver's
 *                     view, whose tool ids differ. Null for SUM rows and where not (yet) numbered
 * @param startUtc     when the interval began, where an absolute time is known; null otherwise
 * @param rttvarMs     the sending stream's RTT variance (iperf3 --json-stream and -J "rttvar"), null otherwise
 * @param pmtu         the path MTU the kernel reported for the stream (iperf3 3.12+ JSON "pmtu"), null otherwise
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
        boolean omitted,
        Role role,
        Integer streamIndex,
        Instant startUtc,
        Double rttvarMs,
        Long pmtu) {

    public static final String SUM = "SUM";

    public boolean isSum() {
        return SUM.equals(stream);
    }

    /**
     * Whether the client printed this row (its own view of the flow), from role and direction: the client
     * sends client→server and receives server→client. Null when the role or direction is not known.
     */
    public Boolean printedByClient() {
        if (role == null || direction == null) {
            return null;
        }
        return (role == Role.SENDER) == (direction == Direction.C2S);
    }

    public Sample withProcess(String newProcess) {
        return with(newProcess, direction, role, streamIndex, startUtc);
    }

    public Sample withDirection(Direction newDirection) {
        return with(process, newDirection, role, streamIndex, startUtc);
    }

    public Sample withRole(Role newRole) {
        return with(process, direction, newRole, streamIndex, startUtc);
    }

    public Sample withStreamIndex(Integer newIndex) {
        return with(process, direction, role, newIndex, startUtc);
    }

    public Sample withStartUtc(Instant newStart) {
        return with(process, direction, role, streamIndex, newStart);
    }

    /** The one copy behind the withers: the figures stay, what says whose row it is may change. */
    private Sample with(String newProcess, Direction newDirection, Role newRole, Integer newIndex, Instant newStart) {
        return new Sample(
                newProcess,
                stream,
                newDirection,
                startS,
                endS,
                bytes,
                bitsPerSecond,
                retransmits,
                cwndBytes,
                rttMs,
                jitterMs,
                lostPackets,
                packets,
                omitted,
                newRole,
                newIndex,
                newStart,
                rttvarMs,
                pmtu);
    }

    /**
     * This one stream's interval as its direction's SUM, for an interval of a single stream (the tools print
     * no SUM line then): the same figures, and the congestion window, RTT and path MTU, which belong to one
     * stream only, left out as in the tools' own SUM lines.
     */
    public Sample asSum() {
        return new Sample(
                process,
                SUM,
                direction,
                startS,
                endS,
                bytes,
                bitsPerSecond,
                retransmits,
                null,
                null,
                jitterMs,
                lostPackets,
                packets,
                omitted,
                role,
                null,
                startUtc,
                null,
                null);
    }
}
