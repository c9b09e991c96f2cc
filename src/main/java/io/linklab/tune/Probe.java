package io.linklab.tune;

import java.util.List;

/**
 * What one probe measured: the receiver's rate over its repetitions, and how busy the receiver's busiest core was
 * (if the host counters told), or why it failed.
 *
 * @param rate               bits per second, the mean over the repetitions; 0 when the probe failed
 * @param min                the lowest repetition's rate
 * @param max                the highest
 * @param busiestCorePercent the receiver's busiest core, 0-100, over the probe; null when not known
 * @param failure            why the probe gave no rate (a host lost, the tool missing), null when it measured
 */
public record Probe(
        TuneSettings settings, double rate, double min, double max, Double busiestCorePercent, String failure) {

    /** A probe that measured {@code rates}, one per repetition. */
    public static Probe of(TuneSettings settings, List<Double> rates, Double busiestCorePercent) {
        if (rates.isEmpty()) {
            return failed(settings, "no rate reported");
        }
        double mean = rates.stream().mapToDouble(Double::doubleValue).average().orElse(0);
        double min = rates.stream().mapToDouble(Double::doubleValue).min().orElse(0);
        double max = rates.stream().mapToDouble(Double::doubleValue).max().orElse(0);
        return new Probe(settings, mean, min, max, busiestCorePercent, null);
    }

    public static Probe failed(TuneSettings settings, String failure) {
        return new Probe(settings, 0, 0, 0, null, failure);
    }

    public boolean ok() {
        return failure == null;
    }

    /** (max - min) / mean over the repetitions: how far measurements of the same thing differ; 0 with one. */
    public double spread() {
        return rate <= 0 ? 0 : (max - min) / rate;
    }
}
