package io.linklab.tune;

import io.linklab.model.InvalidValueException;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How long a tune may take in all, and how long its probes and the winner's confirmation run.
 *
 * @param overhead what one probe costs beyond its traffic (servers starting, results read) until the tuner has
 *                 measured it
 */
public record TuneBudget(Duration total, ProbeLength probe, ProbeLength confirm, Duration overhead) {

    private static final Pattern TIME = Pattern.compile("(\\d{1,5})\\s*(s|m|h)?");

    /**
     * "90s", "2m", "1h" (a bare number is seconds) as a duration above zero.
     *
     * @throws InvalidValueException naming {@code field}
     */
    public static Duration parseTime(String field, String text) {
        Matcher m = TIME.matcher(text == null ? "" : text.trim());
        if (!m.matches() || Long.parseLong(m.group(1)) == 0) {
            throw new InvalidValueException(field, text, "expected a time such as 90s, 2m or 1h");
        }
        long n = Long.parseLong(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        return switch (unit) {
            case "m" -> Duration.ofMinutes(n);
            case "h" -> Duration.ofHours(n);
            default -> Duration.ofSeconds(n);
        };
    }

    public TuneBudget {
        if (total.isNegative() || total.isZero()) {
            throw new IllegalArgumentException("the budget must be positive: " + total);
        }
    }

    /**
     * The least budget that can find anything: the first probe and the winner's confirmation, each with its
     * overhead (logging in and checking the hosts come on top). Less than this measures nothing.
     */
    public Duration least() {
        return Duration.ofSeconds(probe.trafficSeconds() + confirm.trafficSeconds())
                .plus(overhead.multipliedBy(2));
    }

    /**
     * The usual lengths, with {@code total} to spend: the confirmation's runs are 10 s from a 2 minute budget on,
     * shorter for less (a twelfth of it, at least 3 s), so that a one minute tune still has time to search; under a
     * minute the probes are {@link ProbeLength#QUICK} too; under half a minute the confirmation is
     * {@link ProbeLength#BRIEF_CONFIRM}, which leaves a 20 s tune time for two probes besides.
     */
    public static TuneBudget of(Duration total) {
        int confirmS = (int) Math.max(3, Math.min(ProbeLength.CONFIRM.durationS(), total.toSeconds() / 12));
        ProbeLength confirm = total.toSeconds() < 30
                ? ProbeLength.BRIEF_CONFIRM
                : new ProbeLength(confirmS, ProbeLength.CONFIRM.omitS(), ProbeLength.CONFIRM.repetitions());
        ProbeLength probe = total.toSeconds() < 60 ? ProbeLength.QUICK : ProbeLength.SHORT;
        return new TuneBudget(total, probe, confirm, Duration.ofSeconds(2));
    }
}
