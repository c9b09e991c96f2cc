package io.linklab.counters;

/**
 * A row of host_counters.csv: one counter of one end over one sampling interval.
 *
 * @param timeS      end of the interval, in seconds from the start of the test's clients (negative before)
 * @param intervalS  how long the interval was on the host's clock: value × interval_s is the count in it
 * @param point      the sweep point, "" outside sweeps
 * @param repetition the repetition of the point (1..N)
 * @param end        "client" or "server"
 * @param host       the end's login as the run names it
 */
public record HostCounterRow(
        double timeS,
        double intervalS,
        String point,
        int repetition,
        String end,
        String host,
        String iface,
        CounterValue counter) {

    public String group() {
        return counter.group();
    }

    public String name() {
        return counter.name();
    }

    public double value() {
        return counter.value();
    }
}
