package io.linklab.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.matrix.MatrixSchedule.Uplinks;
import io.linklab.model.Expectation;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MatrixScheduleTest {

    @Test
    void thirtyTwoHostsEveryOrderedPairKeepEachHostInOneTestAndEndNearTheBusiestHostsOwnTime() {
        List<MatrixPair> pairs = allPairs(32);
        assertEquals(992, pairs.size());
        Simulation sim = simulate(new MatrixSchedule(pairs, 16, false, Uplinks.TOGETHER), pairs, new Random(1), false);
        assertEquals(992, sim.measured.size());
        // every host is in 62 pairs of 1 time unit each: no schedule ends before 62
        assertTrue(sim.end <= 62 * 1.1, "the matrix took " + sim.end + " rounds, the busiest host needs 62");
    }

    @Test
    void testsOfUnequalLengthStillNeverShareAHostAndEveryPairRunsOnce() {
        List<MatrixPair> pairs = allPairs(12);
        Simulation sim = simulate(new MatrixSchedule(pairs, 4, false, Uplinks.TOGETHER), pairs, new Random(7), true);
        assertEquals(new HashSet<>(pairs), new HashSet<>(sim.measured));
        assertEquals(pairs.size(), sim.measured.size());
        assertTrue(
                sim.mostAtOnce <= 4 && sim.mostAtOnce >= 3,
                "at most the 4 slots, and they were used: " + sim.mostAtOnce);
    }

    @Test
    void sharedHostsAreAllowedOnlyWhenAsked() {
        List<MatrixPair> pairs = allPairs(3);
        MatrixSchedule apart = new MatrixSchedule(pairs, 6, false, Uplinks.TOGETHER);
        assertEquals(1, apart.startable().size(), "3 hosts: any two pairs share a host");
        MatrixSchedule shared = new MatrixSchedule(pairs, 6, true, Uplinks.TOGETHER);
        assertEquals(6, shared.startable().size());
    }

    @Test
    void pairsOverOneUplinkRunOneAtATimeWhenAskedAndTogetherOtherwise() {
        // h0,h1 on leaf A; h2,h3 on leaf B: h0→h2 and h1→h3 both cross the A-B uplink
        MatrixPair a = new MatrixPair("h0", null, "h2", null, "t", null, List.of("up"), Expectation.DEFAULT);
        MatrixPair b = new MatrixPair("h1", null, "h3", null, "t", null, List.of("up"), Expectation.DEFAULT);
        MatrixSchedule alone = new MatrixSchedule(List.of(a, b), 4, false, Uplinks.ONE_AT_A_TIME);
        assertEquals(List.of(a), alone.startable());
        assertEquals(List.of(), alone.startable());
        alone.finished(a);
        assertEquals(List.of(b), alone.startable());
        MatrixSchedule loaded = new MatrixSchedule(List.of(a, b), 4, false, Uplinks.TOGETHER);
        assertEquals(List.of(a, b), loaded.startable());
    }

    @Test
    void aHostThatIsDownLosesItsWaitingPairsAndTheRestGoOn() {
        List<MatrixPair> pairs = allPairs(4);
        MatrixSchedule s = new MatrixSchedule(pairs, 2, false, Uplinks.TOGETHER);
        List<MatrixPair> first = s.startable();
        List<MatrixPair> dropped = s.dropWaitingOf("h3");
        assertTrue(dropped.stream()
                .allMatch(p -> p.client().equals("h3") || p.server().equals("h3")));
        long h3Pairs = pairs.stream()
                .filter(p -> p.client().equals("h3") || p.server().equals("h3"))
                .count();
        long h3Running = first.stream()
                .filter(p -> p.client().equals("h3") || p.server().equals("h3"))
                .count();
        assertEquals(h3Pairs - h3Running, dropped.size());
        first.forEach(s::finished);
        Set<MatrixPair> later = new HashSet<>();
        for (List<MatrixPair> now = s.startable(); !now.isEmpty(); now = s.startable()) {
            later.addAll(now);
            now.forEach(s::finished);
        }
        assertFalse(later.stream()
                .anyMatch(p -> p.client().equals("h3") || p.server().equals("h3")));
        assertEquals(pairs.size() - first.size() - dropped.size(), later.size());
        assertTrue(s.done());
    }

    private static List<MatrixPair> allPairs(int hosts) {
        List<MatrixPair> pairs = new ArrayList<>();
        for (int c = 0; c < hosts; c++) {
            for (int s = 0; s < hosts; s++) {
                if (c != s) {
                    pairs.add(new MatrixPair(
                            "h" + c, "eth0", "h" + s, "eth0", "10.0.0." + s, "100G", List.of(), Expectation.DEFAULT));
                }
            }
        }
        return pairs;
    }

    private record Running(double end, MatrixPair pair) {}

    private static final class Simulation {
        final List<MatrixPair> measured = new ArrayList<>();
        double end;
        int mostAtOnce;
    }

    /** Runs the schedule in simulated time, checking at every start that no host is in two running tests. */
    private static Simulation simulate(MatrixSchedule s, List<MatrixPair> pairs, Random random, boolean unequal) {
        Simulation sim = new Simulation();
        PriorityQueue<Running> running = new PriorityQueue<>((x, y) -> Double.compare(x.end, y.end));
        double now = 0;
        while (!s.done()) {
            for (MatrixPair p : s.startable()) {
                for (Running r : running) {
                    assertFalse(p.sharesHostWith(r.pair), p.label() + " started beside " + r.pair.label());
                }
                running.add(new Running(now + (unequal ? 0.5 + random.nextDouble() : 1), p));
            }
            sim.mostAtOnce = Math.max(sim.mostAtOnce, running.size());
            Running next = running.poll();
            now = next.end;
            s.finished(next.pair);
            sim.measured.add(next.pair);
        }
        sim.end = now;
        return sim;
    }
}
