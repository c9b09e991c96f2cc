package io.linklab.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class CpuListTest {

    @Test
    void listsReadAsTasksetWritesThemAndProcessesTakeThemInTurn() {
        List<Integer> cpus = TestPlan.End.parseCpus("cpus", " 2, 4,6-9 ");
        assertEquals(List.of(2, 4, 6, 7, 8, 9), cpus);
        TestPlan.End end = new TestPlan.End("local", null, cpus);
        assertEquals("2,4,6-9", end.cpuText());
        assertEquals(OptionalInt.of(2), end.cpuOf(0));
        assertEquals(OptionalInt.of(9), end.cpuOf(5));
        assertEquals(OptionalInt.of(2), end.cpuOf(6), "more processes than CPUs: the list starts again");
        assertEquals(List.of(), TestPlan.End.parseCpus("cpus", " "));
        assertEquals(OptionalInt.empty(), new TestPlan.End("local", null).cpuOf(0));
        assertEquals("0,1", new TestPlan.End("local", null, List.of(0, 1)).cpuText());
    }

    @Test
    void badListsNameTheFieldAndTheWayToWriteThem() {
        for (String bad : List.of("1,,2", "3-1", "x", "1;reboot", "-1", "1-", "99999", "8192")) {
            InvalidValueException e =
                    assertThrows(InvalidValueException.class, () -> TestPlan.End.parseCpus("client.cpus", bad), bad);
            assertTrue(e.getMessage().startsWith("client.cpus: "), e.getMessage());
            assertTrue(e.getMessage().contains("2,4,6-9"), e.getMessage());
        }
        assertThrows(InvalidValueException.class, () -> new TestPlan.End("local", null, List.of(-3)));
    }

    @Test
    void aHostsListOfRepeatedRangesIsRefusedAtOnceNotExpanded() {
        // 64 KiB of "0-8191," would be about 75 million CPUs if each range were expanded and kept
        String repeated = "0-8191,".repeat(9000) + "0-8191";
        long before = System.nanoTime();
        InvalidValueException e =
                assertThrows(InvalidValueException.class, () -> TestPlan.End.parseCpus("cpus", repeated));
        assertTrue(e.getMessage().contains("names each CPU once; 0 is named twice"), e.getMessage());
        assertTrue(System.nanoTime() - before < 2_000_000_000L, "refused at the first overlap");
        assertThrows(InvalidValueException.class, () -> TestPlan.End.parseCpus("cpus", "2-6,4"));
        assertEquals(8192, TestPlan.End.parseCpus("cpus", "0-8191").size());
        assertEquals(List.of(1, 3, 4, 5), TestPlan.End.parseCpus("cpus", "3-5,1"), "in ascending order, merged");
    }
}
