package io.linklab.counters;

import io.linklab.model.Direction;
import io.linklab.model.Rates;
import io.linklab.model.Summary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The rules that say which limit a test hit, each a pure function of the counters and the tool's numbers
 * (issue 18). Each message names the number that triggered it; the evidence lists what it was decided on.
 */
public final class FindingRules {

    /** A sender's rate "holds" while its intervals stay within this fraction of their mean. */
    static final double RATE_HOLDS = 0.25;
    /** One stream's retransmits this many times the others' mean are "concentrated". */
    static final double CONCENTRATED = 5;
    /**
     * Share of the segments sent that TCP resent without the receiver reporting it had them (at least 20 segments).
     * Evidence for this and the other thresholds: docs/decisions/0304-finding-thresholds.md.
     */
    static final double LOSS_SHARE = 0.0001;
    /** At least this many segments lost for a loss finding. */
    static final double LOSS_MIN_SEGMENTS = 20;
    /** NIC and tool byte counts that differ by more than this fraction disagree. */
    static final double BYTES_DISAGREE = 0.10;
    /** Bytes per packet that the NIC counts and the tool does not: Ethernet 14 + IPv4 20 + TCP with timestamps 32. */
    static final int TCP_HEADERS = 66;

    static final int UDP_HEADERS = 42;
    /** Receive-side drop counters of the kernel and the NIC, with the place each names. */
    static final Map<String, String> RECEIVE_DROPS = ordered(
            "rx_missed",
            "NIC (missed: no buffer)",
            "rx_dropped",
            "NIC/driver",
            "softnet_dropped",
            "kernel backlog",
            "rcvq_drop",
            "TCP receive queue",
            "backlog_drop",
            "TCP socket backlog",
            "ofo_drop",
            "TCP out-of-order queue",
            "rcv_pruned",
            "TCP (pruned)");
    /** Send-side drop counters. */
    static final Map<String, String> SEND_DROPS = ordered("qdisc_dropped", "qdisc", "tx_dropped", "NIC/driver (tx)");

    private FindingRules() {}

    /** Every rule of one repetition. */
    public static List<Finding> all(PointEvidence e) {
        List<Finding> out = new ArrayList<>();
        out.addAll(CpuRules.all(e));
        out.addAll(receiverDrops(e));
        out.addAll(pauseFrames(e));
        out.addAll(packetLoss(e));
        out.addAll(retransmitsOnOneStream(e));
        out.addAll(rateAgainstLinkSpeed(e));
        out.addAll(nicBytesAgainstToolBytes(e));
        return out;
    }

    /** The receiver drops packets in more than one interval, while the sender keeps its rate (seed 003). */
    public static List<Finding> receiverDrops(PointEvidence e) {
        List<Finding> out = new ArrayList<>();
        for (Direction d : e.directions()) {
            EndSeries rx = e.receiver(d);
            EndSeries tx = e.sender(d);
            Map<String, Double> drops = counts(rx, RECEIVE_DROPS);
            double total =
                    drops.values().stream().mapToDouble(Double::doubleValue).sum();
            int growing = 0;
            for (String name : drops.keySet()) {
                growing = Math.max(growing, rx.intervalsWith(name, e.durationS()));
            }
            if (total < 1 || growing < 2) {
                continue;
            }
            List<Double> rate = tx.during("tx_bytes", e.durationS());
            String held;
            if (rate.size() >= 2 && mean(rate) > 0) {
                double m = mean(rate);
                boolean holds = rate.stream().allMatch(v -> Math.abs(v - m) <= RATE_HOLDS * m);
                held = holds
                        ? " while " + tx.who() + " kept sending at " + bits(m * 8)
                        : " while " + tx.who() + "'s sending rate varied (" + bits(min(rate) * 8) + " to "
                                + bits(max(rate) * 8) + ")";
            } else {
                held = "";
            }
            out.add(new Finding(
                    e.point(),
                    Finding.WARNING,
                    rx.end(),
                    "receiver-drops",
                    "receiver drops frames" + e.atMtu() + ": " + rx.who() + " dropped " + count(total) + " packets ("
                            + places(drops, RECEIVE_DROPS) + ") in " + growing + " intervals" + held,
                    evidence(drops) + "; direction=" + d.csv() + "; intervals with drops=" + growing));
        }
        return out;
    }

