package io.linklab.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.Tool;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The tune's own confirmation: the winner and the runner-up measured again alternated, and the result saying how sure
 * the pick is (issue 35, item 2). A scripted probe runner answers the search's short probes with one rate per setting
 * and the confirmation's full-length runs with another, as a machine that changed speed between them would.
 */
class TunerSideBySideTest {

    private static final double G = 1e9;
    private static final TuneSettings ONE = TuneSettings.start(Tool.IPERF3);
    private static final TuneSettings TWO = ONE.withStreams(2);

    /** iperf3, one process, streams 1 or 2: the search finds s=2 at 12 against s=1 at 10 Gbit/s. */
    private static TuneResult tune(Duration budget, double twoFull, double oneFull) {
        TuneSpace space = new TuneSpace(
                List.of(Tool.IPERF3),
                1,
                2,
                List.of(),
                List.of(),
                EnumSet.of(Dimension.STREAMS),
                null,
                List.of(),
                false);
        long[] clock = {0};
        TuneBudget b = TuneBudget.of(budget);
        ProbeRunner runner = (s, length) -> {
            clock[0] += (length.trafficSeconds() + 1) * 1_000_000_000L;
            boolean full = length.repetitions() == 1;
            double rate = s.equals(TWO) ? (full ? twoFull : 12 * G) : (full ? oneFull : 10 * G);
            return Probe.of(s, java.util.Collections.nCopies(length.repetitions(), rate), null);
        };
        return new Tuner(runner, space, b, () -> clock[0], st -> {}).run();
    }

    private static String sideBySideLine(TuneResult r) {
        return TuneReport.lines(r, null, null).stream()
                .filter(l -> l.startsWith("side by side: "))
                .findFirst()
                .orElse("no side-by-side line in " + TuneReport.lines(r, null, null));
    }

    @Test
    void theWinnerAheadOfTheRunnerUpSideBySideIsConfirmed() {
        TuneResult r = tune(Duration.ofMinutes(5), 13 * G, 10 * G);
        assertEquals(TWO, r.best());
        assertEquals(
                "side by side: confirmed over 3 alternated runs, 30 % ahead of the runner-up (streams=1)",
                sideBySideLine(r));
        List<String> reasons = r.steps().stream().map(TuneStep::reason).toList();
        assertEquals(
                List.of(
                        "side by side 1/3: winner",
                        "side by side 1/3: runner-up",
                        "side by side 2/3: winner",
                        "side by side 2/3: runner-up",
                        "side by side 3/3: winner",
                        "side by side 3/3: runner-up",
                        "confirm"),
                reasons.subList(reasons.size() - 7, reasons.size()),
                "alternated, winner first, the pick's runs last");
        assertEquals(13 * G, r.confirmed().rate(), 1);
        assertEquals(13 * G, r.confirmed().min(), 1);
        assertEquals(TWO, r.steps().get(r.steps().size() - 1).probe().settings());
    }

    @Test
    void aRunnerUpThatWinsSideBySideBecomesThePickAndTheResultSaysSo() {
        // the search's s=2 only looked better: side by side, s=1 is ahead
        TuneResult r = tune(Duration.ofMinutes(5), 10 * G, 11 * G);
        assertEquals(ONE, r.best(), "picked by the alternated runs' median");
        assertNotNull(r.confirmed());
        assertEquals(ONE, r.confirmed().settings());
        assertEquals(11 * G, r.winner().rate(), 1);
        assertEquals(
                "side by side: the runner-up won over 3 alternated runs: picked by the median, 10 % ahead of the"
                        + " search's winner (streams=2)",
                sideBySideLine(r));
        assertTrue(TuneReport.lines(r, null, null).get(0).equals("best: " + ONE.label()));
    }

    @Test
    void aDifferenceWithinTheNoiseIsSaid() {
        TuneResult r = tune(Duration.ofMinutes(5), 10.1 * G, 10 * G);
        assertEquals(TWO, r.best());
        assertEquals("side by side: within noise of: streams=1 (1 % apart over 3 alternated runs)", sideBySideLine(r));
    }

    @Test
    void fewerPairsWhereTheBudgetHasNoTimeForThreeAndSaidSo() {
        TuneResult r = tune(Duration.ofSeconds(30), 13 * G, 10 * G);
        assertNotNull(r.sideBySide());
        assertTrue(r.sideBySide().pairs() < 3, r.sideBySide().toString());
        assertEquals(r.sideBySide().pairs(), r.confirmation().repetitions());
        assertTrue(sideBySideLine(r).contains("(3 wanted, no time for more)"), sideBySideLine(r));
    }

    @Test
    void noTimeForTwoPairsConfirmsTheWinnerAloneAndSaysSo() {
        TuneResult r = tune(Duration.ofSeconds(20), 13 * G, 10 * G);
        assertNotNull(r.confirmed(), "the winner confirmed alone");
        assertEquals(TWO, r.confirmed().settings());
        assertEquals(
                "side by side: not measured: no time for 2 alternated pairs with the runner-up (streams=1), the"
                        + " winner confirmed alone",
                sideBySideLine(r));
        assertTrue(
                r.steps().stream().noneMatch(st -> st.reason().startsWith("side by side ")),
                r.steps().toString());
    }

    @Test
    void thePicksRateIsTheMeanOfItsAlternatedRunsWithTheirMinAndMax() {
        TuneSpace space = new TuneSpace(
                List.of(Tool.IPERF3),
                1,
                2,
                List.of(),
                List.of(),
                EnumSet.of(Dimension.STREAMS),
                null,
                List.of(),
                false);
        long[] clock = {0};
        double[] winnerRuns = {13 * G, 15 * G, 14 * G};
        int[] run = {0};
        ProbeRunner runner = (s, length) -> {
            clock[0] += (length.trafficSeconds() + 1) * 1_000_000_000L;
            boolean full = length.repetitions() == 1;
            double rate = s.equals(TWO) ? (full ? winnerRuns[run[0]++] : 12 * G) : 10 * G;
            return Probe.of(s, java.util.Collections.nCopies(length.repetitions(), rate), null);
        };
        TuneResult r = new Tuner(runner, space, TuneBudget.of(Duration.ofMinutes(5)), () -> clock[0], st -> {}).run();
        assertEquals(14 * G, r.confirmed().rate(), 1);
        assertEquals(13 * G, r.confirmed().min(), 1);
        assertEquals(15 * G, r.confirmed().max(), 1);
        assertEquals(14 * G, r.sideBySide().winnerMedian(), 1);
    }
}
