package io.linklab.counters;

import static io.linklab.counters.FindingRules.num;

import io.linklab.model.Direction;
import io.linklab.model.Summary;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** The rules that compare the points of an MTU sweep: retransmits or receiver drops that grow with the MTU. */
public final class MtuGrowthRules {

    private MtuGrowthRules() {}

    /** A point of an MTU sweep: what the growth rules compare across points. */
    public record MtuPoint(String point, int mtu, double retransmitsPerGb, double receiverDropsPerGb) {}

    /** The same numbers over an MTU sweep, for {@link #growsWithMtu}: per GB moved, so test lengths cancel. */
    public static MtuPoint mtuPoint(PointEvidence e) {
        if (e.mtu() == null) {
            return null;
        }
        double gb = 0;
        double retr = 0;
        double drops = 0;
        for (Direction d : e.directions()) {
            Long b = e.toolBytes(d);
            gb += b == null ? 0 : b / 1e9;
            // as packet-loss: resends that reordering explains are no loss that could grow with the MTU
            TcpLoss host = TcpLoss.of(e.sender(d));
            retr += (host == null ? 1 : host.lostShare())
                    * e.senderStreams(d).stream()
                            .filter(s -> s.retransmits() != null)
                            .mapToLong(Summary::retransmits)
                            .sum();
            drops += FindingRules.counts(e.receiver(d), FindingRules.RECEIVE_DROPS).values().stream()
                    .mapToDouble(Double::doubleValue)
                    .sum();
        }
        return gb <= 0 ? null : new MtuPoint(e.point(), e.mtu(), retr / gb, drops / gb);
    }

    /**
     * Retransmits or receiver drops per GB at this point at least twice those of the sweep's smallest MTU so far
     * (and more than 1 per GB): they grow with the MTU.
     */
    public static List<Finding> growsWithMtu(List<MtuPoint> earlier, MtuPoint now) {
        List<Finding> out = new ArrayList<>();
        if (now == null) {
            return out;
        }
        MtuPoint smallest = earlier.stream()
                .filter(p -> p.mtu() < now.mtu())
                .min(Comparator.comparingInt(MtuPoint::mtu))
                .orElse(null);
        if (smallest == null) {
            return out;
        }
        if (now.retransmitsPerGb() > 1 && now.retransmitsPerGb() >= 2 * smallest.retransmitsPerGb()) {
            out.add(new Finding(
                    now.point(),
                    Finding.WARNING,
                    "",
                    "retransmits-grow-with-mtu",
                    "retransmits grow with the MTU: " + num(now.retransmitsPerGb()) + " per GB at MTU " + now.mtu()
                            + ", " + num(smallest.retransmitsPerGb()) + " per GB at MTU " + smallest.mtu(),
                    "mtu " + now.mtu() + "=" + num(now.retransmitsPerGb()) + "/GB; mtu " + smallest.mtu() + "="
                            + num(smallest.retransmitsPerGb()) + "/GB"));
        }
        if (now.receiverDropsPerGb() > 1 && now.receiverDropsPerGb() >= 2 * smallest.receiverDropsPerGb()) {
            out.add(new Finding(
                    now.point(),
                    Finding.WARNING,
                    "",
                    "drops-grow-with-mtu",
                    "receiver drops grow with the MTU: " + num(now.receiverDropsPerGb()) + " per GB at MTU "
                            + now.mtu() + ", " + num(smallest.receiverDropsPerGb()) + " per GB at MTU "
                            + smallest.mtu(),
                    "mtu " + now.mtu() + "=" + num(now.receiverDropsPerGb()) + "/GB; mtu " + smallest.mtu() + "="
                            + num(smallest.receiverDropsPerGb()) + "/GB"));
        }
        return out;
    }
}
