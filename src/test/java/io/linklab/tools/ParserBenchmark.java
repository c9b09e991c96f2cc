package io.linklab.tools;

import io.linklab.model.MeasurementSink;
import io.linklab.model.Sample;
import io.linklab.model.Summary;
import io.linklab.model.ToolEvent;
import io.linklab.tools.importer.LogImporter;
import io.linklab.tools.iperf3.Iperf3TextParser;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Throughput of the parsers and the importer on generated inputs (a benchmark, not a test: it prints
 * figures for docs/BENCHMARKS.md). Run from the repository:
 *
 * <pre>
 * mvn -B -q -o -DskipTests package
 * java -cp target/linklab.jar:target/test-classes io.linklab.tools.ParserBenchmark [--quick]
 * </pre>
 *
 * It measures (1) iperf3 text interval lines per second through the parser alone, (2) the importer on
 * a 1-hour, 64-stream iperf3 -J file in MB/s, and (3) a 1 GB iperf3 text log imported by a child JVM
 * limited to -Xmx256m, writing samples.csv. Generated files go to java.io.tmpdir and are deleted.
 */
public final class ParserBenchmark {

    /** Counts and otherwise drops what the parsers emit, so the figure is the parser's own. */
    static final class CountingSink implements MeasurementSink {
        long samples;
        long summaries;
        long events;
        double checksum;

        @Override
        public void sample(Sample s) {
            samples++;
            checksum += s.bitsPerSecond() == null ? 0 : s.bitsPerSecond();
        }

        @Override
        public void summary(Summary s) {
            summaries++;
        }

        @Override
        public void event(ToolEvent e) {
            events++;
        }
    }

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private ParserBenchmark() {}

    /** CPU seconds of this thread: on a shared machine wall time measures the neighbours too. */
    private static double cpu() {
        return THREADS.getCurrentThreadCpuTime() / 1e9;
    }

    public static void main(String[] args) throws Exception {
        boolean quick = args.length > 0 && args[0].equals("--quick");
        System.out.printf(
                Locale.ROOT,
                "java %s, %d cores, max heap %d MB%n",
                System.getProperty("java.version"),
                Runtime.getRuntime().availableProcessors(),
                Runtime.getRuntime().maxMemory() >> 20);
        textLines(quick ? 2_000_000 : 10_000_000);
        Path json = Files.createTempFile("linklab-bench-", ".json");
        try {
            long bytes = writeJson(json, quick ? 600 : 3600, 64);
            importJson(json, bytes, quick ? 2 : 5);
        } finally {
            Files.deleteIfExists(json);
        }
        Path log = Files.createTempFile("linklab-bench-", ".log");
        Path csv = Files.createTempFile("linklab-bench-", ".csv");
        try {
            long bytes = writeTextLog(log, quick ? 100L << 20 : 1L << 30);
            importInSmallJvm(log, bytes, csv);
        } finally {
            Files.deleteIfExists(log);
            Files.deleteIfExists(csv);
        }
    }

    /** iperf3 -P 64 text lines, in memory, fed round and round to one parser. */
    static void textLines(int total) {
        List<String> lines = new ArrayList<>();
        lines.add("Connecting to host 198.19.0.2, port 5201");
        lines.add("[ ID] Interval           Transfer     Bitrate         Retr  Cwnd");
        int distinct = 0;
        for (int t = 0; t < 1000; t++) {
            for (int s = 0; s < 64; s++) {
                lines.add(String.format(
                        Locale.ROOT,
                        "[%3d] %7.2f-%-7.2f sec  %4.2f GBytes  %4.1f Gbits/sec  %3d   %4.2f MBytes       ",
                        5 + 2 * s,
                        t * 1.0,
                        t + 1.0,
                        1.0 + (s % 9) / 10.0,
                        8.0 + (t % 17) / 10.0,
                        t % 7,
                        1.5 + (s % 5) / 10.0));
                distinct++;
            }
            lines.add(String.format(
                    Locale.ROOT,
                    "[SUM] %7.2f-%-7.2f sec  %4.1f GBytes  %4.1f Gbits/sec  %3d             ",
                    t * 1.0,
                    t + 1.0,
                    70.5,
                    600.0,
                    12));
            lines.add("- - - - - - - - - - - - - - - - - - - - - - - - -");
        }
        for (int round = 0; round < 3; round++) {
            CountingSink sink = new CountingSink();
            Iperf3TextParser parser = new Iperf3TextParser(sink);
            long fed = 0;
            long t0 = System.nanoTime();
            double c0 = cpu();
            while (fed < total) {
                for (int i = 0; i < lines.size() && fed < total; i++) {
                    parser.feed(lines.get(i));
                    fed++;
                }
            }
            parser.finish();
            double s = (System.nanoTime() - t0) / 1e9;
            double c = cpu() - c0;
            System.out.printf(
                    Locale.ROOT,
                    "iperf3 text: %,d lines (%,d samples): wall %.2f s = %,.0f lines/s;"
                            + " CPU %.2f s = %,.0f lines per CPU-second%n",
                    fed,
                    sink.samples,
                    s,
                    fed / s,
                    c,
                    fed / c);
        }
    }

