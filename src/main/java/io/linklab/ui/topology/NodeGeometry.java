package io.linklab.ui.topology;

import io.linklab.model.HostSpec;
import io.linklab.model.InterfaceSpec;
import io.linklab.model.SwitchSpec;
import io.linklab.model.Topology;
import java.util.Optional;

/**
 * Where each node is drawn and what a point hits, in canvas (model) coordinates. The view sizes
 * its node shapes from here, so hit tests never depend on what the scene graph happened to lay out.
 */
public final class NodeGeometry {

    public static final double GRID = 20;
    // Sized for text at the UI's body font (13 px) at 100 %. A host is at least HOST_WIDTH wide and grows with its
    // longest line, estimated from character widths (the model side has no fonts to measure with; generous).
    public static final double HOST_WIDTH = 280;
    public static final double HOST_MAX_WIDTH = 560;
    private static final double MONO_CHAR = 7.9;
    private static final double BOLD_CHAR = 8.6;
    private static final double TEXT_CHAR = 7.9;
    /** Padding, border and a little slack on both sides of a node's text. */
    private static final double NODE_INSETS = 26;
    /** The probe badge beside the name: dot, gap and the longest badge text. */
    private static final double BADGE = 100;

    public static final double HOST_HEADER = 48;
    public static final double HOST_ROW = 20;
    public static final double SWITCH_WIDTH = 240;
    public static final double SWITCH_HEIGHT = 56;
    /** Radius of the connect handle on a node's right edge. */
    public static final double HANDLE = 7;

    private NodeGeometry() {}

    public record Box(double x, double y, double width, double height) {
        public boolean contains(double px, double py) {
            return px >= x && px <= x + width && py >= y && py <= y + height;
        }

        public double centerX() {
            return x + width / 2;
        }

        public double centerY() {
            return y + height / 2;
        }

        public boolean intersects(double x0, double y0, double x1, double y1) {
            return x < Math.max(x0, x1)
                    && x + width > Math.min(x0, x1)
                    && y < Math.max(y0, y1)
                    && y + height > Math.min(y0, y1);
        }
    }

    public static Box box(HostSpec h) {
        return new Box(
                h.x(),
                h.y(),
                hostWidth(h),
                HOST_HEADER + HOST_ROW * Math.max(1, h.interfaces().size()) + 6);
    }

    /** Wide enough for the host's name with its badge, its login and each interface line, whole. */
    static double hostWidth(HostSpec h) {
        double w = HOST_WIDTH;
        w = Math.max(w, length(h.name()) * BOLD_CHAR + BADGE + NODE_INSETS);
        w = Math.max(w, length(h.login()) * TEXT_CHAR + NODE_INSETS);
        for (InterfaceSpec f : h.interfaces()) {
            w = Math.max(w, interfaceLine(f).length() * MONO_CHAR + NODE_INSETS);
        }
        return Math.min(HOST_MAX_WIDTH, Math.ceil(w / GRID) * GRID);
    }

    private static int length(String s) {
        return s == null ? 0 : s.length();
    }

