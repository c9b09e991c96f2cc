package io.linklab.counters;

import java.util.ArrayList;
import java.util.List;

/**
 * One end's counter rows over one repetition, with what the rules ask of them.
 *
 * @param end       "client" or "server"
 * @param host      its login
 * @param iface     its data interface ("" when none was found)
 * @param speedMbps the interface's speed as the kernel knows it, or null
 * @param rows      every row of that end, in time order
 */
public record EndSeries(String end, String host, String iface, Long speedMbps, List<HostCounterRow> rows) {

    public EndSeries {
        rows = List.copyOf(rows);
    }

    /** The count over the whole sampling (value × interval summed), or null when never reported. */
    public Double total(String name) {
        double sum = 0;
        boolean seen = false;
        for (HostCounterRow r : rows) {
            if (r.name().equals(name)) {
                sum += r.value() * r.intervalS();
                seen = true;
            }
        }
        return seen ? sum : null;
    }

    /** The values of a counter over intervals that overlap the test (from the clients' start to {@code testS}). */
    public List<Double> during(String name, double testS) {
        List<Double> out = new ArrayList<>();
        for (HostCounterRow r : rows) {
            if (r.name().equals(name) && r.timeS() > 0 && r.timeS() - r.intervalS() < testS) {
                out.add(r.value());
            }
        }
        return out;
    }

    /** How many intervals of the test had a non-zero value of the counter. */
    public int intervalsWith(String name, double testS) {
        return (int) during(name, testS).stream().filter(v -> v > 0).count();
    }

    /** The number of cores (the distinct "cpuN.busy" names). */
    public int cores() {
        return (int) rows.stream()
                .map(HostCounterRow::name)
                .filter(n -> n.matches("cpu\\d+\\.busy"))
                .distinct()
                .count();
    }

    /** "the server (h2)", for messages. */
    public String who() {
        return "the " + end + " (" + host + ")";
    }
}
