package io.linklab.ui.charts;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class LiveSeriesTest {

    @Test
    void keepsOnlyTheNewestPointsWhenFull() {
        LiveSeries s = new LiveSeries("s", 4);
        for (int i = 1; i <= 6; i++) {
            s.add(i, i * 10);
        }
        double[][] p = s.points();
        assertArrayEquals(new double[] {3, 4, 5, 6}, p[0]);
        assertArrayEquals(new double[] {30, 40, 50, 60}, p[1]);
        assertEquals(3, s.firstX());
        assertEquals(60, s.lastY());
    }

    @Test
    void dropsAPointThatWouldBendTheLineBack() {
        LiveSeries s = new LiveSeries("s", 8);
        s.add(2, 1);
        s.add(1, 5);
        assertEquals(1, s.size());
    }

    @Test
    void accumulateAddsProcessesOfTheSameIntervalInAnyOrder() {
        LiveSeries s = new LiveSeries("sum", 16);
        s.accumulate(1, 10);
        s.accumulate(2, 20);
        s.accumulate(1, 5); // the second process reports interval 1 late
        s.accumulate(2, 7);
        assertArrayEquals(new double[] {15, 27}, s.points()[1]);
    }

    @Test
    void fewPointsAreDrawnAsTheyAre() {
        LiveSeries s = new LiveSeries("s", 64);
        for (int i = 0; i < 10; i++) {
            s.add(i, i);
        }
        LiveSeries.Polyline out = new LiveSeries.Polyline();
        double[] range = s.decimate(0, 9, 800, out);
        assertEquals(10, out.size());
        assertArrayEquals(new double[] {0, 9}, range);
    }

    @Test
    void densePointsKeepEachColumnsMinimumAndMaximum() {
        LiveSeries s = new LiveSeries("s", 100_000);
        for (int i = 0; i < 60_000; i++) {
            double y = i == 31_337 ? 1000 : i == 40_001 ? -500 : Math.sin(i / 100.0);
            s.add(i * 0.01, y);
        }
        LiveSeries.Polyline out = new LiveSeries.Polyline();
        double[] range = s.decimate(0, 600, 500, out);
        assertTrue(out.size() <= 2 * 500 + 2, "at most two points per column, got " + out.size());
        assertEquals(-500, range[0]);
        assertEquals(1000, range[1]);
        boolean peak = false;
        boolean dip = false;
        for (int i = 0; i < out.size(); i++) {
            peak |= out.y(i) == 1000;
            dip |= out.y(i) == -500;
            if (i > 0) {
                assertTrue(out.x(i) >= out.x(i - 1), "x stays in order");
            }
        }
        assertTrue(peak && dip, "single-interval spikes survive decimation");
    }

    @Test
    void emptyRangeGivesNothing() {
        LiveSeries s = new LiveSeries("s", 8);
        assertNull(s.decimate(0, 10, 100, new LiveSeries.Polyline()));
        assertTrue(Double.isNaN(s.valueNear(3)));
    }

    @Test
    void valueNearPicksTheClosestInterval() {
        LiveSeries s = new LiveSeries("s", 8);
        s.add(1, 100);
        s.add(2, 200);
        s.add(3, 300);
        assertEquals(200, s.valueNear(2.2));
        assertEquals(300, s.valueNear(2.6));
        assertEquals(300, s.valueNear(99));
        assertEquals(100, s.valueNear(1.5), "of two as near, the earlier");
        assertEquals(100, s.valueNear(-5));
        assertEquals(2, s.xNear(2.2));
        assertEquals(3, s.xNear(2.6));
        assertEquals(1, s.xNear(1.5));
        assertEquals(3, s.xNear(99));
        assertTrue(Double.isNaN(new LiveSeries("empty", 8).xNear(1)));
    }
}
