package io.linklab.ui.topology;

import io.linklab.model.HostSpec;
import io.linklab.model.InterfaceSpec;
import io.linklab.model.LinkSpec;
import io.linklab.model.SwitchSpec;
import io.linklab.model.Topology;
import io.linklab.ui.probe.HostBadge;
import java.util.Optional;
import java.util.Set;
import javafx.collections.MapChangeListener;
import javafx.collections.ObservableMap;
import javafx.geometry.Point2D;
import javafx.scene.Group;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.shape.Circle;
import javafx.scene.shape.Line;
import javafx.scene.shape.Rectangle;
import javafx.scene.transform.Affine;

/**
 * The drawing: hosts, switches and links at their model positions, under a zoom and pan.
 * Shapes are derived from the topology on every change and take no events themselves; the
 * viewport turns presses into one gesture each (move, connect, marquee, pan) and hit-tests in
 * model coordinates through {@link NodeGeometry}.
 */
public final class TopologyCanvas {

    public static final double MIN_ZOOM = 0.25;
    public static final double MAX_ZOOM = 4;

    private final TopologyEditorViewModel vm;
    private final ObservableMap<String, HostBadge> badges;
    private final Pane viewport = new Pane();
    private final Canvas grid = new Canvas();
    private final Group world = new Group();
    private final Group shapes = new Group();
    private final Group overlay = new Group();
    private final Affine view = new Affine();
    private double zoom = 1;
    private double panX;
    private double panY;
    private Gesture gesture;

    public TopologyCanvas(TopologyEditorViewModel vm, ObservableMap<String, HostBadge> badges) {
        this.vm = vm;
        this.badges = badges;
        viewport.setId("topology-canvas");
        viewport.getStyleClass().add("topology-canvas");
        viewport.setFocusTraversable(true);
        viewport.setMinSize(200, 150);
        Rectangle clip = new Rectangle();
        clip.widthProperty().bind(viewport.widthProperty());
        clip.heightProperty().bind(viewport.heightProperty());
        viewport.setClip(clip);
        grid.setMouseTransparent(true);
        world.setMouseTransparent(true);
        world.getTransforms().add(view);
        world.getChildren().addAll(shapes, overlay);
        viewport.getChildren().addAll(grid, world);
        grid.widthProperty().bind(viewport.widthProperty());
        grid.heightProperty().bind(viewport.heightProperty());
        grid.widthProperty().addListener(o -> drawGrid());
        grid.heightProperty().addListener(o -> drawGrid());

        vm.history().topologyProperty().addListener(o -> redraw());
        vm.selectionProperty().addListener(o -> redraw());
        badges.addListener((MapChangeListener<String, HostBadge>) c -> redraw());

        viewport.addEventHandler(MouseEvent.MOUSE_PRESSED, this::pressed);
        viewport.addEventHandler(MouseEvent.MOUSE_DRAGGED, this::dragged);
        viewport.addEventHandler(MouseEvent.MOUSE_RELEASED, this::released);
        viewport.addEventHandler(ScrollEvent.SCROLL, this::scrolled);
        viewport.addEventHandler(KeyEvent.KEY_PRESSED, this::keyPressed);
        updateView();
        redraw();
    }

    public Region node() {
        return viewport;
    }

    public double zoom() {
        return zoom;
    }

    // ---- coordinates -------------------------------------------------------------------------

    /** Model coordinates of a point in the viewport. */
    public Point2D toModel(double viewX, double viewY) {
        return new Point2D((viewX - panX) / zoom, (viewY - panY) / zoom);
    }

    /** Viewport coordinates of a model point (tests use this to aim the mouse). */
    public Point2D toView(double modelX, double modelY) {
        return new Point2D(modelX * zoom + panX, modelY * zoom + panY);
    }

    /** Screen coordinates of a model point. */
    public Point2D toScreen(double modelX, double modelY) {
        Point2D v = toView(modelX, modelY);
        return viewport.localToScreen(v.getX(), v.getY());
    }

