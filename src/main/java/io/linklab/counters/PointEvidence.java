package io.linklab.counters;

import io.linklab.model.Direction;
import io.linklab.model.Role;
import io.linklab.model.Summary;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * What the rules read after a repetition: both ends' counters and the tool's own totals.
 *
 * @param point      the sweep point, "" outside sweeps
 * @param mtu        the point's MTU when the sweep sets one, else null
 * @param tool       the tool's program name, for messages
 * @param processes  tool processes per end
 * @param durationS  the test's length (warm-up included)
 * @param udp        whether the test was UDP
 * @param directions the directions measured
 * @param client     the client's counters
 * @param server     the server's counters
 * @param summaries  the tool's totals of the repetition (each process's)
 * @param sameKernel both ends run on one kernel (namespaces, containers): they share its cores, and each end's
 *                   cores carry the other end's tool too
 * @param threadedEnds the ends ("client", "server") whose tool runs each stream as a thread of its own (iperf3
 *                   3.16+): there more streams and pinning, not more processes, get past one core
 */
public record PointEvidence(
        String point,
        Integer mtu,
        String tool,
        int processes,
        double durationS,
        boolean udp,
        List<Direction> directions,
        EndSeries client,
        EndSeries server,
        List<Summary> summaries,
        boolean sameKernel,
        Set<String> threadedEnds) {

    public PointEvidence {
        threadedEnds = Set.copyOf(threadedEnds);
    }

    /** The other end of {@code s}. */
    public EndSeries peer(EndSeries s) {
        return s == client ? server : client;
    }

    public EndSeries receiver(Direction d) {
        return d == Direction.C2S ? server : client;
    }

    public EndSeries sender(Direction d) {
        return d == Direction.C2S ? client : server;
    }

    /** The receiver's total bytes of a direction as the tool reports them (its SUM rows), or null. */
    public Long toolBytes(Direction d) {
        return sum(d, Role.RECEIVER, true, Summary::bytes);
    }

    /** The receiver's rate of a direction, over all processes, or null. */
    public Double toolRate(Direction d) {
        Long bits = sum(d, Role.RECEIVER, true, s -> s.bitsPerSecond() == null ? null : Math.round(s.bitsPerSecond()));
        if (bits == null) {
            bits = sum(d, Role.SENDER, true, s -> s.bitsPerSecond() == null ? null : Math.round(s.bitsPerSecond()));
        }
        return bits == null ? null : bits.doubleValue();
    }

    /** The sender's per-stream totals of a direction (not SUM rows). */
    public List<Summary> senderStreams(Direction d) {
        return summaries.stream()
                .filter(s -> s.direction() == d && s.role() == Role.SENDER && !s.isSum())
                .toList();
    }

    /** "at MTU 9000 " inside a sweep of MTUs, else "". */
    public String atMtu() {
        return mtu == null ? "" : " at MTU " + mtu;
    }

    private Long sum(Direction d, Role role, boolean sums, Function<Summary, Long> value) {
        long total = 0;
        boolean seen = false;
        for (Summary s : summaries) {
            if (s.direction() == d && s.role() == role && s.isSum() == sums && value.apply(s) != null) {
                total += value.apply(s);
                seen = true;
            }
        }
        return seen ? total : null;
    }
}
