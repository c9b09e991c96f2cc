package io.linklab.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class HeldOutputTest {

    private final List<String> lines = new ArrayList<>();
    private int closes;
    private final LineSplitter sink = new LineSplitter(lines::add, () -> closes++);

    @Test
    void whatArrivesBeforeTheSinkIsHandedOverInOrderThenPassesStraightThrough() throws Exception {
        HeldOutput held = new HeldOutput();
        held.write("early 1\nearly ".getBytes(StandardCharsets.UTF_8));
        held.attach(sink);
        assertEquals(List.of("early 1"), lines);
        held.write("2\nlate\n".getBytes(StandardCharsets.UTF_8));
        assertEquals(List.of("early 1", "early 2", "late"), lines);
        assertEquals(0, closes);
        held.close();
        assertEquals(1, closes);
    }

    @Test
    void anEndBeforeTheSinkIsAttachedReachesTheSink() throws Exception {
        HeldOutput held = new HeldOutput();
        held.write('x');
        held.close();
        held.attach(sink);
        assertEquals(List.of("x"), lines);
        assertEquals(1, closes);
    }

    @Test
    void heldOutputIsBounded() throws Exception {
        HeldOutput held = new HeldOutput();
        byte[] block = new byte[50 * 1024];
        held.write(block);
        held.write(block);
        ByteArrayOutputStream target = new ByteArrayOutputStream();
        held.attach(target);
        assertEquals(64 * 1024, target.size());
    }
}
