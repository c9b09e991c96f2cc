package io.linklab.ui.dashboard;

import io.linklab.ui.charts.LiveChartContent;
import io.linklab.ui.charts.Palette;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.shape.Rectangle;

/**
 * The legend beside the dashboard's charts: one switch per bitrate line, as wide as its longest entry (a line's
 * name is never cut). FX thread only.
 */
final class LegendColumn {

    private static final double LEGEND_MAX_WIDTH = 320;
    /** Room for the legend's vertical scroll bar, so a long legend does not also scroll sideways. */
    private static final double SCROLLBAR_ROOM = 16;

    private final VBox legend = new VBox(3);
    private final ScrollPane legendScroll = new ScrollPane(legend);
    private final Map<String, CheckBox> legendItems = new HashMap<>();
    private final VBox side;
    /** Shows or hides the lines of a label in every chart. */
    private final BiConsumer<String, Boolean> show;

    LegendColumn(BiConsumer<String, Boolean> show) {
        this.show = show;
        legend.setId("legend");
        legend.setPadding(new Insets(2, 6, 2, 4));
        legendScroll.setPrefViewportWidth(150);
        Label legendTitle = new Label("Legend");
        legendTitle.setTooltip(new Tooltip("Click an entry to show or hide its lines in every chart"));
        side = new VBox(4, legendTitle, legendScroll);
        VBox.setVgrow(legendScroll, Priority.ALWAYS);
        side.setPadding(new Insets(4));
        side.setMinWidth(Region.USE_PREF_SIZE);
        side.setMaxWidth(Region.USE_PREF_SIZE);
    }

    Node node() {
        return side;
    }

    /** One entry per bitrate line, then the column as wide as its longest entry. */
    void sync(List<LiveChartContent.Entry> entries) {
        if (entries.size() != legendItems.size()) {
            addEntries(entries);
        }
        // prefWidth is cached by the layout until the legend changes: cheap at every flush.
        double want = Math.min(LEGEND_MAX_WIDTH, Math.max(150, legend.prefWidth(-1) + SCROLLBAR_ROOM));
        if (Math.abs(want - legendScroll.getPrefViewportWidth()) > 1) {
            legendScroll.setPrefViewportWidth(want);
        }
    }

    private void addEntries(List<LiveChartContent.Entry> entries) {
        for (LiveChartContent.Entry e : entries) {
            if (legendItems.containsKey(e.label())) {
                continue;
            }
            CheckBox box = new CheckBox(e.label());
            box.setSelected(e.visible());
            Rectangle swatch = new Rectangle(14, e.width() > 2 ? 4 : 2, Color.web(Palette.css(e.rgb())));
            box.setGraphic(swatch);
            box.getStyleClass().add("legend-item");
            box.selectedProperty().addListener((o, was, now) -> show.accept(e.label(), now));
            legendItems.put(e.label(), box);
            legend.getChildren().add(box);
        }
        if (entries.isEmpty()) {
            legendItems.clear();
            legend.getChildren().clear();
        }
    }

    /** The switch of a label follows a change made elsewhere. */
    void setSelected(String label, boolean shown) {
        CheckBox box = legendItems.get(label);
        if (box != null && box.isSelected() != shown) {
            box.setSelected(shown);
        }
    }
}
