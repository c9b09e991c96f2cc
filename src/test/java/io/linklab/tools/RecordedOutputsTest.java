package io.linklab.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.Direction;
import io.linklab.model.Role;
import io.linklab.model.Sample;
import io.linklab.model.Summary;
import io.linklab.tools.importer.LogImporter;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Outputs recorded from the real tools of the lab image (iperf3 3.12, iperf 2.1.8, netperf 2.7.0). */
class RecordedOutputsTest {

    private static CollectingSink load(String name) {
        CollectingSink sink = new CollectingSink();
        LogImporter.FileResult r = LogImporter.importFile(Fixtures.resource("recorded/" + name), null, sink);
        assertTrue(!r.failed(), name + ": " + r.failure());
        return sink;
    }

    private static Summary find(CollectingSink s, String stream, Direction d, Role role) {
        List<Summary> found = s.summaries.stream()
                .filter(x -> x.stream().equals(stream) && x.direction() == d && x.role() == role)
                .collect(Collectors.toList());
        assertEquals(1, found.size(), stream + " " + d + " " + role + " in " + s.summaries);
        return found.get(0);
    }

    @Test
    void iperf3BidirWithTitleAndTimestamps() {
        CollectingSink s = load("iperf3_3.12_client_bidir_P2_T_timestamps.txt");
        assertTrue(s.samples.stream().allMatch(x -> "S1".equals(x.process())), "the -T title behind the timestamp");
        assertEquals(12, s.samples.size());
        assertEquals(
                6,
                s.samples.stream().filter(x -> x.direction() == Direction.C2S).count());
        Summary tx = s.summaries.stream()
                .filter(x -> x.stream().equals("5") && x.role() == Role.SENDER)
                .findFirst()
                .orElseThrow();
        assertEquals(Direction.C2S, tx.direction());
        assertEquals(5.44e9, tx.bitsPerSecond());
        assertEquals(7L, tx.retransmits());
        assertEquals(12, s.summaries.size());
    }

    @Test
    void iperf3BidirServerTextTagsEachDirection() {
        CollectingSink s = load("iperf3_3.12_server_bidir_P2.txt");
        Summary rx = find(s, "SUM", Direction.C2S, Role.RECEIVER);
        assertEquals(19.3e9, rx.bitsPerSecond());
        Summary tx = find(s, "SUM", Direction.S2C, Role.SENDER);
        assertEquals(16.2e9, tx.bitsPerSecond());
        assertEquals(2L, tx.retransmits());
        Sample first = s.samples.get(0);
        assertEquals(Direction.C2S, first.direction(), "[RX-S] on the server is client→server");
        assertEquals(8.84e9, first.bitsPerSecond());
    }

    @Test
    void iperf3UdpReverseWithServerOutput() {
        CollectingSink s = load("iperf3_3.12_client_udp_R_get_server_output.txt");
        List<Sample> client =
                s.samples.stream().filter(x -> x.process() == null).collect(Collectors.toList());
        assertEquals(2, client.size());
        assertEquals(Direction.S2C, client.get(0).direction());
        assertEquals(0.156, client.get(0).jitterMs());
        assertEquals(77L, client.get(0).packets());
        List<Sample> server =
                s.samples.stream().filter(x -> "server".equals(x.process())).collect(Collectors.toList());
        assertEquals(2, server.size());
        assertEquals(Direction.S2C, server.get(0).direction(), "the server's section of a -R test");
        assertEquals(77L, server.get(0).packets());
        assertNull(server.get(0).jitterMs());
    }

    @Test
    void iperf3JsonClientAndServerAgreeOnDirections() {
        CollectingSink c = load("iperf3_3.12_client_bidir.json");
        CollectingSink srv = load("iperf3_3.12_server_bidir.json");
        assertEquals(Direction.C2S, c.samples.get(0).direction());
        assertEquals(Direction.S2C, c.samples.get(1).direction());
        assertEquals(Direction.C2S, srv.samples.get(0).direction(), "the server receives stream 5");
        assertEquals(22937698070.145176, srv.samples.get(0).bitsPerSecond());
        assertEquals(
                22936322469.585037,
                find(srv, "SUM", Direction.C2S, Role.RECEIVER).bitsPerSecond());
        assertEquals("3.12", c.meta.get(ToolMeta.VERSION));
        assertEquals("65535", c.meta.get(ToolMeta.PMTU), "loopback's path MTU, as -J reported it");
        assertEquals("server", srv.meta.get(ToolMeta.SIDE));
        assertTrue(find(c, "SUM", Direction.C2S, Role.SENDER).localCpuPercent() > 0);
    }

