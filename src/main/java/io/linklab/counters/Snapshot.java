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
 * @param procs     the tools' processes by pid: their name and CPU time so far (user + system, in the clock
 *                  ticks of /proc/stat); empty where the sampler does not read them
 * @param threads   the threads of those processes that have more than one, by thread id, as {@code procs}
 *                  holds processes (iperf3 3.16+ runs each stream in a thread of its own); empty where none
 */
public record Snapshot(
        double uptimeS,
        Map<String, long[]> cpus,
        Map<String, Long> interfaceCounters,
        Map<String, Long> ethtool,
        Map<String, Long> tcp,
        Map<Long, ProcTime> procs,
        Map<Long, ProcTime> threads) {

    /** A process's name ({@code comm}), its CPU time in clock ticks and the core it last ran on. */
    public record ProcTime(String comm, long ticks, int core) {}

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
        procs = Collections.unmodifiableMap(new LinkedHashMap<>(procs));
        threads = Collections.unmodifiableMap(new LinkedHashMap<>(threads));
    }

    /** A reading without the tools' processes. */
    public Snapshot(
            double uptimeS,
            Map<String, long[]> cpus,
            Map<String, Long> interfaceCounters,
            Map<String, Long> ethtool,
            Map<String, Long> tcp) {
        this(uptimeS, cpus, interfaceCounters, ethtool, tcp, Map.of(), Map.of());
    }
}