    /** Pause frames sent or received: Ethernet flow control is slowing a sender down. */
    public static List<Finding> pauseFrames(PointEvidence e) {
        List<Finding> out = new ArrayList<>();
        for (EndSeries s : List.of(e.client(), e.server())) {
            Double rx = s.total("rx_pause");
            Double tx = s.total("tx_pause");
            double rxN = rx == null ? 0 : rx;
            double txN = tx == null ? 0 : tx;
            if (rxN + txN < 1) {
                continue;
            }
            out.add(new Finding(
                    e.point(),
                    Finding.WARNING,
                    s.end(),
                    "pause-frames",
                    "flow control is active" + e.atMtu() + ": " + s.host() + " " + s.iface() + " received "
                            + count(rxN) + " and sent " + count(txN) + " pause frames"
                            + (txN >= 1
                                    ? " (it could not keep up and asked its peer to pause)"
                                    : " (its peer or the switch asked it to pause)"),
                    "rx_pause=" + num(rxN) + "; tx_pause=" + num(txN)));
        }
        return out;
    }

    /**
     * TCP resent at least 0.01 % of what it sent (and 20 segments) that the receiver did not report as duplicates.
     * A warning names where hosts counted drops (qdisc, NIC, kernel, TCP), or says none did, only where reordering
     * cannot explain the resent segments ({@link TcpLoss#explainedByReordering}, or, where no host counted a drop,
     * {@link TcpLoss#withinReorderingSpread}); otherwise an info says what the counters show and names no cause
     * ("retransmits").
     */
    public static List<Finding> packetLoss(PointEvidence e) {
        List<Finding> out = new ArrayList<>();
        if (e.udp()) {
            return out;
        }
        for (Direction d : e.directions()) {
            EndSeries tx = e.sender(d);
            EndSeries rx = e.receiver(d);
            TcpLoss tcp = TcpLoss.of(tx);
            if (tcp == null || tcp.sent() <= 0 || tcp.retransmits() <= 0) {
                continue;
            }
            double lost = tcp.unreported();
            double sent = tcp.sent();
            if (lost < LOSS_MIN_SEGMENTS || lost / sent < LOSS_SHARE) {
                continue;
            }
            Map<String, Double> txDrops = counts(tx, SEND_DROPS);
            Map<String, Double> rxDrops = counts(rx, RECEIVE_DROPS);
            List<String> where = new ArrayList<>();
            txDrops.forEach((n, v) ->
                    where.add(SEND_DROPS.get(n) + " on " + tx.end() + " " + tx.iface() + " dropped " + count(v)));
            rxDrops.forEach((n, v) -> where.add(RECEIVE_DROPS.get(n) + " on " + rx.end() + " dropped " + count(v)));
            String evidence = "retrans_segs=" + num(tcp.retransmits()) + "; dsack_recv_segs=" + num(tcp.spurious())
                    + "; out_segs=" + num(sent) + "; reorderings=" + num(tcp.reorderings()) + "; timeouts="
                    + num(tcp.timeouts())
                    + (txDrops.isEmpty() ? "" : "; " + tx.end() + " " + evidence(txDrops))
                    + (rxDrops.isEmpty() ? "" : "; " + rx.end() + " " + evidence(rxDrops));
            if (tcp.explainedByReordering() || (where.isEmpty() && tcp.withinReorderingSpread())) {
                out.add(new Finding(
                        e.point(),
                        Finding.INFO,
                        tx.end(),
                        "retransmits",
                        "TCP on " + tx.who() + " resent " + share(lost, sent) + " of its " + d.csv() + " segments"
                                + e.atMtu() + " (" + count(lost) + " of " + count(sent) + " sent, not reported as "
                                + "duplicates); "
                                + (where.isEmpty()
                                        ? "no host counted a drop"
                                        : "counted on the way: " + String.join(", ", where))
                                + "; reordering seen (" + reordering(tcp) + ")",
                        evidence));
                continue;
            }
            String place = where.isEmpty()
                    ? "no host counted a drop (qdisc, NIC, kernel or TCP on either end), and reordering does not "
                            + "explain them: " + uncounted(e)
                    : "counted on the way: " + String.join(", ", where);
            String dup = tcp.spurious() >= 1
                    ? "; another " + count(tcp.spurious()) + " it resent had arrived after all"
                    : "";
            out.add(new Finding(
                    e.point(),
                    Finding.WARNING,
                    tx.end(),
                    "packet-loss",
                    "packets lost " + d.csv() + e.atMtu() + ": TCP on " + tx.who() + " resent " + count(lost)
                            + " lost segments (" + share(lost, sent) + " of " + count(sent) + " sent" + dup + "); "
                            + place,
                    evidence));
        }
        return out;
    }

