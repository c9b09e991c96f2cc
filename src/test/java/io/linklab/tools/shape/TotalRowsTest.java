package io.linklab.tools.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.Direction;
import io.linklab.model.Role;
import io.linklab.model.Sample;
import io.linklab.model.Summary;
import io.linklab.testing.TcpRows;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TotalRowsTest {

    /** The four stream totals of an iperf 2.1.8 server that ended without its SUM line (a full test run's). */
    private static final List<Summary> FOUR = List.of(
            stream("2", 0, 1.9982, 2_641_362_944L),
            stream("4", 0, 1.9925, 2_587_705_344L),
            stream("3", 0, 1.9946, 2_480_350_822L),
            stream("1", 0, 2.0043, 1_997_159_055L));

    private static Summary stream(String id, double start, double end, long bytes) {
        return TcpRows.total(
                null, id, Direction.C2S, Role.RECEIVER, start, end, bytes, bytes * 8 / (end - start), null);
    }

    @Test
    void everyStreamsTotalWithoutASumMakesOneThatSaysSo() {
        List<Summary> sums = TotalRows.sumsOfAllStreams(FOUR, 4);
        assertEquals(1, sums.size());
        Summary sum = sums.get(0);
        assertEquals(Sample.SUM, sum.stream());
        assertEquals(9_706_578_165L, sum.bytes());
        assertEquals(9_706_578_165L * 8 / 2.0043, sum.bitsPerSecond(), 1);
        assertEquals(2.0043, sum.endS());
        assertTrue(sum.note().contains("the tool printed no SUM"), sum.note());
    }

    @Test
    void noSumIsMadeWhenAStreamIsMissingOrTheToolPrintedOne() {
        assertEquals(List.of(), TotalRows.sumsOfAllStreams(FOUR.subList(0, 3), 4), "a stream's total is missing");
        Summary printed = TcpRows.total(null, Sample.SUM, Direction.C2S, Role.RECEIVER, 0, 2.0, 9L, 36.0, null);
        List<Summary> withSum = new ArrayList<>(FOUR);
        withSum.add(printed);
        assertEquals(List.of(), TotalRows.sumsOfAllStreams(withSum, 4));
        assertEquals(List.of(), TotalRows.sumsOfAllStreams(FOUR.subList(0, 1), 1), "one stream: singleStreamSums");
    }
}
