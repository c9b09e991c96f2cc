package io.linklab.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LineSplitterTest {

    private final List<String> lines = new ArrayList<>();
    private final int[] closes = new int[1];
    private final LineSplitter splitter = new LineSplitter(lines::add, () -> closes[0]++);

    private void write(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        splitter.write(b, 0, b.length);
    }

    @Test
    void aLineIsHandedOnAsSoonAsItsNewlineArrives() {
        write("[  5]   0.00-1.00   sec  1.10 GBytes");
        assertTrue(lines.isEmpty());
        write("  9.42 Gbits/sec\n[  5]   1.00");
        assertEquals(List.of("[  5]   0.00-1.00   sec  1.10 GBytes  9.42 Gbits/sec"), lines);
    }

    @Test
    void crlfAndUtf8SplitAcrossWritesAreHandled() {
        byte[] b = "µs\r\n".getBytes(StandardCharsets.UTF_8);
        splitter.write(b, 0, 1);
        splitter.write(b, 1, b.length - 1);
        assertEquals(List.of("µs"), lines);
    }

    @Test
    void closeFlushesTheLastPartialLineOnce() {
        write("a\nb");
        splitter.close();
        splitter.close();
        assertEquals(List.of("a", "b"), lines);
        assertEquals(1, closes[0]);
        write("late\n");
        assertEquals(2, lines.size());
    }

    @Test
    void endlessLinesAreCut() {
        write("x".repeat(LineSplitter.MAX_LINE + 10) + "\n");
        assertEquals(2, lines.size());
        assertEquals(LineSplitter.MAX_LINE, lines.get(0).length());
    }
}
