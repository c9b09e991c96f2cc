package io.linklab.tools.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.Direction;
import io.linklab.model.Role;
import io.linklab.model.Sample;
import io.linklab.model.Summary;
import io.linklab.testing.TcpRows;
import io.linklab.tools.CollectingSink;
import io.linklab.tools.Fixtures;
import io.linklab.tools.importer.LogImporter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Real tool outputs read into the one CSV shape: views, stream numbers, a SUM everywhere, both roles, times. */
class ShapedRowsTest {

    /** A log imported the way `linklab import` writes it, rows as they leave the shaping. */
    private static CollectingSink imported(Path file) {
        CollectingSink sink = new CollectingSink();
        ShapedRows shaped = ShapedRows.forImport(sink);
        LogImporter.FileResult r = LogImporter.importFile(file, null, shaped);
        shaped.finish();
        assertFalse(r.failed(), file + ": " + r.failure());
        return sink;
    }

    private static List<Sample> streams(CollectingSink s) {
        return s.samples.stream().filter(x -> !x.isSum()).toList();
    }

    private static List<Sample> sums(CollectingSink s) {
        return s.samples.stream().filter(Sample::isSum).toList();
    }

    @Test
    void aUdpServersLogGivesJitterLossAndDatagramsPerIntervalAsTheReceiversView() {
        CollectingSink s = imported(Fixtures.corpus("iperf3/tinoslr_server_udp_t600_testnum.txt"));
        List<Sample> rows = streams(s);
        assertTrue(rows.size() > 500, "one row per second of a 600 s test: " + rows.size());
        for (Sample r : rows) {
            assertEquals(Role.RECEIVER, r.role(), r.toString());
            assertNotNull(r.jitterMs(), r.toString());
            assertNotNull(r.lostPackets(), r.toString());
            assertNotNull(r.packets(), r.toString());
        }
        Sample first = rows.get(0);
        assertEquals(0.087, first.jitterMs(), 1e-9);
        assertEquals(649, first.lostPackets());
        assertEquals(18648, first.packets());
        // A single stream: each interval's SUM carries the same datagram figures.
        Sample firstSum = sums(s).get(0);
        assertEquals(
                List.of(0.0, 1.0, 649L, 18648L, 0.087),
                List.of(
                        firstSum.startS(),
                        firstSum.endS(),
                        firstSum.lostPackets(),
                        firstSum.packets(),
                        firstSum.jitterMs()));
        assertEquals(rows.size(), sums(s).size());

        CollectingSink client = imported(Fixtures.corpus("iperf3/taothong_udp_t1.txt"));
        Sample sent = streams(client).get(0);
        assertEquals(Role.SENDER, sent.role(), "the client sends: its intervals count datagrams sent");
        assertEquals(59041, sent.packets());
        assertNull(sent.jitterMs());
    }

    @Test
    void aSingleStreamHasASumRowForEveryIntervalAndAToolsOwnSumIsNotDoubled() {
        CollectingSink s = imported(Fixtures.corpus("iperf3/vladger00_tcp_t10.txt"));
        List<Sample> rows = s.samples;
        assertEquals(20, rows.size(), "ten intervals, each with its SUM");
        for (int i = 0; i < rows.size(); i += 2) {
            Sample stream = rows.get(i);
            Sample sum = rows.get(i + 1);
            assertEquals("5", stream.stream());
            assertEquals(1, stream.streamIndex());
            assertEquals(Role.SENDER, stream.role());
            assertEquals(Sample.SUM, sum.stream(), "the SUM follows its interval");
            assertNull(sum.streamIndex());
            assertEquals(
                    List.of(
                            stream.startS(),
                            stream.endS(),
                            stream.bytes(),
                            stream.bitsPerSecond(),
                            stream.retransmits()),
                    List.of(sum.startS(), sum.endS(), sum.bytes(), sum.bitsPerSecond(), sum.retransmits()));
            assertNull(sum.cwndBytes(), "a congestion window is one stream's, as in the tools' own SUM lines");
        }

        // iperf3 -J prints a SUM for one stream too: one per interval, none added.
        CollectingSink json = imported(Fixtures.corpus("iperf3/cloudpilot_3.6_tcp_n200M.json"));
        long intervals = streams(json).stream().map(Sample::startS).distinct().count();
        assertTrue(intervals > 1);
        assertEquals(intervals, sums(json).size());
    }

