package io.linklab.model;

/**
 * An end-of-test total as the tool reported it, from the sender's or the receiver's side.
 * Boxed fields are null when not reported. {@code note} says what the reader should know about the row
 * (for example that its role was inferred), or is null.
 */
public record Summary(
        String process,
        String stream,
        Direction direction,
        Role role,
        double startS,
        double endS,
        Long bytes,
        Double bitsPerSecond,
        Long retransmits,
        Double jitterMs,
        Long lostPackets,
        Long packets,
        Double localCpuPercent,
        Double remoteCpuPercent,
        Double localServiceDemandUsPerKb,
        Double remoteServiceDemandUsPerKb,
        String note) {

    public boolean isSum() {
        return Sample.SUM.equals(stream);
    }

    /** A total of what was transferred alone: no datagram, CPU or service-demand figures. */
    public static Summary transfer(
            String process,
            String stream,
            Direction direction,
            Role role,
            double startS,
            double endS,
            Long bytes,
            Double bitsPerSecond,
            Long retransmits,
            String note) {
        return new Summary(
                process,
                stream,
                direction,
                role,
                startS,
                endS,
                bytes,
                bitsPerSecond,
                retransmits,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                note);
    }

    /**
     * An interval as the end-of-test total, for the tools whose totals are lines of the intervals' columns (iperf 2
     * prints its total as one more interval from 0, iperf3 text its totals under the intervals): its figures, the
     * role given.
     */
    public static Summary ofInterval(Sample s, Role role) {
        return new Summary(
                s.process(),
                s.stream(),
                s.direction(),
                role,
                s.startS(),
                s.endS(),
                s.bytes(),
                s.bitsPerSecond(),
                s.retransmits(),
                s.jitterMs(),
                s.lostPackets(),
                s.packets(),
                null,
                null,
                null,
                null,
                null);
    }

    /** This one stream's total as its direction's SUM, the same figures under the SUM's name. */
    public Summary asSum() {
        return with(process, Sample.SUM, localCpuPercent, remoteCpuPercent, note);
    }

    /** With the CPU use the tool reports for the whole test, which belongs on the SUM row. */
    public Summary withCpu(Double local, Double remote) {
        return with(process, stream, local, remote, note);
    }

    public Summary withProcess(String newProcess) {
        return with(newProcess, stream, localCpuPercent, remoteCpuPercent, note);
    }

    public Summary withNote(String newNote) {
        return with(process, stream, localCpuPercent, remoteCpuPercent, newNote);
    }

    /** The one copy behind the withers: the measured figures stay, name, CPU and note may change. */
    private Summary with(String newProcess, String newStream, Double localCpu, Double remoteCpu, String newNote) {
        return new Summary(
                newProcess,
                newStream,
                direction,
                role,
                startS,
                endS,
                bytes,
                bitsPerSecond,
                retransmits,
                jitterMs,
                lostPackets,
                packets,
                localCpu,
                remoteCpu,
                localServiceDemandUsPerKb,
                remoteServiceDemandUsPerKb,
                newNote);
    }
}
