package io.linklab.ui.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.HostSpec;
import io.linklab.model.LinkSpec;
import io.linklab.model.Topology;
import io.linklab.store.TopologyFiles;
import io.linklab.ui.MainWindow;
import io.linklab.ui.UiTestSupport;
import io.linklab.ui.tasks.TaskRunner;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.prefs.Preferences;
import javafx.geometry.Point2D;
import javafx.scene.control.Label;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Builds a small lab with the mouse and keyboard, the way an engineer would, in the real window. */
@ExtendWith(ApplicationExtension.class)
class TopologyEditorUITest {

    private final Preferences prefs = UiTestSupport.freshPreferences();
    private MainWindow window;
    private TopologyEditorViewModel editor;
    private TopologyCanvas canvas;

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        window = UiTestSupport.mainWindowIn(dir.resolve("home"), prefs);
        window.install(stage);
        stage.show();
        editor = window.editor();
        canvas = window.editorView().canvas();
        editor.newTopology(new Topology("Rack 4", List.of(), List.of(), List.of()));
    }

    /** The drawing is about 400 px wide in the default 1280x800 layout: zoom out so the lab fits. */
    private void zoomOut(FxRobot robot) {
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> canvas.zoomBy(0.6 / canvas.zoom(), 0, 0));
    }

    private double width() {
        return canvas.node().getWidth();
    }

    private double height() {
        return canvas.node().getHeight();
    }

    @AfterEach
    void cleanUp() {
        UiTestSupport.remove(prefs);
    }

    /** Screen point of a point of the canvas' own area (not model coordinates). */
    private Point2D onCanvas(double x, double y) {
        return canvas.node().localToScreen(x, y);
    }

    private Point2D center(String nodeId) {
        NodeGeometry.Box b = NodeGeometry.box(editor.topology(), nodeId).orElseThrow();
        return canvas.toScreen(b.centerX(), b.y() + 12);
    }

    private Point2D handle(String nodeId) {
        NodeGeometry.Box b = NodeGeometry.box(editor.topology(), nodeId).orElseThrow();
        return canvas.toScreen(b.x() + b.width(), b.centerY());
    }

    private void type(FxRobot robot, String fieldLabel, String text) {
        TextInputControl field =
                window.editorView().properties().input(fieldLabel).orElseThrow();
        robot.clickOn(field);
        robot.press(KeyCode.CONTROL).press(KeyCode.A).release(KeyCode.A).release(KeyCode.CONTROL);
        // No pause between characters: TestFX already waits for the FX thread after each one.
        robot.write(text, 0);
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void buildTwoHostsAndASwitchWithTheMouseThenUndoRedoSaveAndReopen(FxRobot robot) throws Exception {
        zoomOut(robot);
        robot.drag("#palette-host", MouseButton.PRIMARY).dropTo(onCanvas(30, 40));
        robot.drag("#palette-host", MouseButton.PRIMARY).dropTo(onCanvas(width() * 0.55, 40));
        robot.drag("#palette-switch", MouseButton.PRIMARY).dropTo(onCanvas(width() * 0.3, 220));
        WaitForAsyncUtils.waitForFxEvents();
        Topology t = editor.topology();
        assertEquals(2, t.hosts().size(), "hosts placed: " + t);
        assertEquals(1, t.switches().size());
        String h1 = t.hosts().get(0).id();
        String h2 = t.hosts().get(1).id();
        String sw = t.switches().get(0).id();
        assertTrue(robot.lookup("#node-" + h1).tryQuery().isPresent());

        // connect each host to the switch by dragging from its connect dot
        robot.drag(handle(h1), MouseButton.PRIMARY).dropTo(center(sw));
        robot.drag(handle(h2), MouseButton.PRIMARY).dropTo(center(sw));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(
                2,
                editor.topology().links().size(),
                "links: " + editor.topology().links());
        LinkSpec first = editor.topology().links().get(0);
        assertEquals(h1, first.a().nodeId());
        assertEquals(sw, first.b().nodeId());
        assertEquals("eth0", first.a().iface());

        // edit host 1 in the property panel
        robot.clickOn(center(h1));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(Set.of(h1), editor.selection());
        type(robot, "Name", "lab-a");
        type(robot, "SSH address", "198.18.4.11");
        type(robot, "Address", "198.19.4.1");
        type(robot, "MTU", "9000");
        HostSpec edited = editor.topology().host(h1).orElseThrow();
        assertEquals("lab-a", edited.name());
        assertEquals("198.18.4.11", edited.managementAddress());
        assertEquals("198.19.4.1", edited.interfaces().get(0).address());
        assertEquals(9000, edited.interfaces().get(0).mtu());
        Label label = robot.lookup("#node-" + h1 + " .node-name").queryAs(Label.class);
        assertEquals("lab-a", label.getText(), "the canvas label follows the edit");

        // drag host 2 somewhere else: one undo step however many mouse events it took
        Topology beforeMove = editor.topology();
        int depth = editor.history().undoDepth();
        robot.drag(center(h2), MouseButton.PRIMARY).dropTo(onCanvas(width() * 0.6, 150));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(depth + 1, editor.history().undoDepth());
        Topology afterMove = editor.topology();
        assertTrue(afterMove.host(h2).orElseThrow().y()
                > beforeMove.host(h2).orElseThrow().y());

        // undo and redo with the keyboard on the drawing
        robot.clickOn(onCanvas(width() - 10, height() - 10));
        robot.press(KeyCode.CONTROL).press(KeyCode.Z).release(KeyCode.Z).release(KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(beforeMove, editor.topology());
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT)
                .press(KeyCode.Z)
                .release(KeyCode.Z)
                .release(KeyCode.SHIFT, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(afterMove, editor.topology());

        // save, reopen in a fresh editor, compare
        Path file = dir.resolve("rack4.json");
        robot.interact(() -> editor.saveAs(file, () -> {}));
        assertFalse(editor.isDirty());
        assertEquals(afterMove, TopologyFiles.read(file));
        TopologyEditorViewModel reopened = new TopologyEditorViewModel(Topology.loopback(), TaskRunner.sameThread());
        robot.interact(() -> reopened.open(file));
        assertEquals(afterMove, reopened.topology());
    }

    @Test
    void anInvalidAddressIsMarkedWhereItIsTypedAndNotApplied(FxRobot robot) {
        zoomOut(robot);
        robot.interact(() -> editor.addHost(100, 100));
        String h = editor.topology().hosts().get(0).id();
        Topology before = editor.topology();
        type(robot, "Address", "10.0.0.999");
        TextInputControl field =
                window.editorView().properties().input("Address").orElseThrow();
        assertTrue(field.getStyleClass().contains("invalid"));
        assertEquals(before, editor.topology(), "nothing applied");
        Label error = robot.lookup(".field-error").match(n -> n.isVisible()).queryAs(Label.class);
        assertTrue(error.getText().startsWith("expected an IPv4 address"), error.getText());
        type(robot, "Address", "198.19.4.1");
        assertFalse(field.getStyleClass().contains("invalid"));
        assertEquals(
                "198.19.4.1",
                editor.topology().host(h).orElseThrow().interfaces().get(0).address());
    }

    @Test
    void aLinkCarriesTheExpectedRateTypedInItsForm(FxRobot robot) throws Exception {
        zoomOut(robot);
        robot.interact(() -> {
            String a = editor.addHost(40, 40);
            String b = editor.addHost(320, 40);
            editor.connect(a, b);
        });
        WaitForAsyncUtils.waitForFxEvents();
        LinkSpec drawn = editor.topology().links().get(0);
        robot.interact(() -> editor.selectOnly(Set.of(drawn.id())));
        WaitForAsyncUtils.waitForFxEvents();
        type(robot, "Expected rate", "fast");
        TextInputControl field =
                window.editorView().properties().input("Expected rate").orElseThrow();
        assertTrue(field.getStyleClass().contains("invalid"));
        assertEquals(null, editor.topology().links().get(0).expect(), "nothing applied");
        Label error = robot.lookup(".field-error").match(n -> n.isVisible()).queryAs(Label.class);
        assertTrue(error.getText().contains("such as 90%"), error.getText());

        type(robot, "Expected rate", "80%");
        assertFalse(field.getStyleClass().contains("invalid"));
        assertEquals("80%", editor.topology().links().get(0).expect());
        Path file = dir.resolve("expect.json");
        robot.interact(() -> editor.saveAs(file, () -> {}));
        assertEquals("80%", TopologyFiles.read(file).links().get(0).expect());
    }

    @Test
    void marqueeSelectsAndDeleteRemovesWithTheKeyboard(FxRobot robot) {
        zoomOut(robot);
        robot.interact(() -> {
            String a = editor.addHost(40, 40);
            String b = editor.addHost(320, 40);
            editor.connect(a, b);
            editor.clearSelection();
        });
        robot.drag(onCanvas(10, 10), MouseButton.PRIMARY).dropTo(onCanvas(width() - 5, 150));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(3, editor.selection().size());
        robot.type(KeyCode.DELETE);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(editor.topology().hosts().isEmpty());
        robot.press(KeyCode.CONTROL).press(KeyCode.Z).release(KeyCode.Z).release(KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(2, editor.topology().hosts().size());
        assertEquals(1, editor.topology().links().size());
    }
}
