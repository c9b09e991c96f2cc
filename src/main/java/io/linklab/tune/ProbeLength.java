package io.linklab.tune;

/**
 * How long one measurement runs: {@code durationS} counted after {@code omitS} of warm-up, {@code repetitions}
 * times.
 */
public record ProbeLength(int durationS, int omitS, int repetitions) {

    public ProbeLength {
        if (durationS < 1 || omitS < 0 || repetitions < 1) {
            throw new IllegalArgumentException(
                    "duration " + durationS + " s, omit " + omitS + " s, repetitions " + repetitions);
        }
    }

    /** The short probes of the search: 2 s after 1 s of warm-up, twice (the noise between the two counts). */
    public static final ProbeLength SHORT = new ProbeLength(2, 1, 2);
    /**
     * The probes of a budget under a minute: 1 s after 1 s of warm-up, twice, so that a short tune still measures a
     * few settings besides the confirmation it keeps time for.
     */
    public static final ProbeLength QUICK = new ProbeLength(1, 1, 2);
    /** The winner's confirmation: a normal test length, three times. */
    public static final ProbeLength CONFIRM = new ProbeLength(10, 1, 3);
    /**
     * The confirmation of a budget under half a minute: 2 s after 1 s of warm-up, twice; 3 runs of 3 s would take
     * all of it.
     */
    public static final ProbeLength BRIEF_CONFIRM = new ProbeLength(2, 1, 2);

    /** The same runs, {@code n} of them. */
    public ProbeLength withRepetitions(int n) {
        return new ProbeLength(durationS, omitS, n);
    }

    /** Seconds of traffic it takes, warm-up included (the least it can cost). */
    public int trafficSeconds() {
        return (durationS + omitS) * repetitions;
    }
}
