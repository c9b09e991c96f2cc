package io.linklab.ui.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.Topology;
import java.util.List;
import org.junit.jupiter.api.Test;

class EditHistoryTest {

    private static Topology named(String n) {
        return new Topology(n, List.of(), List.of(), List.of());
    }

    @Test
    void undoAndRedoWalkTheStatesAndCountRevisions() {
        EditHistory h = new EditHistory(10, named("a"));
        long r0 = h.revisionProperty().get();
        h.execute(TopologyEdit.of("to b", named("a"), named("b")));
        h.execute(TopologyEdit.of("to c", named("b"), named("c")));
        assertEquals("c", h.topology().name());
        assertEquals("to c", h.undoDescriptionProperty().get());
        h.undo();
        assertEquals("b", h.topology().name());
        assertEquals("to c", h.redoDescriptionProperty().get());
        h.redo();
        assertEquals("c", h.topology().name());
        assertEquals(r0 + 4, h.revisionProperty().get());
    }

    @Test
    void aNewEditAfterUndoDropsTheRedoStack() {
        EditHistory h = new EditHistory(10, named("a"));
        h.execute(TopologyEdit.of("to b", named("a"), named("b")));
        h.undo();
        h.execute(TopologyEdit.of("to x", named("a"), named("x")));
        assertFalse(h.canRedoProperty().get());
        h.undo();
        assertEquals("a", h.topology().name());
    }

    @Test
    void editsOfOneGestureMergeIntoOneStep() {
        EditHistory h = new EditHistory(10, named("a"));
        Object drag = new Object();
        h.execute(new TopologyEdit("move", named("a"), named("b"), drag));
        h.execute(new TopologyEdit("move", named("b"), named("c"), drag));
        h.execute(new TopologyEdit("move", named("c"), named("d"), drag));
        assertEquals(1, h.undoDepth());
        h.undo();
        assertEquals("a", h.topology().name());
        assertFalse(h.canUndoProperty().get());
    }

    @Test
    void theStackIsBounded() {
        EditHistory h = new EditHistory(3, named("0"));
        for (int i = 1; i <= 5; i++) {
            h.execute(TopologyEdit.of("to " + i, named(String.valueOf(i - 1)), named(String.valueOf(i))));
        }
        assertEquals(3, h.undoDepth());
        h.undo();
        h.undo();
        h.undo();
        h.undo(); // nothing left: stays
        assertEquals("2", h.topology().name());
    }

    @Test
    void dirtyFollowsTheSavedStateThroughUndo() {
        EditHistory h = new EditHistory(10, named("a"));
        assertFalse(h.dirtyProperty().get());
        h.execute(TopologyEdit.of("to b", named("a"), named("b")));
        assertTrue(h.dirtyProperty().get());
        h.markSaved(h.topology());
        assertFalse(h.dirtyProperty().get());
        h.undo();
        assertTrue(h.dirtyProperty().get());
        h.redo();
        assertFalse(h.dirtyProperty().get());
    }

    @Test
    void anEditAgainstAnotherStateIsRefused() {
        EditHistory h = new EditHistory(10, named("a"));
        assertThrows(IllegalStateException.class, () -> h.execute(TopologyEdit.of("x", named("zzz"), named("b"))));
    }
}
