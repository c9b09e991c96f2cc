package io.linklab.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.Direction;
import io.linklab.model.Role;
import io.linklab.model.Sample;
import io.linklab.model.Summary;
import io.linklab.model.ToolEvent;
import io.linklab.tools.importer.LogImporter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every file of the public corpus (src/test/resources/corpus/public, 68 real tool outputs) imports with the right
 * format, and the numbers checked below are the ones printed in the file.
 */
class CorpusTest {

    private static final double K = 1e3;
    private static final double M = 1e6;
    private static final double G = 1e9;
    private static final double KIB = 1024;
    private static final double MIB = 1024 * 1024;
    private static final double GIB = 1024 * 1024 * 1024;

    private record Expect(String file, LogFormat format, int samples, int summaries, Consumer<Result> check) {}

    /** What importing one file gave. */
    record Result(LogImporter.FileResult file, CollectingSink sink) {
        Sample sample(int i) {
            return sink.samples.get(i);
        }

        Summary summary(int i) {
            return sink.summaries.get(i < 0 ? sink.summaries.size() + i : i);
        }

        List<ToolEvent> events(String kind) {
            return sink.events.stream().filter(e -> e.kind().equals(kind)).collect(Collectors.toList());
        }
    }

    private static Result load(String file) {
        CollectingSink sink = new CollectingSink();
        return new Result(LogImporter.importFile(Fixtures.corpus(file), null, sink), sink);
    }

