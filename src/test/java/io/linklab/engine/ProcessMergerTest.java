package io.linklab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.linklab.model.Direction;
import io.linklab.model.Role;
import io.linklab.model.Sample;
import io.linklab.model.Summary;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProcessMergerTest {

    private static Sample s(String process, String stream, double start, double bps) {
        return Sample.tcp(process, stream, Direction.C2S, start, start + 1, (long) (bps / 8), bps, 1L, 1000L);
    }

    @Test
    void fourSingleStreamProcessesAddUpOncePerInterval() {
        List<Sample> out = new ArrayList<>();
        ProcessMerger m = new ProcessMerger(4, 1, 1.0, out::add);
        for (int i = 0; i < 4; i++) {
            m.sample(s(String.valueOf(5201 + i), "5", 0, 24.55e9));
            // Each process's clock is its own: a few ms apart must still match.
            m.sample(s(String.valueOf(5201 + i), "5", 1.0002 * (i + 1) / (i + 1), 24.5e9));
        }
        assertEquals(2, out.size());
        assertEquals(98.2e9, out.get(0).bitsPerSecond(), 1e3);
        assertEquals("SUM", out.get(0).stream());
        assertNull(out.get(0).process());
        assertEquals(4L, out.get(0).retransmits());
    }

    @Test
    void multiStreamProcessesContributeTheirOwnSumOnly() {
        List<Sample> out = new ArrayList<>();
        ProcessMerger m = new ProcessMerger(2, 2, 1.0, out::add);
        m.sample(s("5201", "5", 0, 1e9));
        m.sample(s("5201", "7", 0, 1e9));
        m.sample(s("5201", "SUM", 0, 2e9));
        m.sample(s("5202", "5", 0, 3e9));
        assertEquals(0, out.size());
        m.sample(s("5202", "SUM", 0, 3e9));
        assertEquals(1, out.size());
        assertEquals(5e9, out.get(0).bitsPerSecond(), 1);
    }

    @Test
    void oneProcessEmitsNothingExtra() {
        List<Sample> out = new ArrayList<>();
        ProcessMerger m = new ProcessMerger(1, 1, 1.0, out::add);
        m.sample(s(null, "5", 0, 1e9));
        assertEquals(0, out.size());
    }

    @Test
    void totalsPreferEachProcessSumAndFallBackToStreams() {
        List<Summary> all = List.of(
                Summary.tcp("5201", "5", Direction.C2S, Role.RECEIVER, 0, 5, 100L, 1e9, null),
                Summary.tcp("5201", "7", Direction.C2S, Role.RECEIVER, 0, 5, 100L, 1e9, null),
                Summary.tcp("5201", "SUM", Direction.C2S, Role.RECEIVER, 0, 5, 200L, 2e9, null),
                Summary.tcp("5202", "5", Direction.C2S, Role.RECEIVER, 0, 5.01, 300L, 3e9, null),
                Summary.tcp("5202", "5", Direction.C2S, Role.SENDER, 0, 5.01, 300L, 3e9, 7L));
        Summary recv = ProcessMerger.total(all, Direction.C2S, Role.RECEIVER);
        assertEquals(5e9, recv.bitsPerSecond(), 1);
        assertEquals(500L, recv.bytes());
        assertEquals(5.01, recv.endS(), 1e-9);
        assertEquals(7L, ProcessMerger.total(all, Direction.C2S, Role.SENDER).retransmits());
        assertNull(ProcessMerger.total(all, Direction.S2C, Role.RECEIVER));
    }
}
