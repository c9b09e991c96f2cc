package io.linklab.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * A run's headline figure, the one rate per direction that its history row, its tab, the command's result, reports
 * and a matrix's cell all show: the mean of the SUM receiver rates of its points (each already the mean over the
 * point's repetitions); for a single test, its one point's rate.
 */
public final class Headline {

    private Headline() {}

    /** The headline rate per direction, bit/s; empty when nothing was measured. */
    public static Map<Direction, Double> of(List<SweepRow> rows) {
        Map<Direction, List<Double>> per = new EnumMap<>(Direction.class);
        for (SweepRow row : rows) {
            if (row.bitsPerSecond() != null) {
                per.computeIfAbsent(row.direction(), d -> new ArrayList<>()).add(row.bitsPerSecond());
            }
        }
        Map<Direction, Double> out = new EnumMap<>(Direction.class);
        per.forEach((d, v) -> out.put(d, mean(v)));
        return Collections.unmodifiableMap(out);
    }

    /** The mean of {@code values}; the rate of a direction over repetitions or points. */
    public static double mean(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).average().orElse(0);
    }
}
