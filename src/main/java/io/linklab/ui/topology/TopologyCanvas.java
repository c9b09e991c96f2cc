package io.linklab.ui.topology;

import io.linklab.model.HostSpec;
import io.linklab.model.LinkSpec;
import io.linklab.model.SwitchSpec;
import io.linklab.model.Topology;
import io.linklab.ui.probe.HostBadge;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javafx.collections.MapChangeListener;
import javafx.collections.ObservableMap;
import javafx.geometry.Point2D;
import javafx.scene.Group;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
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
    /** Fit enlarges a small lab to use the canvas, but not so far that a single node fills it. */
    public static final double FIT_MAX_ZOOM = 1.5;

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
    private Map<String, Color> tints = Map.of();
    /** True while the view is fitted and the user has not zoomed or panned since: resizing fits again. */
    private boolean autoFit;

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
        viewport.widthProperty().addListener(o -> fitIfAuto());
        viewport.heightProperty().addListener(o -> fitIfAuto());

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

    /** Colours links by a result, by link id (the matrix view's); an empty map shows every link as drawn. */
    public void tintLinks(Map<String, Color> colours) {
        tints = Map.copyOf(colours);
        redraw();
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
        autoFit = false;
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

    /**
     * Fits the drawing now if the canvas has its size, else as soon as it gets one; until the user zooms or pans,
     * the drawing stays fitted as the window changes size (the lab is "fitted by default" when opened).
     */
    public void fitWhenShown() {
        autoFit = true;
        fitIfAuto();
    }

    private void fitIfAuto() {
        if (autoFit && viewport.getWidth() > 0 && viewport.getHeight() > 0) {
            fit();
        }
    }

    /** Whether the view follows the canvas' size (fitted, not zoomed or panned by hand since). */
    public boolean isAutoFit() {
        return autoFit;
    }

    /** Zooms and pans so that every node is visible and the drawing uses the canvas, at most {@link #FIT_MAX_ZOOM}. */
    public void fit() {
        autoFit = true;
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
        double margin = 32;
        double box = Math.min(
                (w - 2 * margin) / b.get().width(), (h - 2 * margin) / b.get().height());
        zoom = Math.max(MIN_ZOOM, Math.min(FIT_MAX_ZOOM, box));
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
        for (double x = Math.floorMod((long) Math.round(panX), (long) Math.max(1, Math.round(step)));
                x < w;
                x += step) {
            for (double y = Math.floorMod((long) Math.round(panY), (long) Math.max(1, Math.round(step)));
                    y < h;
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
            shapes.getChildren().addAll(TopologyShapes.link(t, l, selected.contains(l.id()), tints.get(l.id())));
        }
        for (HostSpec h : t.hosts()) {
            shapes.getChildren()
                    .add(TopologyShapes.host(
                            h, selected.contains(h.id()), badges.getOrDefault(h.id(), HostBadge.NOT_PROBED)));
        }
        for (SwitchSpec s : t.switches()) {
            shapes.getChildren().add(TopologyShapes.switchBox(s, selected.contains(s.id())));
        }
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
        if (handle.isPresent()
                || (node.isPresent() && vm.modeProperty().get() == TopologyEditorViewModel.Mode.CONNECT)) {
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
            autoFit = false;
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
            autoFit = false;
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
