package io.linklab.counters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.cli.CliCapture;
import io.linklab.lab.Lab;
import io.linklab.testing.Await;
import io.linklab.tools.csv.CsvRows;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `linklab test --out` in the namespace lab writes host_counters.csv and findings.csv (issue 18). */
@Tag("lab")
class HostCountersLabTest {

    private static final String PORT = "5590";

    private final Lab lab = Lab.get();
    private final CliCapture cli = new CliCapture();

    @TempDir
    Path dir;

    private int test(Path o, String... more) {
        List<String> args = new ArrayList<>(lab.testThroughSshConfig());
        args.addAll(List.of("--port", PORT, "--out", o.toString()));
        args.addAll(List.of(more));
        return cli.run(args);
    }

    private static List<CSVRecord> csv(Path f) throws Exception {
        return CsvRows.read(f, row -> row);
    }

    /** The count of a counter over the run: its rate × interval summed over the rows. */
    private static double total(List<CSVRecord> rows, String end, String name) {
        return rows.stream()
                .filter(r -> r.get("end").equals(end) && r.get("name").equals(name))
                .mapToDouble(r -> Double.parseDouble(r.get("value")) * Double.parseDouble(r.get("interval_s")))
                .sum();
    }

    @Test
    void aTwoStreamTestHasBothEndsCountersARowPerCoreAndNicBytesThatAgreeWithTheTool() throws Exception {
        Path o = dir.resolve("run");
        // No --client-if/--server-if: each sampler finds its data interface from the target address. A busy loop
        // loads the machine besides the other test JVM: a loaded veth reorders, and that must blame nothing.
        try (Hog hog = Hog.on(null, null)) {
            assertEquals(0, test(o, "-P", "2", "-t", "3"), cli.both());
        }
        List<CSVRecord> rows = csv(o.resolve("host_counters.csv"));
        int cores = Integer.parseInt(
                lab.h1().exec("grep", "-c", "^cpu[0-9]", "/proc/stat").trim());
        for (String end : List.of("client", "server")) {
            Set<String> names = new TreeSet<>();
            rows.stream().filter(r -> r.get("end").equals(end)).forEach(r -> names.add(r.get("name")));
            for (int c = 0; c < cores; c++) {
                for (String part : List.of("user", "system", "softirq", "irq", "idle", "busy")) {
                    assertTrue(
                            names.contains("cpu" + c + "." + part), end + " lacks cpu" + c + "." + part + ": " + names);
                }
            }
            for (String n :
                    List.of("rx_bytes", "tx_bytes", "rx_dropped", "qdisc_dropped", "retrans_segs", "out_segs")) {
                assertTrue(names.contains(n), end + " lacks " + n + ": " + names);
            }
            assertTrue(
                    rows.stream()
                            .filter(r -> r.get("end").equals(end))
                            .allMatch(r -> r.get("interface").equals("data0")),
                    "found data0 from the target address");
        }
        assertEquals(
                Set.of("cpu", "nic", "tcp"),
                rows.stream().map(r -> r.get("group")).collect(Collectors.toSet()));
        // the counters span the test: from before the clients (negative times) to after them
        double last = rows.stream()
                .mapToDouble(r -> Double.parseDouble(r.get("time_s")))
                .max()
                .orElse(0);
        assertTrue(last >= 3, "the last interval ends after the 3 s test: " + last);

        long toolBytes = csv(o.resolve("summary.csv")).stream()
                .filter(r -> r.get("stream").equals("SUM")
                        && r.get("role").equals("receiver")
                        && r.get("direction").equals("c2s"))
                .mapToLong(r -> Long.parseLong(r.get("bytes")))
                .sum();
        double nicBytes = total(rows, "server", "rx_bytes");
        double sentBytes = total(rows, "client", "tx_bytes");
        assertTrue(toolBytes > 0, cli.both());
        assertTrue(
                Math.abs(nicBytes - toolBytes) <= 0.10 * toolBytes,
                "server data0 received " + nicBytes + " bytes, iperf3 " + toolBytes);
        assertTrue(
                Math.abs(sentBytes - toolBytes) <= 0.10 * toolBytes,
                "client data0 sent " + sentBytes + " bytes, iperf3 " + toolBytes);

        // the Findings block after the table: on the clean veth link only that its speed is unknown (veth's /sys
        // speed is no link speed; its reordered packets are resent, but the receiver had them: no loss)
        String stdout = cli.out();
        assertTrue(stdout.contains("\nFindings\n") && stdout.contains("c2s reached "), stdout);
        List<String> codes =
                CounterFiles.readFindings(o).stream().map(Finding::code).toList();
        assertTrue(codes.contains("link-speed-unknown"), stdout);
        // Nothing was lost, dropped, paused or shared on the link; resends after reordering are at most an info
        for (String untrue : List.of(
                "link-share",
                "packet-loss",
                "retransmits-one-stream",
                "nic-bytes-disagree",
                "receiver-drops",
                "pause-frames")) {
            assertFalse(codes.contains(untrue), untrue + " on a clean link: " + stdout);
        }
        for (Finding f : CounterFiles.readFindings(o)) {
            if (f.code().equals("retransmits")) {
                assertEquals(Finding.INFO, f.severity(), f.toString());
                assertTrue(f.message().contains("reordering seen"), f.message());
            }
        }
        assertTrue(Files.readString(o.resolve("findings.csv"))
                .startsWith("point,severity,end,code,message,evidence,repetition\r\n"));
        // one sampler per host, gone with the test
        assertFalse(
                (lab.h1().processes() + lab.h2().processes()).contains("linklab-counters"),
                lab.h1().processes() + lab.h2().processes());
    }

