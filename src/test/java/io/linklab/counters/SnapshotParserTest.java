package io.linklab.counters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SnapshotParserTest {

    @Test
    void readsEveryPartOfARecordedSnapshot() throws Exception {
        List<Snapshot> snaps = RecordedCounters.snapshots("tbf-server.txt");
        assertTrue(snaps.size() >= 5, "one snapshot a second for 6 s: " + snaps.size());
        Snapshot s = snaps.get(snaps.size() - 1);
        assertTrue(s.uptimeS() > 0);
        assertEquals(2, s.cpus().size(), s.cpus().keySet().toString());
        assertTrue(s.cpus().containsKey("cpu0") && s.cpus().containsKey("cpu1"));
        assertTrue(s.interfaceCounters().get("rx_bytes") > 0);
        assertTrue(s.interfaceCounters().containsKey("rx_missed_errors"), "from /sys/class/net/data0/statistics");
        assertEquals(39267L, s.interfaceCounters().get("qdisc_dropped"), "tc -s: the tbf's drops");
        assertTrue(
                s.ethtool().containsKey("rx_queue_0_drops"),
                "veth's ethtool -S: " + s.ethtool().keySet());
        assertTrue(s.tcp().get("Tcp.RetransSegs") > 40000, "the server sent and retransmitted");
        assertTrue(s.tcp().containsKey("TcpExt.TCPBacklogDrop"));
    }

    @Test
    void theInterfaceAndItsSpeedComeFromTheFirstLines() throws Exception {
        SnapshotParser p = new SnapshotParser(s -> {});
        RecordedCounters.lines("tbf-client.txt").forEach(p::line);
        assertEquals("data0", p.iface());
        assertEquals(10000L, p.speedMbps());
    }

    @Test
    void aSnapshotCutShortIsDroppedAndAMissingSpeedIsNotReported() {
        List<Snapshot> out = new ArrayList<>();
        SnapshotParser p = new SnapshotParser(out::add);
        for (String l : List.of(
                "@@ if ib0",
                "@@ speed -1",
                "@@ snap",
                "100.50 10.0",
                "cpu  1 2 3 4 5 6 7 8 0 0",
                "cpu0 1 2 3 4 5 6 7 8 0 0",
                "   ib0:123456789012 7    0    0    0     0          0         0 99 8 0 0 0 0 0 0",
                "Tcp: RtoAlgorithm OutSegs RetransSegs",
                "Tcp: 1 500 7",
                "@@ end",
                "@@ snap",
                "101.5 10.0")) {
            p.line(l);
        }
        assertNull(p.speedMbps());
        assertEquals(1, out.size(), "the second snapshot never ended");
        Snapshot s = out.get(0);
        assertEquals(123456789012L, s.interfaceCounters().get("rx_bytes"), "no space after the colon for big counts");
        assertEquals(99L, s.interfaceCounters().get("tx_bytes"));
        assertEquals(Map.of("Tcp.RtoAlgorithm", 1L, "Tcp.OutSegs", 500L, "Tcp.RetransSegs", 7L), s.tcp());
        assertEquals(1, s.cpus().size(), "the all-cores line is not a core");
    }

    @Test
    void itsWordsAreThoseOfTheRegularExpressionItReplaces() throws Exception {
        List<String> lines = new ArrayList<>(List.of("", "a", "  a \t b\u000bc\fd  ", "x\u00a0y z"));
        for (String recorded : List.of("tbf-server.txt", "rxdrop-client.txt")) {
            lines.addAll(RecordedCounters.lines(recorded));
        }
        for (String l : lines) {
            String s = l.strip();
            assertEquals(List.of(s.split("\\s+")), List.of(SnapshotParser.words(s)), "'" + s + "'");
        }
    }
}
