package io.linklab.counters;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One reading of a host's cumulative counters, as the sampler printed it.
 *
 * @param uptimeS   the host's /proc/uptime at the reading: the clock its intervals are measured on
 * @param cpus      per core ("cpu0", "cpu1"…) its /proc/stat jiffies: user, nice, system, idle, iowait, irq,
 *                  softirq, steal
 * @param interfaceCounters the data interface's kernel counters by their /sys/class/net/IF/statistics names
 *                  (rx_bytes, rx_dropped, rx_missed_errors…), with softnet_dropped/softnet_squeezed (all cores)
 *                  and qdisc_dropped (its root qdisc) where read
 * @param ethtool   the NIC driver's own counters from {@code ethtool -S}, by the driver's names; empty when
 *                  ethtool is missing or the interface has none
 * @param tcp       /proc/net/snmp and /proc/net/netstat as "Tcp.RetransSegs", "TcpExt.TCPBacklogDrop"…
 */
public record Snapshot(double uptimeS, Map<String, long[]> cpus, Map<String, Long> interfaceCounters,
                       Map<String, Long> ethtool, Map<String, Long> tcp) {

    /** Indices into a core's jiffies. */
    static final int USER = 0;
    static final int NICE = 1;
    static final int SYSTEM = 2;
    static final int IDLE = 3;
    static final int IOWAIT = 4;
    static final int IRQ = 5;
    static final int SOFTIRQ = 6;
    static final int STEAL = 7;
    static final int FIELDS = 8;

    public Snapshot {
        // in the order the host printed them: cpu0, cpu1… is the order of the rows
        cpus = Collections.unmodifiableMap(new LinkedHashMap<>(cpus));
        interfaceCounters = Collections.unmodifiableMap(new LinkedHashMap<>(interfaceCounters));
        ethtool = Collections.unmodifiableMap(new LinkedHashMap<>(ethtool));
        tcp = Collections.unmodifiableMap(new LinkedHashMap<>(tcp));
    }
}