    @Test
    void lossOnTheServersDataInterfaceIsAFindingThatSaysWhere() throws Exception {
        // This kernel has no netem: nftables drops 1 % of the TCP packets that reach the client's data0 (the test
        // runs reversed: the server sends, the client receives). A drop on the receiver's way in is loss on the
        // wire as the sender sees it; no host counter sees it, so the finding says the packets were lost between
        // the hosts. (Dropped on the sender's way out instead, TCP is told at once and sends again without
        // counting a retransmit: one full run saw 8 retransmits in 3 s.) A tbf qdisc that overflows is then named.
        lab.h1().exec("nft", "add table ip linklab_h7");
        try {
            lab.h1()
                    .exec(
                            "nft",
                            "add chain ip linklab_h7 in { type filter hook prerouting priority 0 ; policy accept ; }");
            lab.h1()
                    .exec(
                            "nft",
                            "add rule ip linklab_h7 in iifname \"data0\" ip protocol tcp numgen random mod 100 < 1 drop");
            Path o = dir.resolve("nft");
            assertEquals(0, test(o, "-P", "2", "-t", "3", "-R"), cli.both());
            Finding loss = finding(o, "packet-loss");
            assertEquals("server", loss.end());
            assertTrue(
                    loss.message()
                            .matches("packets lost s2c: TCP on the server \\(h2\\) resent [1-9]\\d{2,} lost "
                                    + "segments \\([0-9.]+ % of [1-9]\\d+ sent.*"),
                    loss.message());
            assertTrue(loss.message().contains("no host counted a drop"), loss.message());
            // both namespaces share the machine's kernel: no cable or switch is to blame
            assertTrue(loss.message().contains("both ends run on one kernel"), loss.message());
            assertFalse(loss.message().contains("between the hosts"), loss.message());
        } finally {
            lab.h1().exec("sh", "-c", "nft delete table ip linklab_h7 2>/dev/null; true");
        }
        lab.h2()
                .exec(
                        "tc",
                        "qdisc",
                        "add",
                        "dev",
                        lab.h2().dataIf(),
                        "root",
                        "tbf",
                        "rate",
                        "300mbit",
                        "burst",
                        "16k",
                        "limit",
                        "20k");
        try {
            Path o = dir.resolve("tbf");
            assertEquals(
                    0,
                    test(o, "-P", "2", "-t", "3", "-R", "--server-if", lab.h2().dataIf()),
                    cli.both());
            Finding loss = finding(o, "packet-loss");
            assertTrue(
                    loss.message().matches(".*counted on the way: qdisc on server data0 dropped [1-9]\\d*.*"),
                    loss.message());
            assertTrue(cli.out().contains(loss.message()), "in the CLI's Findings block");
        } finally {
            lab.h2().exec("sh", "-c", "tc qdisc del dev " + lab.h2().dataIf() + " root 2>/dev/null; true");
        }
    }

