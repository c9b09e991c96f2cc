package io.linklab.ui.topology;

import io.linklab.model.HostSpec;
import io.linklab.model.InterfaceSpec;
import io.linklab.model.LinkSpec;
import io.linklab.model.SwitchSpec;
import io.linklab.model.Topology;
import io.linklab.store.SshConfigHosts;
import io.linklab.store.TopologyFiles;
import io.linklab.ui.tasks.TaskRunner;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleObjectProperty;

/**
 * The topology editor's state and every action on it, without any Node: the document and its
 * undo history, the selection, the file it lives in, the clipboard. The canvas view turns mouse
 * gestures into calls here; each call that changes the topology is one {@link TopologyEdit}.
 */
public final class TopologyEditorViewModel {

    /** What a press on the canvas does. */
    public enum Mode {
        SELECT,
        CONNECT
    }

    private final EditHistory history;
    private final TaskRunner tasks;
    private final ReadOnlyObjectWrapper<Set<String>> selection = new ReadOnlyObjectWrapper<>(Set.of());
    private final ReadOnlyObjectWrapper<Path> file = new ReadOnlyObjectWrapper<>();
    private final ObjectProperty<Mode> mode = new SimpleObjectProperty<>(Mode.SELECT);
    private final StringBinding title;
    private Topology clipboard;
    private int pasteCount;
    private Consumer<String> problems = message -> {};
    private Consumer<Path> onFileChanged = path -> {};

    public TopologyEditorViewModel(Topology initial, TaskRunner tasks) {
        this.history = new EditHistory(200, initial);
        this.tasks = tasks;
        // An undo can bring back a state where selected items no longer exist.
        history.topologyProperty().addListener((o, was, now) -> dropMissingFromSelection(now));
        title = Bindings.createStringBinding(
                () -> {
                    Path f = file.get();
                    String name = f == null
                            ? history.topology().name()
                            : f.getFileName().toString();
                    return (history.dirtyProperty().get() ? "*" : "") + name;
                },
                file,
                history.topologyProperty(),
                history.dirtyProperty());
    }

    // ---- state -------------------------------------------------------------------------------

    public EditHistory history() {
        return history;
    }

    public Topology topology() {
        return history.topology();
    }

    public ReadOnlyObjectProperty<Set<String>> selectionProperty() {
        return selection.getReadOnlyProperty();
    }

    public Set<String> selection() {
        return selection.get();
    }

    public ReadOnlyObjectProperty<Path> fileProperty() {
        return file.getReadOnlyProperty();
    }

    public ObjectProperty<Mode> modeProperty() {
        return mode;
    }

    /** "*name" while there are unsaved changes: for the window title. */
    public StringBinding titleProperty() {
        return title;
    }

    public boolean isDirty() {
        return history.dirtyProperty().get();
    }

    /** Where user-facing problems (a file that cannot be read) are reported. */
    public void setOnProblem(Consumer<String> sink) {
        this.problems = sink;
    }

    /** Told of each file opened or saved, for the recent-files list. */
    public void setOnFileChanged(Consumer<Path> sink) {
        this.onFileChanged = sink;
    }

    // ---- selection ---------------------------------------------------------------------------

    public void select(String id, boolean toggle) {
        Set<String> next = new LinkedHashSet<>(toggle ? selection.get() : Set.of());
        if (toggle && next.contains(id)) {
            next.remove(id);
        } else {
            next.add(id);
        }
        selection.set(Set.copyOf(next));
    }

    public void selectOnly(Collection<String> ids) {
        selection.set(Set.copyOf(ids));
    }

    public void clearSelection() {
        selection.set(Set.of());
    }

    public void selectAll() {
        selection.set(TopologyChanges.allIds(topology()));
    }

    /** Marquee: every node touching the rectangle, plus links whose both ends are inside it. */
    public void selectInRectangle(double x0, double y0, double x1, double y1, boolean add) {
        Set<String> next = new LinkedHashSet<>(add ? selection.get() : Set.of());
        Topology t = topology();
        Set<String> nodes = new LinkedHashSet<>();
        t.hosts().stream()
                .filter(h -> NodeGeometry.box(h).intersects(x0, y0, x1, y1))
                .forEach(h -> nodes.add(h.id()));
        t.switches().stream()
                .filter(s -> NodeGeometry.box(s).intersects(x0, y0, x1, y1))
                .forEach(s -> nodes.add(s.id()));
        next.addAll(nodes);
        t.links().stream()
                .filter(l -> nodes.contains(l.a().nodeId()) && nodes.contains(l.b().nodeId()))
                .forEach(l -> next.add(l.id()));
        selection.set(Set.copyOf(next));
    }

