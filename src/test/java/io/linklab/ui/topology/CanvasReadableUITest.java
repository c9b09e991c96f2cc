package io.linklab.ui.topology;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.Topology;
import io.linklab.ui.MainWindow;
import io.linklab.ui.UiTestSupport;
import io.linklab.ui.WholeText;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;
import javafx.geometry.BoundingBox;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Label;
import javafx.scene.text.Font;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The drawing as first shown at 1280×800: the lab fitted to the canvas, every text on it at a readable size
 * (names at least the body font, nothing under 12 px on screen), link labels beside their links and never over a
 * node's port or box.
 */
@ExtendWith(ApplicationExtension.class)
class CanvasReadableUITest {

    /** The smallest text on the drawing, in screen pixels at 100 % UI scale. */
    private static final double MIN_TEXT_PX = 12;

    private final Preferences prefs = UiTestSupport.freshPreferences();
    private MainWindow window;
    private TopologyCanvas canvas;

    /** Runs, imports and reports of this test: never the user's ~/LinkLab. */
    @TempDir
    Path home;

    @Start
    void start(Stage stage) {
        window = UiTestSupport.showAt1280x800(UiTestSupport.mainWindowIn(home, prefs), stage);
        canvas = window.editorView().canvas();
    }

    @AfterEach
    void cleanUp() {
        UiTestSupport.remove(prefs);
    }

    private static <T> T fx(Callable<T> c) throws Exception {
        return WaitForAsyncUtils.asyncFx(c).get(10, TimeUnit.SECONDS);
    }

    @Test
    void theLoopbackLabOpensFittedAndReadable() throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        assertReadable("the Loopback lab");
        // Fitted: the drawing spans most of the canvas' width rather than sitting small in its middle.
        Bounds drawn = fx(() -> drawnBounds());
        double canvasWidth = fx(() -> canvas.node().getWidth());
        assertTrue(
                drawn.getWidth() >= 0.75 * canvasWidth,
                "the lab spans " + Math.round(drawn.getWidth()) + " px of a " + Math.round(canvasWidth) + " px canvas");
        assertTrue(drawn.getMinX() >= 0 && drawn.getMaxX() <= canvasWidth, "and all of it is in view: " + drawn);
    }

    @Test
    void aRackWithASwitchIsReadableAndItsLabelsKeepOffThePorts() throws Exception {
        fx(() -> {
            window.editor().newTopology(SampleLabs.connectX6Rack());
            canvas.fit();
            return null;
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertReadable("the rack");
        WholeText.assertWholeOnFx(canvas.node(), "the rack's drawing");
    }

    /** Every text at least {@value #MIN_TEXT_PX} px on screen, node names at least the body font, ports clear. */
    private void assertReadable(String what) throws Exception {
        List<String> problems = fx(() -> {
            List<String> out = new ArrayList<>();
            double zoom = canvas.zoom();
            double body = Font.getDefault().getSize();
            List<Bounds> ports = ports(window.editor().topology());
            for (Label l : labels(canvas.node())) {
                double px = l.getFont().getSize() * zoom;
                boolean name = l.getStyleClass().contains("node-name");
                if (px < MIN_TEXT_PX - 0.05 || (name && px < body - 0.05)) {
                    out.add("\"" + l.getText() + "\" is " + String.format("%.1f", px) + " px on screen");
                }
                boolean linkText = l.getStyleClass().contains("link-label")
                        || l.getStyleClass().contains("link-end-label");
                if (linkText && l.isVisible()) {
                    Bounds b = l.getBoundsInParent();
                    for (Bounds port : ports) {
                        if (b.intersects(port)) {
                            out.add("link label \"" + l.getText() + "\" " + b + " covers the port at " + port);
                        }
                    }
                    for (Bounds box : boxes(window.editor().topology())) {
                        if (b.intersects(box)) {
                            out.add("link label \"" + l.getText() + "\" " + b + " lies on the node at " + box);
                        }
                    }
                }
            }
            return out;
        });
        assertTrue(problems.isEmpty(), what + ": " + String.join("; ", problems));
        assertFalse(fx(() -> labels(canvas.node())).isEmpty(), "the drawing has text at all");
    }

    private static List<Bounds> boxes(Topology t) {
        List<Bounds> out = new ArrayList<>();
        for (var h : t.hosts()) {
            NodeGeometry.Box b = NodeGeometry.box(h);
            out.add(new BoundingBox(b.x(), b.y(), b.width(), b.height()));
        }
        for (var sw : t.switches()) {
            NodeGeometry.Box b = NodeGeometry.box(sw);
            out.add(new BoundingBox(b.x(), b.y(), b.width(), b.height()));
        }
        return out;
    }

    /** The connect dot on each node's right edge, in model coordinates. */
    private static List<Bounds> ports(Topology t) {
        List<Bounds> out = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        t.hosts().forEach(h -> ids.add(h.id()));
        t.switches().forEach(s -> ids.add(s.id()));
        for (String id : ids) {
            NodeGeometry.Box b = NodeGeometry.box(t, id).orElseThrow();
            double r = NodeGeometry.HANDLE;
            out.add(new BoundingBox(b.x() + b.width() - r, b.centerY() - r, 2 * r, 2 * r));
        }
        return out;
    }

    private Bounds drawnBounds() {
        var b = NodeGeometry.bounds(window.editor().topology()).orElseThrow();
        var topLeft = canvas.toView(b.x(), b.y());
        var bottomRight = canvas.toView(b.x() + b.width(), b.y() + b.height());
        return new BoundingBox(
                topLeft.getX(),
                topLeft.getY(),
                bottomRight.getX() - topLeft.getX(),
                bottomRight.getY() - topLeft.getY());
    }

    private static List<Label> labels(Node root) {
        List<Label> out = new ArrayList<>();
        if (root instanceof Label l && l.getText() != null && !l.getText().isEmpty()) {
            out.add(l);
        }
        if (root instanceof Parent p) {
            for (Node n : p.getChildrenUnmodifiable()) {
                out.addAll(labels(n));
            }
        }
        return out;
    }
}
