package io.linklab.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.Direction;
import io.linklab.model.Role;
import io.linklab.model.Sample;
import io.linklab.tools.importer.LogImporter;
import io.linklab.tools.iperf3.Iperf3LiveParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * iperf3 3.21's --json-stream output as the lab's hosts print it (fixtures/recorded/README.md says how each was
 * made): one JSON event per line, each stream's RTT and congestion window in every interval of the sending end.
 */
class Iperf3JsonStreamRecordedTest {

    private static CollectingSink load(String name) {
        CollectingSink sink = new CollectingSink();
        LogImporter.FileResult r = LogImporter.importFile(Fixtures.resource("recorded/" + name), null, sink);
        assertFalse(r.failed(), name + ": " + r.failure());
        assertEquals(LogFormat.IPERF3_JSON, r.format(), name);
        assertEquals("3.21", r.version(), name);
        return sink;
    }

    private static List<Sample> streams(CollectingSink s, Direction d, Role role) {
        return s.samples.stream()
                .filter(x -> !x.isSum() && x.direction() == d && x.role() == role)
                .toList();
    }

    /** Every interval of each of the sender's streams has its RTT and congestion window; the receiver's has neither. */
    private static void senderHasRtt(List<Sample> sender, int expected) {
        assertEquals(expected, sender.size(), "stream intervals " + sender);
        for (Sample x : sender) {
            assertNotNull(x.rttMs(), "rtt_ms of " + x);
            assertTrue(x.rttMs() > 0 && x.rttMs() < 1000, "rtt in ms, not µs: " + x.rttMs());
            assertNotNull(x.cwndBytes(), "cwnd of " + x);
            assertNotNull(x.retransmits(), "retransmits of " + x);
        }
    }

    @Test
    void clientOfTwoStreamsHasRttPerStreamAndInterval() {
        CollectingSink s = load("iperf3_3.21_lab_client_P2_json_stream.jsonl");
        List<Sample> sent = streams(s, Direction.C2S, Role.SENDER);
        senderHasRtt(sent, 6);
        // iperf3 prints rtt in microseconds: 448 µs in the first interval of socket 5
        assertEquals(0.448, sent.get(0).rttMs(), 1e-9);
        assertEquals(2099600L, sent.get(0).cwndBytes());
        assertEquals(
                List.of("5", "7"),
                sent.stream().map(Sample::stream).distinct().sorted().toList());
        Sample sum = s.samples.stream().filter(Sample::isSum).findFirst().orElseThrow();
        assertNull(sum.rttMs(), "a SUM has no one stream's RTT");
    }

    @Test
    void senderIntervalsHaveRttVarianceAndPathMtu() {
        CollectingSink s = load("iperf3_3.21_lab_client_P2_json_stream.jsonl");
        List<Sample> sent = streams(s, Direction.C2S, Role.SENDER);
        // the first interval of socket 5 says "rttvar":383 (µs) and "pmtu":1500
        assertEquals(0.383, sent.get(0).rttvarMs(), 1e-9);
        assertEquals(1500L, sent.get(0).pmtu());
        assertTrue(sent.stream().allMatch(x -> x.rttvarMs() != null && x.pmtu() != null), "every interval: " + sent);
        assertTrue(
                s.samples.stream().filter(Sample::isSum).allMatch(x -> x.rttvarMs() == null && x.pmtu() == null),
                "a SUM has no one stream's RTT variance or path MTU");
        CollectingSink server = load("iperf3_3.21_lab_server_P2_json_stream.jsonl");
        List<Sample> received = streams(server, Direction.C2S, Role.RECEIVER);
        assertFalse(received.isEmpty());
        assertTrue(received.stream().allMatch(x -> x.rttvarMs() == null), "the receiver measures no RTT variance");
    }

    @Test
    void reverseTestHasRttInTheServersView() {
        CollectingSink client = load("iperf3_3.21_lab_client_P2_R_json_stream.jsonl");
        List<Sample> received = streams(client, Direction.S2C, Role.RECEIVER);
        assertEquals(6, received.size());
        assertTrue(received.stream().allMatch(x -> x.rttMs() == null), "the receiving client measures no RTT");
        CollectingSink server = load("iperf3_3.21_lab_server_P2_R_json_stream.jsonl");
        senderHasRtt(streams(server, Direction.S2C, Role.SENDER), 8);
    }

    @Test
    void bidirClientHasRttOnlyForTheDirectionItSends() {
        CollectingSink s = load("iperf3_3.21_lab_client_P2_bidir_json_stream.jsonl");
        senderHasRtt(streams(s, Direction.C2S, Role.SENDER), 6);
        List<Sample> received = streams(s, Direction.S2C, Role.RECEIVER);
        assertEquals(6, received.size());
        assertTrue(received.stream().allMatch(x -> x.rttMs() == null));
        CollectingSink server = load("iperf3_3.21_lab_server_P2_bidir_json_stream.jsonl");
        senderHasRtt(streams(server, Direction.S2C, Role.SENDER), 8);
    }

