package io.linklab.ui.dashboard;

import io.linklab.model.Rates;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.TextAlignment;
import javafx.util.Duration;

/**
 * Lanes under the bitrate chart, on its time axis (the same plot margins as its painter): the busiest core of
 * each end, softirq share, NIC drops and pause frames per second, TCP retransmits per second. A lane stays flat
 * and grey while nothing happens; a full core or any drop or retransmit is drawn in colour. Hovering shows that
 * interval's values of both ends. FX thread only; {@link #refresh} repaints when the counters or the axis changed.
 */
public final class HostLanesView extends Region {

    private static final double LANE_HEIGHT = 22;
    private static final double PLOT_LEFT = 64;
    private static final double PLOT_RIGHT_GAP = 14;
    private static final Color QUIET = Color.gray(0.72);
    private static final Color CLIENT = Color.web("#1f77b4");
    private static final Color SERVER = Color.web("#d62728");
    private static final double CORE_FULL = 90;

    private final HostLanes lanes;
    private final Canvas canvas = new Canvas();
    private final Tooltip tip = new Tooltip();
    private double x0;
    private double x1 = 10;
    private long drawnVersion = -1;
    private List<HostLanes.Interval> shown = List.of();
    private final Map<HostLanes.Lane, String> scales = new EnumMap<>(HostLanes.Lane.class);

    public HostLanesView(HostLanes lanes) {
        this.lanes = lanes;
        setId("host-lanes");
        getChildren().add(canvas);
        double h = LANE_HEIGHT * HostLanes.Lane.values().length + 4;
        setMinHeight(h);
        setPrefHeight(h);
        setMaxHeight(h);
        tip.setShowDelay(Duration.millis(150));
        tip.setFont(Font.font("Monospaced", 12));
        Tooltip.install(this, tip);
        setOnMouseMoved(e -> tip.setText(hoverText(xToTime(e.getX()))));
        widthProperty().addListener((o, was, now) -> draw());
    }

    /** Repaints for the chart's axis [from, to] when it or the counters changed. */
    public void refresh(double[] range) {
        if (range[0] == x0 && range[1] == x1 && lanes.version() == drawnVersion) {
            return;
        }
        x0 = range[0];
        x1 = range[1] > range[0] ? range[1] : range[0] + 1;
        draw();
    }

    @Override
    protected void layoutChildren() {
        canvas.setWidth(getWidth());
        canvas.setHeight(getHeight());
    }

    private double timeToX(double t) {
        double right = Math.max(PLOT_LEFT + 10, getWidth() - PLOT_RIGHT_GAP);
        return PLOT_LEFT + (t - x0) / (x1 - x0) * (right - PLOT_LEFT);
    }

    private double xToTime(double x) {
        double right = Math.max(PLOT_LEFT + 10, getWidth() - PLOT_RIGHT_GAP);
        return x0 + (x - PLOT_LEFT) / (right - PLOT_LEFT) * (x1 - x0);
    }

    private void draw() {
        drawnVersion = lanes.version();
        shown = lanes.intervals();
        double w = getWidth();
        GraphicsContext g = canvas.getGraphicsContext2D();
        g.clearRect(0, 0, w, getHeight());
        g.setFont(Font.font(11));
        HostLanes.Lane[] all = HostLanes.Lane.values();
        for (int i = 0; i < all.length; i++) {
            HostLanes.Lane lane = all[i];
            double top = 2 + i * LANE_HEIGHT;
            double base = top + LANE_HEIGHT - 3;
            g.setFill(Color.gray(0.97));
            g.fillRect(PLOT_LEFT, top, Math.max(0, w - PLOT_RIGHT_GAP - PLOT_LEFT), LANE_HEIGHT - 2);
            g.setFill(Color.gray(0.25));
            g.fillText(lane.label, 2, base - 4, PLOT_LEFT - 4);
            double max = lane.unit.equals("%")
                    ? 100
                    : Math.max(
                            1,
                            shown.stream().mapToDouble(v -> v.lane(lane)).max().orElse(1));
            for (String end : List.of("client", "server")) {
                drawEnd(g, lane, end, top, base, max);
            }
            // the lane's scale: what its top edge means, at the plot's right end (its bottom is 0)
            String scale = scaleText(lane, max);
            scales.put(lane, scale);
            g.setFill(Color.gray(0.35));
            g.setTextAlign(TextAlignment.RIGHT);
            g.fillText(scale, w - PLOT_RIGHT_GAP - 3, top + 11);
            g.setTextAlign(TextAlignment.LEFT);
        }
    }

