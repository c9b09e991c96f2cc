package io.linklab.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.Direction;
import io.linklab.model.Role;
import io.linklab.model.Sample;
import io.linklab.model.Summary;
import io.linklab.tools.importer.LogImporter;
import io.linklab.tools.iperf2.Iperf2TextParser;
import io.linklab.tools.iperf3.Iperf3TextParser;
import io.linklab.tools.netperf.NetperfParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The figures the authors of the seed lab notes (src/test/resources/seed-notes) wrote down, reproduced from their logs. */
class SeedReproductionTest {

    private static final double G = 1e9;
    private static final double M = 1e6;
    private static final double GIB = 1024.0 * 1024 * 1024;

    private static CollectingSink iperf3(String fixture) {
        CollectingSink sink = new CollectingSink();
        return CollectingSink.parse(new Iperf3TextParser(sink), sink, Fixtures.resource("seeds/" + fixture));
    }

    private static CollectingSink iperf2(String fixture) {
        CollectingSink sink = new CollectingSink();
        return CollectingSink.parse(new Iperf2TextParser(sink), sink, Fixtures.resource("seeds/" + fixture));
    }

    @Test
    void seed000OneStreamReaches34GbitsAsSender() {
        CollectingSink s = iperf3("000_iperf3_single_stream_100g.txt");
        Summary sender = s.only(Role.SENDER, "5");
        assertEquals(34.1 * G, sender.bitsPerSecond(), 1);
        assertEquals(Math.round(59.6 * GIB), sender.bytes());
        assertEquals(13L, sender.retransmits());
        assertEquals(Direction.C2S, sender.direction());
        assertEquals(34.0 * G, s.only(Role.RECEIVER, "5").bitsPerSecond(), 1);
        assertEquals(15.04, s.only(Role.RECEIVER, "5").endS(), 1e-9);
        assertEquals(15, s.samples.size());
        Sample first = s.samples.get(0);
        assertEquals(Math.round(4.08 * GIB), first.bytes());
        assertEquals(35.0 * G, first.bitsPerSecond(), 1);
        assertEquals(13L, first.retransmits());
        assertEquals(Math.round(3.62 * 1024 * 1024), first.cwndBytes());
        assertEquals("1", s.meta.get(ToolMeta.RUN));
    }

    @Test
    void seed000FourProcessesReceiveA982GbitsTotal() {
        CollectingSink s = iperf3("000_iperf3_four_processes_T_S1_S4.txt");
        Map<String, Double> receiverByProcess = new TreeMap<>();
        for (Summary r : s.summaries(Role.RECEIVER)) {
            receiverByProcess.put(r.process(), r.bitsPerSecond());
        }
        assertEquals(List.of("S1", "S2", "S3", "S4"), new ArrayList<>(receiverByProcess.keySet()));
        double total = receiverByProcess.values().stream()
                .mapToDouble(Double::doubleValue)
                .sum();
        assertEquals(98.2 * G, total, 1e3);
        assertEquals(24.9 * G, receiverByProcess.get("S1"), 1);
        Map<String, Long> samplesPerProcess =
                s.samples.stream().collect(Collectors.groupingBy(Sample::process, TreeMap::new, Collectors.counting()));
        assertEquals(Map.of("S1", 15L, "S2", 15L, "S3", 15L, "S4", 15L), samplesPerProcess);
        // S3's 1.00-2.00 interval, printed after S4's.
        Sample s3 = s.samples.stream()
                .filter(x -> x.process().equals("S3") && x.startS() == 1.0)
                .findFirst()
                .orElseThrow();
        assertEquals(19.6 * G, s3.bitsPerSecond(), 1);
        assertEquals(1028L, s3.retransmits());
        assertEquals(839L * 1024, s3.cwndBytes());
        assertEquals(
                2717L,
                s.summaries.stream()
                        .filter(x -> x.process().equals("S1") && x.role() == Role.SENDER)
                        .findFirst()
                        .orElseThrow()
                        .retransmits());
    }

    @Test
    void seed001TenGigabitEthernetAndInfiniband() {
        CollectingSink eth = iperf2("001_iperf2_10gbe_client_i1.txt");
        assertEquals(10, eth.samples.size());
        Summary ethTotal = eth.only(Role.SENDER, "3");
        assertEquals(8.86 * G, ethTotal.bitsPerSecond(), 1);
        assertEquals(10.0, ethTotal.endS(), 0);
        assertEquals(976L * 1024 * 1024, eth.samples.get(8).bytes());
        assertEquals(
                8.85 * G,
                iperf2("001_iperf2_10gbe_server.txt").only(Role.RECEIVER, "4").bitsPerSecond(),
                1);

        CollectingSink ib = iperf2("001_iperf2_ib_client_i1.txt");
        assertEquals(12.6 * G, ib.only(Role.SENDER, "3").bitsPerSecond(), 1);
        assertEquals(
                12.6 * G,
                iperf2("001_iperf2_ib_server.txt").only(Role.RECEIVER, "4").bitsPerSecond(),
                1);
    }

