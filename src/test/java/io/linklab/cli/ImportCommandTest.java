package io.linklab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.tools.Fixtures;
import io.linklab.tools.csv.CsvRows;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `linklab import` as CONTRACTS.md describes it: table on stdout, per-file messages on stderr, exit 0/1/2. */
class ImportCommandTest {

    @TempDir
    Path dir;

    private final CliCapture cli = new CliCapture();

    private static List<CSVRecord> csv(Path file) throws IOException {
        return CsvRows.read(file, row -> row);
    }

    @Test
    void importsASeedIntoSamplesAndSummaryCsv() throws IOException {
        Path samples = dir.resolve("s.csv");
        Path summary = dir.resolve("t.csv");
        int rc = cli.run(
                "import",
                Fixtures.resource("seeds/000_iperf3_four_processes_T_S1_S4.txt").toString(),
                "--samples",
                samples.toString(),
                "--summary",
                summary.toString());
        assertEquals(0, rc, cli.err());
        assertTrue(cli.out().contains("c2s 98.2 Gbit/s"), cli.out());
        assertTrue(cli.out().contains("iperf3"), cli.out());
        String header = Files.readAllLines(samples).get(0);
        for (String col : new String[] {
            "source",
            "point",
            "stream",
            "direction",
            "start_s",
            "end_s",
            "bytes",
            "bits_per_second",
            "retransmits",
            "cwnd_bytes",
            "process"
        }) {
            assertTrue(header.contains(col), header);
        }
        List<CSVRecord> rows = csv(samples);
        // Four processes of one stream each: every interval of each has its stream's row and a SUM row.
        assertEquals(
                60, rows.stream().filter(r -> !r.get("stream").equals("SUM")).count());
        assertEquals(
                60, rows.stream().filter(r -> r.get("stream").equals("SUM")).count());
        CSVRecord first = rows.get(0);
        assertEquals(
                Fixtures.resource("seeds/000_iperf3_four_processes_T_S1_S4.txt").toString(),
                first.get("source"),
                "the path as given");
        assertEquals("", first.get("point"));
        assertEquals("S1", first.get("process"));
        assertEquals("5", first.get("stream"));
        assertEquals("c2s", first.get("direction"));
        assertEquals("0", first.get("start_s"));
        assertEquals("1", first.get("end_s"));
        assertEquals("24300000000", first.get("bits_per_second"));
        assertEquals(Long.toString(Math.round(2.83 * (1L << 30))), first.get("bytes"));
        assertEquals("157", first.get("retransmits"));
        assertEquals("sender", first.get("role"));
        assertEquals("1", first.get("stream_index"));
        assertEquals("", first.get("time_utc"), "a text log says no absolute time");
        CSVRecord firstSum = rows.stream()
                .filter(r -> r.get("process").equals("S1") && r.get("stream").equals("SUM"))
                .findFirst()
                .orElseThrow();
        assertEquals("", firstSum.get("stream_index"));
        assertEquals("1", firstSum.get("end_s"));
        assertEquals(first.get("bits_per_second"), firstSum.get("bits_per_second"), "a single stream is its SUM");
        List<CSVRecord> totals = csv(summary);
        assertEquals(16, totals.size(), "each process's sender and receiver total, and each as its SUM");
        assertEquals("sender", totals.get(0).get("role"));
        assertEquals("", totals.get(1).get("retransmits"), "receiver lines report no retransmits: empty cell");
    }

    @Test
    void jsonStreamLogFillsRttVarianceAndPathMtu() throws IOException {
        Path samples = dir.resolve("s.csv");
        int rc = cli.run(
                "import",
                Fixtures.resource("recorded/iperf3_3.21_lab_client_P2_json_stream.jsonl")
                        .toString(),
                "--samples",
                samples.toString());
        assertEquals(0, rc, cli.err());
        CSVRecord first = csv(samples).stream()
                .filter(r -> r.get("stream").equals("5"))
                .findFirst()
                .orElseThrow();
        // the log's first interval of socket 5: "rtt":448,"rttvar":383,"pmtu":1500 (µs, µs, bytes)
        assertEquals("0.448", first.get("rtt_ms"));
        assertEquals("0.383", first.get("rttvar_ms"));
        assertEquals("1500", first.get("pmtu"));
    }

