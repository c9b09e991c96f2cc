package io.linklab.ui.dashboard;

import io.linklab.counters.Finding;
import java.util.ArrayList;
import java.util.List;

/**
 * The findings of a run as the rules report them after each repetition (engine threads), for the dashboard's
 * Findings block. Whether any repetition has been judged yet is kept apart from the findings: "nothing found"
 * is not "not judged yet".
 */
public final class RunFindings {

    private final List<Finding> found = new ArrayList<>();
    private boolean judged;
    private long version;

    /** A repetition's findings (empty when the rules found nothing); each keeps the point it is of. */
    public synchronized void add(String point, List<Finding> findings) {
        for (Finding f : findings) {
            found.add(f.point().equals(point) ? f : f.withPoint(point));
        }
        judged = true;
        version++;
    }

    /** Everything found so far, found again from the start (a matrix judges all its pairs after each one). */
    public synchronized void replace(List<Finding> findings) {
        found.clear();
        found.addAll(findings);
        judged = true;
        version++;
    }

    public synchronized List<Finding> all() {
        return List.copyOf(found);
    }

    /** Whether the rules have run on at least one repetition. */
    public synchronized boolean judged() {
        return judged;
    }

    /** Grows with every change, so a view redraws only when something changed. */
    public synchronized long version() {
        return version;
    }
}