    @Test
    void udpHasPacketsAndTheReceiversJitter() {
        CollectingSink client = load("iperf3_3.21_lab_client_udp_b200M_json_stream.jsonl");
        List<Sample> sent = streams(client, Direction.C2S, Role.SENDER);
        assertEquals(3, sent.size());
        assertTrue(sent.stream().allMatch(x -> x.packets() != null && x.packets() > 0), sent.toString());
        CollectingSink server = load("iperf3_3.21_lab_server_udp_b200M_json_stream.jsonl");
        List<Sample> received = streams(server, Direction.C2S, Role.RECEIVER);
        assertFalse(received.isEmpty());
        assertTrue(
                received.stream().allMatch(x -> x.jitterMs() != null && x.lostPackets() != null), received.toString());
    }

    @Test
    void logCutOffMidLineKeepsTheIntervalsBeforeIt(@TempDir Path dir) throws IOException {
        List<String> lines =
                Files.readAllLines(Fixtures.resource("recorded/iperf3_3.21_lab_client_P2_json_stream.jsonl"));
        String third = lines.get(2);
        Path cut = dir.resolve("cut.jsonl");
        Files.writeString(
                cut,
                lines.get(0) + "\n" + lines.get(1) + "\n" + third.substring(0, third.length() / 2),
                StandardCharsets.UTF_8);
        CollectingSink sink = new CollectingSink();
        LogImporter.FileResult r = LogImporter.importFile(cut, null, sink);
        assertEquals(LogFormat.IPERF3_JSON, r.format());
        assertTrue(r.damaged(), "a cut log is reported damaged");
        List<Sample> sent = streams(sink, Direction.C2S, Role.SENDER);
        // the whole first interval, and whatever stream of the cut one closed before the cut
        senderHasRtt(sent.stream().filter(x -> x.startS() == 0).toList(), 2);
        assertTrue(sent.size() <= 4, sent.toString());
        assertTrue(
                sink.events.stream()
                        .anyMatch(e ->
                                e.message().contains("line 3") && e.message().contains("ends early")),
                sink.events.toString());
    }

    @Test
    void interruptedClientLeavesOutTheReceiverZerosItNeverGot() {
        CollectingSink s = load("iperf3_3.21_lab_client_P2_sigterm_json_stream.jsonl");
        noReceiverTotals(s);
        assertEquals(
                3,
                s.summaries.stream().filter(x -> x.role() == Role.SENDER).count(),
                "the sender's two streams and SUM stay");
        assertTrue(
                s.events.stream().anyMatch(e -> e.kind().equals(ToolMeta.TOTALS_NOT_EXCHANGED)), s.events.toString());
        senderHasRtt(streams(s, Direction.C2S, Role.SENDER), 6);
    }

    /**
     * A Stop that reached the server before the client (as LinkLab's did when it stopped both at once): iperf3 3.21's client then
     * failed with "getsockopt - Bad file descriptor", no interruption, and its end event still has the receiver's
     * totals as 0 bytes, never exchanged. Kept, they made a 0 bit/s receiver total of a stopped run.
     */
    @Test
    void aClientWhoseServerWasStoppedFirstLeavesOutTheReceiverZeros() {
        CollectingSink s = load("iperf3_3.21_lab_client_P2_server_stopped_first_json_stream.jsonl");
        noReceiverTotals(s);
        assertTrue(
                s.summaries.stream().anyMatch(x -> x.isSum() && x.role() == Role.SENDER && x.bytes() == 8_774_615_040L),
                "the sender's SUM stays: " + s.summaries);
        assertTrue(
                s.events.stream().anyMatch(e -> e.kind().equals(ToolMeta.TOTALS_NOT_EXCHANGED)), s.events.toString());
        assertTrue(
                s.events.stream().anyMatch(e -> e.message().contains("getsockopt - Bad file descriptor")),
                "the error itself is reported: " + s.events);
    }

    /**
     * A stopped client can print its end event before the "error" event that says it was interrupted (a lab run
     * recorded totals at 2.00 s with the receiver's zeros, then totals again at 2.01 s without them): the
     * recorded interrupted output, its end event moved before the error and printed again after it.
     */
    @Test
    void anEndEventBeforeTheInterruptionsErrorStillLeavesOutTheReceiverZeros() throws IOException {
        List<String> lines = Files.readAllLines(
                Fixtures.resource("recorded/iperf3_3.21_lab_client_P2_sigterm_json_stream.jsonl"),
                StandardCharsets.UTF_8);
        String error = lines.stream()
                .filter(l -> l.startsWith("{\"event\":\"error\""))
                .findFirst()
                .orElseThrow();
        String end = lines.stream()
                .filter(l -> l.startsWith("{\"event\":\"end\""))
                .findFirst()
                .orElseThrow();
        CollectingSink s = new CollectingSink();
        Iperf3LiveParser parser = new Iperf3LiveParser(s);
        for (String l : lines) {
            if (l.equals(error)) {
                parser.feed(end);
                parser.feed(error);
            } else {
                parser.feed(l);
            }
        }
        parser.finish();
        noReceiverTotals(s);
        assertEquals(
                3,
                s.summaries.stream().filter(x -> x.role() == Role.SENDER).count(),
                "the sender's two streams and SUM, once: " + s.summaries);
    }

    /** The receiver's totals a client printed as 0 bytes, never exchanged because an error ended its test, are gone. */
    private static void noReceiverTotals(CollectingSink s) {
        assertTrue(
                s.summaries.stream().noneMatch(x -> x.role() == Role.RECEIVER),
                "0-byte receiver totals of a client whose test an error ended are not measurements: " + s.summaries);
    }
}
