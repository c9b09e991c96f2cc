package io.linklab.ui.topology;

import io.linklab.model.Topology;
import java.util.ArrayDeque;
import java.util.Deque;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * The topology being edited and its undo/redo stacks (Scene Builder's JobManager): a bounded
 * undo stack, a revision counter that moves on every change, and a saved mark for the
 * unsaved-changes guard.
 */
public final class EditHistory {

    private final int capacity;
    private final Deque<TopologyEdit> undo = new ArrayDeque<>();
    private final Deque<TopologyEdit> redo = new ArrayDeque<>();
    private final ReadOnlyObjectWrapper<Topology> current = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyLongWrapper revision = new ReadOnlyLongWrapper();
    private final ReadOnlyBooleanWrapper canUndo = new ReadOnlyBooleanWrapper();
    private final ReadOnlyBooleanWrapper canRedo = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper undoDescription = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper redoDescription = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper dirty = new ReadOnlyBooleanWrapper();
    private Topology saved;

    public EditHistory(int capacity, Topology initial) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1");
        }
        this.capacity = capacity;
        reset(initial);
    }

    /** Applies an edit and records it; an edit of the same gesture as the last one merges into it. */
    public void execute(TopologyEdit edit) {
        if (!edit.before().equals(current.get())) {
            throw new IllegalStateException("edit '" + edit.description() + "' was made against another state");
        }
        if (edit.changesNothing()) {
            return;
        }
        TopologyEdit last = undo.peek();
        if (last != null && redo.isEmpty()) {
            var merged = last.mergeWith(edit);
            if (merged.isPresent()) {
                undo.pop();
                if (!merged.get().changesNothing()) {
                    undo.push(merged.get());
                }
                changed(edit.execute());
                return;
            }
        }
        undo.push(edit);
        while (undo.size() > capacity) {
            undo.removeLast();
        }
        redo.clear();
        changed(edit.execute());
    }

    public void undo() {
        if (undo.isEmpty()) {
            return;
        }
        TopologyEdit edit = undo.pop();
        redo.push(edit);
        changed(edit.undo());
    }

    public void redo() {
        if (redo.isEmpty()) {
            return;
        }
        TopologyEdit edit = redo.pop();
        undo.push(edit);
        changed(edit.redo());
    }

    /** Starts over with a topology just opened or created: nothing to undo, nothing unsaved. */
    public void reset(Topology topology) {
        undo.clear();
        redo.clear();
        saved = topology;
        changed(topology);
    }

    /** {@code state} is what is on disk now (the state when a background save began). */
    public void markSaved(Topology state) {
        saved = state;
        update();
    }

    private void changed(Topology t) {
        current.set(t);
        revision.set(revision.get() + 1);
        update();
    }

    private void update() {
        canUndo.set(!undo.isEmpty());
        canRedo.set(!redo.isEmpty());
        undoDescription.set(undo.isEmpty() ? "" : undo.peek().description());
        redoDescription.set(redo.isEmpty() ? "" : redo.peek().description());
        dirty.set(!current.get().equals(saved));
    }

    public Topology topology() {
        return current.get();
    }

    public ReadOnlyObjectProperty<Topology> topologyProperty() {
        return current.getReadOnlyProperty();
    }

    public ReadOnlyLongProperty revisionProperty() {
        return revision.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty canUndoProperty() {
        return canUndo.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty canRedoProperty() {
        return canRedo.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty undoDescriptionProperty() {
        return undoDescription.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty redoDescriptionProperty() {
        return redoDescription.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty dirtyProperty() {
        return dirty.getReadOnlyProperty();
    }

    public int undoDepth() {
        return undo.size();
    }
}
