package io.linklab.ui.topology;

import io.linklab.model.Topology;
import java.util.Objects;
import java.util.Optional;

/**
 * One undoable change to the topology, as the user names it in Edit → Undo "…".
 * The model is immutable, so an edit is the state before and after; undo and redo swap them in.
 * Edits that carry the same {@code gesture} key merge into one undo step (a whole drag, a run of
 * arrow-key nudges), as Scene Builder's {@code RelocateNodeJob.mergeWith} does.
 *
 * @param gesture null for an edit that never merges
 */
public record TopologyEdit(String description, Topology before, Topology after, Object gesture) {

    public TopologyEdit {
        Objects.requireNonNull(description);
        Objects.requireNonNull(before);
        Objects.requireNonNull(after);
    }

    public static TopologyEdit of(String description, Topology before, Topology after) {
        return new TopologyEdit(description, before, after, null);
    }

    public Topology execute() {
        return after;
    }

    public Topology undo() {
        return before;
    }

    public Topology redo() {
        return after;
    }

    /** This edit followed by {@code next} as one step, when both belong to the same gesture. */
    public Optional<TopologyEdit> mergeWith(TopologyEdit next) {
        if (gesture == null || !gesture.equals(next.gesture) || !after.equals(next.before)) {
            return Optional.empty();
        }
        return Optional.of(new TopologyEdit(description, before, next.after, gesture));
    }

    public boolean changesNothing() {
        return before.equals(after);
    }
}