    @Test
    void iperf3JsonWithTheServersTextOutput() {
        CollectingSink s = load("iperf3_3.12_lab_client_P2_J_get_server_output.json");
        List<Sample> server =
                s.samples.stream().filter(x -> "server".equals(x.process())).collect(Collectors.toList());
        assertEquals(6, server.size(), "server_output_text: 2 intervals × (2 streams + SUM)");
        assertEquals(5.26e9, server.get(0).bitsPerSecond());
        Summary serverSum = s.summaries.stream()
                .filter(x -> "server".equals(x.process()) && x.isSum())
                .findFirst()
                .orElseThrow();
        assertEquals(10.7e9, serverSum.bitsPerSecond());
        assertEquals(Role.RECEIVER, serverSum.role());
        assertEquals(
                10715677141.128744,
                s.summaries.stream()
                        .filter(x -> x.process() == null && x.isSum() && x.role() == Role.RECEIVER)
                        .findFirst()
                        .orElseThrow()
                        .bitsPerSecond());
        assertEquals("1", s.meta.get(ToolMeta.RUN));
    }

    @Test
    void iperf2DualTestOnClientAndServer() {
        CollectingSink c = load("iperf2_2.1.8_client_d.txt");
        assertEquals(37.8e9, find(c, "1", Direction.C2S, Role.SENDER).bitsPerSecond());
        assertEquals(
                29.4e9,
                find(c, "2", Direction.S2C, Role.RECEIVER).bitsPerSecond(),
                "the stream the client accepted on its -L port flows server→client");
        CollectingSink lab = load("iperf2_2.1.8_lab_client_d_listener_banner_first.txt");
        assertEquals(
                6.89e9,
                find(lab, "1", Direction.C2S, Role.SENDER).bitsPerSecond(),
                "the client's listener banner came first; it is still the client");
        assertEquals(7.92e9, find(lab, "2", Direction.S2C, Role.RECEIVER).bitsPerSecond());
        CollectingSink srv = load("iperf2_2.1.8_server_d_fd_P2_yC.txt");
        assertEquals(37.9e9, find(srv, "1", Direction.C2S, Role.RECEIVER).bitsPerSecond());
        assertEquals(29.4e9, find(srv, "2", Direction.S2C, Role.SENDER).bitsPerSecond(), "[ *2] … (reverse)");
        assertEquals(58.0e9, srv.summaries.get(srv.summaries.size() - 1).bitsPerSecond());
        assertEquals("4", srv.meta.get(ToolMeta.RUN), "four clients connected one after the other");
    }

    @Test
    void iperf2TradeoffOnClientAndServer() {
        CollectingSink c = load("iperf2_2.1.8_lab_client_r_tradeoff.txt");
        assertEquals(10.5e9, find(c, "1", Direction.C2S, Role.SENDER).bitsPerSecond());
        assertEquals(10.4e9, find(c, "2", Direction.S2C, Role.RECEIVER).bitsPerSecond());
        CollectingSink srv = load("iperf2_2.1.8_lab_server_r_tradeoff.txt");
        assertEquals(10.5e9, find(srv, "1", Direction.C2S, Role.RECEIVER).bitsPerSecond());
        assertEquals(
                10.2e9,
                find(srv, "2", Direction.S2C, Role.SENDER).bitsPerSecond(),
                "the server's own client for the second half sends");
        assertEquals("1", srv.meta.get(ToolMeta.RUN), "one test, two halves");
    }

    @Test
    void iperf2FullDuplexStarredStreamIsTheReverseHalf() {
        CollectingSink c = load("iperf2_2.1.8_client_full_duplex.txt");
        assertEquals(16.8e9, find(c, "1", Direction.S2C, Role.RECEIVER).bitsPerSecond());
        assertEquals(16.4e9, find(c, "1", Direction.C2S, Role.SENDER).bitsPerSecond());
        assertEquals(0.9947, c.samples.get(2).endS());
    }