    /** An interface as its node shows it: name, address, MTU and speed. */
    public static String interfaceLine(InterfaceSpec f) {
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

    public static Box box(SwitchSpec s) {
        double w = Math.max(
                SWITCH_WIDTH,
                Math.max(length(s.name()) * BOLD_CHAR, switchDetail(s).length() * TEXT_CHAR) + NODE_INSETS);
        return new Box(s.x(), s.y(), Math.min(HOST_MAX_WIDTH, Math.ceil(w / GRID) * GRID), SWITCH_HEIGHT);
    }

    /** A switch's second line: its model and largest MTU. */
    public static String switchDetail(SwitchSpec s) {
        return (s.model() == null ? "switch" : s.model()) + (s.maxMtu() > 0 ? "  max MTU " + s.maxMtu() : "");
    }

    public static Optional<Box> box(Topology t, String nodeId) {
        for (HostSpec h : t.hosts()) {
            if (h.id().equals(nodeId)) {
                return Optional.of(box(h));
            }
        }
        for (SwitchSpec s : t.switches()) {
            if (s.id().equals(nodeId)) {
                return Optional.of(box(s));
            }
        }
        return Optional.empty();
    }

    /** The topmost node under the point: later nodes are drawn over earlier ones, switches over hosts. */
    public static Optional<String> nodeAt(Topology t, double x, double y) {
        for (int i = t.switches().size() - 1; i >= 0; i--) {
            if (box(t.switches().get(i)).contains(x, y)) {
                return Optional.of(t.switches().get(i).id());
            }
        }
        for (int i = t.hosts().size() - 1; i >= 0; i--) {
            if (box(t.hosts().get(i)).contains(x, y)) {
                return Optional.of(t.hosts().get(i).id());
            }
        }
        return Optional.empty();
    }

    /** The node whose connect handle (the dot on its right edge) is under the point. */
    public static Optional<String> handleAt(Topology t, double x, double y, double tolerance) {
        double r = HANDLE + tolerance;
        for (HostSpec h : t.hosts()) {
            Box b = box(h);
            if (Math.hypot(x - (b.x() + b.width()), y - b.centerY()) <= r) {
                return Optional.of(h.id());
            }
        }
        for (SwitchSpec s : t.switches()) {
            Box b = box(s);
            if (Math.hypot(x - (b.x() + b.width()), y - b.centerY()) <= r) {
                return Optional.of(s.id());
            }
        }
        return Optional.empty();
    }

    /** The link drawn nearest the point, if within tolerance of its line. */
    public static Optional<String> linkAt(Topology t, double x, double y, double tolerance) {
        String best = null;
        double bestDistance = tolerance;
        for (var l : t.links()) {
            Optional<Box> a = box(t, l.a().nodeId());
            Optional<Box> b = box(t, l.b().nodeId());
            if (a.isEmpty() || b.isEmpty()) {
                continue;
            }
            double d = segmentDistance(
                    x,
                    y,
                    a.get().centerX(),
                    a.get().centerY(),
                    b.get().centerX(),
                    b.get().centerY());
            if (d <= bestDistance) {
                bestDistance = d;
                best = l.id();
            }
        }
        return Optional.ofNullable(best);
    }

    static double segmentDistance(double px, double py, double ax, double ay, double bx, double by) {
        double dx = bx - ax;
        double dy = by - ay;
        double len2 = dx * dx + dy * dy;
        double t = len2 == 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2));
        return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
    }

    /** The box around every node, or empty for an empty topology. */
    public static Optional<Box> bounds(Topology t) {
        double x0 = Double.MAX_VALUE;
        double y0 = Double.MAX_VALUE;
        double x1 = -Double.MAX_VALUE;
        double y1 = -Double.MAX_VALUE;
        boolean any = false;
        for (HostSpec h : t.hosts()) {
            Box b = box(h);
            x0 = Math.min(x0, b.x());
            y0 = Math.min(y0, b.y());
            x1 = Math.max(x1, b.x() + b.width());
            y1 = Math.max(y1, b.y() + b.height());
            any = true;
        }
        for (SwitchSpec s : t.switches()) {
            Box b = box(s);
            x0 = Math.min(x0, b.x());
            y0 = Math.min(y0, b.y());
            x1 = Math.max(x1, b.x() + b.width());
            y1 = Math.max(y1, b.y() + b.height());
            any = true;
        }
        return any ? Optional.of(new Box(x0, y0, x1 - x0, y1 - y0)) : Optional.empty();
    }

    /** A free spot at or below-right of the preferred one, on the grid, for nodes added without a position. */
    static double[] freeSpot(Topology t, double preferX, double preferY) {
        double x = TopologyChanges.snap(preferX, GRID);
        double y = TopologyChanges.snap(preferY, GRID);
        for (int tries = 0; tries < 200; tries++) {
            double cx = x + HOST_WIDTH / 2;
            double cy = y + HOST_HEADER / 2;
            boolean taken =
                    nodeAt(t, cx, cy).isPresent() || nodeAt(t, x + 2, y + 2).isPresent();
            if (!taken) {
                return new double[] {x, y};
            }
            x += GRID * 2;
            y += GRID * 2;
        }
        return new double[] {x, y};
    }
}
