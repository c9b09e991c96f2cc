package io.linklab.ui.charts;

import java.util.Arrays;

/**
 * One line of a live chart: a bounded ring of (x, y) points written by engine threads and read by the
 * chart renderer. x never decreases (interval end times). The full data lives in the run's CSV on disk;
 * this keeps only the newest {@code capacity} points, enough to draw the run at pixel resolution.
 */
public final class LiveSeries {

    public static final int DEFAULT_CAPACITY = 8192;

    private final String id;
    private final double[] xs;
    private final double[] ys;
    private int head; // index of the oldest point
    private int size;
    private long total; // points ever added, so readers can tell that something changed

    public LiveSeries(String id) {
        this(id, DEFAULT_CAPACITY);
    }

    public LiveSeries(String id, int capacity) {
        if (capacity < 2) {
            throw new IllegalArgumentException("capacity must be at least 2, got " + capacity);
        }
        this.id = id;
        this.xs = new double[capacity];
        this.ys = new double[capacity];
    }

    public String id() {
        return id;
    }

    /** Appends a point; a point whose x is before the last one is dropped (a late line must not bend the line back). */
    public synchronized void add(double x, double y) {
        if (size > 0 && x < xAt(size - 1)) {
            return;
        }
        int slot;
        if (size < xs.length) {
            slot = (head + size) % xs.length;
            size++;
        } else {
            slot = head;
            head = (head + 1) % xs.length;
        }
        xs[slot] = x;
        ys[slot] = y;
        total++;
    }

    /**
     * Adds y to the point at x if one of the newest few points has that x, else appends (x, y): SUMs over
     * processes, whose reports of one interval arrive in any order.
     */
    public synchronized void accumulate(double x, double y) {
        for (int i = size - 1; i >= 0 && i >= size - 8; i--) {
            double xi = xAt(i);
            if (xi == x) {
                int slot = (head + i) % xs.length;
                ys[slot] += y;
                total++;
                return;
            }
            if (xi < x) {
                break;
            }
        }
        add(x, y);
    }

    public synchronized int size() {
        return size;
    }

    /** Changes whenever a point is added or updated. */
    public synchronized long version() {
        return total;
    }

    public synchronized double lastX() {
        return size == 0 ? Double.NaN : xAt(size - 1);
    }

    public synchronized double lastY() {
        return size == 0 ? Double.NaN : yAt(size - 1);
    }

    public synchronized double firstX() {
        return size == 0 ? Double.NaN : xAt(0);
    }

    /** The y of the point nearest to x, NaN when empty. */
    public synchronized double valueNear(double x) {
        int i = nearest(x);
        return i < 0 ? Double.NaN : yAt(i);
    }

    /** The x of the point nearest to x, NaN when empty. */
    public synchronized double xNear(double x) {
        int i = nearest(x);
        return i < 0 ? Double.NaN : xAt(i);
    }

    /** The index of the point nearest to x (the earlier one of two as near), -1 when empty; under the lock. */
    private int nearest(double x) {
        if (size == 0) {
            return -1;
        }
        int i = lowerBound(x);
        if (i >= size) {
            return size - 1;
        }
        if (i > 0 && Math.abs(xAt(i - 1) - x) <= Math.abs(xAt(i) - x)) {
            return i - 1;
        }
        return i;
    }

    /** A copy of all kept points as {xs, ys}, oldest first (exports and tests). */
    public synchronized double[][] points() {
        double[] px = new double[size];
        double[] py = new double[size];
        for (int i = 0; i < size; i++) {
            px[i] = xAt(i);
            py[i] = yAt(i);
        }
        return new double[][] {px, py};
    }

    /**
     * Reduces the points in [x0, x1] to what {@code columns} pixel columns can show: where a column holds more
     * than two points, only its minimum and maximum are kept, in the order they occurred, so peaks survive.
     * One point either side of the range is included so the line runs to the edges.
     *
     * @return y range {min, max} of the points written, or null if none
     */
    public synchronized double[] decimate(double x0, double x1, int columns, Polyline out) {
        out.clear();
        if (size == 0 || columns <= 0 || !(x1 > x0)) {
            return null;
        }
        int from = Math.max(0, lowerBound(x0) - 1);
        int to = Math.min(size, upperBound(x1) + 1); // exclusive
        if (from >= to) {
            return null;
        }
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        if (to - from <= 2L * columns) {
            for (int i = from; i < to; i++) {
                double y = yAt(i);
                out.add(xAt(i), y);
                if (y < lo) {
                    lo = y;
                }
                if (y > hi) {
                    hi = y;
                }
            }
            return new double[] {lo, hi};
        }
        double perColumn = (x1 - x0) / columns;
        int i = from;
        while (i < to) {
            long column = (long) Math.floor((xAt(i) - x0) / perColumn);
            int minI = i;
            int maxI = i;
            int j = i + 1;
            while (j < to && (long) Math.floor((xAt(j) - x0) / perColumn) == column) {
                if (yAt(j) < yAt(minI)) {
                    minI = j;
                }
                if (yAt(j) > yAt(maxI)) {
                    maxI = j;
                }
                j++;
            }
            int first = Math.min(minI, maxI);
            int second = Math.max(minI, maxI);
            out.add(xAt(first), yAt(first));
            if (second != first) {
                out.add(xAt(second), yAt(second));
            }
            lo = Math.min(lo, yAt(minI));
            hi = Math.max(hi, yAt(maxI));
            i = j;
        }
        return new double[] {lo, hi};
    }

    private double xAt(int i) {
        return xs[(head + i) % xs.length];
    }

    private double yAt(int i) {
        return ys[(head + i) % ys.length];
    }

    /** First index whose x is >= x. */
    private int lowerBound(double x) {
        int lo = 0;
        int hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (xAt(mid) < x) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** First index whose x is > x. */
    private int upperBound(double x) {
        int lo = 0;
        int hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (xAt(mid) <= x) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    @Override
    public String toString() {
        return "LiveSeries[" + id + ", " + size + " points]";
    }

    /** A reusable growable list of (x, y) points, the decimated line handed to the painter. */
    public static final class Polyline {
        private double[] px = new double[64];
        private double[] py = new double[64];
        private int n;

        public void clear() {
            n = 0;
        }

        public void add(double x, double y) {
            if (n == px.length) {
                px = Arrays.copyOf(px, n * 2);
                py = Arrays.copyOf(py, n * 2);
            }
            px[n] = x;
            py[n] = y;
            n++;
        }

        public int size() {
            return n;
        }

        public double x(int i) {
            return px[i];
        }

        public double y(int i) {
            return py[i];
        }

        public Polyline copy() {
            Polyline c = new Polyline();
            c.px = Arrays.copyOf(px, Math.max(n, 1));
            c.py = Arrays.copyOf(py, Math.max(n, 1));
            c.n = n;
            return c;
        }
    }
}