    /** Tab / Shift+Tab: the next node or link in drawing order after the selected one. */
    public void selectNext(boolean backwards) {
        List<String> order = new ArrayList<>();
        topology().hosts().forEach(h -> order.add(h.id()));
        topology().switches().forEach(s -> order.add(s.id()));
        topology().links().forEach(l -> order.add(l.id()));
        if (order.isEmpty()) {
            return;
        }
        int at = -1;
        for (int i = 0; i < order.size(); i++) {
            if (selection.get().contains(order.get(i))) {
                at = i;
                if (backwards) {
                    break;
                }
            }
        }
        int next = at < 0 ? (backwards ? order.size() - 1 : 0) : Math.floorMod(at + (backwards ? -1 : 1), order.size());
        selection.set(Set.of(order.get(next)));
    }

    private void dropMissingFromSelection(Topology t) {
        Set<String> ids = TopologyChanges.allIds(t);
        if (!ids.containsAll(selection.get())) {
            Set<String> kept = new LinkedHashSet<>(selection.get());
            kept.retainAll(ids);
            selection.set(Set.copyOf(kept));
        }
    }

    /** The single selected host, switch or link, for the property panel. */
    public Optional<Object> selectedItem() {
        if (selection.get().size() != 1) {
            return Optional.empty();
        }
        String id = selection.get().iterator().next();
        Topology t = topology();
        Optional<Object> item =
                t.hosts().stream().filter(h -> h.id().equals(id)).findFirst().map(h -> h);
        if (item.isEmpty()) {
            item = t.switches().stream()
                    .filter(s -> s.id().equals(id))
                    .findFirst()
                    .map(s -> s);
        }
        if (item.isEmpty()) {
            item = t.links().stream().filter(l -> l.id().equals(id)).findFirst().map(l -> l);
        }
        return item;
    }

    // ---- edits -------------------------------------------------------------------------------

    private void apply(String description, Topology after) {
        history.execute(TopologyEdit.of(description, topology(), after));
    }

    public String addHost(double x, double y) {
        Topology t = topology();
        String id = TopologyChanges.freeId(t, "host");
        String name = TopologyChanges.freeName(t, "host" + id.substring(4));
        // The name doubles as the management address: often it is the ssh config alias anyway.
        HostSpec h = new HostSpec(
                id,
                name,
                name,
                null,
                22,
                null,
                null,
                List.of(new InterfaceSpec("eth0", null, 1500, null)),
                snap(x),
                snap(y));
        apply("Add host " + name, TopologyChanges.withHost(t, h));
        selection.set(Set.of(id));
        return id;
    }

    public String addSwitch(double x, double y) {
        Topology t = topology();
        String id = TopologyChanges.freeId(t, "switch");
        String name = TopologyChanges.freeName(t, "switch" + id.substring(6));
        apply(
                "Add switch " + name,
                TopologyChanges.withSwitch(t, new SwitchSpec(id, name, null, 9216, snap(x), snap(y))));
        selection.set(Set.of(id));
        return id;
    }

    /** A free spot near the top-left of what is drawn, for nodes added without a position. */
    public double[] freeSpot(double preferX, double preferY) {
        return NodeGeometry.freeSpot(topology(), preferX, preferY);
    }

    /** Joins two different nodes; an existing link between the same two is not doubled. */
    public Optional<String> connect(String aId, String bId) {
        if (aId.equals(bId)) {
            return Optional.empty();
        }
        Topology t = topology();
        if (NodeGeometry.box(t, aId).isEmpty() || NodeGeometry.box(t, bId).isEmpty()) {
            return Optional.empty();
        }
        String id = TopologyChanges.freeId(t, "link");
        apply("Connect " + nodeName(aId) + " to " + nodeName(bId), TopologyChanges.connected(t, aId, bId, id));
        selection.set(Set.of(id));
        return Optional.of(id);
    }

    public String nodeName(String id) {
        Topology t = topology();
        return t.hosts().stream()
                .filter(h -> h.id().equals(id))
                .map(HostSpec::name)
                .findFirst()
                .or(() -> t.switches().stream()
                        .filter(s -> s.id().equals(id))
                        .map(SwitchSpec::name)
                        .findFirst())
                .orElse(id);
    }

    /** A drag of the selected nodes: every {@link #dragTo} of one gesture is one undo step. */
    public final class Drag {
        private final Topology origin = topology();
        private final Set<String> nodes;
        private final Object gesture = new Object();

        private Drag(Set<String> nodes) {
            this.nodes = nodes;
        }

        /** Moves the dragged nodes to origin + (dx, dy), snapped to the grid. */
        public void dragTo(double dx, double dy) {
            Topology after = TopologyChanges.moved(origin, nodes, dx, dy, NodeGeometry.GRID);
            history.execute(new TopologyEdit(description(), topology(), after, gesture));
        }

        private String description() {
            return nodes.size() == 1 ? "Move " + nodeName(nodes.iterator().next()) : "Move " + nodes.size() + " nodes";
        }
    }

    public Drag startDrag() {
        Set<String> nodes = new LinkedHashSet<>();
        for (String id : selection.get()) {
            if (NodeGeometry.box(topology(), id).isPresent()) {
                nodes.add(id);
            }
        }
        return new Drag(nodes);
    }

