package io.linklab.model;

import java.util.Locale;

/**
 * Whether a measured rate reached the expected one: {@code pass}, {@code fail} or no verdict (nothing expected, or
 * nothing measured), with the margin ("fail: 71.2 of 90.0 Gbit/s expected, 79 %").
 *
 * @param outcome     pass, fail or none
 * @param measuredBps the rate judged, null when nothing was measured
 * @param expectedBps the expected rate, null when there is none
 * @param reason      why there is no verdict; null for pass and fail
 */
public record Verdict(Outcome outcome, Double measuredBps, Double expectedBps, String reason) {

    public enum Outcome {
        PASS,
        FAIL,
        NONE;

        /** As the CSV files write it: "pass", "fail", or empty for no verdict. */
        public String csv() {
            return this == NONE ? "" : name().toLowerCase(Locale.ROOT);
        }

        /** As people read it: "pass", "fail", "no verdict". */
        public String word() {
            return this == NONE ? "no verdict" : csv();
        }

        /** "pass", "fail", or NONE for anything else (an empty cell, an older file). */
        public static Outcome ofCsv(String cell) {
            return "pass".equals(cell) ? PASS : "fail".equals(cell) ? FAIL : NONE;
        }
    }

    /** The verdict on {@code measuredBps} against {@code expectedBps}; {@code whyNone} says why nothing is expected. */
    public static Verdict of(Double measuredBps, Double expectedBps, String whyNone) {
        if (expectedBps == null) {
            return new Verdict(
                    Outcome.NONE, measuredBps, null, whyNone == null ? "no verdict: nothing expected" : whyNone);
        }
        if (measuredBps == null) {
            return new Verdict(Outcome.NONE, null, expectedBps, "no verdict: nothing was measured");
        }
        return new Verdict(measuredBps >= expectedBps ? Outcome.PASS : Outcome.FAIL, measuredBps, expectedBps, null);
    }

    public boolean failed() {
        return outcome == Outcome.FAIL;
    }

    /** "fail: 71.2 of 90.0 Gbit/s expected, 79 %"; for no verdict, its reason. */
    public String text() {
        if (outcome == Outcome.NONE) {
            return reason;
        }
        boolean giga = expectedBps >= 1e9;
        double scale = giga ? 1e9 : 1e6;
        return String.format(
                Locale.ROOT,
                "%s: %.1f of %.1f %s expected, %.0f %%",
                outcome.word(),
                // a fail is never shown at the expected figure: 89.95 of 90 is 89.9, not 90.0
                outcome == Outcome.FAIL ? Math.floor(measuredBps / scale * 10) / 10 : measuredBps / scale,
                expectedBps / scale,
                giga ? "Gbit/s" : "Mbit/s",
                Math.floor(100 * measuredBps / expectedBps));
    }

    /**
     * The verdict of several (a run's directions and points): fail if any failed, else pass if any passed, else no
     * verdict.
     */
    public static Outcome overall(Iterable<Outcome> outcomes) {
        boolean pass = false;
        for (Outcome o : outcomes) {
            if (o == Outcome.FAIL) {
                return Outcome.FAIL;
            }
            pass |= o == Outcome.PASS;
        }
        return pass ? Outcome.PASS : Outcome.NONE;
    }
}