    @Test
    void seed001TwoStreamsSwingWhileTheSumStaysAt188() {
        CollectingSink server = iperf2("001_iperf2_ib_P2_server.txt");
        Summary sum = server.only(Role.RECEIVER, "SUM");
        assertEquals(18.8 * G, sum.bitsPerSecond(), 1);
        assertEquals(Direction.C2S, sum.direction());
        assertEquals(7.80 * G, server.only(Role.RECEIVER, "4").bitsPerSecond(), 1);

        CollectingSink client = iperf2("001_iperf2_ib_P2_client_i1.txt");
        assertEquals(18.8 * G, client.only(Role.SENDER, "SUM").bitsPerSecond(), 1);
        List<Sample> sums = client.samples("SUM");
        assertEquals(10, sums.size());
        for (Sample x : sums) {
            assertTrue(x.bitsPerSecond() >= 18.7 * G && x.bitsPerSecond() <= 18.9 * G, x.toString());
        }
        List<Sample> four = client.samples("4");
        assertEquals(14.6 * G, four.get(0).bitsPerSecond(), 1);
        assertEquals(2.55 * G, four.get(3).bitsPerSecond(), 1);
        assertEquals(304L * 1024 * 1024, four.get(3).bytes());

        CollectingSink p4 = iperf2("001_iperf2_ib_P4_server.txt");
        assertEquals(18.9 * G, p4.only(Role.RECEIVER, "SUM").bitsPerSecond(), 1);
        assertEquals(4, p4.summaries.size() - 1);
    }

    /** iperf3 counts the SUM receiver (or the one stream's receiver); iperf2 its client total. */
    private static double headline(String fixture) {
        if (fixture.contains("iperf3")) {
            CollectingSink s = iperf3(fixture);
            List<Summary> sums = s.summaries.stream()
                    .filter(x -> x.role() == Role.RECEIVER && x.isSum())
                    .collect(Collectors.toList());
            return (sums.isEmpty() ? s.summaries(Role.RECEIVER) : sums).get(0).bitsPerSecond();
        }
        CollectingSink s = iperf2(fixture);
        List<Summary> sums = s.summaries.stream().filter(Summary::isSum).collect(Collectors.toList());
        return (sums.isEmpty() ? s.summaries : sums).get(0).bitsPerSecond();
    }

    @Test
    void seed002ToolThreadsAndMtuTable() {
        assertEquals(23.6 * G, headline("002_mtu1500_iperf3_P1.txt"), 1);
        assertEquals(26.6 * G, headline("002_mtu1500_iperf3_P10.txt"), 1);
        assertEquals(22.8 * G, headline("002_mtu1500_iperf2_P1.txt"), 1);
        assertEquals(85.8 * G, headline("002_mtu1500_iperf2_P10.txt"), 1);
        assertEquals(30.3 * G, headline("002_mtu9000_iperf3_P1.txt"), 1);
        assertEquals(36.4 * G, headline("002_mtu9000_iperf3_P10.txt"), 1);
        assertEquals(34.4 * G, headline("002_mtu9000_iperf2_P1.txt"), 1);
        assertEquals(98.8 * G, headline("002_mtu9000_iperf2_P10.txt"), 1);

        CollectingSink p10 = iperf3("002_mtu9000_iperf3_P10.txt");
        assertEquals(22, p10.summaries.size());
        assertEquals(500L, p10.only(Role.SENDER, "SUM").retransmits());
        CollectingSink iperf2p10 = iperf2("002_mtu9000_iperf2_P10.txt");
        assertEquals(11, iperf2p10.summaries.size());
        assertEquals(19.1 * G, iperf2p10.only(Role.SENDER, "7").bitsPerSecond(), 1);
    }

    @Test
    void seed003MtuSweepSendAndReceive() throws IOException {
        // The author's loop appended the MTU, then `iperf -c … -d | grep Bytes`: send first, receive second.
        Map<String, double[]> table = new LinkedHashMap<>();
        List<String> lines = Files.readAllLines(
                Fixtures.resource("seeds/003_mtu_sweep_iperf2_d_result.txt"), StandardCharsets.UTF_8);
        String mtu = null;
        List<String> block = new ArrayList<>();
        int point = 0;
        for (String line : lines.subList(0, lines.size())) {
            if (line.strip().matches("\\d+")) {
                if (mtu != null) {
                    put(table, ++point + ":" + mtu, block);
                }
                mtu = line.strip();
                block = new ArrayList<>();
            } else {
                block.add(line);
            }
        }
        put(table, ++point + ":" + mtu, block);
        assertEquals(892 * M, table.get("1:1500")[0], 1);
        assertEquals(852 * M, table.get("1:1500")[1], 1);
        assertEquals(910 * M, table.get("2:1750")[0], 1);
        assertEquals(871 * M, table.get("2:1750")[1], 1);
        assertEquals(0, table.get("3:2000").length, "the 2000 point failed: no lines");
        assertEquals(891 * M, table.get("4:1500")[0], 1);
        assertEquals(855 * M, table.get("4:1500")[1], 1);
    }

