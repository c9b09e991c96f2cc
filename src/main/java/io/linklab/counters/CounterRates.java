package io.linklab.counters;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What happened on a host between two snapshots: CPU per core as shares of that core's time, and every
 * cumulative counter as a rate per second over the host's own interval (/proc/uptime). A counter that went
 * backwards (a driver reset, a wrap) gives no value for that interval rather than a huge negative one.
 */
public final class CounterRates {

    /** TCP counters kept, as /proc/net/snmp and /proc/net/netstat name them, and as LinkLab names them. */
    static final Map<String, String> TCP = linked(
            "Tcp.OutSegs", "out_segs",
            "Tcp.InSegs", "in_segs",
            "Tcp.RetransSegs", "retrans_segs",
            "Tcp.InErrs", "in_errs",
            "TcpExt.TCPLostRetransmit", "lost_retransmit",
            "TcpExt.TCPDSACKRecvSegs", "dsack_recv_segs",
            "TcpExt.TCPSACKReorder", "sack_reorder",
            "TcpExt.TCPTSReorder", "ts_reorder",
            "TcpExt.TCPRenoReorder", "reno_reorder",
            "TcpExt.TCPTimeouts", "timeouts",
            "TcpExt.PruneCalled", "prune_called",
            "TcpExt.RcvPruned", "rcv_pruned",
            "TcpExt.OfoPruned", "ofo_pruned",
            "TcpExt.TCPRcvQDrop", "rcvq_drop",
            "TcpExt.TCPBacklogDrop", "backlog_drop",
            "TcpExt.TCPOFODrop", "ofo_drop",
            "TcpExt.TCPZeroWindowDrop", "zero_window_drop");

    /** TCP counters that count events (a reordering seen, a timeout), not segments. */
    static final Set<String> TCP_EVENTS = Set.of("sack_reorder", "ts_reorder", "reno_reorder", "timeouts");
    /** Kernel interface counters kept besides the canonical ones. */
    static final List<String> KERNEL_EXTRA = List.of("tx_dropped", "tx_errors", "softnet_dropped", "softnet_squeezed");
    /** Counters the sampler reads only now and then (a process each): rates over the span between two readings. */
    static final String QDISC_DROPPED = "qdisc_dropped";
    /** Processes of a tool's group that only start or wait for the tool: not the tool's own CPU. */
    static final Set<String> WRAPPERS = Set.of("sh", "bash", "dash", "sudo", "setsid", "timeout", "env");

    /** A thread that works: a stream's thread sending or receiving takes far more; an idle one takes none. */
    static final double THREAD_BUSY_PERCENT = 10;
    /** A thread that fills its core, as {@code CpuRules} counts a process that does. */
    static final double THREAD_FULL_PERCENT = CpuRules.PROCESS_FULL_PERCENT;

    private CounterRates() {}

    public static List<CounterValue> between(Snapshot a, Snapshot b) {
        double dt = b.uptimeS() - a.uptimeS();
        List<CounterValue> out = new ArrayList<>();
        if (!(dt > 0)) {
            return out;
        }
        cpu(a, b, out);
        Map<String, Long> ca = NicNames.canonical(a.ethtool(), a.interfaceCounters());
        Map<String, Long> cb = NicNames.canonical(b.ethtool(), b.interfaceCounters());
        for (String name : NicNames.CANONICAL) {
            rate(out, "nic", name, unit(name), ca.get(name), cb.get(name), dt);
        }
        for (String name : KERNEL_EXTRA) {
            rate(
                    out,
                    "nic",
                    name,
                    "packets/s",
                    a.interfaceCounters().get(name),
                    b.interfaceCounters().get(name),
                    dt);
        }
        Map<String, Long> ka = NicNames.kept(a.ethtool());
        for (Map.Entry<String, Long> e : NicNames.kept(b.ethtool()).entrySet()) {
            rate(out, "nic", e.getKey(), "count/s", ka.get(e.getKey()), e.getValue(), dt);
        }
        for (Map.Entry<String, String> e : TCP.entrySet()) {
            rate(
                    out,
                    "tcp",
                    e.getValue(),
                    TCP_EVENTS.contains(e.getValue()) ? "events/s" : "segments/s",
                    a.tcp().get(e.getKey()),
                    b.tcp().get(e.getKey()),
                    dt);
        }
        processes(a, b, dt, out);
        threads(a, b, dt, out);
        return out;
    }