    @Test
    void everyTotalHasBothRolesOrARowSayingTheToolDoesNotReportOne() {
        // iperf 2's client knows only what it sent.
        List<Summary> iperf2 = imported(Fixtures.resource("recorded/iperf2_2.1.8_lab_client_e_P3.txt")).summaries;
        Summary received = sumOf(iperf2, Role.RECEIVER);
        assertEquals("not reported by iperf2", received.note());
        assertNull(received.bitsPerSecond());
        assertNull(received.bytes());
        assertEquals(7.66e9, sumOf(iperf2, Role.SENDER).bitsPerSecond(), 1);
        assertNull(sumOf(iperf2, Role.SENDER).note());

        // netperf's TCP_STREAM reports the receiver's rate only; a single flow's total is its SUM.
        List<Summary> netperf =
                imported(Fixtures.corpus("netperf/speedbench_tcp_stream_localhost_classic.txt")).summaries;
        assertEquals(28336.14e6, sumOf(netperf, Role.RECEIVER).bitsPerSecond(), 1);
        assertEquals("not reported by netperf", sumOf(netperf, Role.SENDER).note());

        // iperf3 reports both ends; with one stream, both become SUMs and nothing is noted.
        List<Summary> iperf3 = imported(Fixtures.corpus("iperf3/vladger00_tcp_t10.txt")).summaries;
        assertNotNull(sumOf(iperf3, Role.SENDER).bitsPerSecond());
        assertNotNull(sumOf(iperf3, Role.RECEIVER).bitsPerSecond());
        assertTrue(iperf3.stream().allMatch(t -> t.note() == null), iperf3.toString());

        // netperf UDP_STREAM reports both.
        List<Summary> udp = imported(Fixtures.resource("recorded/netperf_2.7.0_udp.txt")).summaries;
        assertTrue(udp.stream().allMatch(t -> t.note() == null), udp.toString());
        assertEquals(2, udp.stream().filter(Summary::isSum).count(), udp.toString());
    }

    private static Summary sumOf(List<Summary> totals, Role role) {
        List<Summary> found =
                totals.stream().filter(t -> t.isSum() && t.role() == role).toList();
        assertEquals(1, found.size(), role + " SUMs: " + totals);
        return found.get(0);
    }

    @Test
    void aRoleThatSomeProcessReportedIsMissingElsewhereForAnotherReasonAndGetsNoNote() {
        Summary sent1 = TcpRows.total("5201", Sample.SUM, Direction.C2S, Role.SENDER, 0, 2, 10L, 40.0, 0L);
        Summary recv1 = TcpRows.total("5201", Sample.SUM, Direction.C2S, Role.RECEIVER, 0, 2, 10L, 40.0, null);
        Summary sent2 = TcpRows.total("5202", Sample.SUM, Direction.C2S, Role.SENDER, 0, 2, 10L, 40.0, 0L);
        assertEquals(List.of(), TotalRows.missingRoles(List.of(sent1, recv1, sent2), "iperf3"));
        List<Summary> notes = TotalRows.missingRoles(List.of(sent1, sent2), "iperf2");
        assertEquals(
                List.of("5201", "5202"), notes.stream().map(Summary::process).toList());
        assertTrue(notes.stream()
                .allMatch(n -> n.role() == Role.RECEIVER && n.note().equals("not reported by iperf2")));
        assertEquals(List.of(), TotalRows.missingRoles(notes, "iperf2"), "a note is no report of its own");
    }

    @Test
    void streamsAreNumberedOneToNInTheOrderTheyFirstReportAndAfreshInEachTest() {
        // Several -P 5 tests in one log, each with its own socket ids.
        CollectingSink s = imported(Fixtures.corpus("iperf3/adithn04_tcp_P_multi_i2_localhost_sum.txt"));
        List<Sample> firstInterval = streams(s).subList(0, 5);
        assertEquals(
                List.of("5", "7", "9", "11", "13"),
                firstInterval.stream().map(Sample::stream).toList());
        assertEquals(
                List.of(1, 2, 3, 4, 5),
                firstInterval.stream().map(Sample::streamIndex).toList());
        Map<String, Integer> index = new TreeMap<>();
        for (Sample r : streams(s)) {
            assertTrue(r.streamIndex() >= 1 && r.streamIndex() <= 5, r.toString());
            index.putIfAbsent(r.stream(), r.streamIndex());
        }
        assertTrue(index.size() > 5, "later tests' ids are numbered 1..5 too: " + index);
        assertTrue(sums(s).stream().allMatch(r -> r.streamIndex() == null));
    }

