package io.linklab.ui.compare;

import io.linklab.ui.charts.ChartRenderLoop;
import io.linklab.ui.charts.ChartView;
import io.linklab.ui.charts.ColumnFit;
import java.util.List;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.geometry.Orientation;
import javafx.scene.Parent;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/** Runs side by side: overlaid SUM (and sweep) charts over a table of headline figures and environment. */
public final class CompareView {

    private final ComparisonModel model;
    private final SplitPane root;
    private final TableView<ComparisonModel.Row> table;
    private final ChartView overlay;

    public CompareView(ComparisonModel model, ChartRenderLoop loop) {
        this.model = model;
        overlay = new ChartView(model.overlay(), loop).withLegend();
        overlay.setId("compare-chart");
        VBox charts = new VBox(4, overlay);
        VBox.setVgrow(overlay, Priority.ALWAYS);
        if (model.sweepOverlay() != null) {
            ChartView sweep = new ChartView(model.sweepOverlay(), loop).withLegend();
            sweep.setId("compare-sweep-chart");
            VBox.setVgrow(sweep, Priority.ALWAYS);
            charts.getChildren().add(sweep);
        }
        table = new TableView<>(FXCollections.observableArrayList(model.rows()));
        table.setId("compare-table");
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.getColumns().add(column("", r -> r.section()));
        table.getColumns().add(column("", r -> r.name()));
        var ratios = model.ratioToFirst();
        for (int i = 0; i < model.runs().size(); i++) {
            int col = i;
            var run = model.runs().get(i);
            String ratio = ratios.getOrDefault(run.id(), "");
            table.getColumns()
                    .add(column(
                            ComparisonModel.label(run) + (ratio.isEmpty() ? "" : "  (" + ratio + ")"),
                            r -> r.values().get(col)));
        }
        table.setRowFactory(tv -> new TableRow<>() {
            @Override
            protected void updateItem(ComparisonModel.Row item, boolean empty) {
                super.updateItem(item, empty);
                // Differences are what a comparison is for: they stand out, equal rows recede.
                setStyle(!empty && item != null && item.differs() ? "-fx-background-color: #fff4d6;" : "");
            }
        });
        new ColumnFit(table).fit();
        root = new SplitPane(charts, table);
        root.setOrientation(Orientation.VERTICAL);
        root.setDividerPositions(0.55);
    }

    private static TableColumn<ComparisonModel.Row, String> column(
            String name, Function<ComparisonModel.Row, String> value) {
        TableColumn<ComparisonModel.Row, String> c = new TableColumn<>(name);
        c.setCellValueFactory(cd -> new ReadOnlyObjectWrapper<>(value.apply(cd.getValue())));
        c.setSortable(false);
        return c;
    }

    public Parent root() {
        return root;
    }

    public ComparisonModel model() {
        return model;
    }

    public TableView<ComparisonModel.Row> table() {
        return table;
    }

    public List<ChartView> charts() {
        return List.of(overlay);
    }
}
