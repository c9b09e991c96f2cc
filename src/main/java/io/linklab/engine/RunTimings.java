package io.linklab.engine;

import java.time.Duration;

/**
 * How long a run waits for its hosts before it calls something failed. The standard values suit real hosts on
 * a loaded machine; tests of the failure paths use short ones so that a timeout takes a second, not half a minute.
 *
 * @param serverStart    how long a server may take to say it listens
 * @param clientGrace    how long a client may run beyond warm-up and test time before the point counts as timed out
 * @param silence        how long a client may print nothing (at least five of its intervals) before the run asks
 *                       both hosts whether they still answer
 * @param contactTimeout how long the SSH server of a silent host has to answer before the run counts it as lost
 * @param mtuSettle      how long the MTU path check may retry while a link settles after a change
 * @param countersStart  how long the clients wait for the hosts' counter samplers' first snapshot
 * @param deadMan        how long a host whose MTU the run changed waits without a keep-alive before it restores
 *                       the original by itself (decision record 0300): whole seconds, {@link #DEAD_MAN_MIN} to
 *                       {@link #DEAD_MAN_MAX}
 */
public record RunTimings(
        Duration serverStart,
        Duration clientGrace,
        Duration silence,
        Duration contactTimeout,
        Duration mtuSettle,
        Duration countersStart,
        Duration deadMan) {

    /**
     * The shortest dead-man period: the host's watcher counts whole seconds, and the keep-alive (a fifth of the
     * period) must still get through several times before it could fire.
     */
    static final Duration DEAD_MAN_MIN = Duration.ofSeconds(4);
    /** An hour: a host left at a sweep's MTU for longer than that is not "restored by itself" any more. */
    static final Duration DEAD_MAN_MAX = Duration.ofHours(1);

    /** Four keep-alives (every 3 s) missed in a row, and a host's SSH loss detection (6 s) within it. */
    private static final Duration STANDARD_DEAD_MAN = Duration.ofSeconds(15);

    static final RunTimings STANDARD = new RunTimings(
            Duration.ofSeconds(10),
            Duration.ofSeconds(20),
            Duration.ofSeconds(8),
            Duration.ofSeconds(5),
            Duration.ofSeconds(5),
            Duration.ofSeconds(3),
            STANDARD_DEAD_MAN);

    public RunTimings {
        requireDeadMan(deadMan);
    }

    /** Timings with the standard dead-man period. */
    public RunTimings(
            Duration serverStart,
            Duration clientGrace,
            Duration silence,
            Duration contactTimeout,
            Duration mtuSettle,
            Duration countersStart) {
        this(serverStart, clientGrace, silence, contactTimeout, mtuSettle, countersStart, STANDARD_DEAD_MAN);
    }

    /** These timings with another dead-man period. */
    RunTimings withDeadMan(Duration period) {
        return new RunTimings(serverStart, clientGrace, silence, contactTimeout, mtuSettle, countersStart, period);
    }

    /** The period in whole seconds, as the host's scripts take it. */
    int deadManSeconds() {
        return (int) deadMan.toSeconds();
    }

    private static void requireDeadMan(Duration period) {
        if (period == null
                || period.toNanos() % 1_000_000_000L != 0
                || period.compareTo(DEAD_MAN_MIN) < 0
                || period.compareTo(DEAD_MAN_MAX) > 0) {
            throw new IllegalArgumentException("the automatic MTU restore's period must be whole seconds from "
                    + DEAD_MAN_MIN.toSeconds() + " to " + DEAD_MAN_MAX.toSeconds() + ", not "
                    + (period == null
                            ? "none"
                            : period.toMillis() % 1000 == 0 ? period.toSeconds() + " s" : period.toMillis() + " ms"));
        }
    }
}