    @Test
    void netperfCpuColumnsAndUdpExtrasReachTheSummary() throws IOException {
        Path summary = dir.resolve("t.csv");
        int rc = cli.run(
                "import",
                Fixtures.resource("seeds/004_netperf_myrinet_tcp_stream.txt").toString(),
                Fixtures.resource("recorded/iperf3_3.12_client_udp_R_get_server_output.txt")
                        .toString(),
                "--summary",
                summary.toString());
        assertEquals(0, rc, cli.err());
        List<CSVRecord> rows = csv(summary);
        CSVRecord last = rows.stream()
                .filter(r -> named(r, "004") && !r.get("bits_per_second").isEmpty())
                .reduce((a, b) -> b)
                .orElseThrow();
        assertEquals("3592060000", last.get("bits_per_second"));
        assertEquals("5.8", last.get("local_cpu_percent"));
        assertEquals("0.356", last.get("remote_service_demand_us_per_kb"));
        CSVRecord udpReceiver = rows.stream()
                .filter(r -> named(r, "iperf3")
                        && r.get("role").equals("receiver")
                        && r.get("process").isEmpty())
                .findFirst()
                .orElseThrow();
        assertEquals("s2c", udpReceiver.get("direction"));
        assertEquals("0.014", udpReceiver.get("jitter_ms"));
        assertEquals("0", udpReceiver.get("lost_packets"));
        assertEquals("153", udpReceiver.get("packets"));
    }

    /** Whether a row's source (the path as given) is a file whose name starts with {@code prefix}. */
    private static boolean named(CSVRecord r, String prefix) {
        return Path.of(r.get("source")).getFileName().toString().startsWith(prefix);
    }

    @Test
    void badFilesAreNamedAndTheOthersStillImported() throws IOException {
        Path empty = Files.write(dir.resolve("empty.txt"), new byte[0]);
        Path binary = Files.write(dir.resolve("blob.bin"), new byte[] {0x7f, 'E', 'L', 'F', 2, 1, 1, 0, 0, 0});
        Path prose = Files.writeString(dir.resolve("notes.txt"), "Meeting notes\nnothing measured today\n");
        Path good = Fixtures.resource("seeds/000_iperf3_single_stream_100g.txt");
        Path samples = dir.resolve("s.csv");
        int rc = cli.run(
                "import",
                empty.toString(),
                binary.toString(),
                dir.resolve("missing.txt").toString(),
                prose.toString(),
                good.toString(),
                "--samples",
                samples.toString());
        assertEquals(1, rc);
        String e = cli.err();
        assertTrue(e.contains("empty.txt: is empty"), e);
        assertTrue(e.contains("blob.bin: is a binary file"), e);
        assertTrue(e.contains("missing.txt: no such file"), e);
        assertTrue(e.contains("notes.txt: no iperf3, iperf2 or netperf output found"), e);
        assertFalse(e.contains("Exception"), e);
        assertFalse(e.contains("\tat "), e);
        assertEquals(30, csv(samples).size(), "15 intervals of one stream, each with its SUM");
    }

