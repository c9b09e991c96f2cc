package io.linklab.counters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class CounterRatesTest {

    @Test
    void ratesOverTheHostsOwnInterval() {
        Snapshot a = new Snapshot(
                100.0,
                Map.of("cpu0", new long[] {10, 0, 10, 70, 0, 0, 10, 0}, "cpu1", new long[] {0, 0, 0, 100, 0, 0, 0, 0}),
                Map.of("rx_bytes", 1000L, "qdisc_dropped", 5L),
                Map.of(),
                Map.of("Tcp.RetransSegs", 10L, "Tcp.OutSegs", 1000L, "TcpExt.TCPSACKReorder", 7L));
        Snapshot b = new Snapshot(
                102.0,
                Map.of("cpu0", new long[] {60, 0, 20, 70, 0, 0, 50, 0}, "cpu1", new long[] {0, 0, 0, 200, 0, 0, 0, 0}),
                Map.of("rx_bytes", 5000L, "qdisc_dropped", 3L),
                Map.of(),
                Map.of("Tcp.RetransSegs", 30L, "Tcp.OutSegs", 3000L, "TcpExt.TCPSACKReorder", 13L));
        Map<String, CounterValue> v =
                CounterRates.between(a, b).stream().collect(Collectors.toMap(CounterValue::name, c -> c));
        assertEquals(2000.0, v.get("rx_bytes").value(), "4000 bytes in 2 s");
        assertEquals("bytes/s", v.get("rx_bytes").unit());
        assertEquals(10.0, v.get("retrans_segs").value());
        assertEquals(3.0, v.get("sack_reorder").value(), "6 reorderings seen in 2 s");
        assertEquals("events/s", v.get("sack_reorder").unit());
        assertEquals(100.0, v.get("cpu0.busy").value(), 1e-9, "no idle jiffies in the interval");
        assertEquals(40.0, v.get("cpu0.softirq").value(), 1e-9);
        assertEquals(0.0, v.get("cpu1.busy").value(), 1e-9);
        assertEquals(0.0, v.get("cpu.busiest_core").value());
        assertEquals(50.0, v.get("cpu.busy").value(), 1e-9);
        assertTrue(!v.containsKey("qdisc_dropped"), "read now and then: not a rate between two snapshots");
        assertEquals(null, CounterRates.qdiscDrops(a, b), "went backwards (the qdisc was replaced): nothing");
    }

    @Test
    void aRecordedSeriesHasARowPerCoreAndTheNicAndTcpCounters() throws Exception {
        List<Snapshot> s = RecordedCounters.snapshots("rxdrop-server.txt");
        List<String> names = CounterRates.between(s.get(2), s.get(3)).stream()
                .map(CounterValue::name)
                .toList();
        for (String n : List.of(
                "cpu0.user",
                "cpu0.system",
                "cpu0.softirq",
                "cpu0.irq",
                "cpu0.idle",
                "cpu1.busy",
                "rx_bytes",
                "tx_bytes",
                "rx_dropped",
                "rx_missed",
                "softnet_dropped",
                "out_segs",
                "retrans_segs",
                "backlog_drop")) {
            assertTrue(names.contains(n), n + " in " + names);
        }
        assertTrue(!names.contains("rx_pause"), "veth has no pause counters: not reported");
        CounterValue q = CounterRates.qdiscDrops(s.get(0), s.get(2));
        assertEquals("qdisc_dropped", q.name());
        assertEquals("packets/s", q.unit());
    }

    /** A line of /proc/PID/stat with this name, utime, stime and last core (the rest as a real one has it). */
    private static String stat(long pid, String comm, long utime, long stime, int core) {
        return pid + " (" + comm + ") S 1 " + pid + " " + pid + " 0 -1 4194304 100 0 0 0 " + utime + " " + stime
                + " 0 0 20 0 1 0 4660 2654208 401 18446744073709551615 1 1 1 0 0 0 0 0 65538 1 0 0 17 " + core
                + " 0 0 0 0 0 1 1 1 1 1 1 1 0";
    }

    @Test
    void theToolsProcessesInPerCentOfACoreWithoutWrappersAndNewcomers() {
        List<Snapshot> snaps = new ArrayList<>();
        SnapshotParser p = new SnapshotParser(snaps::add);
        // two cores at 100 ticks a second each; iperf3 used 95 ticks in the second, its wrapping sh none
        for (String l : List.of(
                "@@ snap",
                "100.0 10.0",
                "cpu0 100 0 0 100 0 0 0 0 0 0",
                "cpu1 0 0 0 200 0 0 0 0 0 0",
                "@@ procs",
                stat(41, "sh", 1, 1, 0),
                stat(42, "iperf3", 500, 100, 1),
                "@@ end",
                "@@ snap",
                "101.0 10.0",
                "cpu0 150 0 0 150 0 0 0 0 0 0",
                "cpu1 0 0 95 205 0 0 0 0 0 0",
                "@@ procs",
                stat(41, "sh", 1, 1, 0),
                stat(42, "iperf3", 580, 115, 1),
                stat(43, "iperf3 (x)", 9, 9, 0),
                "@@ end")) {
            p.line(l);
        }
        assertEquals(2, snaps.size());
        assertEquals(
                new Snapshot.ProcTime("iperf3 (x)", 18, 0),
                snaps.get(1).procs().get(43L),
                "a name with a space and parentheses ends at the last ')'");
        Map<String, CounterValue> v = CounterRates.between(snaps.get(0), snaps.get(1)).stream()
                .collect(Collectors.toMap(CounterValue::name, c -> c));
        assertEquals(95.0, v.get("proc.iperf3.42").value(), 1e-9);
        assertEquals("%", v.get("proc.iperf3.42").unit());
        assertEquals(95.0, v.get("proc.busiest").value(), 1e-9);
        assertEquals(1.0, v.get("proc.busiest_core").value());
        assertEquals(1.0, v.get("proc.count").value(), "sh only starts the tool; pid 43 has no start to count from");
        assertEquals(95.0, v.get("proc.cpu1").value(), 1e-9, "the tool processes on cpu1 together");
        assertTrue(!v.containsKey("proc.cpu0"), "sh is no tool, pid 43 has no start: nothing of the tools on cpu0");
        assertTrue(
                v.keySet().stream().noneMatch(n -> n.startsWith("proc.sh")),
                v.keySet().toString());
    }

    /**
     * iperf3 3.16+: one process, a thread per stream. Here its two stream threads both ran on cpu1 and filled it
     * together, the control thread idle: two working threads on one core, neither with a core of its own.
     */
    @Test
    void theThreadsOfAThreadedToolWhichWorkWhichFillACoreAndOnHowManyCores() {
        List<Snapshot> snaps = new ArrayList<>();
        SnapshotParser p = new SnapshotParser(snaps::add);
        for (String l : List.of(
                "@@ snap",
                "100.0 10.0",
                "cpu0 100 0 0 100 0 0 0 0 0 0",
                "cpu1 0 0 0 200 0 0 0 0 0 0",
                "@@ procs",
                stat(42, "iperf3", 500, 100, 1),
                "t " + stat(42, "iperf3", 10, 10, 0),
                "t " + stat(43, "iperf3", 300, 50, 1),
                "t " + stat(44, "iperf3", 190, 40, 1),
                "@@ end",
                "@@ snap",
                "101.0 10.0",
                "cpu0 150 0 0 150 0 0 0 0 0 0",
                "cpu1 0 0 95 205 0 0 0 0 0 0",
                "@@ procs",
                stat(42, "iperf3", 570, 125, 1),
                "t " + stat(42, "iperf3", 10, 10, 0),
                "t " + stat(43, "iperf3", 350, 60, 1),
                "t " + stat(44, "iperf3", 220, 45, 1),
                "t " + stat(45, "iperf3", 5, 5, 0),
                "@@ end")) {
            p.line(l);
        }
        assertEquals(Set.of(42L, 43L, 44L, 45L), snaps.get(1).threads().keySet());
        assertEquals(Set.of(42L), snaps.get(1).procs().keySet(), "threads are not processes");
        Map<String, CounterValue> v = CounterRates.between(snaps.get(0), snaps.get(1)).stream()
                .collect(Collectors.toMap(CounterValue::name, c -> c));
        assertEquals(95.0, v.get("proc.iperf3.42").value(), 1e-9, "the process: all its threads");
        assertEquals(60.0, v.get("thread.busiest").value(), 1e-9);
        assertEquals(1.0, v.get("thread.busiest_core").value());
        assertEquals(2.0, v.get("thread.busy").value(), "the idle control thread and the newcomer do not work");
        assertEquals(0.0, v.get("thread.full").value(), "neither fills a core");
        assertEquals(1.0, v.get("thread.busy_cores").value(), "both working threads on cpu1");
    }

    @Test
    void aProcessNameKeepsLettersDigitsUnderscoresAndDashesOnly() {
        assertEquals("iperf3", CounterRates.safeName("iperf3"));
        assertEquals("netserver_v2-x_", CounterRates.safeName("netserver.v2-x "));
        assertEquals("kworker_0_1-ev_", CounterRates.safeName("kworker/0:1-ev\u00e9"));
        assertEquals("", CounterRates.safeName(""));
    }
}