    private static void put(Map<String, double[]> table, String key, List<String> block) {
        CollectingSink sink = new CollectingSink();
        Iperf2TextParser parser = new Iperf2TextParser(sink);
        block.forEach(parser::feed);
        parser.finish();
        table.put(key, sink.samples.stream().mapToDouble(Sample::bitsPerSecond).toArray());
        if (key.equals("1:1500")) {
            assertEquals(Math.round(1019.0 * 1024 * 1024), sink.samples.get(1).bytes());
        }
    }

    @Test
    void seed004NetperfThroughputCpuAndServiceDemand() {
        CollectingSink s = new CollectingSink();
        CollectingSink.parse(new NetperfParser(s), s, Fixtures.resource("seeds/004_netperf_myrinet_tcp_stream.txt"));
        List<Summary> rows = s.summaries;
        assertEquals(6, rows.size());
        double[] expected = {3397.72, 3944.04, 3115.48, 3226.62, 3436.45, 3592.06};
        for (int i = 0; i < 6; i++) {
            assertEquals(expected[i] * M, rows.get(i).bitsPerSecond(), 1e-3, "run " + (i + 1));
            assertEquals(5.00, rows.get(i).endS(), 0);
        }
        assertEquals(null, rows.get(0).localCpuPercent());
        Summary big = rows.get(5);
        assertEquals(5.80, big.localCpuPercent(), 0);
        assertEquals(7.80, big.remoteCpuPercent(), 0);
        assertEquals(0.265, big.localServiceDemandUsPerKb(), 0);
        assertEquals(0.356, big.remoteServiceDemandUsPerKb(), 0);
        assertEquals(12.00, rows.get(2).localCpuPercent(), 0);
        assertEquals(0.684, rows.get(2).remoteServiceDemandUsPerKb(), 0);
        assertEquals("6", s.meta.get(ToolMeta.RUN));
    }

    @Test
    void everyRawSeedNoteImportsWithAClearResult() {
        for (String name : new String[] {
            "000_347c4f9d42cbc476.txt",
            "001_e1a3e456c0aeb44e.txt",
            "002_30cdee82fb6788bb.txt",
            "003_ff066441b71dfc22.txt",
            "004_042945926497ae13.txt"
        }) {
            Path raw = Fixtures.seed(name);
            LogImporter.FileResult r = LogImporter.importFile(raw, null, new CollectingSink());
            assertNotNull(r.format() != null || r.failure() != null ? r : null, name);
            if (r.failed()) {
                assertFalse(r.failure().isBlank(), name);
            }
        }
        for (String folded : new String[] {"000_347c4f9d42cbc476.txt", "004_042945926497ae13.txt"}) {
            LogImporter.FileResult r = LogImporter.importFile(Fixtures.seed(folded), null, new CollectingSink());
            assertTrue(r.failed() && r.failure().contains("folded onto one line"), folded + ": " + r.failure());
        }
        CollectingSink s002 = new CollectingSink();
        LogImporter.importFile(Fixtures.seed("002_30cdee82fb6788bb.txt"), null, s002);
        List<Double> iperf2Sums = s002.summaries.stream()
                .filter(x -> x.isSum() && x.role() == Role.SENDER && x.endS() == 10.0)
                .map(Summary::bitsPerSecond)
                .collect(Collectors.toList());
        assertTrue(iperf2Sums.containsAll(List.of(85.8 * G, 98.8 * G)), iperf2Sums.toString());
        List<Double> iperf3Received = s002.summaries.stream()
                .filter(x -> x.isSum() && x.role() == Role.RECEIVER)
                .map(Summary::bitsPerSecond)
                .collect(Collectors.toList());
        assertEquals(List.of(26.6 * G, 36.4 * G), iperf3Received, "the note's iperf3 -P 10 receiver totals");
        CollectingSink s001 = new CollectingSink();
        LogImporter.FileResult r001 = LogImporter.importFile(Fixtures.seed("001_e1a3e456c0aeb44e.txt"), null, s001);
        assertEquals(LogFormat.IPERF2, r001.format());
        assertTrue(s001.summaries.stream().anyMatch(x -> x.bitsPerSecond() == 8.86 * G));
        assertTrue(s001.summaries.stream().anyMatch(x -> x.isSum() && x.bitsPerSecond() == 18.8 * G));
    }
}