    /** "top 100 %", "top 1250/s": the value a lane's top edge stands for. */
    static String scaleText(HostLanes.Lane lane, double max) {
        return "top " + (max == Math.rint(max) ? String.valueOf((long) max) : String.format(Locale.ROOT, "%.1f", max))
                + (lane.unit.equals("%") ? " %" : lane.unit);
    }

    /** The scale each lane was last drawn with, for tests. */
    String scale(HostLanes.Lane lane) {
        return scales.get(lane);
    }

    private void drawEnd(GraphicsContext g, HostLanes.Lane lane, String end, double top, double base, double max) {
        double prevX = Double.NaN;
        double prevY = Double.NaN;
        for (HostLanes.Interval v : shown) {
            if (!v.end().equals(end) || v.timeS() < x0 - 60 || v.timeS() > x1 + 60) {
                continue;
            }
            double value = v.lane(lane);
            boolean loud =
                    lane.unit.equals("%") ? lane == HostLanes.Lane.BUSIEST_CORE && value >= CORE_FULL : value > 0;
            double x = timeToX(v.timeS());
            double y = base - Math.min(1, value / max) * (LANE_HEIGHT - 6);
            if (!Double.isNaN(prevX)) {
                g.setStroke(loud ? (end.equals("client") ? CLIENT : SERVER) : QUIET);
                g.setLineWidth(loud ? 2 : 1);
                g.strokeLine(prevX, prevY, x, y);
            }
            prevX = x;
            prevY = y;
        }
    }

    /** The values of both ends' interval nearest to {@code t}: the lanes, which core, and the NIC's counters. */
    String hoverText(double t) {
        Map<String, HostLanes.Interval> nearest = new TreeMap<>();
        for (HostLanes.Interval v : shown) {
            HostLanes.Interval n = nearest.get(v.end());
            if (n == null || Math.abs(v.timeS() - t) < Math.abs(n.timeS() - t)) {
                nearest.put(v.end(), v);
            }
        }
        if (nearest.isEmpty()) {
            return "no host counters yet";
        }
        List<String> lines = new ArrayList<>();
        for (HostLanes.Interval v : nearest.values()) {
            lines.add(String.format(Locale.ROOT, "%s at %.1f s", v.end(), v.timeS()));
            lines.add(String.format(
                    Locale.ROOT,
                    "  busiest core  %5.1f %% (%s)",
                    v.lane(HostLanes.Lane.BUSIEST_CORE),
                    v.busiestCore()));
            lines.add(String.format(Locale.ROOT, "  softirq       %5.1f %%", v.lane(HostLanes.Lane.SOFTIRQ)));
            for (String n : HostLanes.NIC_LANE) {
                Double d = v.values().get(n);
                if (d != null) {
                    lines.add(String.format(Locale.ROOT, "  %-15s %.1f/s", n, d));
                }
            }
            lines.add(String.format(Locale.ROOT, "  retrans_segs    %.1f/s", v.lane(HostLanes.Lane.RETRANSMITS)));
            Double rx = v.values().get("rx_bytes");
            Double tx = v.values().get("tx_bytes");
            if (rx != null && tx != null) {
                lines.add(
                        "  NIC rx " + Rates.screenGbit(rx * 8, 3) + ", tx " + Rates.screenGbit(tx * 8, 3) + " Gbit/s");
            }
        }
        return String.join("\n", lines);
    }
}
