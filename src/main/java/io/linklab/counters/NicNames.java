package io.linklab.counters;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The few canonical NIC counters LinkLab reasons with, from whatever names the driver gives them in
 * {@code ethtool -S}: mlx5 (ConnectX), ice and i40e (Intel E810/X710), ixgbe (Intel 82599/X540), bnxt
 * (Broadcom) and virtio/veth (per-queue counters, summed). Where the driver has none of a counter's names,
 * the kernel's interface statistics give it (the same for every driver, but they miss what the NIC dropped
 * before the kernel saw it on some drivers, and they never count pause frames).
 */
public final class NicNames {

    public static final List<String> CANONICAL = List.of(
            "rx_bytes",
            "tx_bytes",
            "rx_packets",
            "tx_packets",
            "rx_dropped",
            "rx_missed",
            "rx_errors",
            "rx_pause",
            "tx_pause");

    /**
     * Per canonical name, the driver names in order of preference: a port's physical counter before the
     * kernel-facing one (mlx5's *_phy counts what reached the wire, including what the NIC then dropped).
     */
    static final Map<String, List<String>> DRIVER_NAMES = Map.of(
            "rx_bytes", List.of("rx_bytes_phy", "port.rx_bytes", "rx_bytes.nic", "rx_bytes"),
            "tx_bytes", List.of("tx_bytes_phy", "port.tx_bytes", "tx_bytes.nic", "tx_bytes"),
            "rx_packets", List.of("rx_packets_phy", "rx_packets.nic", "rx_packets", "rx_good_frames"),
            "tx_packets", List.of("tx_packets_phy", "tx_packets.nic", "tx_packets", "tx_good_frames"),
            "rx_dropped",
                    List.of(
                            "rx_discards_phy",
                            "port.rx_dropped",
                            "rx_dropped.nic",
                            "rx_stat_discard",
                            "rx_total_discard_pkts",
                            "rx_discards",
                            "rx_dropped"),
            "rx_missed",
                    List.of(
                            "rx_out_of_buffer",
                            "port.rx_missed_errors",
                            "rx_missed_errors.nic",
                            "rx_missed_errors",
                            "rx_no_dma_resources",
                            "rx_buf_errors"),
            "rx_errors",
                    List.of(
                            "rx_crc_errors_phy",
                            "port.rx_crc_errors",
                            "rx_crc_errors.nic",
                            "rx_fcs_err_frames",
                            "rx_crc_errors"),
            "rx_pause",
                    List.of(
                            "rx_pause_ctrl_phy",
                            "port.link_xoff_rx",
                            "link_xoff_rx.nic",
                            "link_xoff_rx",
                            "rx_pause_frames"),
            "tx_pause",
                    List.of(
                            "tx_pause_ctrl_phy",
                            "port.link_xoff_tx",
                            "link_xoff_tx.nic",
                            "link_xoff_tx",
                            "tx_pause_frames"));

    /** virtio_net and veth count per queue: "rx_queue_0_drops", "tx_queue_3_bytes"… */
    private static final Pattern QUEUE = Pattern.compile("(rx|tx)_queue_\\d+_(bytes|packets|drops)");

    private static final Map<String, String> QUEUE_SUMS = Map.of(
            "rx_bytes",
            "rx_%s_bytes",
            "tx_bytes",
            "tx_%s_bytes",
            "rx_packets",
            "rx_%s_packets",
            "tx_packets",
            "tx_%s_packets",
            "rx_dropped",
            "rx_%s_drops");

    /** The kernel's statistics name for each canonical one, used where the driver's counters have none. */
    static final Map<String, String> KERNEL_NAMES = Map.of(
            "rx_bytes",
            "rx_bytes",
            "tx_bytes",
            "tx_bytes",
            "rx_packets",
            "rx_packets",
            "tx_packets",
            "tx_packets",
            "rx_dropped",
            "rx_dropped",
            "rx_missed",
            "rx_missed_errors",
            "rx_errors",
            "rx_errors");

    /** Driver counters worth keeping under their own names: those that say something was lost or paused. */
    private static final Pattern WORTH_KEEPING =
            Pattern.compile(".*(drop|discard|miss|out_of_buffer|pause|xoff|xon|err|no_dma|no_buf).*");
    /** Per-queue and per-ring copies (mlx5 "rx3_…", ice "rx_queue_3.…"): their sums are what matters. */
    private static final Pattern PER_QUEUE = Pattern.compile("(.*queue_\\d+.*|^(rx|tx|ch)\\d+_.*|.*\\[\\d+].*)");

    private NicNames() {}

    /**
     * The canonical counters of one snapshot: from the driver's names where it has one, else the kernel's.
     * A counter neither has is absent (not reported: pause frames on IPoIB or veth).
     */
    public static Map<String, Long> canonical(Map<String, Long> ethtool, Map<String, Long> kernel) {
        Map<String, Long> out = new LinkedHashMap<>();
        Map<String, Long> queueSums = queueSums(ethtool);
        for (String name : CANONICAL) {
            Long v = null;
            for (String driverName : DRIVER_NAMES.get(name)) {
                v = ethtool.get(driverName);
                if (v != null) {
                    break;
                }
            }
            if (v == null) {
                v = queueSums.get(name);
            }
            if (v == null && KERNEL_NAMES.containsKey(name)) {
                v = kernel.get(KERNEL_NAMES.get(name));
            }
            if (v != null) {
                out.put(name, v);
            }
        }
        return out;
    }

    private static Map<String, Long> queueSums(Map<String, Long> ethtool) {
        Map<String, Long> sums = new LinkedHashMap<>();
        for (Map.Entry<String, Long> e : ethtool.entrySet()) {
            if (QUEUE.matcher(e.getKey()).matches()) {
                String generic = e.getKey().replaceFirst("queue_\\d+", "%s");
                for (Map.Entry<String, String> q : QUEUE_SUMS.entrySet()) {
                    if (q.getValue().equals(generic)) {
                        sums.merge(q.getKey(), e.getValue(), Long::sum);
                    }
                }
            }
        }
        return sums;
    }

    /** The driver's counters kept as they are named (prefixed "ethtool."): losses, errors and pause frames. */
    public static Map<String, Long> kept(Map<String, Long> ethtool) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (Map.Entry<String, Long> e : ethtool.entrySet()) {
            String n = e.getKey();
            if (WORTH_KEEPING.matcher(n).matches() && !PER_QUEUE.matcher(n).matches()) {
                out.put("ethtool." + n, e.getValue());
            }
        }
        return out;
    }
}
