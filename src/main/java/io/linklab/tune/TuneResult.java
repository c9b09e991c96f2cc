package io.linklab.tune;

import java.util.List;

/**
 * The end of a tune.
 *
 * @param steps     every probe, in order, the confirmation last
 * @param best      the best settings found (null when nothing measured)
 * @param searched  the best probe of the search
 * @param confirmed the full-length run of {@code best}, null when there was no time for it or it failed
 * @param why       why the search stopped
 * @param detail    the evidence for {@code why} ("busiest core 99 % with 2 processes of 2")
 */
public record TuneResult(
        List<TuneStep> steps, TuneSettings best, Probe searched, Probe confirmed, StopReason why, String detail) {

    public TuneResult {
        steps = List.copyOf(steps);
    }

    /** The winner's rate: the confirmation's, else the search's best probe's. */
    public Probe winner() {
        return confirmed != null ? confirmed : searched;
    }
}
