package io.linklab.ui.charts;

import io.linklab.model.Rates;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A time chart fed live: several {@link LiveSeries}, each with a style and a shown/hidden switch, and a
 * time axis that either follows the newest data or stays frozen where the user left it. Thread-safe:
 * engine threads add points, the FX thread flips settings, the render thread reads frames.
 */
public final class LiveChartContent implements ChartContent {

    /** One line of the chart. Style is fixed; visibility is the legend's switch. */
    public static final class Entry {
        private final LiveSeries series;
        private final String label;
        private final int rgb;
        private final float width;
        private final boolean dashed;
        private volatile boolean visible = true;
        /** Reused by the render thread only (frameForScreen), so a live chart allocates nothing per frame. */
        private final LiveSeries.Polyline screen = new LiveSeries.Polyline();

        Entry(LiveSeries series, String label, int rgb, float width, boolean dashed) {
            this.series = series;
            this.label = label;
            this.rgb = rgb;
            this.width = width;
            this.dashed = dashed;
        }

        public LiveSeries series() {
            return series;
        }

        public String label() {
            return label;
        }

        public int rgb() {
            return rgb;
        }

        public float width() {
            return width;
        }

        public boolean dashed() {
            return dashed;
        }

        public boolean visible() {
            return visible;
        }
    }

    private final String title;
    private final ValueUnit unit;
    private final List<Entry> entries = new CopyOnWriteArrayList<>();
    private final AtomicLong settings = new AtomicLong();
    private volatile boolean bytes;
    private volatile boolean follow = true;
    private volatile double windowS; // 0: the whole run so far
    private volatile double frozenX0 = Double.NaN;
    private volatile double frozenX1 = Double.NaN;
    private volatile boolean zeroBased = true;

    /** @param unit the unit values are stored in (BITS_PER_SECOND for rates) */
    public LiveChartContent(String title, ValueUnit unit) {
        this.title = title;
        this.unit = unit;
    }

    public String title() {
        return title;
    }

    public Entry add(LiveSeries series, String label, int rgb, float width, boolean dashed) {
        Entry e = new Entry(series, label, rgb, width, dashed);
        entries.add(e);
        settings.incrementAndGet();
        return e;
    }

    public List<Entry> entries() {
        return List.copyOf(entries);
    }

    public void clear() {
        entries.clear();
        settings.incrementAndGet();
    }

    public void setVisible(Entry e, boolean visible) {
        e.visible = visible;
        settings.incrementAndGet();
    }

    /** Shows rates in byte/s instead of bit/s (only for rate charts). */
    public void setBytes(boolean bytes) {
        this.bytes = bytes;
        settings.incrementAndGet();
    }

    public boolean bytes() {
        return bytes;
    }

    /** Following: the axis ends at the newest interval. Frozen: it keeps the range it showed when frozen. */
    public void setFollow(boolean follow) {
        if (!follow && this.follow) {
            double[] r = followRange();
            frozenX0 = r[0];
            frozenX1 = r[1];
        }
        this.follow = follow;
        settings.incrementAndGet();
    }

    public boolean follow() {
        return follow;
    }

    /** While frozen: show [x0, x1] (zoom, pan). */
    public void setFrozenRange(double x0, double x1) {
        if (x1 > x0) {
            frozenX0 = x0;
            frozenX1 = x1;
            follow = false;
            settings.incrementAndGet();
        }
    }

    public double[] range() {
        return follow ? followRange() : new double[] {frozenX0, frozenX1};
    }

    /** How many seconds a following axis shows; 0 shows the whole run so far. */
    public void setWindowS(double windowS) {
        this.windowS = Math.max(0, windowS);
        settings.incrementAndGet();
    }

    public void setZeroBased(boolean zeroBased) {
        this.zeroBased = zeroBased;
        settings.incrementAndGet();
    }

    private ValueUnit shownUnit() {
        return unit == ValueUnit.BITS_PER_SECOND && bytes ? ValueUnit.BYTES_PER_SECOND : unit;
    }

    private double[] followRange() {
        double last = Double.NEGATIVE_INFINITY;
        for (Entry e : entries) {
            double x = e.series.lastX();
            if (!Double.isNaN(x)) {
                last = Math.max(last, x);
            }
        }
        if (last == Double.NEGATIVE_INFINITY) {
            return new double[] {0, 10};
        }
        double w = windowS;
        double x0 = w > 0 ? Math.max(0, last - w) : 0;
        double x1 = Math.max(last, x0 + (w > 0 ? w : 1));
        return new double[] {x0, x1};
    }

    @Override
    public long version() {
        long v = settings.get() * 1_000_003L;
        for (Entry e : entries) {
            v += e.series.version();
        }
        return v;
    }

    @Override
    public PlotFrame frame(int columns) {
        return frame(columns, false);
    }

    @Override
    public PlotFrame frameForScreen(int columns) {
        return frame(columns, true);
    }

    private PlotFrame frame(int columns, boolean reuse) {
        double[] r = range();
        List<PlotFrame.Line> lines = new ArrayList<>();
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (Entry e : entries) {
            if (!e.visible) {
                continue;
            }
            LiveSeries.Polyline p = reuse ? e.screen : new LiveSeries.Polyline();
            double[] yr = e.series.decimate(r[0], r[1], columns, p);
            if (yr != null) {
                lo = Math.min(lo, yr[0]);
                hi = Math.max(hi, yr[1]);
            }
            lines.add(new PlotFrame.Line(e.series.id(), e.label, e.rgb, e.width, e.dashed, false, p));
        }
        String message = null;
        if (lo == Double.POSITIVE_INFINITY) {
            lo = 0;
            hi = 1;
            message = entries.isEmpty() ? "waiting for the first interval…" : null;
        }
        if (zeroBased && lo > 0) {
            lo = 0;
        }
        if (hi <= lo) {
            hi = lo + (lo == 0 ? 1 : Math.abs(lo) * 0.1);
        }
        double pad = (hi - lo) * 0.06;
        return new PlotFrame(
                title,
                "time (s)",
                ValueUnit.SECONDS,
                shownUnit(),
                r[0],
                r[1],
                zeroBased && lo == 0 ? 0 : lo - pad,
                hi + pad,
                lines,
                List.of(),
                List.of(),
                message);
    }

    @Override
    public HoverValues valuesAt(double x) {
        List<HoverValues.Entry> out = new ArrayList<>();
        double nearest = Double.NaN;
        for (Entry e : entries) {
            if (!e.visible) {
                continue;
            }
            double xn = e.series.xNear(x);
            if (Double.isNaN(xn)) {
                continue;
            }
            if (Double.isNaN(nearest) || Math.abs(xn - x) < Math.abs(nearest - x)) {
                nearest = xn;
            }
        }
        if (Double.isNaN(nearest)) {
            return new HoverValues("", List.of());
        }
        ValueUnit u = shownUnit();
        // Bold (SUM) lines first: they are what the eye looks for in a crowd of streams.
        List<Entry> ordered = new ArrayList<>(entries);
        ordered.sort((a, b) -> Float.compare(b.width, a.width));
        for (Entry e : ordered) {
            if (!e.visible) {
                continue;
            }
            double xn = e.series.xNear(nearest);
            if (Double.isNaN(xn) || Math.abs(xn - nearest) > 1e-6) {
                continue;
            }
            out.add(new HoverValues.Entry(e.label, e.rgb, u.screenFormat(e.series.valueNear(nearest))));
        }
        return new HoverValues("t = " + Rates.onScreen(ValueUnit.number(nearest)) + " s", out);
    }
}