    /**
     * The qdisc's drops between the last snapshot that had them and this one, or null when either lacks them;
     * the value's interval is that span, not the snapshots' interval.
     */
    static CounterValue qdiscDrops(Snapshot lastWith, Snapshot now) {
        Long a = lastWith == null ? null : lastWith.interfaceCounters().get(QDISC_DROPPED);
        Long b = now.interfaceCounters().get(QDISC_DROPPED);
        double dt = lastWith == null ? 0 : now.uptimeS() - lastWith.uptimeS();
        if (a == null || b == null || b < a || !(dt > 0)) {
            return null;
        }
        return new CounterValue("nic", QDISC_DROPPED, "packets/s", (b - a) / dt);
    }

    static String unit(String canonical) {
        if (canonical.endsWith("bytes")) {
            return "bytes/s";
        }
        return canonical.endsWith("pause") ? "frames/s" : "packets/s";
    }

    private static void rate(
            List<CounterValue> out, String group, String name, String unit, Long a, Long b, double dt) {
        if (a != null && b != null && b >= a) {
            out.add(new CounterValue(group, name, unit, (b - a) / dt));
        }
    }

    /**
     * Per core: user (with nice), system, softirq, irq and idle (with iowait) as per cent of that core's
     * time; busy is what is not idle. Then the whole host's busy share and its busiest core (its share, and
     * which core in a row of its own) — what the live lanes and the CPU finding read.
     */
    private static void cpu(Snapshot a, Snapshot b, List<CounterValue> out) {
        double busiest = -1;
        int busiestCore = -1;
        double busySum = 0;
        double softirqSum = 0;
        int cores = 0;
        for (Map.Entry<String, long[]> e : b.cpus().entrySet()) {
            long[] ja = a.cpus().get(e.getKey());
            long[] jb = e.getValue();
            if (ja == null) {
                continue;
            }
            long[] d = new long[Snapshot.FIELDS];
            long total = 0;
            for (int i = 0; i < Snapshot.FIELDS; i++) {
                d[i] = jb[i] - ja[i];
                total += d[i];
            }
            if (total <= 0) {
                continue;
            }
            String core = e.getKey();
            double user = pct(d[Snapshot.USER] + d[Snapshot.NICE], total);
            double system = pct(d[Snapshot.SYSTEM], total);
            double softirq = pct(d[Snapshot.SOFTIRQ], total);
            double irq = pct(d[Snapshot.IRQ], total);
            double idle = pct(d[Snapshot.IDLE] + d[Snapshot.IOWAIT], total);
            double busy = 100 - idle;
            out.add(new CounterValue("cpu", core + ".user", "%", user));
            out.add(new CounterValue("cpu", core + ".system", "%", system));
            out.add(new CounterValue("cpu", core + ".softirq", "%", softirq));
            out.add(new CounterValue("cpu", core + ".irq", "%", irq));
            out.add(new CounterValue("cpu", core + ".idle", "%", idle));
            out.add(new CounterValue("cpu", core + ".busy", "%", busy));
            cores++;
            busySum += busy;
            softirqSum += softirq;
            if (busy > busiest) {
                busiest = busy;
                busiestCore = Integer.parseInt(core.substring(3));
            }
        }
        if (cores > 0) {
            out.add(new CounterValue("cpu", "cpu.busy", "%", busySum / cores));
            out.add(new CounterValue("cpu", "cpu.softirq", "%", softirqSum / cores));
            out.add(new CounterValue("cpu", "cpu.busiest", "%", busiest));
            out.add(new CounterValue("cpu", "cpu.busiest_core", "core", busiestCore));
        }
    }

