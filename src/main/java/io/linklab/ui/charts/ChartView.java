package io.linklab.ui.charts;

import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import java.nio.IntBuffer;
import java.util.List;
import java.util.function.Consumer;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.image.Image;
import javafx.scene.image.ImageView;
import javafx.scene.image.PixelBuffer;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.shape.Line;
import javafx.stage.Window;

/**
 * A chart on screen: shows the images that {@link ChartRenderLoop} paints from a {@link ChartContent} and
 * a hover label with exact values. The FX thread does no drawing of data here, whatever the number of
 * streams: it swaps a finished image in. Images are painted at the window's render scale (the screen's output
 * scale: 2 at 200 %), so they are as sharp as the text around them. See decisions 0500 and 0402.
 */
public final class ChartView extends Region {

    private volatile PlotPainter painter = new PlotPainter(false, true);

    private final ChartContent content;
    private final ChartRenderLoop loop;
    private final ImageView image = new ImageView();
    private final Line crosshair = new Line();
    private final Label hover = new Label();
    private final Pane overlay = new Pane(crosshair, hover);

    // Written on the FX thread, read on the render thread.
    private volatile int width;
    private volatile int height;
    private volatile boolean showing = true;
    /** Device pixels per layout pixel: the window's render scale, which follows the screen's output scale. */
    private volatile double scale = 1;

    private final ObservableValue<Number> renderScale =
            sceneProperty().flatMap(Scene::windowProperty).flatMap(Window::renderScaleXProperty);
    private volatile long forceCount;

    // Render thread only.
    private final Buffer[] buffers = new Buffer[2];
    private int back;
    private long paintedVersion = -1;
    private long paintedForce = -1;
    private int paintedW;
    private int paintedH;
    private double paintedScale;
    private volatile PlotPainter.Layout lastLayout;
    /** FX thread: the content's version the image on screen shows. */
    private long shownVersion = -1;

    public ChartView(ChartContent content, ChartRenderLoop loop) {
        this.content = content;
        this.loop = loop;
        getStyleClass().add("linklab-chart");
        setMinSize(120, 80);
        setPrefSize(640, 280);
        crosshair.setStroke(Color.web("#5a6270", 0.6));
        crosshair.setVisible(false);
        crosshair.setMouseTransparent(true);
        hover.getStyleClass().add("chart-hover");
        hover.setStyle("-fx-background-color: rgba(255,255,255,0.93); -fx-border-color: #b8bec7;"
                + " -fx-font-size: 11px; -fx-font-family: monospace;");
        hover.setPadding(new Insets(3, 6, 3, 6));
        hover.setVisible(false);
        hover.setMouseTransparent(true);
        overlay.setMouseTransparent(true);
        // Unmanaged: swapping the image 10-20 times a second must not ask every ancestor for a layout pass
        // (measured: that layout pass, not the drawing, was most of the FX thread's time with 128 streams).
        image.setManaged(false);
        overlay.setManaged(false);
        getChildren().addAll(image, overlay);
        addEventHandler(MouseEvent.MOUSE_MOVED, this::showHover);
        addEventHandler(ScrollEvent.SCROLL, this::zoom);
        addEventHandler(MouseEvent.MOUSE_PRESSED, e -> dragFromX = e.getX());
        addEventHandler(MouseEvent.MOUSE_DRAGGED, this::pan);
        addEventHandler(MouseEvent.MOUSE_CLICKED, e -> {
            if (e.getClickCount() == 2 && content instanceof LiveChartContent live) {
                live.setFollow(true);
                onInspect.accept(false);
            }
        });
        addEventHandler(MouseEvent.MOUSE_EXITED, e -> {
            hover.setVisible(false);
            crosshair.setVisible(false);
        });
        renderScale.addListener((o, was, now) -> {
            scale = now == null ? 1 : Math.max(1, now.doubleValue());
            refresh();
        });
        sceneProperty().addListener((o, was, now) -> {
            if (now == null) {
                loop.unregister(this);
            } else {
                loop.register(this);
            }
        });
    }

    public ChartContent content() {
        return content;
    }

    private double dragFromX = Double.NaN;
    private Consumer<Boolean> onInspect = b -> {};

    /** Told true when the user zooms or pans a time chart (it stops following), false on double-click (follow again). */
    public void setOnInspect(Consumer<Boolean> action) {
        onInspect = action;
    }

    /** Scroll zooms the time axis around the mouse; the chart stops following so the view holds still. */
    private void zoom(ScrollEvent e) {
        PlotPainter.Layout l = lastLayout;
        if (!(content instanceof LiveChartContent live) || l == null || e.getDeltaY() == 0) {
            return;
        }
        double[] r = live.range();
        double at = Math.max(r[0], Math.min(r[1], l.dataX(e.getX())));
        double factor = e.getDeltaY() > 0 ? 0.8 : 1.25;
        live.setFrozenRange(at - (at - r[0]) * factor, at + (r[1] - at) * factor);
        onInspect.accept(true);
        e.consume();
    }

    /** Dragging moves a frozen time axis. */
    private void pan(MouseEvent e) {
        PlotPainter.Layout l = lastLayout;
        if (!(content instanceof LiveChartContent live) || l == null || Double.isNaN(dragFromX)) {
            return;
        }
        double[] r = live.range();
        double shift = l.dataX(dragFromX) - l.dataX(e.getX());
        dragFromX = e.getX();
        if (shift != 0) {
            live.setFrozenRange(r[0] + shift, r[1] + shift);
            onInspect.accept(true);
        }
    }