    /**
     * Loss on one stream alone: nftables drops 1 % of the packets that reach the client (the test runs reversed)
     * on one of the two streams' connections, picked by its port once both carry data. The finding names that
     * stream, by the id the client's own output gives the connection from that port.
     */
    @Test
    void lossOnOneStreamOnlyIsAFindingThatNamesThatStream() throws Exception {
        Path o = dir.resolve("one");
        // Paced below what the lab's cores carry: a full veth beside the other test JVM reorders enough that its
        // clean stream resent 13887 segments against 21711 for the lossy one (a full run), too close to tell apart.
        CompletableFuture<Integer> status =
                CompletableFuture.supplyAsync(() -> test(o, "-P", "2", "-t", "4", "-R", "-b", "2G"));
        Integer port = Await.poll(
                () -> streamPortCarryingData(lab.h1()),
                p -> p != null || status.isDone(),
                Duration.ofSeconds(20),
                Duration.ofMillis(50));
        assertTrue(port != null, "no stream carried data: " + cli.both());
        try (Nft drop = Nft.drop(lab.h1(), "tcp dport " + port + " numgen random mod 100 < 1")) {
            assertEquals(0, status.get(60, TimeUnit.SECONDS), cli.both());
        }
        String clientLog;
        try (Stream<Path> raw = Files.list(o.resolve("raw"))) {
            clientLog =
                    Files.readString(raw.filter(f -> f.getFileName().toString().contains("-client-"))
                            .findFirst()
                            .orElseThrow());
        }
        Matcher m = Pattern.compile("\\[\\s*(\\d+)\\] local \\S+ port " + port + " connected")
                .matcher(clientLog);
        assertTrue(m.find(), "the client's output names no stream from port " + port + ":\n" + clientLog);
        String perStream = Files.readString(o.resolve("summary.csv"));
        Finding one = CounterFiles.readFindings(o).stream()
                .filter(f -> f.code().equals("retransmits-one-stream"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no retransmits-one-stream finding; port " + port + ", streams:\n"
                        + perStream + "\n" + cli.both()));
        assertEquals("server", one.end(), one.toString());
        assertTrue(
                one.message().startsWith("retransmits concentrated on one stream: stream " + m.group(1) + " had "),
                "the stream from port " + port + " is " + m.group(1) + ": " + one.message());
    }

    /**
     * The client's port of a connection to the test's port that has received more than a megabyte (a stream, not
     * iperf3's control connection), or null while there is none.
     */
    private static Integer streamPortCarryingData(Lab.Host h) throws Exception {
        Pattern conn = Pattern.compile(":(\\d+)\\s+\\S+:" + PORT + "\\s*$");
        Pattern received = Pattern.compile("bytes_received:(\\d+)");
        Integer local = null;
        for (String line : h.exec("ss", "-Htin", "dport = :" + PORT).lines().toList()) {
            Matcher c = conn.matcher(line);
            if (c.find()) {
                local = Integer.valueOf(c.group(1));
                continue;
            }
            Matcher r = received.matcher(line);
            if (local != null && r.find() && Long.parseLong(r.group(1)) > 1_000_000) {
                return local;
            }
        }
        return null;
    }

    /**
     * The issue's check: the client pinned to cpu0 (--client-cpus 0) while a busy loop, pinned there too, runs in
     * the client's namespace: the tool's own CPU (from its pid) is a part of a full core, so a CPU finding names
     * that core and the process.
     */
    @Test
    void aTestPinnedToACoreWithBackgroundLoadOnItGetsACpuFinding() throws Exception {
        try (Hog loop = Hog.on(lab.h1(), 0)) {
            Path o = dir.resolve("pinned");
            // the server on the other core: both ends share the lab's kernel, and its iperf3 on cpu0 would be
            // the test's own load there rather than something else
            assertEquals(0, test(o, "-P", "2", "-t", "3", "--client-cpus", "0", "--server-cpus", "1"), cli.both());
            List<CSVRecord> rows = csv(o.resolve("host_counters.csv"));
            assertTrue(
                    rows.stream()
                            .anyMatch(r -> r.get("end").equals("client")
                                    && r.get("name").matches("proc\\.iperf3\\.\\d+")
                                    && r.get("unit").equals("%")),
                    "the client's iperf3 process has rows of its own");
            List<Finding> cpu = CounterFiles.readFindings(o).stream()
                    .filter(f -> f.end().equals("client") && f.code().startsWith("cpu-"))
                    .toList();
            assertEquals(1, cpu.size(), cli.both());
            assertTrue(
                    cpu.get(0)
                            .message()
                            .matches(".*cpu0 of the client \\(h1\\) was (9\\d|100) % busy.*iperf3 "
                                    + "\\(pid \\d+\\).*"),
                    cpu.get(0).message());
        }
    }

