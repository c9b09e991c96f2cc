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
 */
record RunTimings(
        Duration serverStart,
        Duration clientGrace,
        Duration silence,
        Duration contactTimeout,
        Duration mtuSettle,
        Duration countersStart) {

    static final RunTimings STANDARD = new RunTimings(
            Duration.ofSeconds(10),
            Duration.ofSeconds(20),
            Duration.ofSeconds(8),
            Duration.ofSeconds(5),
            Duration.ofSeconds(5),
            Duration.ofSeconds(3));
}