    private Object nudgeGesture;
    private Topology nudgeResult;

    /** Arrow keys: moves the selection one grid step; consecutive nudges undo as one step. */
    public void nudge(int dxSteps, int dySteps) {
        Set<String> nodes = new LinkedHashSet<>(selection.get());
        nodes.removeIf(id -> NodeGeometry.box(topology(), id).isEmpty());
        if (nodes.isEmpty()) {
            return;
        }
        if (nudgeGesture == null || !topology().equals(nudgeResult)) {
            nudgeGesture = new Object();
        }
        Topology after = TopologyChanges.moved(
                topology(), nodes, dxSteps * NodeGeometry.GRID, dySteps * NodeGeometry.GRID, NodeGeometry.GRID);
        history.execute(new TopologyEdit(
                "Move " + (nodes.size() == 1 ? nodeName(nodes.iterator().next()) : nodes.size() + " nodes"),
                topology(),
                after,
                nudgeGesture));
        nudgeResult = topology();
    }

    public void deleteSelection() {
        if (selection.get().isEmpty()) {
            return;
        }
        int n = selection.get().size();
        String what = n == 1 ? describe(selection.get().iterator().next()) : n + " items";
        apply("Delete " + what, TopologyChanges.without(topology(), selection.get()));
        selection.set(Set.of());
    }

    private String describe(String id) {
        return topology().links().stream().anyMatch(l -> l.id().equals(id)) ? "link" : nodeName(id);
    }

    public boolean copySelection() {
        Topology fragment = TopologyChanges.fragment(topology(), selection.get());
        if (fragment.hosts().isEmpty() && fragment.switches().isEmpty()) {
            return false;
        }
        clipboard = fragment;
        pasteCount = 0;
        return true;
    }

    public void cutSelection() {
        if (copySelection()) {
            deleteSelection();
        }
    }

    public boolean canPaste() {
        return clipboard != null;
    }

    public void paste() {
        if (clipboard == null) {
            return;
        }
        pasteCount++;
        double offset = NodeGeometry.GRID * 2 * pasteCount;
        TopologyChanges.Pasted p = TopologyChanges.pasted(topology(), clipboard, offset, offset);
        apply("Paste " + p.createdIds().size() + " items", p.topology());
        selection.set(Set.copyOf(p.createdIds()));
    }

    public void replaceHost(HostSpec host) {
        apply("Edit host " + host.name(), TopologyChanges.replaceHost(topology(), host));
    }

    public void replaceSwitch(SwitchSpec sw) {
        apply("Edit switch " + sw.name(), TopologyChanges.replaceSwitch(topology(), sw));
    }

    public void replaceLink(LinkSpec link) {
        apply("Edit link", TopologyChanges.replaceLink(topology(), link));
    }

    public void rename(String name) {
        apply("Rename topology", TopologyChanges.renamed(topology(), name));
    }

    /** Adds the ssh config's hosts not already in the topology (same management address), in one step. */
    public int importHosts(List<SshConfigHosts.Entry> entries) {
        Topology t = topology();
        Topology after = TopologyChanges.withImportedHosts(t, entries, freeSpot(40, 40));
        int added = after.hosts().size() - t.hosts().size();
        if (added > 0) {
            apply("Import " + added + " hosts from SSH config", after);
        }
        return added;
    }

    public void undo() {
        history.undo();
    }

    public void redo() {
        history.redo();
    }

    private static double snap(double v) {
        return TopologyChanges.snap(v, NodeGeometry.GRID);
    }

    // ---- files -------------------------------------------------------------------------------

    public void newTopology(Topology blank) {
        history.reset(blank);
        file.set(null);
        selection.set(Set.of());
    }

    public void open(Path path) {
        open(path, () -> {});
    }

    public void open(Path path, Runnable then) {
        open(path, then, problems);
    }

    /** Opens a file; a failure goes to {@code onFailure} and leaves the current topology as it is. */
    public void open(Path path, Runnable then, Consumer<String> onFailure) {
        tasks.run(
                () -> TopologyFiles.read(path),
                t -> {
                    history.reset(t);
                    file.set(path);
                    selection.set(Set.of());
                    onFileChanged.accept(path);
                    then.run();
                },
                e -> onFailure.accept(e.getMessage()));
    }

    /** Saves to the current file; false when there is none yet (the view then asks for one). */
    public boolean save(Runnable then) {
        if (file.get() == null) {
            return false;
        }
        saveAs(file.get(), then);
        return true;
    }

    public void saveAs(Path path, Runnable then) {
        Topology snapshot = topology();
        tasks.run(
                () -> {
                    TopologyFiles.write(path, snapshot);
                    return path;
                },
                p -> {
                    history.markSaved(snapshot);
                    file.set(p);
                    onFileChanged.accept(p);
                    then.run();
                },
                e -> problems.accept(e.getMessage()));
    }
}
