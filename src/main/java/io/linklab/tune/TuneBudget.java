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

    /** The usual lengths, with {@code total} to spend. */
    public static TuneBudget of(Duration total) {
        return new TuneBudget(total, ProbeLength.SHORT, ProbeLength.CONFIRM, Duration.ofSeconds(2));
    }
}