    private static final List<Expect> EXPECTED = List.of(
            // iperf3 text
            new Expect("iperf3/adithn04_tcp_P_multi_i2_localhost_sum.txt", LogFormat.IPERF3, 1086, 18, r -> {
                assertEquals(18.0e9, r.sample(0).bitsPerSecond());
                assertEquals(Math.round(4.18 * GIB), r.sample(0).bytes());
                assertEquals(Math.round(1.06 * MIB), r.sample(0).cwndBytes());
                Summary serverSum = r.summary(-1);
                assertEquals("server", serverSum.process(), "--get-server-output section");
                assertEquals(94.0e9, serverSum.bitsPerSecond());
                assertTrue(r.sink.samples.stream().anyMatch(s -> s.isSum() && s.bitsPerSecond() == 89.9e9));
            }),
            new Expect(
                    "iperf3/arikatakur_3.1.1_windows_client_and_server_transcript.txt", LogFormat.IPERF3, 21, 4, r -> {
                        assertEquals(7.03e9, r.sample(0).bitsPerSecond());
                        assertNull(r.sample(0).retransmits(), "Windows prints no Retr column");
                        assertEquals(5.21e9, r.sink.summaries.get(0).bitsPerSecond());
                        assertEquals(0L, r.summary(2).bytes(), "old server quirk: sender 0.00 Bytes");
                    }),
            new Expect("iperf3/cloudpilot_text_error_control_socket_closed.txt", LogFormat.IPERF3, 0, 0, r -> {
                assertEquals(1, r.events(ToolMeta.CONNECTION_LOST).size());
                assertTrue(r.file.testFailed(), "the log of a test that failed before measuring");
                assertTrue(
                        r.file.failure().contains("\"iperf3: error - control socket has closed unexpectedly\""),
                        r.file.failure());
            }),
            new Expect("iperf3/cloudpilot_text_tcp_O3_ctrlC_interrupt_crlf.txt", LogFormat.IPERF3, 6, 1, r -> {
                assertTrue(r.sample(0).omitted());
                assertFalse(r.sample(3).omitted());
                assertEquals(2.15, r.sample(5).endS(), "the ^C-glued partial interval is kept");
                assertEquals(348e6, r.sample(5).bitsPerSecond());
                assertEquals(1, r.events(ToolMeta.INTERRUPTED).size());
                assertEquals(14, r.events(ToolMeta.INTERRUPTED).get(0).lineNumber());
                assertEquals(Role.SENDER, r.summary(0).role(), "the receiver's 0.00 Bytes was never measured");
                assertEquals(1, r.events(ToolMeta.TOTALS_NOT_EXCHANGED).size(), "and the log says it is left out");
            }),
            new Expect("iperf3/cloudpilot_text_tcp_O3_t10_crlf.txt", LogFormat.IPERF3, 13, 2, r -> {
                assertEquals(3, r.sink.samples.stream().filter(Sample::omitted).count());
                assertEquals(81.5e6, r.summary(1).bitsPerSecond());
                assertEquals(10.16, r.summary(1).endS());
            }),
            new Expect("iperf3/dnation_3.7_verbose_reverse_l512_b100k.txt", LogFormat.IPERF3, 19, 4, r -> {
                assertEquals(Direction.S2C, r.sample(0).direction(), "Reverse mode");
                assertEquals(4.85e6, r.sample(0).bitsPerSecond());
                assertEquals(5928L, r.summary(0).retransmits());
                assertEquals(
                        "3.7",
                        r.sink.metaLog.stream()
                                .filter(m -> m.startsWith("version="))
                                .findFirst()
                                .orElseThrow()
                                .substring(8));
            }),
            new Expect("iperf3/duyutong_cron_failed_runs_headers_only.txt", LogFormat.IPERF3, 0, 0, r -> {
                assertTrue(r.file.failed());
                assertTrue(r.file.failure().contains("holds no measurements"), r.file.failure());
            }),
            new Expect("iperf3/duyutong_cron_runs_with_date_lines_143runs.txt", LogFormat.IPERF3, 1430, 286, r -> {
                assertEquals(143, r.sink.summaries(Role.RECEIVER).size());
                assertEquals(5.55e6, r.sample(0).bitsPerSecond());
                assertEquals(9.51, r.summary(-1).endS());
                assertEquals(67.1e6, r.summary(-1).bitsPerSecond());
                assertEquals(1, r.events(ToolMeta.INPUT_ENCODING).size(), "the GBK weekday is reported once");
            }),
            new Expect("iperf3/fotios_tcp_i10.txt", LogFormat.IPERF3, 6, 2, r -> {
                assertEquals(149e6, r.sample(0).bitsPerSecond());
                assertEquals(121L, r.sample(0).retransmits());
                assertEquals(Math.round(3.05 * MIB), r.sample(0).cwndBytes());
                assertEquals(2005L, r.summary(0).retransmits());
            }),
            new Expect("iperf3/k00ziex_tcp_multihop_zero_intervals_retr.txt", LogFormat.IPERF3, 232, 30, r -> {
                assertEquals(324e3, r.sample(0).bitsPerSecond());
                assertEquals(Math.round(39.6 * KIB), r.sample(0).bytes());
                assertEquals(0L, r.sample(1).bytes());
                assertEquals(1L, r.sample(1).retransmits());
                assertEquals(
                        10,
                        r.sink.summaries.stream()
                                .filter(s -> "server".equals(s.process()))
                                .count());
            }),
            new Expect("iperf3/k9a2_3x_2017_tcp_i0.1_t60.txt", LogFormat.IPERF3, 600, 2, r -> {
                assertEquals("4", r.sample(0).stream());
                assertEquals(0.1, r.sample(0).endS());
                assertEquals(91.2e6, r.summary(1).bitsPerSecond());
            }),
            // The server printed its last interval (9.00-10.00) twice when interrupted: it counts once.
            new Expect("iperf3/statexec_server_addr_in_use_then_test_interrupt.txt", LogFormat.IPERF3, 10, 1, r -> {
                assertEquals(1, r.events(ToolMeta.LISTEN_FAILED).size());
                assertEquals(2, r.events(ToolMeta.INTERRUPTED).size());
                assertEquals(6.78e9, r.summary(0).bitsPerSecond());
                assertEquals(Role.RECEIVER, r.summary(0).role(), "the server's own total of an interrupted test stays");
                assertEquals(10.00, r.sample(9).endS());
            }),
            new Expect("iperf3/taothong_udp_t1.txt", LogFormat.IPERF3, 1, 2, r -> {
                assertEquals(59041L, r.sample(0).packets());
                assertEquals(0.017, r.summary(1).jitterMs());
                assertEquals(0L, r.summary(1).lostPackets());
                assertEquals(59040L, r.summary(1).packets());
            }),
            new Expect("iperf3/tinoslr_server_old_bandwidth_reverse_t600.txt", LogFormat.IPERF3, 601, 2, r -> {
                assertEquals(48.2e6, r.sample(0).bitsPerSecond());
                assertEquals(0L, r.summary(1).bytes());
            }),
            new Expect("iperf3/tinoslr_server_tcp_t600_testnum.txt", LogFormat.IPERF3, 601, 1, r -> {
                assertEquals(30.8e6, r.summary(0).bitsPerSecond());
                assertEquals(600.06, r.summary(0).endS());
            }),
            new Expect("iperf3/tinoslr_server_udp_P10_t600_sum_out_of_order.txt", LogFormat.IPERF3, 6611, 11, r -> {
                Summary sum = r.summary(-1);
                assertTrue(sum.isSum());
                assertEquals(56.0e6, sum.bitsPerSecond());
                assertEquals(45L, sum.lostPackets());
                assertEquals(2900550L, sum.packets());
                assertEquals(1.247, r.sample(0).jitterMs());
            }),
            new Expect("iperf3/tinoslr_server_udp_t600_testnum.txt", LogFormat.IPERF3, 600, 1, r -> {
                assertEquals(649L, r.sample(0).lostPackets());
                assertEquals(18648L, r.sample(0).packets());
                assertEquals(996L, r.summary(0).lostPackets());
                assertEquals(11653989L, r.summary(0).packets());
            }),
            new Expect(
                    "iperf3/vad1mb_3.x_tcp_t40_i5_ctrlC_space_before_interval_prompt_extracted.txt",
                    LogFormat.IPERF3,
                    8,
                    1,
                    r -> {
                        assertEquals(47.5e6, r.sample(0).bitsPerSecond());
                        assertEquals(Math.round(213 * KIB), r.sample(0).cwndBytes());
                        Sample cut = r.sample(7);
                        assertEquals(35.00, cut.startS(), "the '^C ' partial interval is kept");
                        assertEquals(36.18, cut.endS());
                        assertEquals(48.1e6, cut.bitsPerSecond());
                        assertEquals(Math.round(284 * KIB), cut.cwndBytes());
                        assertEquals(224L, r.summary(0).retransmits());
                        assertEquals(1, r.sink.summaries.size(), "the receiver's 0.00 Bytes was never measured");
                        assertEquals(1, r.events(ToolMeta.INTERRUPTED).size());
                    }),
            new Expect("iperf3/vladger00_tcp_t10.txt", LogFormat.IPERF3, 10, 2, r -> {
                assertEquals(57.5e6, r.sample(0).bitsPerSecond());
                assertEquals(Math.round(69.3 * KIB), r.sample(0).cwndBytes());
                assertEquals(43.6e6, r.summary(1).bitsPerSecond());
            }),
            new Expect(
                    "iperf3/bandwitch_3.x_tcp_reverse_then_forward_t5_i0_extracted.txt", LogFormat.IPERF3, 2, 4, r -> {
                        assertEquals(Direction.S2C, r.sample(0).direction(), "Reverse mode");
                        assertNull(r.sample(0).retransmits(), "the reverse interval prints no Retr under its header");
                        assertEquals(403e6, r.sample(0).bitsPerSecond());
                        assertEquals(1769L, r.summary(0).retransmits());
                        assertEquals(Direction.C2S, r.sample(1).direction());
                        assertEquals(Math.round(77.0 * KIB), r.sample(1).cwndBytes());
                        assertEquals(5.01, r.summary(-1).endS());
                        assertEquals(218e6, r.summary(-1).bitsPerSecond());
                        assertEquals(2, r.file.runs());
                    }),
            // iperf3 JSON
            new Expect("iperf3/bgrewell_3.1.3_cygwin_tcp_reindented.json", LogFormat.IPERF3_JSON, 20, 4, r -> {
                assertEquals("3.1.3", r.file.version());
                assertEquals(1635647488L, r.sample(0).bytes());
                assertNull(r.sample(0).retransmits());
                assertEquals(83.983525, r.summary(-1).localCpuPercent());
            }),
            new Expect(
                    "iperf3/cloudpilot_3.6_json_error_control_socket_closed.json", LogFormat.IPERF3_JSON, 0, 0, r -> {
                        assertEquals(1, r.events(ToolMeta.CONNECTION_LOST).size());
                        assertTrue(r.file.testFailed());
                        assertTrue(
                                r.file.failure().contains("control socket has closed unexpectedly"), r.file.failure());
                    }),
            new Expect("iperf3/cloudpilot_3.6_tcp_n200M.json", LogFormat.IPERF3_JSON, 36, 4, r -> {
                assertEquals(139.191, r.sample(0).rttMs());
                assertEquals(398464L, r.sample(0).cwndBytes());
                assertEquals(468L, r.summary(2).retransmits());
            }),
            new Expect(
                    "iperf3/cloudpilot_3.6_tcp_n200M_ctrlC_error_interrupt_crlf.json",
                    LogFormat.IPERF3_JSON,
                    22,
                    2,
                    r -> {
                        assertEquals(1, r.events(ToolMeta.INPUT_JUNK).size(), "the ^C before the JSON");
                        assertEquals(1, r.events(ToolMeta.INTERRUPTED).size());
                        // the document's "error" comes after its "end": the receiver's 0 bytes were never
                        // exchanged, as with --json-stream and text, so they are left out and said to be
                        assertTrue(r.sink.summaries.stream().allMatch(x -> x.role() == Role.SENDER));
                        assertEquals(1, r.events(ToolMeta.TOTALS_NOT_EXCHANGED).size());
                        assertFalse(r.file.damaged());
                    }),
            new Expect("iperf3/cloudpilot_3.9_json_empty_intervals_and_end.json", LogFormat.IPERF3_JSON, 0, 0, r -> {
                assertTrue(r.file.failed());
            }),
            new Expect(
                    "iperf3/cloudpilot_3.9_json_truncated_mid_intervals_crlf.json", LogFormat.IPERF3_JSON, 11, 0, r -> {
                        assertTrue(r.file.damaged());
                        assertEquals(
                                185, r.events(ToolMeta.INPUT_TRUNCATED).get(0).lineNumber());
                        assertTrue(r.sample(0).omitted());
                        assertEquals(162.341, r.sample(0).rttMs());
                    }),
            new Expect("iperf3/cloudpilot_3.9_tcp_O3_leading_blank_line_crlf.json", LogFormat.IPERF3_JSON, 26, 4, r -> {
                assertEquals(147968L, r.sample(0).bytes());
                assertEquals(6, r.sink.samples.stream().filter(Sample::omitted).count());
            }),
            new Expect("iperf3/cloudpilot_3.9_tcp_O3_t10.json", LogFormat.IPERF3_JSON, 26, 4, r -> {
                assertEquals(5L, r.summary(2).retransmits());
                assertEquals(112065920L, r.summary(-1).bytes());
            }),
            new Expect("iperf3/cloudpilot_3.9_tcp_n10240.json", LogFormat.IPERF3_JSON, 2, 4, r -> {
                assertEquals(56320L, r.sample(0).bytes());
                assertEquals(14080L, r.summary(-1).bytes());
            }),
            new Expect("iperf3/cloudpilot_3.9_tcp_n10240_escape_prefix.json", LogFormat.IPERF3_JSON, 2, 4, r -> {
                assertTrue(r.events(ToolMeta.INPUT_JUNK).get(0).message().contains("^[[F"));
                assertEquals(32.385, r.sample(0).rttMs());
            }),
            new Expect(
                    "iperf3/cloudpilot_3.9_tcp_reverse_n10240_ctrlC_prefix.json", LogFormat.IPERF3_JSON, 31, 0, r -> {
                        assertEquals(Direction.S2C, r.sample(0).direction(), "-R");
                        assertTrue(r.file.damaged(), "cut at 8192 bytes");
                        assertEquals(16.000147, r.sample(30).endS());
                    }),
            new Expect("iperf3/eitn30_3.12_udp_b100M_ok_reserialized.json", LogFormat.IPERF3_JSON, 10, 3, r -> {
                assertEquals(9266L, r.sample(0).packets());
                Summary received = r.summary(-1);
                assertEquals(Role.RECEIVER, received.role());
                assertEquals(Direction.C2S, received.direction());
                assertEquals(37710L, received.lostPackets());
            }),
            new Expect(
                    "iperf3/eitn30_3.12_udp_b1M_error_control_socket_with_end_reserialized.json",
                    LogFormat.IPERF3_JSON,
                    10,
                    2,
                    r -> {
                        assertEquals(1, r.events(ToolMeta.CONNECTION_LOST).size());
                        assertEquals(625472L, r.summary(1).bytes(), "the filled end is read next to the error");
                        // the control socket closed before the results were exchanged: sum_received's 0 bytes
                        // and 0 packets were never measured
                        assertTrue(r.sink.summaries.stream().noneMatch(x -> x.role() == Role.RECEIVER));
                        assertEquals(1, r.events(ToolMeta.TOTALS_NOT_EXCHANGED).size());
                    }),
            new Expect("iperf3/k9a2_3-CURRENT_2017_tcp_bbr_t600.json", LogFormat.IPERF3_JSON, 1200, 4, r -> {
                assertEquals("3-CURRENT", r.file.version());
                assertEquals(3.553, r.sample(0).rttMs());
                assertEquals(9L, r.summary(2).retransmits());
            }),
            new Expect("iperf3/omnt_jsonstream_interval_tcp_bidir.json", LogFormat.IPERF3_JSON, 4, 0, r -> {
                assertEquals(Direction.C2S, r.sample(0).direction());
                assertEquals(Direction.S2C, r.sample(3).direction());
                assertEquals(3935043584L, r.sample(0).bytes());
            }),
            new Expect(
                    "iperf3/omnt_jsonstream_interval_tcp_dl.json",
                    LogFormat.IPERF3_JSON,
                    2,
                    0,
                    r -> assertEquals(Direction.S2C, r.sample(0).direction())),
            new Expect(
                    "iperf3/omnt_jsonstream_interval_tcp_ul.json",
                    LogFormat.IPERF3_JSON,
                    2,
                    0,
                    r -> assertEquals(0.059, r.sample(0).rttMs())),
            new Expect(
                    "iperf3/omnt_jsonstream_interval_udp_bidir.json",
                    LogFormat.IPERF3_JSON,
                    4,
                    0,
                    r -> assertEquals(Direction.S2C, r.sample(3).direction())),
            new Expect(
                    "iperf3/omnt_jsonstream_interval_udp_dl.json",
                    LogFormat.IPERF3_JSON,
                    2,
                    0,
                    r -> assertEquals(8L, r.sample(0).packets())),
            new Expect(
                    "iperf3/omnt_jsonstream_interval_udp_ul.json",
                    LogFormat.IPERF3_JSON,
                    2,
                    0,
                    r -> assertEquals(135168L, r.sample(0).bytes())),
            new Expect("iperf3/thiezn_3.0.11_tcp_t13.json", LogFormat.IPERF3_JSON, 26, 4, r -> {
                assertEquals(9.50062e8, r.sample(0).bitsPerSecond(), "cJSON exponent notation");
                assertEquals(Direction.C2S, r.sample(0).direction(), "no sender flag: from test_start");
            }),
            new Expect("iperf3/yardstick_3.0.7_tcp_reserialized.json", LogFormat.IPERF3_JSON, 20, 4, r -> {
                assertEquals(
                        81L,
                        r.sink.summaries.stream()
                                .filter(x -> x.role() == Role.SENDER && !x.isSum())
                                .findFirst()
                                .orElseThrow()
                                .retransmits());
                assertEquals(7.51411, r.summary(-1).localCpuPercent());
            }),
            new Expect("iperf3/yardstick_3.0.7_udp_compact.json", LogFormat.IPERF3_JSON, 20, 2, r -> {
                assertEquals(0.0113579, r.summary(-1).jitterMs());
                assertEquals(3022L, r.summary(-1).packets());
                sameUdpFigureSameRole(r);
            }),
            new Expect(
                    "iperf3/selfhealing_3.1.3_udp_k10000_old_end_sum_extracted.json",
                    LogFormat.IPERF3_JSON,
                    2,
                    2,
                    r -> {
                        assertEquals("3.1.3", r.file.version());
                        assertEquals(10000L, r.sample(0).packets(), "the interval counts what was sent");
                        assertEquals(81920000L, r.summary(-1).bytes(), "10000 blocks of 8192 bytes: the sender's");
                        assertEquals(834711189.017002, r.summary(-1).bitsPerSecond());
                        assertEquals(0.092, r.summary(-1).jitterMs());
                        assertEquals(69L, r.summary(-1).lostPackets());
                        assertEquals(9996L, r.summary(-1).packets());
                        assertEquals(17.76954, r.summary(-1).localCpuPercent());
                        sameUdpFigureSameRole(r);
                    }),
            // iperf2
            new Expect("iperf2/cs556_2.1.x_client_tcp_w8M_i1_t30.txt", LogFormat.IPERF2, 30, 1, r -> {
                assertEquals(169e6, r.sample(0).bitsPerSecond());
                assertEquals(30.1503, r.summary(0).endS());
                assertEquals(Role.SENDER, r.summary(0).role());
            }),
            new Expect("iperf2/cs556_2.1.x_server_tcp_w8M_i1.txt", LogFormat.IPERF2, 30, 1, r -> {
                assertEquals(Math.round(211 * KIB), r.sample(0).bytes());
                assertEquals(196e6, r.summary(0).bitsPerSecond());
                assertEquals(Role.RECEIVER, r.summary(0).role());
            }),
            new Expect(
                    "iperf2/drist_2.0.x_server_timestamp_prefixed_many_clients.txt", LogFormat.IPERF2, 794, 794, r -> {
                        assertEquals(4.16e6, r.sample(0).bitsPerSecond());
                        assertEquals(2.8, r.sample(0).endS());
                        assertEquals(Role.RECEIVER, r.summary(0).role());
                    }),
            new Expect(
                    "iperf2/gracefullife_2.0.13_tcp_t60_ipv4_ipv6_prompts_extracted.txt", LogFormat.IPERF2, 2, 2, r -> {
                        assertEquals("4", r.sample(0).stream());
                        assertEquals(60.0, r.sample(0).endS());
                        assertEquals(939e6, r.summary(0).bitsPerSecond());
                        assertEquals(Math.round(6.56 * GIB), r.summary(0).bytes());
                        assertEquals(926e6, r.summary(1).bitsPerSecond(), "the IPv6 run");
                        assertTrue(
                                r.events(ToolMeta.INPUT_ENCODING).isEmpty(), "the prompt's UTF-8 is text, not damage");
                    }),
            new Expect("iperf2/jmhen_2.0.5_client_tcp_w16M_i1_zero_intervals.txt", LogFormat.IPERF2, 389, 0, r -> {
                assertEquals(168e6, r.sample(0).bitsPerSecond());
                assertEquals(0.0, r.sample(388).bitsPerSecond());
            }),
            new Expect(
                    "iperf2/jmhen_2.0.5_server_tcp_w16M_i1.txt",
                    LogFormat.IPERF2,
                    426,
                    0,
                    r -> assertEquals(1.45e6, r.sample(0).bitsPerSecond())),
            new Expect(
                    "iperf2/loadthecode0_2.1.x_client_tcp_i0.5_t30.txt",
                    LogFormat.IPERF2,
                    61,
                    1,
                    r -> assertEquals(7.33e6, r.summary(0).bitsPerSecond())),
            new Expect("iperf2/loadthecode0_2.1.x_client_udp_1M.txt", LogFormat.IPERF2, 10, 1, r -> {
                assertEquals(1.07e6, r.sample(0).bitsPerSecond());
                assertEquals(1, r.events(ToolMeta.TOOL_WARNING).size());
            }),
            new Expect(
                    "iperf2/mariodoman_2.0.5_client_tcp_summary_only.txt",
                    LogFormat.IPERF2,
                    1,
                    1,
                    r -> assertEquals(1.83e9, r.summary(0).bitsPerSecond())),
            new Expect(
                    "iperf2/pedrobellotti_udp_csv_yC_clients_with_server_reports.txt",
                    LogFormat.IPERF2_CSV,
                    20,
                    20,
                    r -> {
                        assertEquals(269076574.0, r.sample(0).bitsPerSecond());
                        Sample report = r.sample(2);
                        assertEquals(0.296, report.jitterMs());
                        assertEquals(123447L, report.lostPackets());
                        assertEquals(228824L, report.packets());
                        assertEquals(10, r.sink.summaries(Role.RECEIVER).size());
                    }),
            new Expect("iperf2/pkb_2.0.x_enhanced_udp_tcp_P1_P2_concatenated.txt", LogFormat.IPERF2, 8, 11, r -> {
                Summary serverReport = r.sink.summaries(Role.RECEIVER).get(0);
                assertEquals(0.017, serverReport.jitterMs());
                assertEquals(5350L, serverReport.packets());
                Sample tcp = r.sink.samples.stream()
                        .filter(s -> s.rttMs() != null)
                        .findFirst()
                        .orElseThrow();
                assertEquals(1.346, tcp.rttMs(), 1e-12);
                assertEquals(0L, tcp.retransmits());
                assertEquals(1.97e9, r.summary(-1).bitsPerSecond());
                assertEquals(4, Integer.parseInt(r.sink.meta.get(ToolMeta.RUN)));
            }),
            new Expect("iperf2/taise_2.0.x_server_enhanced_reads_dist_i0.1.txt", LogFormat.IPERF2, 650, 2, r -> {
                assertEquals(10.5e6, r.sample(0).bitsPerSecond());
                assertEquals(25.0206, r.summary(0).endS());
            }),
            new Expect(
                    "iperf2/unicocn_2.0.x_client_udp_truncated_after_connect.txt",
                    LogFormat.IPERF2,
                    0,
                    0,
                    r -> assertTrue(r.file.failed())),
            // netperf
            new Expect(
                    "netperf/lacuna_tcp_stream_nodelay_m1000_300_30_with_script_echo.txt",
                    LogFormat.NETPERF,
                    0,
                    3,
                    r -> {
                        assertEquals(824.53e6, r.summary(0).bitsPerSecond());
                        assertEquals(149.13e6, r.summary(2).bitsPerSecond());
                        assertEquals(30.03, r.summary(0).endS());
                    }),
            new Expect(
                    "netperf/lacuna_tcp_stream_nodelay_s_S_bufsizes_with_script_echo.txt",
                    LogFormat.NETPERF,
                    0,
                    3,
                    r -> assertEquals(34.51e6, r.summary(2).bitsPerSecond())),
            new Expect(
                    "netperf/e6118_2.7.0_rpi3_tcp_rr_stream_maerts_transcript_extracted.txt",
                    LogFormat.NETPERF,
                    0,
                    2,
                    r -> {
                        assertEquals("78.15", r.sink.meta.get(ToolMeta.TRANSACTIONS_PER_SECOND));
                        assertEquals(20.53e6, r.summary(0).bitsPerSecond());
                        assertEquals(11.30, r.summary(0).endS());
                        assertEquals(Direction.S2C, r.summary(1).direction(), "TCP_MAERTS");
                        assertEquals(46.91e6, r.summary(1).bitsPerSecond());
                        assertEquals(3, r.file.runs());
                        assertTrue(r.sink.events.isEmpty(), "prompt lines are neither warnings nor errors");
                    }),
            new Expect(
                    "netperf/e6118_macos_null_hosts_tcp_rr_stream_maerts_transcript_extracted.txt",
                    LogFormat.NETPERF,
                    0,
                    2,
                    r -> {
                        assertEquals("25.67", r.sink.meta.get(ToolMeta.TRANSACTIONS_PER_SECOND));
                        assertEquals(35.95e6, r.summary(0).bitsPerSecond());
                        assertEquals(10.13, r.summary(0).endS());
                        assertEquals(32.89e6, r.summary(1).bitsPerSecond());
                        assertEquals(Direction.S2C, r.summary(1).direction());
                    }),
            new Expect(
                    "netperf/pkb_omni_csv_tcp_crr_conf99.txt",
                    LogFormat.NETPERF,
                    0,
                    0,
                    r -> assertEquals("343.35", r.sink.meta.get(ToolMeta.TRANSACTIONS_PER_SECOND))),
            new Expect("netperf/pkb_omni_csv_tcp_maerts_histogram_catcher_warning.txt", LogFormat.NETPERF, 0, 1, r -> {
                assertEquals(608.63e6, r.summary(0).bitsPerSecond());
                assertEquals(Direction.S2C, r.summary(0).direction());
                assertEquals(1, r.events(ToolMeta.TOOL_WARNING).size());
            }),
            new Expect(
                    "netperf/pkb_omni_csv_tcp_rr_conf99.txt",
                    LogFormat.NETPERF,
                    0,
                    0,
                    r -> assertEquals("1405.5", r.sink.meta.get(ToolMeta.TRANSACTIONS_PER_SECOND))),
            new Expect("netperf/pkb_omni_csv_tcp_stream_conf99.txt", LogFormat.NETPERF, 0, 1, r -> {
                assertEquals(1187.94e6, r.summary(0).bitsPerSecond());
                assertEquals(0L, r.summary(0).retransmits());
            }),
            new Expect(
                    "netperf/pkb_omni_csv_udp_rr_conf99.txt",
                    LogFormat.NETPERF,
                    0,
                    0,
                    r -> assertEquals("1359.71", r.sink.meta.get(ToolMeta.TRANSACTIONS_PER_SECOND))),
            new Expect(
                    "netperf/pkb_omni_csv_udp_stream_conf99.txt",
                    LogFormat.NETPERF,
                    0,
                    1,
                    r -> assertEquals(1102.42e6, r.summary(0).bitsPerSecond())),
            new Expect("netperf/speedbench_tcp_stream_localhost_classic.txt", LogFormat.NETPERF, 0, 1, r -> {
                assertEquals(28336.14e6, r.summary(0).bitsPerSecond());
                assertEquals(10.00, r.summary(0).endS());
            }));