    /**
     * Someone else on the link: an iperf3 LinkLab did not start sends over the same veth during the test. The
     * server's data0 counts far more bytes than LinkLab's iperf3 received.
     */
    @Test
    void otherTrafficOnTheInterfaceMakesTheNicCountMoreThanTheTool() throws Exception {
        Process server = startIn(lab.h2(), "iperf3", "-s", "-1", "-p", "5599");
        Process client = null;
        try {
            Await.until(() -> portListens(lab.h2(), 5599), Duration.ofSeconds(5), () -> "the other iperf3 server");
            client = startIn(lab.h1(), "iperf3", "-c", lab.h2().data(), "-p", "5599", "-t", "8");
            Path o = dir.resolve("other");
            assertEquals(0, test(o, "-t", "3"), cli.both());
            Finding f = finding(o, "nic-bytes-disagree");
            assertTrue(f.message().contains("more: someone else uses the link"), f.message());
        } finally {
            stop(client);
            stop(server);
        }
    }

    /**
     * An MTU sweep whose large packets alone are lost: with segmentation offload off on h1 the packets are MTU-sized,
     * and nftables on h2 drops 1 % of those over 1600 bytes. Retransmits per GB grow with the MTU.
     */
    @Test
    void lossOfLargePacketsOnlyIsRetransmitsThatGrowWithTheMtu() throws Exception {
        String dataIf = lab.h1().dataIf();
        lab.h1().exec("ethtool", "-K", dataIf, "tso", "off", "gso", "off");
        try (Nft drop = Nft.drop(lab.h2(), "meta length > 1600 numgen random mod 100 < 1")) {
            Path o = dir.resolve("mtu");
            assertEquals(
                    0,
                    test(
                            o,
                            "-t",
                            "2",
                            "--mtu",
                            "1500,9000",
                            "--client-if",
                            dataIf,
                            "--server-if",
                            lab.h2().dataIf()),
                    cli.both());
            Finding f = finding(o, "retransmits-grow-with-mtu");
            assertEquals("mtu=9000", f.point());
            assertTrue(
                    f.message().matches("retransmits grow with the MTU: .* per GB at MTU 9000, .* per GB at MTU 1500"),
                    f.message());
        } finally {
            lab.h1().exec("ethtool", "-K", dataIf, "tso", "on", "gso", "on");
        }
    }

    private static boolean portListens(Lab.Host h, int port) {
        try {
            return h.exec("ss", "-Hltn", "sport = :" + port).contains(":" + port);
        } catch (Exception e) {
            return false;
        }
    }

    /** A process in a lab host's namespace, its output discarded. */
    private static Process startIn(Lab.Host h, String... cmd) throws Exception {
        List<String> argv = new ArrayList<>(List.of("ip", "netns", "exec", h.namespace()));
        argv.addAll(List.of(cmd));
        return new ProcessBuilder(argv)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
    }

    private static void stop(Process p) throws InterruptedException {
        if (p != null) {
            p.destroy();
            p.waitFor();
        }
    }

    /** An nftables drop rule in a table of this test's own on one lab host, deleted on close whatever happened. */
    private record Nft(Lab.Host host) implements AutoCloseable {
        static final String TABLE = "linklab_findings";

        static Nft drop(Lab.Host host, String match) throws Exception {
            Nft nft = new Nft(host);
            try {
                host.exec("nft", "add table ip " + TABLE);
                host.exec(
                        "nft",
                        "add chain ip " + TABLE + " in { type filter hook prerouting priority 0 ; policy accept ; }");
                host.exec(
                        "nft",
                        "add rule ip " + TABLE + " in iifname \"" + host.dataIf() + "\" ip protocol tcp " + match
                                + " drop");
            } catch (Exception e) {
                nft.close();
                throw e;
            }
            return nft;
        }