    @Test
    void aFailedTestsLogIsOneLineQuotingTheToolAndLeavesNoRows() throws IOException {
        // What each tool prints when its test cannot run (iperf3 3.x, iperf3 -J, iperf 2.0, iperf 2.1, netperf 2.7).
        Path busy = Files.writeString(
                dir.resolve("busy.txt"), "iperf3: error - the server is busy running a test. try again later\n");
        Path refused = Files.writeString(
                dir.resolve("refused.txt"), "iperf3: error - unable to connect to server: Connection refused\r\n");
        Path parameter = Files.writeString(
                dir.resolve("parameter.json"),
                "{\n\t\"start\":\t{\n\t\t\"connected\":\t[],"
                        + "\n\t\t\"version\":\t\"iperf 3.9\"\n\t},\n\t\"intervals\":\t[],\n\t\"end\":\t{\n\t},\n"
                        + "\t\"error\":\t\"parameter error - must either be a client (-c) or server (-s)\"\n}\n");
        Path iperf2 = Files.writeString(dir.resolve("iperf2.txt"), "connect failed: Connection refused\n");
        Path iperf21 = Files.writeString(
                dir.resolve("iperf21.txt"),
                "------------------------------------------------------------\n"
                        + "Client connecting to 10.0.0.2, TCP port 5001\n"
                        + "TCP window size: 85.0 KByte (default)\n"
                        + "------------------------------------------------------------\n"
                        + "tcp connect failed: Connection refused\n");
        Path netperf = Files.writeString(
                dir.resolve("netperf.txt"),
                "establish control: are you sure there is a netserver listening on 10.0.0.2 at port 12865?\n"
                        + "establish_control could not establish the control connection from 0.0.0.0 port 0 address "
                        + "family AF_UNSPEC to 10.0.0.2 port 12865 address family AF_INET\n");
        Path good = Fixtures.resource("seeds/000_iperf3_single_stream_100g.txt");
        Path samples = dir.resolve("s.csv");
        Path summary = dir.resolve("t.csv");
        int rc = cli.run(
                "import",
                busy.toString(),
                refused.toString(),
                parameter.toString(),
                iperf2.toString(),
                good.toString(),
                iperf21.toString(),
                netperf.toString(),
                "--samples",
                samples.toString(),
                "--summary",
                summary.toString());
        assertEquals(1, rc, cli.err());
        String[] lines = cli.err().split("\\R");
        assertEquals(6, lines.length, cli.err());
        assertEquals(
                "linklab import: " + busy + ": the test failed before measuring; the tool said: "
                        + "\"iperf3: error - the server is busy running a test. try again later\" (line 1)",
                lines[0]);
        assertTrue(
                lines[1].startsWith("linklab import: " + refused + ": ")
                        && lines[1].contains("\"iperf3: error - unable to connect to server: Connection refused\""),
                lines[1]);
        assertTrue(
                lines[2].startsWith("linklab import: " + parameter + ": ")
                        && lines[2].contains("parameter error - must either be a client (-c) or server (-s)"),
                lines[2]);
        assertTrue(
                lines[3].startsWith("linklab import: " + iperf2 + ": ")
                        && lines[3].contains("connect failed: Connection refused"),
                lines[3]);
        assertTrue(
                lines[4].startsWith("linklab import: " + iperf21 + ": ")
                        && lines[4].contains("tcp connect failed: Connection refused"),
                lines[4]);
        assertTrue(
                lines[5].startsWith("linklab import: " + netperf + ": ")
                        && lines[5].contains("establish control: are you sure there is a netserver listening"),
                lines[5]);
        assertFalse(cli.err().contains("\tat "), cli.err());
        assertEquals(6, cli.out().split("test failed", -1).length - 1, cli.out());
        assertTrue(csv(samples).stream().allMatch(r -> r.get("source").equals(good.toString())));
        assertEquals(30, csv(samples).size());
        assertTrue(csv(summary).stream().allMatch(r -> r.get("source").equals(good.toString())));
        assertEquals(1, cli.run("import", busy.toString()), "the file was read: it holds a failed test, not bad input");
    }

    @Test
    void truncatedJsonKeepsEverySampleBeforeTheDamage() throws IOException {
        Path whole = Fixtures.resource("recorded/iperf3_3.12_client_bidir.json");
        String text = Files.readString(whole);
        int cut = text.indexOf("\n\t\"end\":");
        Path truncated = Files.writeString(
                dir.resolve("cut.json"), text.substring(0, cut).replace("\n", "\r\n"));
        Path samples = dir.resolve("s.csv");
        int rc = cli.run("import", truncated.toString(), "--samples", samples.toString());
        assertEquals(1, rc, "damaged input: the work ran but the file was not whole");
        assertTrue(cli.err().contains("cut.json: line "), cli.err());
        assertTrue(cli.err().contains("ends early"), cli.err());
        assertEquals(4, csv(samples).size(), "two streams and two sums of the one interval");
    }

    @Test
    void junkBetweenJsonDocumentsIsSkippedWithALineNumber() throws IOException {
        String doc = Files.readString(Fixtures.resource("recorded/iperf3_3.12_client_bidir.json"));
        Path mixed = Files.writeString(
                dir.resolve("two.json"),
                doc + "\nsome wrapper text\n{\"start\": {\"version\": \"iperf 3.12\", broken\n" + doc);
        Path samples = dir.resolve("s.csv");
        int rc = cli.run("import", mixed.toString(), "--format", "iperf3-json", "--samples", samples.toString());
        assertEquals(1, rc);
        assertTrue(cli.err().contains("not iperf3 JSON, skipped"), cli.err());
        assertTrue(cli.err().contains("broken JSON"), cli.err());
        assertEquals(8, csv(samples).size(), "both whole documents are read");
    }

    @Test
    void nonUtf8BytesAreReportedAndTheNumbersStillRead() throws IOException {
        byte[] text = ("2024-01-01 10:00 Mon\u00e9\n"
                        + Files.readString(Fixtures.resource("seeds/000_iperf3_single_stream_100g.txt")))
                .getBytes(StandardCharsets.UTF_8);
        byte[] gbk = text.clone();
        gbk[19] = (byte) 0xd6; // a lone GBK lead byte where 'é' was
        gbk[20] = (byte) 0xdc;
        Path file = Files.write(dir.resolve("gbk.txt"), gbk);
        Path samples = dir.resolve("s.csv");
        assertEquals(0, cli.run("import", file.toString(), "--samples", samples.toString()), cli.err());
        assertTrue(cli.err().contains("gbk.txt: line 1: bytes that are not UTF-8"), cli.err());
        assertEquals(30, csv(samples).size());
    }