    public void zoomBy(double factor, double aroundViewX, double aroundViewY) {
        double next = Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, zoom * factor));
        Point2D m = toModel(aroundViewX, aroundViewY);
        zoom = next;
        panX = aroundViewX - m.getX() * zoom;
        panY = aroundViewY - m.getY() * zoom;
        updateView();
    }

    public void zoomIn() {
        zoomBy(1.25, viewport.getWidth() / 2, viewport.getHeight() / 2);
    }

    public void zoomOut() {
        zoomBy(0.8, viewport.getWidth() / 2, viewport.getHeight() / 2);
    }

    public void resetZoom() {
        zoomBy(1 / zoom, viewport.getWidth() / 2, viewport.getHeight() / 2);
    }

    /** Zooms and pans so that every node is visible, no closer than 1:1. */
    public void fit() {
        Optional<NodeGeometry.Box> b = NodeGeometry.bounds(vm.topology());
        double w = viewport.getWidth() > 0 ? viewport.getWidth() : viewport.getPrefWidth();
        double h = viewport.getHeight() > 0 ? viewport.getHeight() : viewport.getPrefHeight();
        if (b.isEmpty() || w <= 0 || h <= 0) {
            zoom = 1;
            panX = 0;
            panY = 0;
            updateView();
            return;
        }
        double margin = 40;
        double box = Math.min((w - 2 * margin) / b.get().width(), (h - 2 * margin) / b.get().height());
        zoom = Math.max(MIN_ZOOM, Math.min(1, box));
        panX = w / 2 - b.get().centerX() * zoom;
        panY = h / 2 - b.get().centerY() * zoom;
        updateView();
    }

    /** Model point at the middle of what is visible: where palette clicks put new nodes. */
    public Point2D visibleCenter() {
        return toModel(viewport.getWidth() / 2, viewport.getHeight() / 2);
    }

    private void updateView() {
        view.setToTransform(zoom, 0, panX, 0, zoom, panY);
        drawGrid();
    }

    private void drawGrid() {
        GraphicsContext g = grid.getGraphicsContext2D();
        double w = grid.getWidth();
        double h = grid.getHeight();
        g.clearRect(0, 0, w, h);
        double step = NodeGeometry.GRID * zoom;
        if (step < 6) {
            return;
        }
        g.setFill(Color.rgb(128, 128, 128, 0.35));
        double size = Math.max(1, Math.min(2, zoom * 1.5));
        for (double x = Math.floorMod((long) Math.round(panX), (long) Math.max(1, Math.round(step))); x < w; x += step) {
            for (double y = Math.floorMod((long) Math.round(panY), (long) Math.max(1, Math.round(step))); y < h;
                    y += step) {
                g.fillRect(x, y, size, size);
            }
        }
    }

    // ---- drawing -----------------------------------------------------------------------------

    private void redraw() {
        Topology t = vm.topology();
        Set<String> selected = vm.selection();
        shapes.getChildren().clear();
        for (LinkSpec l : t.links()) {
            drawLink(t, l, selected.contains(l.id()));
        }
        for (HostSpec h : t.hosts()) {
            shapes.getChildren().add(hostShape(h, selected.contains(h.id())));
        }
        for (SwitchSpec s : t.switches()) {
            shapes.getChildren().add(switchShape(s, selected.contains(s.id())));
        }
    }

    private void drawLink(Topology t, LinkSpec l, boolean selected) {
        Optional<NodeGeometry.Box> a = NodeGeometry.box(t, l.a().nodeId());
        Optional<NodeGeometry.Box> b = NodeGeometry.box(t, l.b().nodeId());
        if (a.isEmpty() || b.isEmpty()) {
            return;
        }
        Line line = new Line(a.get().centerX(), a.get().centerY(), b.get().centerX(), b.get().centerY());
        line.getStyleClass().add("topology-link");
        if (selected) {
            line.getStyleClass().add("selected");
        }
        line.setId("link-" + l.id());
        shapes.getChildren().add(line);
        if (l.nominalSpeed() != null && !l.nominalSpeed().isBlank()) {
            Label speed = new Label(l.nominalSpeed());
            speed.getStyleClass().add("link-label");
            placeCentered(speed, (a.get().centerX() + b.get().centerX()) / 2, (a.get().centerY() + b.get().centerY()) / 2);
            shapes.getChildren().add(speed);
        }
        endLabel(l.a(), a.get(), b.get());
        endLabel(l.b(), b.get(), a.get());
    }

    /** The interface name next to where the link leaves the node's box. */
    private void endLabel(LinkSpec.End end, NodeGeometry.Box from, NodeGeometry.Box to) {
        if (end.iface() == null || end.iface().isBlank()) {
            return;
        }
        double dx = to.centerX() - from.centerX();
        double dy = to.centerY() - from.centerY();
        double len = Math.hypot(dx, dy);
        if (len < 1) {
            return;
        }
        double ux = dx / len;
        double uy = dy / len;
        double tx = ux == 0 ? Double.MAX_VALUE : (from.width() / 2) / Math.abs(ux);
        double ty = uy == 0 ? Double.MAX_VALUE : (from.height() / 2) / Math.abs(uy);
        double d = Math.min(tx, ty) + 22;
        if (d > len / 2) {
            return; // nodes too close: the label would sit on the other node
        }
        Label label = new Label(end.iface());
        label.getStyleClass().add("link-end-label");
        placeCentered(label, from.centerX() + ux * d, from.centerY() + uy * d);
        shapes.getChildren().add(label);
    }

    private static void placeCentered(Label label, double x, double y) {
        // Labels size themselves; keep the middle on the point whatever the text width.
        label.layoutXProperty().bind(label.widthProperty().divide(-2).add(x));
        label.layoutYProperty().bind(label.heightProperty().divide(-2).add(y));
    }

    private Region hostShape(HostSpec h, boolean selected) {
        NodeGeometry.Box box = NodeGeometry.box(h);
        Label name = new Label(h.name());
        name.getStyleClass().add("node-name");
        HostBadge badge = badges.getOrDefault(h.id(), HostBadge.NOT_PROBED);
        Circle dot = new Circle(6);
        dot.getStyleClass().addAll("badge-dot", badge.styleClass());
        Label badgeText = new Label(badge.text());
        badgeText.getStyleClass().addAll("badge-text", badge.styleClass());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox header = new HBox(6, name, spacer, dot, badgeText);
        header.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        String loginText = h.managementAddress() == null || h.managementAddress().isBlank() ? "no management address"
                : h.login();
        Label login = new Label(loginText);
        login.getStyleClass().add("node-detail");
        VBox box2 = new VBox(1, header, login);
        for (InterfaceSpec f : h.interfaces()) {
            Label row = new Label(interfaceLine(f));
            row.getStyleClass().add("node-iface");
            row.setMinHeight(NodeGeometry.HOST_ROW - 1);
            box2.getChildren().add(row);
        }
        if (h.interfaces().isEmpty()) {
            Label none = new Label("no test interface");
            none.getStyleClass().add("node-detail");
            box2.getChildren().add(none);
        }
        box2.getStyleClass().addAll("topology-node", "topology-host");
        if (selected) {
            box2.getStyleClass().add("selected");
        }
        box2.setId("node-" + h.id());
        sizeTo(box2, box);
        return withHandle(box2, box);
    }

    static String interfaceLine(InterfaceSpec f) {
        StringBuilder sb = new StringBuilder(f.name());
        sb.append("  ").append(f.address() == null ? "—" : f.address());
        if (f.mtu() > 0) {
            sb.append("  MTU ").append(f.mtu());
        }
        if (f.speed() != null && !f.speed().isBlank()) {
            sb.append("  ").append(f.speed());
        }
        return sb.toString();
    }

    private Region switchShape(SwitchSpec s, boolean selected) {
        NodeGeometry.Box box = NodeGeometry.box(s);
        Label name = new Label(s.name());
        name.getStyleClass().add("node-name");
        String detail = (s.model() == null ? "switch" : s.model()) + (s.maxMtu() > 0 ? "  max MTU " + s.maxMtu() : "");
        Label d = new Label(detail);
        d.getStyleClass().add("node-detail");
        VBox v = new VBox(2, name, d);
        v.getStyleClass().addAll("topology-node", "topology-switch");
        if (selected) {
            v.getStyleClass().add("selected");
        }
        v.setId("node-" + s.id());
        sizeTo(v, box);
        return withHandle(v, box);
    }

    private static void sizeTo(Region r, NodeGeometry.Box box) {
        r.setLayoutX(box.x());
        r.setLayoutY(box.y());
        r.setMinSize(box.width(), box.height());
        r.setPrefSize(box.width(), box.height());
        r.setMaxSize(box.width(), box.height());
    }

    private static Region withHandle(Region node, NodeGeometry.Box box) {
        Circle handle = new Circle(NodeGeometry.HANDLE);
        handle.getStyleClass().add("connect-handle");
        handle.setManaged(false);
        handle.setLayoutX(box.width());
        handle.setLayoutY(box.height() / 2);
        if (node instanceof Pane p) {
            p.getChildren().add(handle);
        }
        return node;
    }

    // ---- gestures ----------------------------------------------------------------------------

    /** One mouse gesture from press to release. */
    private interface Gesture {
        void drag(MouseEvent e);

        void release(MouseEvent e);
    }

    private void pressed(MouseEvent e) {
        viewport.requestFocus();
        Point2D p = toModel(e.getX(), e.getY());
        Topology t = vm.topology();
        if (e.getButton() == MouseButton.SECONDARY || e.getButton() == MouseButton.MIDDLE) {
            gesture = new Pan(e);
            return;
        }
        if (e.getButton() != MouseButton.PRIMARY) {
            return;
        }
        boolean toggle = e.isShiftDown() || e.isShortcutDown();
        Optional<String> handle = NodeGeometry.handleAt(t, p.getX(), p.getY(), 3 / zoom);
        Optional<String> node = NodeGeometry.nodeAt(t, p.getX(), p.getY());
        if (handle.isPresent() || (node.isPresent() && vm.modeProperty().get() == TopologyEditorViewModel.Mode.CONNECT)) {
            gesture = new Connect(handle.orElseGet(node::get), p);
            return;
        }
        if (node.isPresent()) {
            if (toggle) {
                vm.select(node.get(), true);
            } else if (!vm.selection().contains(node.get())) {
                vm.select(node.get(), false);
            }
            gesture = vm.selection().contains(node.get()) ? new Move(p) : null;
            return;
        }
        Optional<String> link = NodeGeometry.linkAt(t, p.getX(), p.getY(), 6 / zoom);
        if (link.isPresent()) {
            vm.select(link.get(), toggle);
            gesture = null;
            return;
        }
        if (!toggle) {
            vm.clearSelection();
        }
        gesture = new Marquee(p, toggle);
    }

    private void dragged(MouseEvent e) {
        if (gesture != null) {
            gesture.drag(e);
        }
    }

    private void released(MouseEvent e) {
        if (gesture != null) {
            Gesture g = gesture;
            gesture = null;
            g.release(e);
        }
    }

    private final class Move implements Gesture {
        private final Point2D start;
        private final TopologyEditorViewModel.Drag drag = vm.startDrag();

        Move(Point2D start) {
            this.start = start;
        }

        @Override
        public void drag(MouseEvent e) {
            Point2D p = toModel(e.getX(), e.getY());
            drag.dragTo(p.getX() - start.getX(), p.getY() - start.getY());
        }

        @Override
        public void release(MouseEvent e) {
            drag(e);
        }
    }

    private final class Connect implements Gesture {
        private final String from;
        private final Line preview = new Line();

        Connect(String from, Point2D p) {
            this.from = from;
            NodeGeometry.Box b = NodeGeometry.box(vm.topology(), from).orElseThrow();
            preview.setStartX(b.centerX());
            preview.setStartY(b.centerY());
            preview.setEndX(p.getX());
            preview.setEndY(p.getY());
            preview.getStyleClass().add("connect-preview");
            overlay.getChildren().add(preview);
        }

        @Override
        public void drag(MouseEvent e) {
            Point2D p = toModel(e.getX(), e.getY());
            preview.setEndX(p.getX());
            preview.setEndY(p.getY());
        }

        @Override
        public void release(MouseEvent e) {
            overlay.getChildren().remove(preview);
            Point2D p = toModel(e.getX(), e.getY());
            NodeGeometry.nodeAt(vm.topology(), p.getX(), p.getY()).ifPresent(to -> vm.connect(from, to));
        }
    }

    private final class Marquee implements Gesture {
        private final Point2D start;
        private final boolean add;
        private final Rectangle rect = new Rectangle();

        Marquee(Point2D start, boolean add) {
            this.start = start;
            this.add = add;
            rect.getStyleClass().add("marquee");
            rect.setX(start.getX());
            rect.setY(start.getY());
            overlay.getChildren().add(rect);
        }

        @Override
        public void drag(MouseEvent e) {
            Point2D p = toModel(e.getX(), e.getY());
            rect.setX(Math.min(start.getX(), p.getX()));
            rect.setY(Math.min(start.getY(), p.getY()));
            rect.setWidth(Math.abs(p.getX() - start.getX()));
            rect.setHeight(Math.abs(p.getY() - start.getY()));
        }

        @Override
        public void release(MouseEvent e) {
            overlay.getChildren().remove(rect);
            Point2D p = toModel(e.getX(), e.getY());
            if (Math.abs(p.getX() - start.getX()) > 2 || Math.abs(p.getY() - start.getY()) > 2) {
                vm.selectInRectangle(start.getX(), start.getY(), p.getX(), p.getY(), add);
            }
        }
    }

    private final class Pan implements Gesture {
        private final double startX;
        private final double startY;
        private final double panX0 = panX;
        private final double panY0 = panY;

        Pan(MouseEvent e) {
            startX = e.getX();
            startY = e.getY();
            viewport.getStyleClass().add("panning");
        }

        @Override
        public void drag(MouseEvent e) {
            panX = panX0 + e.getX() - startX;
            panY = panY0 + e.getY() - startY;
            updateView();
        }

        @Override
        public void release(MouseEvent e) {
            viewport.getStyleClass().remove("panning");
        }
    }

    private void scrolled(ScrollEvent e) {
        if (e.isShortcutDown() || e.isControlDown()) {
            zoomBy(e.getDeltaY() > 0 ? 1.1 : 1 / 1.1, e.getX(), e.getY());
        } else {
            panX += e.getDeltaX();
            panY += e.getDeltaY();
            updateView();
        }
        e.consume();
    }

    private void keyPressed(KeyEvent e) {
        KeyCode k = e.getCode();
        boolean handled = true;
        switch (k) {
            case DELETE, BACK_SPACE -> vm.deleteSelection();
            case LEFT -> vm.nudge(-1, 0);
            case RIGHT -> vm.nudge(1, 0);
            case UP -> vm.nudge(0, -1);
            case DOWN -> vm.nudge(0, 1);
            case TAB -> vm.selectNext(e.isShiftDown());
            case ESCAPE -> {
                if (gesture instanceof Connect c) {
                    overlay.getChildren().remove(c.preview);
                    gesture = null;
                } else {
                    vm.clearSelection();
                }
            }
            default -> handled = false;
        }
        if (handled) {
            e.consume();
        }
    }
}
