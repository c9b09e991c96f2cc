package io.linklab.tune;

/**
 * One probe of a tune and why it was run or what it showed ("start", "processes 1 -> 2", "confirm"): a row of
 * tune.csv.
 *
 * @param step 1, 2, … in the order they ran
 */
public record TuneStep(int step, Probe probe, String reason) {}