    @Test
    void bothEndsOfIperf2GiveTheSameFlowTheSameNumberByItsPortThoughTheirIdsAndOrderDiffer() {
        // The same test from both ends: the client's [2] is the server's [1] (client port 44884), and each end
        // prints its streams in an order of its own.
        CollectingSink client = imported(Fixtures.resource("recorded/iperf2_2.1.8_lab_client_e_P3.txt"));
        CollectingSink server = imported(Fixtures.resource("recorded/iperf2_2.1.8_lab_server_e_P3.txt"));
        assertEquals(Map.of("2", 1, "3", 2, "1", 3), numbers(client));
        assertEquals(Map.of("1", 1, "2", 2, "3", 3), numbers(server));
        assertTrue(streams(server).stream().allMatch(r -> r.role() == Role.RECEIVER));
        assertTrue(streams(client).stream().allMatch(r -> r.role() == Role.SENDER));
        // Each numbered flow moved the same bytes by both ends' totals.
        Map<Integer, Long> sent = totalBytesByNumber(client);
        Map<Integer, Long> got = totalBytesByNumber(server);
        assertEquals(Set.of(1, 2, 3), sent.keySet());
        assertEquals(sent, got);
    }

    private static Map<String, Integer> numbers(CollectingSink s) {
        return streams(s).stream().collect(Collectors.toMap(Sample::stream, Sample::streamIndex, (a, b) -> a));
    }

    private static Map<Integer, Long> totalBytesByNumber(CollectingSink s) {
        Map<String, Integer> number = numbers(s);
        Map<Integer, Long> out = new TreeMap<>();
        for (Summary t : s.summaries) {
            if (!t.isSum() && t.bytes() != null) {
                out.put(number.get(t.stream()), t.bytes());
            }
        }
        return out;
    }

    @Test
    void absoluteTimesComeFromTheLogWhereItSaysThemWithItsZone() {
        // iperf3 -J: start.timestamp.timesecs plus each interval's start.
        CollectingSink json = imported(Fixtures.corpus("iperf3/cloudpilot_3.9_tcp_O3_t10.json"));
        for (Sample r : json.samples) {
            assertEquals(
                    Instant.ofEpochSecond(1627924329).plusNanos(Math.round(r.startS() * 1e9)),
                    r.startUtc(),
                    r.toString());
        }
        // iperf 2.1: "connected … on 2026-12-02 12:46:00 (UTC)".
        CollectingSink iperf2 = imported(Fixtures.resource("recorded/iperf2_2.1.8_lab_client_e_P3.txt"));
        Sample second = streams(iperf2).stream()
                .filter(r -> r.startS() == 1.0)
                .findFirst()
                .orElseThrow();
        assertEquals(Instant.parse("2026-12-02T12:46:01Z"), second.startUtc());
        // A text log without a zone: no absolute time is made up.
        assertTrue(imported(Fixtures.corpus("iperf3/vladger00_tcp_t10.txt")).samples.stream()
                .allMatch(r -> r.startUtc() == null));
    }

    @Test
    void aLiveOutputIsTimedByItsArrival() {
        List<Sample> out = new ArrayList<>();
        CollectingSink sink = new CollectingSink() {
            @Override
            public void sample(Sample sample) {
                out.add(sample);
            }
        };
        Instant[] now = {Instant.parse("2026-12-02T10:00:01.020Z")};
        ShapedRows live = new ShapedRows(sink, false, () -> now[0]);
        live.sample(TcpRows.sample(null, "5", Direction.C2S, 0, 1.02, 10L, 80.0, 0L, null)
                .withRole(Role.SENDER));
        now[0] = now[0].plusSeconds(1);
        live.sample(TcpRows.sample(null, "5", Direction.C2S, 1.02, 2.02, 10L, 80.0, 0L, null)
                .withRole(Role.SENDER));
        live.finish();
        assertEquals(
                List.of("5", "SUM", "5", "SUM"),
                out.stream().map(Sample::stream).toList());
        assertEquals(
                Instant.parse("2026-12-02T10:00:00Z"),
                out.get(0).startUtc(),
                "the first interval arrived at its end: the test began that long before");
        assertEquals(Instant.parse("2026-12-02T10:00:01.020Z"), out.get(2).startUtc());
    }
}
