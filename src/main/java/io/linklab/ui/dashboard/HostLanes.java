package io.linklab.ui.dashboard;

import io.linklab.counters.HostCounterRow;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The host counters the live lanes draw, as they arrive from the run (engine threads), kept per end and time:
 * the lanes' four values and every counter of that interval (for the hover). A new sweep point starts over,
 * as the bitrate chart does.
 */
public final class HostLanes {

    /** The lanes, top to bottom. */
    public enum Lane {
        BUSIEST_CORE("busiest core", "%"),
        SOFTIRQ("softirq", "%"),
        NIC_DROPS("NIC drops+pause", "/s"),
        RETRANSMITS("TCP retrans", "/s");

        final String label;
        final String unit;

        Lane(String label, String unit) {
            this.label = label;
            this.unit = unit;
        }
    }

    /** Counters whose sum is the NIC lane: whatever the interface, its driver or its qdisc dropped, and pauses. */
    static final List<String> NIC_LANE = List.of(
            "rx_dropped", "rx_missed", "softnet_dropped", "qdisc_dropped", "tx_dropped", "rx_pause", "tx_pause");

    /** One end's interval: every counter by name. */
    public record Interval(String end, double timeS, Map<String, Double> values) {

        public double lane(Lane lane) {
            return switch (lane) {
                case BUSIEST_CORE -> values.getOrDefault("cpu.busiest", 0.0);
                case SOFTIRQ -> values.getOrDefault("cpu.softirq", 0.0);
                case NIC_DROPS ->
                    NIC_LANE.stream()
                            .mapToDouble(n -> values.getOrDefault(n, 0.0))
                            .sum();
                case RETRANSMITS -> values.getOrDefault("retrans_segs", 0.0);
            };
        }

        /** "cpu3", the busiest core of the interval. */
        public String busiestCore() {
            Double c = values.get("cpu.busiest_core");
            return c == null ? "" : "cpu" + Math.round(c);
        }
    }

    private final Map<String, TreeMap<Double, Map<String, Double>>> byEnd = new TreeMap<>();
    private String point = "";
    private long version;

    public synchronized void add(String pointLabel, List<HostCounterRow> rows) {
        if (!pointLabel.equals(point)) {
            byEnd.clear();
            point = pointLabel;
        }
        for (HostCounterRow r : rows) {
            byEnd.computeIfAbsent(r.end(), e -> new TreeMap<>())
                    .computeIfAbsent(r.timeS(), t -> new TreeMap<>())
                    .put(r.name(), r.value());
        }
        version++;
    }

    public synchronized long version() {
        return version;
    }

    /** Every interval of both ends, client first, in time order. */
    public synchronized List<Interval> intervals() {
        List<Interval> out = new ArrayList<>();
        byEnd.forEach((end, times) -> times.forEach((t, v) -> out.add(new Interval(end, t, Map.copyOf(v)))));
        return out;
    }
}
