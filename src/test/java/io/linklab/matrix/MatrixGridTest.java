package io.linklab.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.Expectation;
import java.util.List;
import org.junit.jupiter.api.Test;

class MatrixGridTest {

    private static MatrixRow ok(String client, String server, String direction, double bps, Double link) {
        return new MatrixRow(
                client,
                server,
                direction,
                bps,
                bps,
                bps,
                0L,
                link,
                MatrixRow.OK,
                "",
                "pairs/x",
                null,
                Expectation.DEFAULT);
    }

    @Test
    void aReverseRowLandsInTheCellOfTheWayItsDataFlowed() {
        MatrixGrid grid = MatrixGrid.of(
                List.of("a", "b"), List.of(ok("a", "b", "c2s", 9e9, null), ok("a", "b", "s2c", 3e9, null)));
        assertEquals(9e9, grid.cell("a", "b").orElseThrow().bitsPerSecond());
        assertEquals(3e9, grid.cell("b", "a").orElseThrow().bitsPerSecond());
        // without a link speed the shade is the rate against the matrix's best
        assertEquals(1.0, grid.shade(grid.cell("a", "b").orElseThrow()).orElseThrow());
        assertEquals(1.0 / 3, grid.shade(grid.cell("b", "a").orElseThrow()).orElseThrow(), 1e-9);
    }

    @Test
    void twoMeasurementsOfOneWayShowTheWorseAndTheLinkSpeedSetsTheShade() {
        MatrixGrid grid = MatrixGrid.of(
                List.of("a", "b"), List.of(ok("a", "b", "c2s", 80e9, 100e9), ok("b", "a", "s2c", 40e9, 100e9)));
        MatrixGrid.Cell ab = grid.cell("a", "b").orElseThrow();
        assertEquals(2, ab.rows().size());
        assertEquals(40e9, ab.bitsPerSecond());
        assertEquals(0.4, grid.shade(ab).orElseThrow(), 1e-9);
        assertTrue(grid.cell("b", "a").isEmpty());
    }

    @Test
    void aFailedPairIsAFailedCellWithItsReasonAndNoShade() {
        MatrixRow down = new MatrixRow(
                "a",
                "c",
                "",
                null,
                null,
                null,
                null,
                null,
                MatrixRow.FAILED,
                "c: connection refused",
                "pairs/a-c",
                null,
                Expectation.DEFAULT);
        MatrixGrid grid = MatrixGrid.of(List.of("a", "b"), List.of(ok("a", "b", "c2s", 1e9, null), down));
        MatrixGrid.Cell ac = grid.cell("a", "c").orElseThrow();
        assertTrue(ac.failed());
        assertEquals("c: connection refused", ac.reason());
        assertTrue(grid.shade(ac).isEmpty());
        assertFalse(grid.cell("a", "b").orElseThrow().failed());
        assertEquals(List.of("a", "b", "c"), grid.hosts(), "hosts only the rows name come after the given ones");
    }
}
