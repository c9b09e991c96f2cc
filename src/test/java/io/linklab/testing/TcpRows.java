package io.linklab.testing;

import io.linklab.model.Direction;
import io.linklab.model.Role;
import io.linklab.model.Sample;
import io.linklab.model.Summary;

/** Intervals and totals of a TCP test, for the tests that need only the figures every tool prints. */
public final class TcpRows {

    private TcpRows() {}

    /** An interval with only the fields every tool prints for TCP. */
    public static Sample sample(
            String process,
            String stream,
            Direction direction,
            double startS,
            double endS,
            Long bytes,
            Double bitsPerSecond,
            Long retransmits,
            Long cwndBytes) {
        return new Sample(
                process,
                stream,
                direction,
                startS,
                endS,
                bytes,
                bitsPerSecond,
                retransmits,
                cwndBytes,
                null,
                null,
                null,
                null,
                false,
                null,
                null,
                null,
                null,
                null);
    }

    /** An end-of-test total with only the fields every tool prints for TCP. */
    public static Summary total(
            String process,
            String stream,
            Direction direction,
            Role role,
            double startS,
            double endS,
            Long bytes,
            Double bitsPerSecond,
            Long retransmits) {
        return new Summary(
                process,
                stream,
                direction,
                role,
                startS,
                endS,
                bytes,
                bitsPerSecond,
                retransmits,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null);
    }
}