    /** Where packets go that no host counted: on one kernel no cable or switch is in the way. */
    private static String uncounted(PointEvidence e) {
        return e.sameKernel()
                ? "both ends run on one kernel, so no cable or switch lost them: a firewall rule or another filter "
                        + "dropped them uncounted"
                : "the packets were lost between the hosts (a switch, the cable, a firewall rule)";
    }

    private static String reordering(TcpLoss tcp) {
        List<String> parts = new ArrayList<>();
        if (tcp.spurious() >= 1) {
            parts.add(count(tcp.spurious()) + " resent segments the receiver already had");
        }
        if (tcp.reorderings() >= 1) {
            parts.add(count(tcp.reorderings()) + " reorderings detected");
        }
        return String.join("; ", parts);
    }

    /**
     * One stream has most of the lost segments of its direction: its path (or its queue) is the problem. Only where
     * the loss matters as much as {@link #packetLoss}'s. The duplicates the receiver reported (reordering, which a
     * loaded path does to every stream) are taken off each stream in proportion to the bytes it sent: iperf3 counts
     * a stream's retransmits, not which of them were needless, and on a busy veth those can outnumber the lost ones.
     */
    public static List<Finding> retransmitsOnOneStream(PointEvidence e) {
        List<Finding> out = new ArrayList<>();
        for (Direction d : e.directions()) {
            List<Summary> streams = e.senderStreams(d).stream()
                    .filter(s -> s.retransmits() != null)
                    .toList();
            long total = streams.stream().mapToLong(Summary::retransmits).sum();
            // as packet-loss: retransmits that reordering explains are no stream's loss
            TcpLoss host = TcpLoss.of(e.sender(d));
            double lost = host == null ? total : total * host.lostShare();
            if (streams.size() < 2
                    || lost < LOSS_MIN_SEGMENTS
                    || (host != null && host.sent() > 0 && lost / host.sent() < LOSS_SHARE)) {
                continue;
            }
            double needless =
                    host == null || host.retransmits() <= 0 ? 0 : total * host.spurious() / host.retransmits();
            double[] lostOf = lostPerStream(streams, needless);
            int top = 0;
            double lostAll = 0;
            for (int i = 0; i < lostOf.length; i++) {
                lostAll += lostOf[i];
                top = lostOf[i] > lostOf[top] ? i : top;
            }
            double othersMean = (lostAll - lostOf[top]) / (streams.size() - 1);
            double share = lostAll <= 0 ? 0 : lostOf[top] / lostAll;
            if (share < 0.5 || lostOf[top] < CONCENTRATED * othersMean) {
                continue;
            }
            Summary one = streams.get(top);
            String name = "stream " + one.stream() + (one.process() == null ? "" : " of process " + one.process());
            out.add(new Finding(
                    e.point(),
                    Finding.WARNING,
                    e.sender(d).end(),
                    "retransmits-one-stream",
                    "retransmits concentrated on one stream: " + name + " had " + one.retransmits() + " of " + total
                            + " " + d.csv() + " retransmits"
                            + (needless >= 1
                                    ? ", about " + count(lostOf[top]) + " of them lost ("
                                            + pct(100 * share) + " of the lost ones) once the duplicates the receiver"
                                            + " reported are shared out by bytes sent,"
                                    : " (" + pct(100 * share) + ")")
                            + " across " + streams.size() + " streams",
                    "top=" + one.retransmits() + "; total=" + total + "; streams=" + streams.size()
                            + "; top lost=" + num(lostOf[top]) + "; others lost mean=" + num(othersMean)
                            + "; duplicates shared out=" + count(needless) + "; lost (not reported as duplicates)="
                            + count(lost)));
        }
        return out;
    }

