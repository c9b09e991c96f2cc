package io.linklab.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.counters.CounterFiles;
import io.linklab.counters.Finding;
import io.linklab.model.Expectation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MatrixFindingsTest {

    @TempDir
    Path dir;

    private static MatrixRow row(String client, String server, String direction, double bps, Double link) {
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

    private static List<Finding> findings(List<MatrixRow> rows) {
        return MatrixFindings.of(MatrixGrid.of(List.of(), rows));
    }

    private static List<String> codes(List<Finding> findings) {
        return findings.stream().map(f -> f.code() + " " + f.point()).toList();
    }

    @Test
    void aLinkWellBelowItsPeersOfTheSameSpeedIsFlaggedWithTheMedian() {
        List<MatrixRow> rows = new ArrayList<>();
        // one way only (links), so no pair is also asymmetric: five 100G links near 90G, one at 37G
        rows.add(row("h1", "h2", "c2s", 90e9, 100e9));
        rows.add(row("h1", "h3", "c2s", 88e9, 100e9));
        rows.add(row("h1", "h4", "c2s", 92e9, 100e9));
        rows.add(row("h2", "h3", "c2s", 91e9, 100e9));
        rows.add(row("h2", "h4", "c2s", 89e9, 100e9));
        rows.add(row("h3", "h7", "c2s", 37e9, 100e9));
        // 10G links: at 4 G the slow one is far below 100G's median, but it is compared with its own kind only
        rows.add(row("h5", "h6", "c2s", 9.4e9, 10e9));
        rows.add(row("h5", "h7", "c2s", 9.3e9, 10e9));
        rows.add(row("h6", "h7", "c2s", 9.4e9, 10e9));
        rows.add(row("h6", "h8", "c2s", 9.2e9, 10e9));

        List<Finding> found = findings(rows);

        assertEquals(List.of("below-peers h3→h7"), codes(found));
        Finding f = found.get(0);
        assertEquals(Finding.WARNING, f.severity());
        assertTrue(
                f.message()
                        .startsWith("h3→h7 at 41 % of the median of its 5 peers on 100 Gbit/s links (37.0 Gbit/s "
                                + "against 90.0 Gbit/s)"),
                f.message());
        assertTrue(f.evidence().contains("peer_median_bps=90000000000; peers=5"), f.evidence());
    }

    @Test
    void withoutADrawnSpeedEveryMeasuredDirectionIsAPeerAndThreePeersAreNeeded() {
        List<MatrixRow> rows = new ArrayList<>();
        rows.add(row("a", "b", "c2s", 9e9, null));
        rows.add(row("a", "c", "c2s", 9e9, null));
        rows.add(row("b", "c", "c2s", 2e9, null));
        assertEquals(List.of(), findings(rows), "two peers are no yardstick");

        rows.add(row("a", "d", "c2s", 8e9, null));
        List<Finding> found = findings(rows);
        assertEquals(List.of("below-peers b→c"), codes(found));
        assertTrue(
                found.get(0)
                        .message()
                        .startsWith("b→c at 22 % of the median of the other 3 measured directions (2.00 Gbit/s "
                                + "against 9.00 Gbit/s; no link speed is drawn to tell the links apart)"),
                found.get(0).message());
        // 0.7 of the median is the line: 6.3 of 9 is not flagged
        rows.set(2, row("b", "c", "c2s", 6.4e9, null));
        assertEquals(List.of(), findings(rows));
    }

    @Test
    void oneDirectionMuchSlowerThanTheOtherIsAsymmetricWhetherTwoTestsOrABidirOneMeasuredIt() {
        List<Finding> twoTests = findings(List.of(row("a", "b", "c2s", 9e9, 10e9), row("b", "a", "c2s", 4e9, 10e9)));
        assertEquals(List.of("asymmetric b→a"), codes(twoTests));
        assertTrue(
                twoTests.get(0).message().startsWith("b→a at 44 % of a→b (4.00 Gbit/s against 9.00 Gbit/s)"),
                twoTests.get(0).message());

        List<Finding> bidir = findings(List.of(row("a", "b", "c2s", 9e9, 10e9), row("a", "b", "s2c", 4e9, 10e9)));
        assertEquals(List.of("asymmetric b→a"), codes(bidir), "the s2c row is b sending");

        assertEquals(
                List.of(),
                findings(List.of(row("a", "b", "c2s", 9e9, 10e9), row("b", "a", "c2s", 7e9, 10e9))),
                "7 against 9 is within the margin");
    }

    @Test
    void failedPairsAreNeitherPeersNorFlagged() {
        List<MatrixRow> rows = new ArrayList<>();
        rows.add(row("a", "b", "c2s", 9e9, null));
        rows.add(row("a", "c", "c2s", 9e9, null));
        rows.add(row("a", "d", "c2s", 9e9, null));
        rows.add(new MatrixRow(
                "b", "a", "", null, null, null, null, null, MatrixRow.FAILED, "down", "", null, Expectation.DEFAULT));
        assertEquals(List.of(), findings(rows));
    }

    @Test
    void findingsCsvHasTheColumnsOfARunsAndReadsBack() throws Exception {
        List<Finding> found = findings(List.of(row("a", "b", "c2s", 9e9, 10e9), row("b", "a", "c2s", 1e9, 10e9)));
        MatrixFindings.write(dir, found);
        assertEquals(found, CounterFiles.readFindings(dir));
        MatrixFindings.write(dir, List.of());
        assertEquals(List.of(), CounterFiles.readFindings(dir), "rewritten, not appended");
    }
}
