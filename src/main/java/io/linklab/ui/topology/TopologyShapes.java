package io.linklab.ui.topology;

import io.linklab.model.HostSpec;
import io.linklab.model.InterfaceSpec;
import io.linklab.model.LinkSpec;
import io.linklab.model.SwitchSpec;
import io.linklab.model.Topology;
import io.linklab.ui.probe.HostBadge;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javafx.beans.InvalidationListener;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.shape.Circle;
import javafx.scene.shape.Line;

/**
 * The shapes the canvas draws for a topology, in model coordinates: node boxes sized by {@link NodeGeometry} and
 * links with their labels placed beside the line and clear of the ports. They take no events; the canvas derives
 * them afresh from the model on every change.
 */
final class TopologyShapes {

    /** Room kept between a link's label and the link, and between an end's label and its port. */
    private static final double LABEL_GAP = 4;

    private TopologyShapes() {}

    /**
     * A link's line, its speed label and the interface names at its ends (nothing for a dangling link).
     *
     * @param tint the colour of the link's result, drawn wide over its style, or null
     */
    static List<Node> link(Topology t, LinkSpec l, boolean selected, Color tint) {
        List<Node> shapes = new ArrayList<>();
        Optional<NodeGeometry.Box> a = NodeGeometry.box(t, l.a().nodeId());
        Optional<NodeGeometry.Box> b = NodeGeometry.box(t, l.b().nodeId());
        if (a.isEmpty() || b.isEmpty()) {
            return shapes;
        }
        Line line = new Line(
                a.get().centerX(), a.get().centerY(), b.get().centerX(), b.get().centerY());
        line.getStyleClass().add("topology-link");
        if (selected) {
            line.getStyleClass().add("selected");
        }
        line.setId("link-" + l.id());
        if (tint != null) {
            line.getStyleClass().add("tinted");
            // inline, so it wins over the style sheet's stroke; a selected link keeps its wider selection stroke
            line.setStyle(String.format(
                    Locale.ROOT,
                    "-fx-stroke: rgb(%d,%d,%d); -fx-stroke-width: %d;",
                    Math.round(tint.getRed() * 255),
                    Math.round(tint.getGreen() * 255),
                    Math.round(tint.getBlue() * 255),
                    selected ? 6 : 4));
        }
        shapes.add(line);
        LinkPath path = LinkPath.between(a.get(), b.get());
        if (path == null) {
            return shapes;
        }
        if (l.nominalSpeed() != null && !l.nominalSpeed().isBlank()) {
            // Beside the middle of the visible part of the link, on its upper side, never on the line.
            Label speed = new Label(l.nominalSpeed());
            speed.getStyleClass().add("link-label");
            speed.setId("link-label-" + l.id());
            placeBeside(speed, path.midX(), path.midY(), path);
            shapes.add(speed);
        }
        endLabel(l.a(), a.get(), path.fromX(), path.fromY(), path, path).ifPresent(shapes::add);
        endLabel(l.b(), b.get(), path.toX(), path.toY(), path.reversed(), path).ifPresent(shapes::add);
        return shapes;
    }

    /**
     * The interface name where the link leaves the node: past the node's port along the link, on the side away
     * from the speed label.
     *
     * @param dir  the link's direction seen from this end
     * @param full the link as drawn, whose normal points to the speed label's side
     */
    private static Optional<Label> endLabel(
            LinkSpec.End end, NodeGeometry.Box node, double x, double y, LinkPath dir, LinkPath full) {
        if (end.iface() == null || end.iface().isBlank()) {
            return Optional.empty();
        }
        Label label = new Label(end.iface());
        label.getStyleClass().add("link-end-label");
        label.setId("link-end-" + end.nodeId() + "-" + end.iface());
        label.setVisible(false); // until its size is known: shown only where it fits between the two nodes
        placeAlong(label, node, x, y, dir, full, full.visibleLength());
        return Optional.of(label);
    }

    /** Centres the label at (x, y) moved off the link along its normal by half the label's extent plus a gap. */
    private static void placeBeside(Label label, double x, double y, LinkPath path) {
        InvalidationListener place = o -> {
            double w = label.getWidth();
            double h = label.getHeight();
            // Clear of the line and of the ports at its ends, whose dots stand out from the line by their radius.
            double off = (Math.abs(path.nx()) * w + Math.abs(path.ny()) * h) / 2 + NodeGeometry.HANDLE + LABEL_GAP;
            double cx = x + path.nx() * off;
            double cy = y + path.ny() * off;
            label.relocate(cx - w / 2, cy - h / 2);
        };
        label.widthProperty().addListener(place);
        label.heightProperty().addListener(place);
        place.invalidated(null);
    }

    /**
     * Puts an end's label past the port (the connect handle's radius and a gap further along the link) and to the
     * lower side of the link; hides it when the visible part of the link is too short to hold it.
     */
    private static void placeAlong(
            Label label, NodeGeometry.Box node, double x, double y, LinkPath dir, LinkPath full, double room) {
        InvalidationListener place = o -> {
            double w = label.getWidth();
            double h = label.getHeight();
            double alongExtent = Math.abs(dir.ux()) * w + Math.abs(dir.uy()) * h;
            double along = NodeGeometry.HANDLE + LABEL_GAP + alongExtent / 2;
            double sideOff = (Math.abs(full.nx()) * w + Math.abs(full.ny()) * h) / 2 + LABEL_GAP;
            double cx = x + dir.ux() * along - full.nx() * sideOff;
            double cy = y + dir.uy() * along - full.ny() * sideOff;
            // A link leaving the node at a slant brings that side of it back towards the node: step out until the
            // label is off the node's box.
            for (int i = 0;
                    i < 40 && node.intersects(cx - w / 2 - 2, cy - h / 2 - 2, cx + w / 2 + 2, cy + h / 2 + 2);
                    i++) {
                along += 1;
                cx += dir.ux();
                cy += dir.uy();
            }
            label.relocate(cx - w / 2, cy - h / 2);
            label.setVisible(w > 0 && 2 * (along + alongExtent / 2) <= room);
        };
        label.widthProperty().addListener(place);
        label.heightProperty().addListener(place);
        place.invalidated(null);
    }

    /** A host's box: name, probe badge, login and one line per test interface. */
    static Region host(HostSpec h, boolean selected, HostBadge badge) {
        NodeGeometry.Box box = NodeGeometry.box(h);
        Label name = new Label(h.name());
        name.getStyleClass().add("node-name");
        Circle dot = new Circle(6);
        dot.getStyleClass().addAll("badge-dot", badge.styleClass());
        Label badgeText = new Label(badge.text());
        badgeText.getStyleClass().addAll("badge-text", badge.styleClass());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox header = new HBox(6, name, spacer, dot, badgeText);
        header.setAlignment(Pos.CENTER_LEFT);
        String loginText =
                h.managementAddress() == null || h.managementAddress().isBlank() ? "no management address" : h.login();
        Label login = new Label(loginText);
        login.getStyleClass().add("node-detail");
        VBox box2 = new VBox(1, header, login);
        for (InterfaceSpec f : h.interfaces()) {
            Label row = new Label(NodeGeometry.interfaceLine(f));
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

    /** A switch's box: name, model and largest MTU. */
    static Region switchBox(SwitchSpec s, boolean selected) {
        NodeGeometry.Box box = NodeGeometry.box(s);
        Label name = new Label(s.name());
        name.getStyleClass().add("node-name");
        Label d = new Label(NodeGeometry.switchDetail(s));
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
}
