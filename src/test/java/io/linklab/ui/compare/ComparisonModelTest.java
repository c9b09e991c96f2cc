package io.linklab.ui.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.tools.Fixtures;
import io.linklab.ui.history.LogImports;
import io.linklab.ui.history.RecordedRun;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Two real tool logs side by side: overlaid SUMs and a table that marks what differs. */
class ComparisonModelTest {


    @TempDir
    Path tmp;

    @Test
    void overlaysEachRunsSumAndMarksTheRowsThatDiffer() throws Exception {
        RecordedRun five = LogImports.importFile(Fixtures.corpus("iperf3/adithn04_tcp_P_multi_i2_localhost_sum.txt"),
                tmp.resolve("a"));
        RecordedRun one = LogImports.importFile(Fixtures.corpus("iperf3/vladger00_tcp_t10.txt"), tmp.resolve("b"));
        ComparisonModel m = new ComparisonModel(List.of(five, one));

        assertEquals(2, m.overlay().entries().size());
        // The five-stream log's SUM starts at its first [SUM] line, 89.9 Gbits/sec.
        assertEquals(89.9e9, m.overlay().entries().get(0).series().points()[1][0], 1e6);

        ComparisonModel.Row tool = m.rows().stream().filter(r -> r.name().equals("tool")).findFirst().orElseThrow();
        assertFalse(tool.differs(), "both are iperf3");
        ComparisonModel.Row c2s = m.rows().stream().filter(r -> r.name().startsWith("c2s")).findFirst().orElseThrow();
        assertTrue(c2s.differs());
        assertEquals("1.00×", m.ratioToFirst().get(five.id()));
        assertThrows(IllegalArgumentException.class, () -> new ComparisonModel(List.of(one)));
    }
}
