package io.linklab.counters;

/**
 * What a sending host's TCP counters say about its retransmits: how many the receiver reported it already had
 * (D-SACK), how often TCP saw the path reorder, and whether reordering can explain the rest. Thresholds and their
 * lab evidence: docs/decisions/0304-finding-thresholds.md.
 *
 * @param retransmits segments resent, 0 where not counted
 * @param sent        segments sent, 0 where not counted
 * @param spurious    resent segments the receiver reported as duplicates (D-SACK): reordered, not lost
 * @param dsackKnown  the kernel counts D-SACKed segments (Linux 5.10 and later)
 * @param reorderings times TCP detected reordering (SACK, timestamps, Reno)
 * @param timeouts    retransmission timeouts
 */
public record TcpLoss(
        double retransmits, double sent, double spurious, boolean dsackKnown, double reorderings, double timeouts) {

    /**
     * Resent segments the receiver did not report as duplicates, per one it did report, up to which reordering
     * explains them (D-SACK reports one block per ACK and misses some). Clean loaded veth: at most 0.16; 0.1 % of
     * the receiver's packets dropped: 0.48 and more.
     */
    static final double UNREPORTED_PER_SPURIOUS = 0.33;

    /**
     * Share of the segments sent, up to which resends the receiver did not report are within what a reordering path
     * does on its own, where no host counted a drop: clean loaded veth up to 0.05 %; 0.1 % of the receiver's
     * packets dropped, 0.16 % and more.
     */
    static final double REORDERING_SPREAD_SHARE = 0.0008;

    /** Reordering counters of /proc/net/netstat, as LinkLab names them. */
    static final String[] REORDER_COUNTERS = {"sack_reorder", "ts_reorder", "reno_reorder"};

    /** The sender's counters (0 for those it did not report), or null where it reported neither count. */
    static TcpLoss of(EndSeries sender) {
        Double retrans = sender.total("retrans_segs");
        Double sent = sender.total("out_segs");
        if (retrans == null && sent == null) {
            return null;
        }
        Double dsack = sender.total("dsack_recv_segs");
        double reorders = 0;
        for (String n : REORDER_COUNTERS) {
            Double v = sender.total(n);
            reorders += v == null ? 0 : v;
        }
        Double timeouts = sender.total("timeouts");
        double resent = retrans == null ? 0 : retrans;
        return new TcpLoss(
                resent,
                sent == null ? 0 : sent,
                dsack == null ? 0 : Math.min(resent, dsack),
                dsack != null,
                reorders,
                timeouts == null ? 0 : timeouts);
    }

    /** Resent segments the receiver did not report as duplicates: lost, or reordered past what D-SACK caught. */
    public double unreported() {
        return retransmits - spurious;
    }

    /** TCP saw the path reorder: duplicates reported, or reordering detected. */
    public boolean reorderingSeen() {
        return spurious >= 1 || reorderings >= 1;
    }

    /**
     * Reordering can explain the resent segments: few went unreported next to those reported, or the kernel does
     * not count D-SACKs and saw reordering (nothing then tells a loss from a late packet).
     */
    public boolean explainedByReordering() {
        return dsackKnown ? spurious >= 1 && unreported() <= UNREPORTED_PER_SPURIOUS * spurious : reorderings >= 1;
    }

    /**
     * Reordering was seen and the resends the receiver did not report are a share of those sent that a reordering
     * path reaches without any loss. Evidence only where no host counted a drop: a counted drop is loss, however
     * few.
     */
    public boolean withinReorderingSpread() {
        return reorderingSeen() && sent > 0 && unreported() / sent <= REORDERING_SPREAD_SHARE;
    }

    /**
     * The share of the resent segments that were lost, as far as the counters tell: 0 where reordering explains
     * them, 1 where the host did not count its retransmits.
     */
    public double lostShare() {
        if (explainedByReordering()) {
            return 0;
        }
        return retransmits <= 0 ? 1 : unreported() / retransmits;
    }
}