    /**
     * Each stream's retransmits less its part of {@code needless} (by its share of the bytes sent; evenly where a
     * stream's bytes are unknown), never below zero.
     */
    private static double[] lostPerStream(List<Summary> streams, double needless) {
        boolean bytesKnown = streams.stream().allMatch(s -> s.bytes() != null && s.bytes() > 0);
        double allBytes =
                bytesKnown ? streams.stream().mapToDouble(Summary::bytes).sum() : streams.size();
        double[] lost = new double[streams.size()];
        for (int i = 0; i < lost.length; i++) {
            Summary s = streams.get(i);
            double part = (bytesKnown ? s.bytes() : 1) / allBytes;
            lost[i] = Math.max(0, s.retransmits() - needless * part);
        }
        return lost;
    }

    /**
     * The achieved rate against the slower end's link speed ("reaches 96 % of 100 Gbit/s"), or that the speed is
     * unknown: a virtual interface (veth, bridge, tunnel) has no link speed, whatever its /sys speed says.
     */
    public static List<Finding> rateAgainstLinkSpeed(PointEvidence e) {
        List<Finding> out = new ArrayList<>();
        Long speed = minSpeed(e.client().speedMbps(), e.server().speedMbps());
        for (Direction d : e.directions()) {
            Double rate = e.toolRate(d);
            if (rate == null) {
                continue;
            }
            if (speed == null) {
                out.add(new Finding(
                        e.point(),
                        Finding.INFO,
                        "",
                        "link-speed-unknown",
                        d.csv() + " reached " + bits(rate) + e.atMtu() + "; the link speed is unknown: "
                                + ifaces(e) + " reports one (a virtual interface such as veth, a bridge or a "
                                + "tunnel, or a link that is down)",
                        "bits_per_second=" + num(rate)));
                continue;
            }
            double link = speed * 1e6;
            double share = 100 * rate / link;
            out.add(new Finding(
                    e.point(),
                    Finding.INFO,
                    "",
                    "link-share",
                    d.csv() + " reaches " + pct(share) + " of " + bits(link) + " (the link speed of "
                            + e.client().iface() + " and " + e.server().iface() + ")" + e.atMtu(),
                    "bits_per_second=" + num(rate) + "; link_speed_bps=" + num(link)));
        }
        return out;
    }

    private static String ifaces(PointEvidence e) {
        String c =
                e.client().iface().isEmpty() ? "no interface found" : e.client().iface();
        String s =
                e.server().iface().isEmpty() ? "no interface found" : e.server().iface();
        return "neither the client's " + c + " nor the server's " + s;
    }