    /**
     * iperf3 before sum_sent/sum_received writes each UDP stream's "udp" end object and the "sum" of them with the
     * same figures (the sender's bytes and rate, the receiver's jitter and loss): both rows get one role, the
     * sender's, and a note that it was inferred.
     */
    private static void sameUdpFigureSameRole(Result r) {
        Summary stream = r.summary(0);
        Summary sum = r.summary(-1);
        assertFalse(stream.isSum());
        assertTrue(sum.isSum());
        assertEquals(stream.bytes(), sum.bytes(), "one stream: the same figure");
        assertEquals(Role.SENDER, stream.role());
        assertEquals(Role.SENDER, sum.role());
        assertTrue(stream.note().startsWith("role inferred"), stream.note());
        assertEquals(stream.note(), sum.note());
    }

    @TestFactory
    Stream<DynamicTest> everyCorpusFileImports() {
        return EXPECTED.stream()
                .map(e -> DynamicTest.dynamicTest(e.file(), () -> {
                    Result r = load(e.file());
                    assertEquals(e.format(), r.file.format(), "format");
                    assertEquals(e.samples(), r.sink.samples.size(), "samples");
                    assertEquals(e.summaries(), r.sink.summaries.size(), "summaries");
                    e.check().accept(r);
                }));
    }

    @Test
    void theTableCoversTheWholeCorpus() throws IOException {
        Path root = Fixtures.corpus("");
        List<String> files = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(root)) {
            walk.filter(Files::isRegularFile)
                    .filter(p -> !p.getFileName().toString().equals("SOURCES.md"))
                    .forEach(p -> files.add(root.relativize(p).toString()));
        }
        List<String> covered = EXPECTED.stream().map(Expect::file).collect(Collectors.toList());
        files.removeAll(covered);
        assertEquals(List.of(), files, "corpus files without expectations");
        assertEquals(68, covered.size());
    }
}
