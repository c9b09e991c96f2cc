package io.linklab.tune;

import java.util.List;

/**
 * The end of a tune.
 *
 * @param steps     every probe, in order, the confirmation last
 * @param best      the best settings found (null when nothing measured)
 * @param searched  the best probe of the search
 * @param confirmed the full-length run of {@code best}, null when there was no time for it or it failed
 * @param confirmation how {@code confirmed} was measured (fewer runs than the budget's where a probe overran the time
 *                     kept back for it), null when not confirmed
 * @param why       why the search stopped
 * @param detail    the evidence for {@code why} ("busiest core 99 % with 2 processes of 2")
 * @param notes     what the hosts kept from being tried, with the reason ("numa pinning not tried: NUMA node not
 *                  reported for data0 on h1")
 * @param sideBySide the winner and the runner-up measured again alternated, null when there was no runner-up or no
 *                   time for one pair
 */
public record TuneResult(
        List<TuneStep> steps,
        TuneSettings best,
        Probe searched,
        Probe confirmed,
        ProbeLength confirmation,
        StopReason why,
        String detail,
        List<String> notes,
        SideBySide sideBySide) {

    public TuneResult {
        steps = List.copyOf(steps);
        notes = List.copyOf(notes);
    }

    /** This result, saying what the hosts kept from being tried. */
    public TuneResult withNotes(List<String> more) {
        return new TuneResult(steps, best, searched, confirmed, confirmation, why, detail, more, sideBySide);
    }

    /** The winner's rate: the confirmation's, else the search's best probe's. */
    public Probe winner() {
        return confirmed != null ? confirmed : searched;
    }
}