    /**
     * The receiver's NIC counted more than 10 % more or fewer payload bytes than the tool received: someone else
     * uses the link, or the test went another way. Headers are taken off per packet the NIC counted (so the
     * other direction's ACKs, all header, count for nothing in a bidirectional test).
     */
    public static List<Finding> nicBytesAgainstToolBytes(PointEvidence e) {
        List<Finding> out = new ArrayList<>();
        for (Direction d : e.directions()) {
            EndSeries rx = e.receiver(d);
            Long tool = e.toolBytes(d);
            Double nic = rx.total("rx_bytes");
            Double packets = rx.total("rx_packets");
            if (tool == null || tool < 1_000_000 || nic == null) {
                continue;
            }
            double payload = nic - (packets == null ? 0 : packets) * (e.udp() ? UDP_HEADERS : TCP_HEADERS);
            double diff = (payload - tool) / tool;
            if (Math.abs(diff) <= BYTES_DISAGREE) {
                continue;
            }
            String why = diff > 0
                    ? "more: someone else uses the link, or other traffic shares the interface"
                    : "fewer: the test's traffic went another way (another interface or route)";
            out.add(new Finding(
                    e.point(),
                    Finding.WARNING,
                    rx.end(),
                    "nic-bytes-disagree",
                    rx.iface() + " on " + rx.who() + " counted " + pct(Math.abs(100 * diff)) + " " + why + " ("
                            + gbytes(payload) + " of payload against " + gbytes(tool) + " " + e.tool() + " received "
                            + d.csv() + ")",
                    "nic_payload_bytes=" + num(payload) + "; rx_bytes=" + num(nic) + "; rx_packets="
                            + num(packets == null ? 0 : packets) + "; tool_bytes=" + tool));
        }
        return out;
    }

    // ---- helpers -------------------------------------------------------------------------------------------

    /** The non-zero counts of the named counters of one end, in the order given. */
    static Map<String, Double> counts(EndSeries s, Map<String, String> names) {
        Map<String, Double> out = new LinkedHashMap<>();
        for (String n : names.keySet()) {
            Double v = s.total(n);
            if (v != null && v >= 0.5) {
                out.put(n, v);
            }
        }
        return out;
    }

    private static String places(Map<String, Double> counts, Map<String, String> names) {
        List<String> parts = new ArrayList<>();
        counts.forEach((n, v) -> parts.add(n + " " + count(v) + " in the " + names.get(n)));
        return String.join(", ", parts);
    }

    private static String evidence(Map<String, Double> counts) {
        List<String> parts = new ArrayList<>();
        counts.forEach((n, v) -> parts.add(n + "=" + num(v)));
        return String.join("; ", parts);
    }

    private static Long minSpeed(Long a, Long b) {
        if (a == null) {
            return b;
        }
        return b == null ? a : Math.min(a, b);
    }

    static double median(List<Double> v) {
        List<Double> s = v.stream().sorted().toList();
        int n = s.size();
        return n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
    }

    static double mean(List<Double> v) {
        return v.stream().mapToDouble(Double::doubleValue).average().orElse(0);
    }

    private static double min(List<Double> v) {
        return v.stream().mapToDouble(Double::doubleValue).min().orElse(0);
    }

    private static double max(List<Double> v) {
        return v.stream().mapToDouble(Double::doubleValue).max().orElse(0);
    }

    static double mode(List<Double> v) {
        Map<Double, Integer> n = new LinkedHashMap<>();
        v.forEach(x -> n.merge(x, 1, Integer::sum));
        return n.entrySet().stream()
                .max(Map.Entry.comparingByValue())
                .map(Map.Entry::getKey)
                .orElse(-1.0);
    }

    /** A small share with the digits that make it non-zero: "0.0094 %", "1.2 %", "85 %". */
    static String share(double part, double whole) {
        double p = 100 * part / whole;
        return p >= 10 ? pct(p) : String.format(Locale.ROOT, "%.2g %%", p);
    }

    static String pct(double p) {
        return Math.round(p) + " %";
    }

    static String count(double v) {
        return String.valueOf(Math.round(v));
    }

    static String num(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.2f", v);
    }

    /** A rate as findings write it ("41.2 Gbit/s", "812 Mbit/s"). */
    public static String bits(double bps) {
        return Rates.significant(bps);
    }

    private static String gbytes(double bytes) {
        return String.format(Locale.ROOT, "%.2f GB", bytes / 1e9);
    }

    private static Map<String, String> ordered(String... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return m;
    }
}