    @Test
    void usageErrorsExitTwoWithoutStackTraces() {
        assertEquals(2, cli.run("import"));
        assertTrue(cli.err().contains("no FILE given"), cli.err());
        assertEquals(2, cli.run("import", "x.txt", "--format", "iperf4"));
        assertTrue(cli.err().contains("--format iperf4: unknown format"), cli.err());
        assertEquals(2, cli.run("import", "x.txt", "--bogus"));
        assertTrue(cli.err().contains("unknown option '--bogus'"), cli.err());
        assertEquals(
                2, cli.run("import", dir.resolve("none.txt").toString()), "the only file cannot be read: bad input");
        assertFalse(cli.err().contains("\tat "), cli.err());
    }

    @Test
    void anExistingCsvIsNotWrittenOverAndImportedFilesHaveTheTestsShape() throws IOException {
        String log =
                Fixtures.resource("seeds/000_iperf3_four_processes_T_S1_S4.txt").toString();
        Path samples = dir.resolve("s.csv");
        Path summary = dir.resolve("t.csv");
        assertEquals(0, cli.run("import", log, "--samples", samples.toString(), "--summary", summary.toString()));
        assertTrue(Files.readAllLines(samples).get(0).endsWith(",repetition"), "the shape of a test's samples.csv");
        assertTrue(
                Files.readAllLines(summary).get(0).endsWith(",repetition,expected_bps,verdict"),
                "and of its summary.csv");
        List<String> before = Files.readAllLines(samples);
        assertEquals(2, cli.run("import", log, "--samples", samples.toString()));
        assertTrue(cli.err().contains("--samples: " + samples + " exists; name a new file"), cli.err());
        assertEquals(before, Files.readAllLines(samples), "the earlier file is kept whole");
    }

    @Test
    void aFormatThatIsNotTheLogsIsReadAsAskedButSaidSo() {
        String log =
                Fixtures.resource("seeds/000_iperf3_four_processes_T_S1_S4.txt").toString();
        assertEquals(0, cli.run("import", log, "--format", "iperf2"), cli.both());
        assertTrue(cli.err().contains("read as iperf2 as --format says, but it looks like a log of iperf3"), cli.err());
        assertEquals(0, cli.run("import", log, "--format", "iperf3"), cli.both());
        assertFalse(cli.err().contains("looks like"), cli.err());
    }

    /**
     * netperf -o with selectors LinkLab gives no role (PerfKitBenchmarker's: latency percentiles, the confidence
     * width, the MSS): each keeps a column of its own under the name netperf printed, with netperf's value, in the
     * file --omni names; without it, stderr names them and the option.
     */
    @Test
    void omniSelectorsWithoutARoleKeepAColumnEachAsNetperfPrintedThem() throws IOException {
        Path omni = dir.resolve("omni.csv");
        Path stream = Fixtures.corpus("netperf/pkb_omni_csv_tcp_stream_conf99.txt");
        Path rr = Fixtures.corpus("netperf/pkb_omni_csv_tcp_rr_conf99.txt");
        assertEquals(0, cli.run("import", stream.toString(), rr.toString(), "--omni", omni.toString()), cli.err());
        List<CSVRecord> rows = csv(omni);
        assertEquals(2, rows.size(), Files.readString(omni));
        CSVRecord first = rows.get(0);
        assertEquals(stream.toString(), first.get("source"));
        assertEquals("3374", first.get("99th Percentile Latency Microseconds"));
        assertEquals("10.100", first.get("Throughput Confidence Width (%)"), "as printed, not re-formatted");
        assertEquals("1408", first.get("Transport MSS bytes"));
        List<String> header = List.of(Files.readAllLines(omni).get(0).split(","));
        assertTrue(!header.contains("Throughput") && !header.contains("Throughput Units"), "mapped ones stay out");
        assertEquals(rr.toString(), rows.get(1).get("source"));

        assertEquals(0, cli.run("import", stream.toString()), cli.err());
        assertTrue(
                cli.err()
                                .contains(
                                        "netperf printed omni selectors LinkLab gives no role: Throughput Confidence Width"
                                                + " (%)")
                        && cli.err().contains("--omni FILE keeps them"),
                cli.err());
    }
}
