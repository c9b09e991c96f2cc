package io.linklab.tune;

import java.util.List;

/**
 * What one probe measured: the receiver's rate per repetition, and how busy the receiver's busiest core was (if the
 * host counters told), or why it failed.
 *
 * @param rates              bits per second per repetition that gave a rate; empty when the probe failed
 * @param busiestCorePercent the receiver's busiest core, 0-100, over the probe; null when not known
 * @param failure            why the probe gave no rate (a host lost, the tool missing), null when it measured
 */
public record Probe(TuneSettings settings, List<Double> rates, Double busiestCorePercent, String failure) {

    public Probe {
        rates = List.copyOf(rates);
        if (rates.isEmpty() && failure == null) {
            failure = "no rate reported";
        }
    }

    public static Probe failed(TuneSettings settings, String failure) {
        return new Probe(settings, List.of(), null, failure);
    }

    public boolean ok() {
        return failure == null;
    }

    /** The mean over the repetitions; 0 for a failed probe. */
    public double rate() {
        return rates.stream().mapToDouble(Double::doubleValue).average().orElse(0);
    }

    public double min() {
        return rates.stream().mapToDouble(Double::doubleValue).min().orElse(0);
    }

    public double max() {
        return rates.stream().mapToDouble(Double::doubleValue).max().orElse(0);
    }

    /** (max - min) / mean over the repetitions: how far two measurements of the same thing differ; 0 with one. */
    public double spread() {
        double mean = rate();
        return rates.size() < 2 || mean <= 0 ? 0 : (max() - min()) / mean;
    }
}