    /**
     * Each tool process's CPU (user + system) in per cent of one core ("proc.iperf3.4242"; 200 is two cores'
     * worth), the busiest one's ("proc.busiest") with the core it last ran on ("proc.busiest_core") and how many
     * there were ("proc.count"), and all of them together on each core they last ran on ("proc.cpu1"): a core the
     * test's own processes share is no core something else takes. Only processes seen in both snapshots: one that
     * started in between has no start to count from.
     */
    private static void processes(Snapshot a, Snapshot b, double dt, List<CounterValue> out) {
        double hz = ticksPerSecond(a, b, dt);
        if (b.procs().isEmpty() || !(hz > 0)) {
            return;
        }
        double busiest = -1;
        int busiestCore = -1;
        int count = 0;
        Map<Integer, Double> byCore = new TreeMap<>();
        for (Map.Entry<Long, Snapshot.ProcTime> e : b.procs().entrySet()) {
            Snapshot.ProcTime was = a.procs().get(e.getKey());
            Snapshot.ProcTime now = e.getValue();
            if (was == null
                    || WRAPPERS.contains(now.comm())
                    || !was.comm().equals(now.comm())
                    || now.ticks() < was.ticks()) {
                continue;
            }
            double share = 100 * (now.ticks() - was.ticks()) / hz / dt;
            out.add(new CounterValue("cpu", "proc." + safeName(now.comm()) + "." + e.getKey(), "%", share));
            byCore.merge(now.core(), share, Double::sum);
            if (share > busiest) {
                busiest = share;
                busiestCore = now.core();
            }
            count++;
        }
        if (count > 0) {
            out.add(new CounterValue("cpu", "proc.busiest", "%", busiest));
            out.add(new CounterValue("cpu", "proc.busiest_core", "core", busiestCore));
            out.add(new CounterValue("cpu", "proc.count", "processes", count));
            byCore.forEach((core, share) -> out.add(new CounterValue("cpu", "proc.cpu" + core, "%", share)));
        }
    }

    /**
     * The tools' threads, where a process has more than one (iperf3 3.16+: a thread per stream): the busiest one's
     * CPU in per cent of one core ("thread.busiest") with the core it last ran on ("thread.busiest_core"), how many
     * worked ("thread.busy": at least {@value #THREAD_BUSY_PERCENT} % of a core), how many filled a core
     * ("thread.full": at least {@value #THREAD_FULL_PERCENT} %) and on how many cores the working ones last ran
     * ("thread.busy_cores"): fewer cores than working threads is threads that share a core.
     */
    private static void threads(Snapshot a, Snapshot b, double dt, List<CounterValue> out) {
        double hz = ticksPerSecond(a, b, dt);
        if (b.threads().isEmpty() || !(hz > 0)) {
            return;
        }
        double busiest = -1;
        int busiestCore = -1;
        int busy = 0;
        int full = 0;
        Set<Integer> cores = new TreeSet<>();
        for (Map.Entry<Long, Snapshot.ProcTime> e : b.threads().entrySet()) {
            Snapshot.ProcTime was = a.threads().get(e.getKey());
            Snapshot.ProcTime now = e.getValue();
            if (was == null || !was.comm().equals(now.comm()) || now.ticks() < was.ticks()) {
                continue;
            }
            double share = 100 * (now.ticks() - was.ticks()) / hz / dt;
            if (share > busiest) {
                busiest = share;
                busiestCore = now.core();
            }
            if (share >= THREAD_BUSY_PERCENT) {
                busy++;
                cores.add(now.core());
            }
            if (share >= THREAD_FULL_PERCENT) {
                full++;
            }
        }
        if (busiest >= 0) {
            out.add(new CounterValue("cpu", "thread.busiest", "%", busiest));
            out.add(new CounterValue("cpu", "thread.busiest_core", "core", busiestCore));
            out.add(new CounterValue("cpu", "thread.busy", "threads", busy));
            out.add(new CounterValue("cpu", "thread.full", "threads", full));
            out.add(new CounterValue("cpu", "thread.busy_cores", "cores", cores.size()));
        }
    }

    /** The clock ticks of /proc/stat per second (USER_HZ, 100 almost everywhere): each core's ticks over time. */
    private static double ticksPerSecond(Snapshot a, Snapshot b, double dt) {
        long ticks = 0;
        int cores = 0;
        for (Map.Entry<String, long[]> e : b.cpus().entrySet()) {
            long[] ja = a.cpus().get(e.getKey());
            if (ja == null) {
                continue;
            }
            for (int i = 0; i < Snapshot.FIELDS; i++) {
                ticks += e.getValue()[i] - ja[i];
            }
            cores++;
        }
        return cores == 0 ? 0 : ticks / (double) cores / dt;
    }

    private static double pct(long part, long total) {
        return 100.0 * part / total;
    }

    private static Map<String, String> linked(String... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return m;
    }

    /**
     * A process name with every character but ASCII letters, digits, '_' and '-' made '_'. Without a regular
     * expression: this runs for each process at every snapshot while the tool measures.
     */
    static String safeName(String comm) {
        char[] c = comm.toCharArray();
        for (int i = 0; i < c.length; i++) {
            char x = c[i];
            boolean kept =
                    (x >= 'a' && x <= 'z') || (x >= 'A' && x <= 'Z') || (x >= '0' && x <= '9') || x == '_' || x == '-';
            if (!kept) {
                c[i] = '_';
            }
        }
        return new String(c);
    }
}
