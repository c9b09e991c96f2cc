package io.linklab.ui.topology;

import io.linklab.ui.probe.HostBadge;
import javafx.collections.ObservableMap;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Point2D;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Separator;
import javafx.scene.control.SplitPane;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/** The topology area: palette on the left, the drawing, the property panel on the right. */
public final class TopologyEditorView {

    private final TopologyEditorViewModel vm;
    private final TopologyCanvas canvas;
    private final PropertiesView properties;
    private final SplitPane split;
    private final BorderPane root = new BorderPane();

    public TopologyEditorView(TopologyEditorViewModel vm, ObservableMap<String, HostBadge> badges) {
        this.vm = vm;
        this.canvas = new TopologyCanvas(vm, badges);
        this.properties = new PropertiesView(new PropertiesViewModel(vm));
        split = new SplitPane(canvas.node(), properties.node());
        split.setOrientation(Orientation.HORIZONTAL);
        split.setDividerPositions(0.7);
        SplitPane.setResizableWithParent(properties.node(), false);
        root.setLeft(palette());
        root.setCenter(split);
        root.setId("topology-area");
    }

    public Region node() {
        return root;
    }

    public TopologyCanvas canvas() {
        return canvas;
    }

    public PropertiesView properties() {
        return properties;
    }

    /** The divider between drawing and property panel, remembered across sessions. */
    public SplitPane split() {
        return split;
    }

    private VBox palette() {
        Label title = new Label("Palette");
        title.getStyleClass().add("palette-title");
        Button host = paletteItem(
                "Host", "palette-host", "Drag onto the drawing to place a host, or click to add one in view", true);
        Button sw = paletteItem(
                "Switch",
                "palette-switch",
                "Drag onto the drawing to place a switch, or click to add one in view",
                false);
        ToggleButton link = new ToggleButton("Link");
        link.setId("palette-link");
        link.setMaxWidth(Double.MAX_VALUE);
        link.setTooltip(new Tooltip("Connect mode: drag from one node to another to link them "
                + "(without it, drag from the dot on a node's right edge)"));
        link.selectedProperty()
                .addListener((o, was, now) -> vm.modeProperty()
                        .set(now ? TopologyEditorViewModel.Mode.CONNECT : TopologyEditorViewModel.Mode.SELECT));
        vm.modeProperty().addListener((o, was, now) -> link.setSelected(now == TopologyEditorViewModel.Mode.CONNECT));
        VBox box = new VBox(6, title, host, sw, link, new Separator());
        box.setPadding(new Insets(8));
        box.setPrefWidth(96);
        box.getStyleClass().add("palette");
        return box;
    }

    private Button paletteItem(String text, String id, String tip, boolean isHost) {
        Button b = new Button(text);
        b.setId(id);
        b.setMaxWidth(Double.MAX_VALUE);
        b.setTooltip(new Tooltip(tip));
        b.getStyleClass().add("palette-item");
        b.setOnAction(e -> {
            Point2D c = canvas.visibleCenter();
            double[] spot = vm.freeSpot(c.getX() - NodeGeometry.HOST_WIDTH / 2, c.getY() - NodeGeometry.HOST_HEADER);
            place(isHost, spot[0], spot[1]);
        });
        // A press on the palette and a release over the drawing places the node where it was dropped.
        b.addEventHandler(MouseEvent.MOUSE_RELEASED, e -> {
            Region view = canvas.node();
            Point2D local = view.screenToLocal(e.getScreenX(), e.getScreenY());
            if (local != null && view.contains(local) && !b.contains(b.screenToLocal(e.getScreenX(), e.getScreenY()))) {
                Point2D m = canvas.toModel(local.getX(), local.getY());
                place(isHost, m.getX() - NodeGeometry.GRID, m.getY() - NodeGeometry.GRID);
                view.requestFocus();
            }
        });
        return b;
    }

    private void place(boolean host, double x, double y) {
        if (host) {
            vm.addHost(x, y);
        } else {
            vm.addSwitch(x, y);
        }
    }
}
