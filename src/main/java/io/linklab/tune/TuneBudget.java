package io.linklab.tune;

import java.time.Duration;

/**
 * How long a tune may take in all, and how long its probes and the winner's confirmation run.
 *
 * @param overhead what one probe costs beyond its traffic (servers starting, results read) until the tuner has
 *                 measured it
 */
public record TuneBudget(Duration total, ProbeLength probe, ProbeLength confirm, Duration overhead) {

    public TuneBudget {
        if (total.isNegative() || total.isZero()) {
            throw new IllegalArgumentException("the budget must be positive: " + total);
        }
    }

    /**
     * The usual lengths, with {@code total} to spend: the confirmation's runs are 10 s from a 2 minute budget on,
     * shorter for less (a twelfth of it, at least 3 s), so that a one minute tune still has time to search.
     */
    public static TuneBudget of(Duration total) {
        int confirmS = (int) Math.max(3, Math.min(ProbeLength.CONFIRM.durationS(), total.toSeconds() / 12));
        ProbeLength confirm = new ProbeLength(confirmS, ProbeLength.CONFIRM.omitS(), ProbeLength.CONFIRM.repetitions());
        return new TuneBudget(total, ProbeLength.SHORT, confirm, Duration.ofSeconds(2));
    }
}
