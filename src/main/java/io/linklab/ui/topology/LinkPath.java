package io.linklab.ui.topology;

/**
 * The visible part of a link between two node boxes, in model coordinates: where it leaves each box, its
 * direction (ux, uy) and the normal (nx, ny) that points to the link's upper side (to the right for a vertical
 * link), where its speed label goes.
 */
record LinkPath(double fromX, double fromY, double toX, double toY, double ux, double uy) {

    /** The link from a's centre to b's centre, cut at the boxes' edges; null when nothing of it is visible. */
    static LinkPath between(NodeGeometry.Box a, NodeGeometry.Box b) {
        double dx = b.centerX() - a.centerX();
        double dy = b.centerY() - a.centerY();
        double len = Math.hypot(dx, dy);
        if (len < 1) {
            return null;
        }
        double ux = dx / len;
        double uy = dy / len;
        double ta = toEdge(a, ux, uy);
        double tb = toEdge(b, ux, uy);
        if (ta + tb >= len) {
            return null; // the boxes overlap along the line
        }
        return new LinkPath(
                a.centerX() + ux * ta, a.centerY() + uy * ta, b.centerX() - ux * tb, b.centerY() - uy * tb, ux, uy);
    }

    /** Distance from a box's centre to its edge in direction (ux, uy). */
    private static double toEdge(NodeGeometry.Box box, double ux, double uy) {
        double tx = ux == 0 ? Double.MAX_VALUE : (box.width() / 2) / Math.abs(ux);
        double ty = uy == 0 ? Double.MAX_VALUE : (box.height() / 2) / Math.abs(uy);
        return Math.min(tx, ty);
    }

    LinkPath reversed() {
        return new LinkPath(toX, toY, fromX, fromY, -ux, -uy);
    }

    double nx() {
        double nx = -uy;
        double ny = ux;
        return ny > 0 || (ny == 0 && nx < 0) ? -nx : nx;
    }

    double ny() {
        double nx = -uy;
        double ny = ux;
        return ny > 0 || (ny == 0 && nx < 0) ? -ny : ny;
    }

    double midX() {
        return (fromX + toX) / 2;
    }

    double midY() {
        return (fromY + toY) / 2;
    }

    double visibleLength() {
        return Math.hypot(toX - fromX, toY - fromY);
    }
}