        @Override
        public void close() throws Exception {
            host.exec("sh", "-c", "nft delete table ip " + TABLE + " 2>/dev/null; true");
        }
    }

    /**
     * A busy loop in a lab host's namespace (on one core, or wherever the scheduler puts it), ended on close. It runs
     * in a session of its own, as a host's other work does (a daemon, another user's login): with the kernel's
     * autogroups a core is shared between sessions first, and a loop left in the test JVM's session would share
     * that session's part with the busy test JVMs, and take too little of the core to be the cause it is meant to be.
     */
    private record Hog(Process process) implements AutoCloseable {
        static Hog on(Lab.Host host, Integer core) throws Exception {
            List<String> cmd = new ArrayList<>();
            if (host != null) {
                cmd.addAll(List.of("ip", "netns", "exec", host.namespace()));
            }
            if (core != null) {
                cmd.addAll(List.of("taskset", "-c", String.valueOf(core)));
            }
            // setsid execs in place (the child of a JVM leads no process group), so the pid stays the loop's
            cmd.addAll(List.of("setsid", "sh", "-c", "while :; do :; done"));
            return new Hog(new ProcessBuilder(cmd)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start());
        }

        @Override
        public void close() throws InterruptedException {
            process.destroyForcibly();
            process.waitFor();
        }
    }

    private Finding finding(Path run, String code) throws Exception {
        List<Finding> all = CounterFiles.readFindings(run);
        return all.stream()
                .filter(f -> f.code().equals(code))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no " + code + " finding in " + all + "\n" + cli.both()));
    }

    // iperf3 3.16+ runs a thread per stream: the sampler sees the threads and a CPU finding says where they ran;
    // the single-threaded 3.12 has none. The lab's hosts share the machine's cores: what is certain is where
    // pinning put the threads, not how busy the other test JVM left them.

    /** The client's values of {@code name} over the run, interval by interval. */
    private static List<Double> client(Path run, String name) throws Exception {
        List<CSVRecord> rows = CsvRows.read(run.resolve(CounterFiles.HOST_COUNTERS), r -> r);
        return rows.stream()
                .filter(r -> r.get("end").equals("client") && r.get("name").equals(name))
                .map(r -> Double.parseDouble(r.get("value")))
                .toList();
    }

    @Test
    void twoStreamsOfTheCurrentReleasePinnedToOneCoreAreTwoWorkingThreadsOnOneCore() throws Exception {
        Path o = dir.resolve("pinned");
        try (AutoCloseable h1 = lab.h1().iperf3Is(Lab.iperf3Latest());
                AutoCloseable h2 = lab.h2().iperf3Is(Lab.iperf3Latest())) {
            assertEquals(0, test(o, "-P", "2", "-t", "4", "--client-cpus", "0"), cli.both());
        }
        List<Double> busy = client(o, "thread.busy");
        List<Double> cores = client(o, "thread.busy_cores");
        // a thread counts from its second reading: the stream threads, started with the test, from 1-2 s on
        assertTrue(busy.stream().anyMatch(b -> b >= 2), "both stream threads worked: " + busy + "\n" + cli.both());
        assertTrue(cores.stream().allMatch(c -> c <= 1), "only on cpu0, where taskset put them: " + cores);
        assertTrue(client(o, "thread.busiest_core").stream().allMatch(c -> c == 0), "pinned to cpu0");
        for (Finding f : CounterFiles.readFindings(o)) {
            if (f.code().equals("cpu-bound-one-core") && f.end().equals("client")) {
                assertTrue(f.message().contains("2 working threads on 1 core"), f.message());
                assertTrue(f.message().contains("pin this end to more cores (--client-cpus)"), f.message());
            }
        }
    }

    @Test
    void theDistributionsReleaseHasOneThreadAndNoThreadRows() throws Exception {
        Path o = dir.resolve("one");
        // a process counts from its second reading: 3 s hold two of the sampler's 1-s snapshots whatever their
        // phase, where 2 s could end just before the second one on a loaded machine (one reading, no row)
        assertEquals(0, test(o, "-P", "2", "-t", "3"), cli.both());
        assertTrue(!client(o, "proc.busiest").isEmpty(), "the process is seen: " + cli.both());
        assertEquals(List.of(), client(o, "thread.busy"), "iperf3 3.12 runs its streams in one thread");
    }
}