    /** Draws a legend inside the plot (views without a legend of their own, such as the comparison). */
    public ChartView withLegend() {
        painter = new PlotPainter(true, true);
        refresh();
        return this;
    }

    /** Whether the chart is on screen (its tab selected); charts off screen are not painted until shown. */
    public void setShowing(boolean now) {
        showing = now;
    }

    /** Repaints even if the content did not change (its view settings did). */
    public void refresh() {
        forceCount++;
    }

    @Override
    protected void layoutChildren() {
        int w = (int) Math.floor(getWidth());
        int h = (int) Math.floor(getHeight());
        if (w != width || h != height) {
            width = w;
            height = h;
        }
        image.relocate(0, 0);
        overlay.resizeRelocate(0, 0, getWidth(), getHeight());
    }

    /** Render thread: paints the back buffer if anything changed; returns what the FX thread must do to show it. */
    Runnable paintIfChanged() {
        int w = width;
        int h = height;
        if (!showing || w < 20 || h < 20) {
            return null;
        }
        long version = content.version();
        long force = forceCount;
        double s = scale;
        if (version == paintedVersion && force == paintedForce && w == paintedW && h == paintedH && s == paintedScale) {
            return null;
        }
        int pw = (int) Math.ceil(w * s);
        int ph = (int) Math.ceil(h * s);
        Buffer b = buffers[back];
        if (b == null || b.width != pw || b.height != ph) {
            b = new Buffer(pw, ph);
            buffers[back] = b;
        }
        PlotPainter.Layout probe = PlotPainter.layout(w, h, null);
        PlotFrame frame = content.frameForScreen(probe.columns());
        Graphics2D g = b.image.createGraphics();
        PlotPainter.Layout layout;
        try {
            if (s != 1) {
                // Layout stays in layout pixels (hover, zoom and pan use it); only the pixels get denser.
                g.scale(pw / (double) w, ph / (double) h);
            }
            layout = painter.paint(g, frame, w, h);
        } finally {
            g.dispose();
        }
        paintedVersion = version;
        paintedForce = force;
        paintedW = w;
        paintedH = h;
        paintedScale = s;
        back = 1 - back;
        Buffer shown = b;
        return () -> {
            lastLayout = layout;
            shownVersion = version;
            shown.pixels.updateBuffer(pb -> null);
            image.setImage(shown.fx);
            image.setFitWidth(w);
            image.setFitHeight(h);
        };
    }

    private void showHover(MouseEvent e) {
        PlotPainter.Layout l = lastLayout;
        if (l == null || e.getX() < l.left() || e.getX() > l.right() || e.getY() < l.top() || e.getY() > l.bottom()) {
            hover.setVisible(false);
            crosshair.setVisible(false);
            return;
        }
        ChartContent.HoverValues values = content.valuesAt(l.dataX(e.getX()));
        if (values == null || values.entries().isEmpty()) {
            hover.setVisible(false);
            crosshair.setVisible(false);
            return;
        }
        StringBuilder sb = new StringBuilder(values.xText());
        List<ChartContent.HoverValues.Entry> entries = values.entries();
        int shown = Math.min(entries.size(), 16);
        for (int i = 0; i < shown; i++) {
            ChartContent.HoverValues.Entry en = entries.get(i);
            sb.append('\n').append(en.label()).append("  ").append(en.value());
        }
        if (shown < entries.size()) {
            sb.append("\n… ").append(entries.size() - shown).append(" more");
        }
        hover.setText(sb.toString());
        hover.setVisible(true);
        hover.autosize();
        double x = e.getX() + 14;
        if (x + hover.getWidth() > getWidth()) {
            x = e.getX() - 14 - hover.getWidth();
        }
        hover.relocate(Math.max(0, x), Math.max(0, Math.min(e.getY() + 10, getHeight() - hover.getHeight())));
        crosshair.setStartX(e.getX());
        crosshair.setEndX(e.getX());
        crosshair.setStartY(l.top());
        crosshair.setEndY(l.bottom());
        crosshair.setVisible(true);
    }

    /** Width and height in pixels of the image on screen now (0, 0 before the first frame), for tests. */
    public int[] imagePixels() {
        Image shown = image.getImage();
        return shown == null ? new int[] {0, 0} : new int[] {(int) shown.getWidth(), (int) shown.getHeight()};
    }

    /** FX thread: the content's {@link ChartContent#version} the image on screen shows (-1 before one), for tests. */
    public long shownVersion() {
        return shownVersion;
    }

    /** The text of the hover label, for tests. */
    public String hoverText() {
        return hover.isVisible() ? hover.getText() : "";
    }

    /** One Java2D image whose pixels JavaFX shows without copying. */
    private static final class Buffer {
        final int width;
        final int height;
        final BufferedImage image;
        final PixelBuffer<IntBuffer> pixels;
        final WritableImage fx;

        Buffer(int width, int height) {
            this.width = width;
            this.height = height;
            this.image = new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB_PRE);
            int[] data = ((DataBufferInt) image.getRaster().getDataBuffer()).getData();
            this.pixels = new PixelBuffer<>(width, height, IntBuffer.wrap(data), PixelFormat.getIntArgbPreInstance());
            this.fx = new WritableImage(pixels);
        }
    }
}