    /** An iperf3 -J document laid out as iperf3 writes it (tabs, one field per line). */
    static long writeJson(Path file, int seconds, int streams) throws IOException {
        try (Writer w = new BufferedWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8), 1 << 20)) {
            w.write("{\n\t\"start\":\t{\n\t\t\"connected\":\t[],\n\t\t\"version\":\t\"iperf 3.12\",\n"
                    + "\t\t\"connecting_to\":\t{\n\t\t\t\"host\":\t\"198.19.0.2\",\n\t\t\t\"port\":\t5201\n\t\t},\n"
                    + "\t\t\"test_start\":\t{\n\t\t\t\"protocol\":\t\"TCP\",\n\t\t\t\"num_streams\":\t" + streams
                    + ",\n\t\t\t\"reverse\":\t0\n\t\t}\n\t},\n\t\"intervals\":\t[");
            for (int t = 0; t < seconds; t++) {
                w.write(t == 0 ? "{\n" : ", {\n");
                w.write("\t\t\t\"streams\":\t[");
                for (int s = 0; s < streams; s++) {
                    w.write(s == 0 ? "{\n" : ", {\n");
                    stream(w, 5 + 2 * s, t, s, "\t\t\t\t\t");
                    w.write("\t\t\t\t}");
                }
                w.write("],\n\t\t\t\"sum\":\t{\n");
                sum(w, t, "\t\t\t\t");
                w.write("\t\t\t}\n\t\t}");
            }
            w.write("],\n\t\"end\":\t{\n\t\t\"streams\":\t[],\n\t\t\"sum_sent\":\t{\n");
            sum(w, 0, "\t\t\t");
            w.write("\t\t},\n\t\t\"sum_received\":\t{\n");
            sum(w, 0, "\t\t\t");
            w.write("\t\t}\n\t}\n}\n");
        }
        return Files.size(file);
    }

    private static void stream(Writer w, int socket, int t, int s, String in) throws IOException {
        long bytes = 1_100_000_000L + (s * 7919L + t * 104729L) % 90_000_000L;
        w.write(in + "\"socket\":\t" + socket + ",\n");
        w.write(in + "\"start\":\t" + t + ",\n");
        w.write(in + "\"end\":\t" + (t + 1) + ".000041,\n");
        w.write(in + "\"seconds\":\t1.0000410079956055,\n");
        w.write(in + "\"bytes\":\t" + bytes + ",\n");
        w.write(in + "\"bits_per_second\":\t" + (bytes * 8) + ".6394,\n");
        w.write(in + "\"retransmits\":\t" + (t % 5) + ",\n");
        w.write(in + "\"snd_cwnd\":\t" + (1_000_000 + s * 1000) + ",\n");
        w.write(in + "\"snd_wnd\":\t3145728,\n");
        w.write(in + "\"rtt\":\t" + (300 + s) + ",\n");
        w.write(in + "\"rttvar\":\t25,\n");
        w.write(in + "\"pmtu\":\t9000,\n");
        w.write(in + "\"omitted\":\tfalse,\n");
        w.write(in + "\"sender\":\ttrue\n");
    }

    private static void sum(Writer w, int t, String in) throws IOException {
        w.write(in + "\"start\":\t" + t + ",\n" + in + "\"end\":\t" + (t + 1) + ",\n" + in
                + "\"seconds\":\t1,\n" + in + "\"bytes\":\t75000000000,\n" + in + "\"bits_per_second\":\t6e+11,\n"
                + in + "\"retransmits\":\t3,\n" + in + "\"omitted\":\tfalse,\n" + in + "\"sender\":\ttrue\n");
    }

    static void importJson(Path file, long bytes, int rounds) {
        for (int round = 0; round < rounds; round++) {
            CountingSink sink = new CountingSink();
            long t0 = System.nanoTime();
            double c0 = cpu();
            LogImporter.FileResult r = LogImporter.importFile(file, null, sink);
            double s = (System.nanoTime() - t0) / 1e9;
            double c = cpu() - c0;
            System.out.printf(
                    Locale.ROOT,
                    "iperf3 -J, 64 streams: %,.1f MB, %,d samples (%s): wall %.2f s = %,.0f MB/s;"
                            + " CPU %.2f s = %,.0f MB per CPU-second%n",
                    bytes / 1e6,
                    sink.samples,
                    r.failed() ? r.failure() : r.format().id(),
                    s,
                    bytes / 1e6 / s,
                    c,
                    bytes / 1e6 / c);
        }
    }

    /** Many iperf3 -P 4 client runs one after the other, as a cron job's appended log looks. */
    static long writeTextLog(Path file, long target) throws IOException {
        long written = 0;
        int run = 0;
        try (Writer w = new BufferedWriter(Files.newBufferedWriter(file, StandardCharsets.US_ASCII), 1 << 20)) {
            StringBuilder sb = new StringBuilder();
            while (written < target) {
                sb.setLength(0);
                run++;
                sb.append("Connecting to host 198.19.0.2, port 5201\n");
                for (int s = 0; s < 4; s++) {
                    sb.append("[  ")
                            .append(5 + 2 * s)
                            .append("] local 198.19.0.1 port ")
                            .append(40000 + s)
                            .append(" connected to 198.19.0.2 port 5201\n");
                }
                sb.append("[ ID] Interval           Transfer     Bitrate         Retr  Cwnd\n");
                for (int t = 0; t < 60; t++) {
                    for (int s = 0; s < 4; s++) {
                        sb.append(String.format(
                                Locale.ROOT,
                                "[%3d] %6.2f-%-6.2f sec  %4.2f GBytes  %4.1f Gbits/sec  %3d   %4.2f MBytes       %n",
                                5 + 2 * s,
                                t * 1.0,
                                t + 1.0,
                                1.0 + s / 10.0,
                                8.5 + (run % 9) / 10.0,
                                t % 3,
                                1.5));
                    }
                    sb.append(String.format(
                            Locale.ROOT,
                            "[SUM] %6.2f-%-6.2f sec  %4.2f GBytes  %4.1f Gbits/sec  %3d%n",
                            t * 1.0,
                            t + 1.0,
                            4.6,
                            34.0,
                            3));
                    sb.append("- - - - - - - - - - - - - - - - - - - - - - - - -\n");
                }
                sb.append("[ ID] Interval           Transfer     Bitrate         Retr\n");
                sb.append("[SUM]   0.00-60.00  sec   276 GBytes  39.5 Gbits/sec  180             sender\n");
                sb.append("[SUM]   0.00-60.04  sec   276 GBytes  39.5 Gbits/sec                  receiver\n\n");
                sb.append("iperf Done.\n");
                w.write(sb.toString());
                written += sb.length();
            }
        }
        return Files.size(file);
    }

    static void importInSmallJvm(Path log, long bytes, Path csv) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = List.of(
                java,
                "-Xmx256m",
                "-cp",
                System.getProperty("java.class.path"),
                "io.linklab.Launcher",
                "import",
                log.toString(),
                "--samples",
                csv.toString());
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        StringBuilder out = new StringBuilder();
        Thread reader = new Thread(() -> {
            try {
                out.append(new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                out.append(e);
            }
        });
        reader.start();
        // Watch the child while it runs: its CPU time and its peak resident memory (VmHWM).
        double cpuSeconds = 0;
        long peakKb = 0;
        Path status = Path.of("/proc", Long.toString(p.pid()), "status");
        while (p.isAlive()) {
            cpuSeconds =
                    p.info().totalCpuDuration().map(d -> d.toMillis() / 1000.0).orElse(cpuSeconds);
            try {
                for (String line : Files.readAllLines(status)) {
                    if (line.startsWith("VmHWM:")) {
                        peakKb = Long.parseLong(line.replaceAll("[^0-9]", ""));
                    }
                }
            } catch (IOException gone) {
                // exited between the check and the read
            }
            Thread.sleep(200);
        }
        int rc = p.waitFor();
        reader.join();
        double s = (System.nanoTime() - t0) / 1e9;
        System.out.print(out);
        System.out.printf(
                Locale.ROOT,
                "import of a %,.0f MB iperf3 text log with -Xmx256m: exit %d; wall %.1f s = %,.0f MB/s;"
                        + " CPU about %.0f s = %,.0f MB per CPU-second; peak resident %,d MB; samples.csv %,.0f MB%n",
                bytes / 1e6,
                rc,
                s,
                bytes / 1e6 / s,
                cpuSeconds,
                bytes / 1e6 / Math.max(cpuSeconds, 0.001),
                peakKb / 1024,
                Files.size(csv) / 1e6);
    }
}
