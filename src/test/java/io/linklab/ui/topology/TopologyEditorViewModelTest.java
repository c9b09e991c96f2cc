package io.linklab.ui.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.HostSpec;
import io.linklab.model.LinkSpec;
import io.linklab.model.Topology;
import io.linklab.ui.tasks.TaskRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TopologyEditorViewModelTest {

    private final List<String> problems = new ArrayList<>();
    private final TopologyEditorViewModel vm = blank();

    private TopologyEditorViewModel blank() {
        TopologyEditorViewModel m = new TopologyEditorViewModel(
                new Topology("lab", List.of(), List.of(), List.of()), TaskRunner.sameThread());
        m.setOnProblem(problems::add);
        return m;
    }

    @Test
    void placesNodesOnTheGridAndConnectsThemThroughFreeInterfaces() {
        String h1 = vm.addHost(33, 47);
        String h2 = vm.addHost(400, 47);
        String sw = vm.addSwitch(200, 300);
        HostSpec first = vm.topology().host(h1).orElseThrow();
        assertEquals(40, first.x());
        assertEquals(40, first.y());
        vm.connect(h1, sw);
        vm.connect(h2, sw);
        vm.connect(h1, h2); // h1's eth0 is taken: it gets eth1
        assertEquals(3, vm.topology().links().size());
        LinkSpec third = vm.topology().links().get(2);
        assertEquals("eth1", third.a().iface());
        assertEquals(2, vm.topology().host(h1).orElseThrow().interfaces().size());
        vm.undo();
        assertEquals(1, vm.topology().host(h1).orElseThrow().interfaces().size(), "the new interface is undone too");
    }

    @Test
    void aWholeDragIsOneUndoStep() {
        String h1 = vm.addHost(0, 0);
        vm.select(h1, false);
        int depth = vm.history().undoDepth();
        TopologyEditorViewModel.Drag drag = vm.startDrag();
        for (int i = 1; i <= 30; i++) {
            drag.dragTo(i * 7, i * 3);
        }
        assertEquals(depth + 1, vm.history().undoDepth());
        HostSpec moved = vm.topology().host(h1).orElseThrow();
        assertEquals(TopologyChanges.snap(210, NodeGeometry.GRID), moved.x());
        assertEquals(TopologyChanges.snap(90, NodeGeometry.GRID), moved.y());
        assertEquals("Move host1", vm.history().undoDescriptionProperty().get());
        vm.undo();
        assertEquals(0, vm.topology().host(h1).orElseThrow().x());
    }

    @Test
    void deletingANodeTakesItsLinksAndUndoBringsThemBack() {
        String h1 = vm.addHost(0, 0);
        String h2 = vm.addHost(300, 0);
        vm.connect(h1, h2);
        vm.select(h2, false);
        vm.deleteSelection();
        assertTrue(vm.topology().links().isEmpty());
        assertEquals(Set.of(), vm.selection());
        vm.undo();
        assertEquals(1, vm.topology().links().size());
    }

    @Test
    void copyPasteMakesFreshIdsAndNamesAndKeepsInnerLinks() {
        String h1 = vm.addHost(0, 0);
        String h2 = vm.addHost(300, 0);
        vm.connect(h1, h2);
        vm.selectAll();
        assertTrue(vm.copySelection());
        vm.paste();
        assertEquals(4, vm.topology().hosts().size());
        assertEquals(2, vm.topology().links().size());
        assertEquals(3, vm.selection().size());
        assertEquals(
                4, vm.topology().hosts().stream().map(HostSpec::name).distinct().count());
    }

    @Test
    void marqueeSelectsTouchedNodesAndTheLinksBetweenThem() {
        String h1 = vm.addHost(0, 0);
        String h2 = vm.addHost(300, 0);
        String h3 = vm.addHost(0, 400);
        vm.connect(h1, h2);
        String link = vm.topology().links().get(0).id();
        vm.selectInRectangle(-10, -10, 600, 100, false);
        assertEquals(Set.of(h1, h2, link), vm.selection());
        vm.selectNext(false);
        assertEquals(1, vm.selection().size());
        assertFalse(vm.selection().contains(h3) && vm.selection().size() > 1);
    }

    @Test
    void saveAndOpenRoundTripAndClearTheDirtyMark(@TempDir Path dir) {
        String h1 = vm.addHost(0, 0);
        String h2 = vm.addHost(300, 0);
        vm.connect(h1, h2);
        assertTrue(vm.isDirty());
        Path file = dir.resolve("lab.json");
        vm.saveAs(file, () -> {});
        assertFalse(vm.isDirty());
        assertTrue(Files.exists(file));
        TopologyEditorViewModel other = blank();
        other.open(file);
        assertEquals(vm.topology(), other.topology());
        assertEquals(file, other.fileProperty().get());
        assertTrue(problems.isEmpty(), problems.toString());
    }

    @Test
    void aBrokenFileIsReportedAndTheTopologyKept(@TempDir Path dir) throws Exception {
        vm.addHost(0, 0);
        Topology before = vm.topology();
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "{ \"format\": \"linklab-topology\", \"version\": 1, \"hosts\": [ {\"id\": 3 ");
        vm.open(bad);
        assertEquals(before, vm.topology());
        assertEquals(1, problems.size());
        assertTrue(problems.get(0).contains("bad.json"), problems.get(0));
    }

    @Test
    void titleShowsUnsavedChanges() {
        assertEquals("lab", vm.titleProperty().get());
        vm.addHost(0, 0);
        assertEquals("*lab", vm.titleProperty().get());
    }
}