    @Test
    void iperf2EnhancedClientReadsRetriesCwndAndRtt() {
        CollectingSink c = load("iperf2_2.1.8_client_e_P2.txt");
        Sample first = c.samples.get(0);
        assertEquals("1", first.stream());
        assertEquals(0L, first.retransmits());
        assertEquals(1278L * 1024, first.cwndBytes());
        assertEquals(0.124, first.rttMs(), 1e-12);
        assertEquals(51.8e9, find(c, "SUM", Direction.C2S, Role.SENDER).bitsPerSecond());
    }

    @Test
    void iperf2CsvWithParallelStreams() {
        CollectingSink c = load("iperf2_2.1.8_client_yC_P2.txt");
        assertEquals(4, c.samples.size());
        assertEquals(30364664768.0, c.samples.get(0).bitsPerSecond());
        assertEquals(1897791548L, c.samples.get(0).bytes());
        assertEquals(2, c.summaries(Role.SENDER).size());
    }

    @Test
    void netperfLayouts() {
        assertEquals(
                24438.97e6, load("netperf_2.7.0_classic.txt").summaries.get(0).bitsPerSecond());
        Summary cpu = load("netperf_2.7.0_cpu.txt").summaries.get(0);
        assertEquals(22865.14e6, cpu.bitsPerSecond());
        assertEquals(100.0, cpu.localCpuPercent());
        assertEquals(0.717, cpu.remoteServiceDemandUsPerKb());
        assertEquals(23132.59e6, load("netperf_2.7.0_P0.txt").summaries.get(0).bitsPerSecond(), "-P 0: no banner");
        CollectingSink demo = load("netperf_2.7.0_D.txt");
        assertEquals(3, demo.samples.size());
        assertEquals(0.612 + 0.304, demo.samples.get(1).endS(), 1e-12);
        assertEquals(25341.90e6, demo.summaries.get(0).bitsPerSecond());
        assertEquals(
                24387.01e6, load("netperf_2.7.0_D_cpu.txt").summaries.get(0).bitsPerSecond());
        Summary maerts = load("netperf_2.7.0_maerts.txt").summaries.get(0);
        assertEquals(Direction.S2C, maerts.direction());
        assertEquals(0.639, maerts.localServiceDemandUsPerKb());
        Summary keyed = load("netperf_2.7.0_k.txt").summaries.get(0);
        assertEquals(25389.44e6, keyed.bitsPerSecond());
        assertNull(keyed.localCpuPercent(), "-1.00 means not measured");
        assertEquals(1.01, keyed.endS());
        assertEquals(21555.63e6, load("netperf_2.7.0_o.txt").summaries.get(0).bitsPerSecond());
        CollectingSink udp = load("netperf_2.7.0_udp.txt");
        assertEquals(4009.65e6, find(udp, "1", Direction.C2S, Role.SENDER).bitsPerSecond());
        assertEquals(841.45e6, find(udp, "1", Direction.C2S, Role.RECEIVER).bitsPerSecond());
        assertEquals(75933L, find(udp, "1", Direction.C2S, Role.RECEIVER).packets());
        assertEquals("63434.97", load("netperf_2.7.0_rr.txt").meta.get(ToolMeta.TRANSACTIONS_PER_SECOND));
    }

    @Test
    void netperfOmniSelectorsGiveTheSenderAndTheReceiverTheirOwnRate() {
        // -o THROUGHPUT,THROUGHPUT_UNITS,ELAPSED_TIME,LOCAL_SEND_THROUGHPUT,REMOTE_RECV_THROUGHPUT,…: a UDP_STREAM
        // that lost more than half its datagrams on loopback
        CollectingSink udp = load("netperf_2.7.0_udp_o_send_and_recv_throughput.txt");
        assertEquals(15529.64e6, find(udp, "1", Direction.C2S, Role.SENDER).bitsPerSecond(), "what netperf sent");
        assertEquals(6842.31e6, find(udp, "1", Direction.C2S, Role.RECEIVER).bitsPerSecond(), "what netserver got");
        assertEquals(2.00, find(udp, "1", Direction.C2S, Role.SENDER).endS());
        assertEquals(2, udp.summaries.size(), "one total per role: " + udp.summaries);
    }
}
