package io.linklab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.linklab.model.Direction;
import io.linklab.model.Role;
import io.linklab.model.Sample;
import io.linklab.model.Summary;
import io.linklab.testing.TcpRows;
import io.linklab.tools.CollectingSink;
import io.linklab.tools.Fixtures;
import io.linklab.tools.iperf3.Iperf3TextParser;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ProcessMergerTest {

    private static final List<String> PORTS = List.of("5201", "5202", "5203", "5204");

    private static Sample s(String process, String stream, double start, double bps) {
        return TcpRows.sample(process, stream, Direction.C2S, start, start + 1, (long) (bps / 8), bps, 1L, 1000L);
    }

    @Test
    void fourSingleStreamProcessesAddUpOncePerInterval() {
        List<Sample> out = new ArrayList<>();
        ProcessMerger m = new ProcessMerger(PORTS, 1, out::add);
        for (int i = 0; i < 4; i++) {
            m.sample(s(String.valueOf(5201 + i), "5", 0, 24.55e9));
            // Each process's clock is its own: a few ms apart must still match.
            m.sample(s(String.valueOf(5201 + i), "5", 1.0002 * (i + 1) / (i + 1), 24.5e9));
        }
        assertEquals(2, out.size());
        assertEquals(98.2e9, out.get(0).bitsPerSecond(), 1e3);
        assertEquals("SUM", out.get(0).stream());
        assertNull(out.get(0).process());
        assertEquals(4L, out.get(0).retransmits());
    }

    @Test
    void multiStreamProcessesContributeTheirOwnSumOnly() {
        List<Sample> out = new ArrayList<>();
        ProcessMerger m = new ProcessMerger(List.of("5201", "5202"), 2, out::add);
        m.sample(s("5201", "5", 0, 1e9));
        m.sample(s("5201", "7", 0, 1e9));
        m.sample(s("5201", "SUM", 0, 2e9));
        m.sample(s("5202", "5", 0, 3e9));
        assertEquals(0, out.size());
        m.sample(s("5202", "SUM", 0, 3e9));
        assertEquals(1, out.size());
        assertEquals(5e9, out.get(0).bitsPerSecond(), 1);
    }

    @Test
    void oneProcessEmitsNothingExtra() {
        List<Sample> out = new ArrayList<>();
        ProcessMerger m = new ProcessMerger(List.of(), 1, out::add);
        m.sample(s(null, "5", 0, 1e9));
        assertEquals(0, out.size());
    }

    @Test
    void totalsPreferEachProcessSumAndFallBackToStreams() {
        List<Summary> all = List.of(
                TcpRows.total("5201", "5", Direction.C2S, Role.RECEIVER, 0, 5, 100L, 1e9, null),
                TcpRows.total("5201", "7", Direction.C2S, Role.RECEIVER, 0, 5, 100L, 1e9, null),
                TcpRows.total("5201", "SUM", Direction.C2S, Role.RECEIVER, 0, 5, 200L, 2e9, null),
                TcpRows.total("5202", "5", Direction.C2S, Role.RECEIVER, 0, 5.01, 300L, 3e9, null),
                TcpRows.total("5202", "5", Direction.C2S, Role.SENDER, 0, 5.01, 300L, 3e9, 7L));
        List<String> two = List.of("5201", "5202");
        Summary recv =
                ProcessMerger.total(all, two, Direction.C2S, Role.RECEIVER).sum();
        assertEquals(5e9, recv.bitsPerSecond(), 1);
        assertEquals(500L, recv.bytes());
        assertEquals(5.01, recv.endS(), 1e-9);
        assertEquals(
                7L,
                ProcessMerger.total(all, List.of("5202"), Direction.C2S, Role.SENDER)
                        .sum()
                        .retransmits());
        assertEquals(
                List.of("5201"),
                ProcessMerger.total(all, two, Direction.C2S, Role.SENDER).missing(),
                "5201 printed no sender total");
        // A total no process reports (iperf2's full-duplex sending side has no receiver) is none, not missing.
        assertEquals(
                new ProcessMerger.Total(null, List.of()), ProcessMerger.total(all, two, Direction.S2C, Role.RECEIVER));
    }

    @Test
    void everyMergedIntervalIsItsProcessesAddedUpPerDirectionWhateverTheirOrderOfArrival() {
        List<Sample> out = new ArrayList<>();
        ProcessMerger m = new ProcessMerger(PORTS, 1, out::add);
        Random random = new Random(13);
        Map<String, Double> expected = new HashMap<>();
        // Each process's intervals in its own order, the processes interleaved at random (four output threads).
        Map<String, List<Sample>> queues = new HashMap<>();
        for (int p = 0; p < 4; p++) {
            String port = PORTS.get(p);
            List<Sample> q = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                for (Direction d : Direction.values()) {
                    double bps = 1e9 * (1 + random.nextInt(40));
                    double skew = 0.001 * p; // each process's clock starts a little later
                    q.add(TcpRows.sample(port, "5", d, i + skew, i + 1 + skew, (long) (bps / 8), bps, (long) p, 1000L));
                    expected.merge(d + "/" + i, bps, Double::sum);
                }
            }
            queues.put(port, q);
        }
        while (!queues.isEmpty()) {
            List<String> left = new ArrayList<>(queues.keySet());
            String port = left.get(random.nextInt(left.size()));
            List<Sample> q = queues.get(port);
            m.sample(q.remove(0));
            if (q.isEmpty()) {
                queues.remove(port);
            }
        }
        assertEquals(20, out.size());
        Map<String, Double> merged = new HashMap<>();
        for (Sample s : out) {
            merged.put(s.direction() + "/" + Math.round(s.startS()), s.bitsPerSecond());
            assertEquals(6L, s.retransmits());
        }
        assertEquals(expected, merged);
        assertEquals(List.of(), m.incomplete());
    }

    @Test
    void aShortLastIntervalOfOneProcessIsNamedAndNotMixedIntoTheIntervalBefore() {
        List<Sample> out = new ArrayList<>();
        ProcessMerger m = new ProcessMerger(PORTS, 1, out::add);
        m.sample(s("5201", "5", 0, 1e9));
        m.sample(s("5201", "5", 1, 1e9));
        // 5201's timer fired late: a 2.00-2.04 tail arrives before the others' second interval.
        m.sample(TcpRows.sample("5201", "5", Direction.C2S, 2.0, 2.04, 1000L, 5e7, 0L, 1000L));
        for (String p : PORTS.subList(1, 4)) {
            m.sample(s(p, "5", 0, 2e9));
            m.sample(s(p, "5", 1, 3e9));
        }
        assertEquals(2, out.size());
        assertEquals(7e9, out.get(0).bitsPerSecond(), 1);
        assertEquals(10e9, out.get(1).bitsPerSecond(), 1, "5201's 1.00-2.00, not its tail");
        assertEquals(
                List.of("c2s interval 3 (2.00-2.04 s): no report from process 5202, 5203, 5204 (reported by 5201)"),
                m.incomplete());
    }

    @Test
    void aProcessThatStoppedEarlyIsNamedForEachIntervalItMissed() {
        ProcessMerger m = new ProcessMerger(PORTS, 1, s -> {});
        for (int i = 0; i < 3; i++) {
            for (String p : PORTS) {
                if (i < 2 || !p.equals("5203")) {
                    m.sample(s(p, "5", i, 1e9));
                }
            }
        }
        assertEquals(
                List.of("c2s interval 3 (2.00-3.00 s): no report from process 5203 (reported by 5201, 5202, 5204)"),
                m.incomplete());
    }

    @Test
    void aMissingProcessTotalIsNamedAndNoShortSumIsMade() {
        // Seed 000's four processes; the receiver total of 5204 never came (its output ended early).
        List<Summary> all = new ArrayList<>();
        for (String p : PORTS) {
            all.add(TcpRows.total(p, "5", Direction.C2S, Role.SENDER, 0, 2, 100L, 7.85e9, 3L));
            if (!p.equals("5204")) {
                all.add(TcpRows.total(p, "5", Direction.C2S, Role.RECEIVER, 0, 2.04, 100L, 7.83e9, null));
            }
        }
        ProcessMerger.Total recv = ProcessMerger.total(all, PORTS, Direction.C2S, Role.RECEIVER);
        assertNull(recv.sum(), "a SUM of three of four processes would pass for the whole");
        assertEquals(List.of("5204"), recv.missing());
        ProcessMerger.Total send = ProcessMerger.total(all, PORTS, Direction.C2S, Role.SENDER);
        assertEquals(List.of(), send.missing());
        assertEquals(4 * 7.85e9, send.sum().bitsPerSecond(), 1);
        assertEquals(12L, send.sum().retransmits());
    }

    @Test
    void twoRecordedProcessesOfAStoppedRunMergeEachIntervalOnce() {
        // The lab's two processes of one run stopped with SIGTERM; 5591 printed its last interval twice.
        List<Sample> merged = new ArrayList<>();
        ProcessMerger m = new ProcessMerger(List.of("5590", "5591"), 2, merged::add);
        for (String port : List.of("5590", "5591")) {
            String file = port.equals("5590")
                    ? "iperf3_3.12_lab_client_P2_sigterm.txt"
                    : "iperf3_3.12_lab_client_P2_server_ended_first_reprint.txt";
            CollectingSink sink = new CollectingSink() {
                @Override
                public void sample(Sample sample) {
                    m.sample(sample.withProcess(port));
                }
            };
            CollectingSink.parse(new Iperf3TextParser(sink), sink, Fixtures.resource("recorded/" + file));
        }
        assertEquals(List.of(), m.incomplete(), "every interval of one process has its partner in the other");
        assertEquals(4, merged.size(), merged.toString());
        assertEquals(
                List.of(0.0, 1.0, 2.0, 3.0), merged.stream().map(Sample::startS).toList());
        // the last: 5590's 3.00-3.93 and 5591's 3.01-4.01, added once
        assertEquals(570425344L + 662700032L, merged.get(3).bytes());
        assertEquals(4.01, merged.get(3).endS());
    }
}
