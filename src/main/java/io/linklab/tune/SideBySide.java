package io.linklab.tune;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The tune's own confirmation: the search's winner and its runner-up measured again in alternated full-length runs
 * (winner, runner-up, winner, …), so that a winner that only looked better because the machine sped up between its
 * probe and the runner-up's is caught. The pick is the higher median of the alternated runs
 * (docs/decisions/0900-tuner-order-on-threaded-iperf3.md).
 *
 * @param winner         the search's winner
 * @param runnerUp       the search's second best
 * @param pairs          alternated pairs measured; 0 when there was no time for two, and the winner was confirmed
 *                       alone
 * @param pairsWanted    pairs the budget's confirmation asks for (fewer were measured when the time left did not fit
 *                       them)
 * @param winnerMedian   the median of the winner's runs, bits per second (the search's rate when none measured)
 * @param runnerUpMedian the median of the runner-up's runs (the search's rate when none measured)
 * @param noise          the spread between repetitions the search saw: a difference within it is noise
 */
public record SideBySide(
        TuneSettings winner,
        TuneSettings runnerUp,
        int pairs,
        int pairsWanted,
        double winnerMedian,
        double runnerUpMedian,
        double noise) {

    /** Whether the two were measured side by side. */
    public boolean measured() {
        return pairs > 0;
    }

    /** Whether the runner-up won the alternated runs and so became the pick. */
    public boolean flipped() {
        return measured() && runnerUpMedian > winnerMedian;
    }

    /** The settings picked by the alternated runs' medians. */
    public TuneSettings pick() {
        return flipped() ? runnerUp : winner;
    }

    /** How far apart the two medians are, as a fraction of the lower. */
    public double apart() {
        double low = Math.min(winnerMedian, runnerUpMedian);
        return low <= 0 ? 0 : Math.abs(winnerMedian - runnerUpMedian) / low;
    }

    /** Whether the difference is within the noise between repetitions. */
    public boolean withinNoise() {
        return apart() <= noise;
    }

    /**
     * How sure the pick is, as the result says it: "confirmed over 3 alternated runs, 4 % ahead of the runner-up
     * (pinning=spread)", "within noise of: streams=4 (1 % apart over 3 alternated runs)" or, where the runner-up won,
     * "the runner-up won over 3 alternated runs: picked by the median, 6 % ahead of the search's winner (streams=2)";
     * "not measured: …" where there was no time.
     */
    public String text() {
        if (!measured()) {
            return "not measured: no time for " + Tuner.MIN_SIDE_BY_SIDE_PAIRS
                    + " alternated pairs with the runner-up (" + String.join(" ", differences(runnerUp, winner))
                    + "), the winner confirmed alone";
        }
        String over = runs(pairs) + (pairs < pairsWanted ? " (" + pairsWanted + " wanted, no time for more)" : "");
        long percent = Math.round(100 * apart());
        TuneSettings other = flipped() ? winner : runnerUp;
        String differs = String.join(" ", differences(other, pick()));
        if (withinNoise()) {
            return (flipped() ? "the runner-up won by the median, " : "") + "within noise of: " + differs + " ("
                    + percent + " % apart over " + over + ")";
        }
        if (flipped()) {
            return "the runner-up won over " + over + ": picked by the median, " + percent
                    + " % ahead of the search's winner (" + differs + ")";
        }
        return "confirmed over " + over + ", " + percent + " % ahead of the runner-up (" + differs + ")";
    }

    private static String runs(int n) {
        return n == 1 ? "1 alternated run" : n + " alternated runs";
    }

    /** What {@code a} sets differently from {@code b}: "streams=4 pinning=spread". */
    static List<String> differences(TuneSettings a, TuneSettings b) {
        List<String> out = new ArrayList<>();
        if (a.tool() != b.tool()) {
            out.add("tool=" + a.tool().id());
        }
        if (a.processes() != b.processes()) {
            out.add("processes=" + a.processes());
        }
        if (a.streams() != b.streams()) {
            out.add("streams=" + a.streams());
        }
        if (a.pinning() != b.pinning()) {
            out.add("pinning=" + a.pinning().id());
        }
        if (!java.util.Objects.equals(a.window(), b.window())) {
            out.add("window=" + (a.window() == null ? "default" : a.window()));
        }
        if (!java.util.Objects.equals(a.mtu(), b.mtu())) {
            out.add(String.format(Locale.ROOT, "mtu=%s", a.mtu() == null ? "unchanged" : a.mtu()));
        }
        return out;
    }
}
