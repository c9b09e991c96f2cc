package io.linklab.ui.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.Direction;
import io.linklab.model.Role;
import io.linklab.model.Sample;
import io.linklab.model.TestPlan;
import io.linklab.model.Verdict;
import io.linklab.testing.TcpRows;
import io.linklab.tools.Fixtures;
import io.linklab.ui.history.ImportedLogRun;
import io.linklab.ui.history.PastRun;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Two real tool logs side by side: overlaid SUMs and a table that marks what differs. */
class ComparisonModelTest {

    @TempDir
    Path tmp;

    @Test
    void overlaysEachRunsSumAndMarksTheRowsThatDiffer() throws Exception {
        PastRun five = ImportedLogRun.importFile(
                Fixtures.corpus("iperf3/adithn04_tcp_P_multi_i2_localhost_sum.txt"), tmp.resolve("a"));
        PastRun one = ImportedLogRun.importFile(Fixtures.corpus("iperf3/vladger00_tcp_t10.txt"), tmp.resolve("b"));
        ComparisonModel m = new ComparisonModel(List.of(five, one));

        assertEquals(2, m.overlay().entries().size());
        // The five-stream log's SUM starts at its first [SUM] line, 89.9 Gbits/sec.
        assertEquals(89.9e9, m.overlay().entries().get(0).series().points()[1][0], 1e6);

        ComparisonModel.Row tool = m.rows().stream()
                .filter(r -> r.name().equals("tool"))
                .findFirst()
                .orElseThrow();
        assertFalse(tool.differs(), "both are iperf3");
        ComparisonModel.Row c2s = m.rows().stream()
                .filter(r -> r.name().startsWith("c2s"))
                .findFirst()
                .orElseThrow();
        assertTrue(c2s.differs());
        assertEquals("1.00×", m.ratioToFirst().get(five.id()));
        assertThrows(IllegalArgumentException.class, () -> new ComparisonModel(List.of(one)));
    }

    /** A live run of two processes as the journal keeps it: both ends' views, each process's SUMs and the merged ones. */
    private static PastRun twoProcessRun(String id, double clientRate) {
        List<PastRun.PointSample> rows = new ArrayList<>();
        for (int t = 1; t <= 2; t++) {
            for (Role role : Role.values()) {
                double rate = role == Role.SENDER ? clientRate : clientRate * 0.9;
                for (String process : List.of("5201", "5202")) {
                    Sample stream = TcpRows.sample(process, "5", Direction.C2S, t - 1, t, 1L, rate / 2, null, null)
                            .withRole(role)
                            .withStreamIndex(1);
                    rows.add(new PastRun.PointSample("", 1, stream));
                    rows.add(new PastRun.PointSample("", 1, stream.asSum()));
                }
                rows.add(new PastRun.PointSample(
                        "",
                        1,
                        TcpRows.sample(null, Sample.SUM, Direction.C2S, t - 1, t, 2L, rate, null, null)
                                .withRole(role)));
            }
        }
        TestPlan plan =
                TestPlan.defaults(new TestPlan.End("local", null), new TestPlan.End("local", null), "127.0.0.1");
        return new PastRun(
                id,
                id,
                null,
                PastRun.State.OK,
                null,
                null,
                null,
                "iperf3",
                List.of(),
                plan,
                Map.of(),
                Map.of(),
                rows,
                List.of(),
                List.of(),
                Path.of(id),
                false,
                null,
                Verdict.Outcome.NONE);
    }

    @Test
    void aRunsOverlayIsItsMergedSumOfOneEndsViewNotEveryRowAddedUp() {
        ComparisonModel m = new ComparisonModel(List.of(twoProcessRun("a", 10e9), twoProcessRun("b", 20e9)));
        assertEquals(2, m.overlay().entries().size());
        for (int i = 0; i < 2; i++) {
            double[] ys = m.overlay().entries().get(i).series().points()[1];
            assertEquals(
                    List.of((i + 1) * 10e9, (i + 1) * 10e9),
                    List.of(ys[0], ys[1]),
                    "the client's (sender's) merged SUM of run " + i);
        }
    }
}
