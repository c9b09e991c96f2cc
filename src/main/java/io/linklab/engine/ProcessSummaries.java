package io.linklab.engine;

import io.linklab.model.Summary;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The end-of-test summaries of one repetition's processes, taken while their output comes in. The
 * merged SUM is made from exactly what was taken (and journaled) by the time the clients are over: a
 * summary arriving after that is refused, so the journal never holds a process's total beside a SUM
 * that leaves it out.
 */
final class ProcessSummaries {

    private final List<Summary> taken = new ArrayList<>();
    private boolean closed;

    /**
     * Keeps the summary and hands it to {@code record} (the journal) in one step, so the two never
     * disagree; false, with nothing done, once {@link #close()} was called.
     */
    synchronized boolean offer(Summary s, Consumer<Summary> record) {
        if (closed) {
            return false;
        }
        record.accept(s);
        taken.add(s);
        return true;
    }

    /** Whether {@link #close()} was called: the totals were taken. */
    synchronized boolean closed() {
        return closed;
    }

    /** Takes no more; everything taken so far, in the order it came. */
    synchronized List<Summary> close() {
        closed = true;
        return List.copyOf(taken);
    }
}
