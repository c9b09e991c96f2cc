package io.linklab.ui.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.engine.SweepPoint;
import io.linklab.engine.SweepPoints;
import io.linklab.model.Direction;
import io.linklab.model.SweepRow;
import io.linklab.model.TestPlan;
import io.linklab.ui.charts.PlotFrame;
import java.util.List;
import org.junit.jupiter.api.Test;

class SweepModelTest {

    private static List<SweepRow> bidir(String point, int mtu, double send, double receive) {
        return List.of(
                new SweepRow(point, mtu, 1, 1, (double) mtu, Direction.C2S, send, send, send, 0L, null, "ok"),
                new SweepRow(point, mtu, 1, 1, (double) mtu, Direction.S2C, receive, receive, receive, 0L, null, "ok"));
    }

    /** Seed 003's table: MTU 1500 892/852, 4000 918/849, 7500 960/7.45 Mbit/s. */
    @Test
    void buildsTheSeed003TableWithGainAndFlagsTheCollapse() {
        SweepModel m = new SweepModel(TestPlan.SweepKind.MTU, List.of("mtu=1500", "mtu=4000", "mtu=7500"));
        m.pointFinished("mtu=1500", bidir("mtu=1500", 1500, 892e6, 852e6));
        m.pointFinished("mtu=7500", bidir("mtu=7500", 7500, 960e6, 7.45e6));
        m.pointFinished("mtu=4000", bidir("mtu=4000", 4000, 918e6, 849e6));
        List<SweepModel.TableRow> rows = m.table();
        assertEquals(
                List.of("mtu=1500", "mtu=4000", "mtu=7500"),
                rows.stream().map(SweepModel.TableRow::point).toList());
        assertEquals(1.00, rows.get(0).gain(), 1e-9);
        assertEquals((918 + 849) / (892.0 + 852), rows.get(1).gain(), 1e-9); // seed: 1.01
        assertEquals((960 + 7.45) / (892.0 + 852), rows.get(2).gain(), 1e-9); // seed: 0.55
        assertNull(rows.get(1).flag());
        assertNotNull(rows.get(2).flag());
        assertTrue(rows.get(2).flag().contains("s2c 7.45 Mbit/s"), rows.get(2).flag());

        PlotFrame f = m.frame(600);
        assertEquals(2, f.lines().size());
        assertEquals(3, f.lines().get(0).points().size());
        assertEquals(
                1,
                f.marks().stream()
                        .filter(k -> k.kind() == PlotFrame.Mark.Kind.WARNING)
                        .count());
        assertEquals(7500, f.marks().get(0).x());
    }

    @Test
    void aFailedPointIsCrossedOutWithItsReasonAndLeftOffTheLine() {
        SweepModel m = new SweepModel(TestPlan.SweepKind.MTU, List.of("mtu=1500", "mtu=9000"));
        m.pointFinished(
                "mtu=1500",
                List.of(new SweepRow("mtu=1500", 1500, 1, 1, 1500.0, Direction.C2S, 9e8, 8.9e8, 9.1e8, 3L, 1.0, "ok")));
        m.pointFinished(
                "mtu=9000",
                List.of(new SweepRow(
                        "mtu=9000",
                        9000,
                        1,
                        1,
                        9000.0,
                        Direction.C2S,
                        null,
                        null,
                        null,
                        null,
                        null,
                        "failed: host h2 unreachable after MTU change")));
        PlotFrame f = m.frame(600);
        assertEquals(1, f.lines().get(0).points().size());
        PlotFrame.Mark failed = f.marks().get(0);
        assertEquals(PlotFrame.Mark.Kind.FAILED, failed.kind());
        assertTrue(failed.text().contains("unreachable"));
        assertEquals(1, f.bars().size(), "repetitions spread 8.9–9.1e8 draws a min–max bar");
        assertEquals(
                "failed: host h2 unreachable after MTU change", m.table().get(1).status());
    }

    @Test
    void nonNumericSweepValuesStillGetAnAxis() {
        assertEquals(131072, SweepModel.parseSize("128K"));
        assertEquals(4 * 1024 * 1024, SweepModel.parseSize("4M"));
        assertTrue(Double.isNaN(SweepModel.parseSize("auto")));
        SweepModel m = new SweepModel(TestPlan.SweepKind.WINDOW, List.of("window=128K", "window=4M"));
        assertEquals(131072, m.x("window=128K"));
    }

    /** The x axis is the value the engine recorded with each row; the point's label is only its name. */
    @Test
    void theXIsTheSweptValueTheRowCarriesNotItsLabel() {
        TestPlan plan = TestPlan.defaults(
                        new TestPlan.End("root@198.18.5.11", null),
                        new TestPlan.End("root@198.18.5.12", null),
                        "198.19.5.2")
                .toBuilder()
                .sweep(new TestPlan.Sweep(TestPlan.SweepKind.WINDOW, List.of("128K", "4M")))
                .build();
        List<SweepPoint> points = SweepPoints.of(plan);
        assertEquals(
                List.of(131072.0, 4194304.0),
                points.stream().map(SweepPoint::value).toList());

        SweepModel m = new SweepModel(TestPlan.SweepKind.WINDOW, List.of("small", "large"));
        m.pointFinished("small", List.of(row("small", points.get(0).value(), 9e8)));
        m.pointFinished("large", List.of(row("large", points.get(1).value(), 9.4e8)));
        assertEquals(131072, m.x("small"));
        assertEquals(4194304, m.x("large"));
        assertEquals(
                List.of(131072.0, 4194304.0),
                m.table().stream().map(SweepModel.TableRow::x).toList());
    }

    /** A run recorded before sweep rows held their value still gets its axis from the MTU or the label. */
    @Test
    void rowsWrittenBeforeTheValueWasRecordedFallBackToTheirLabel() {
        SweepModel m = new SweepModel(TestPlan.SweepKind.WINDOW, List.of("window=128K"));
        m.pointFinished("window=128K", List.of(row("window=128K", null, 9e8)));
        assertEquals(131072, m.x("window=128K"));
    }

    private static SweepRow row(String point, Double value, double bps) {
        return new SweepRow(point, null, 1, 1, value, Direction.C2S, bps, bps, bps, 0L, null, "ok");
    }
}
