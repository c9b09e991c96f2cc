package io.linklab.model;

/**
 * A receiver rate measured over a point's repetitions, as sweep.csv has it and matrix.csv copies it for each pair:
 * so that both files spell these columns the same way ({@code ResultCsv.repeatedRateColumns}).
 */
public interface RepeatedRate {

    /** The mean over the repetitions of the receiver's SUM; null when nothing was measured. */
    Double bitsPerSecond();

    Double bitsPerSecondMin();

    Double bitsPerSecondMax();

    Long retransmits();
}
