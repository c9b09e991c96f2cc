package io.linklab.ui.sweep;

import io.linklab.ui.charts.ChartRenderLoop;
import io.linklab.ui.charts.ChartView;
import io.linklab.ui.charts.ColumnFit;
import io.linklab.ui.charts.ValueUnit;
import java.util.Locale;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Parent;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The sweep chart over its table, shaped like the MTU table of the jumbo-frame lab note (seeds/003): point, send,
 * receive, sum, gain, retransmits, status and flag, every column as wide as its widest value.
 */
public final class SweepView {

    private final SweepModel model;
    private final ChartView chart;
    private final ChartView counterChart;
    private final ObservableList<SweepModel.TableRow> rows = FXCollections.observableArrayList();
    private final TableView<SweepModel.TableRow> table = new TableView<>(rows);
    private final SplitPane root;
    private final ColumnFit columnFit = new ColumnFit(table);

    public SweepView(SweepModel model, ChartRenderLoop loop) {
        this.model = model;
        this.chart = new ChartView(model, loop);
        chart.setId("sweep-chart");
        chart.setPrefHeight(340);
        table.setId("sweep-table");
        table.setPlaceholder(new Label("no point finished yet"));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.getColumns().add(column("point", SweepModel.TableRow::point));
        table.getColumns().add(column("c2s (send)", r -> rate(r.c2s())));
        table.getColumns().add(column("s2c (receive)", r -> rate(r.s2c())));
        table.getColumns().add(column("sum", r -> rate(r.sum())));
        table.getColumns()
                .add(column("gain", r -> r.gain() == null ? "–" : String.format(Locale.ROOT, "%.2f", r.gain())));
        table.getColumns()
                .add(column(
                        "retransmits",
                        r -> r.retransmits() == null ? "–" : r.retransmits().toString()));
        TableColumn<SweepModel.TableRow, String> status =
                column("status", r -> r.flag() != null && r.ok() ? "⚠ " + r.flag() : r.status());
        status.setCellFactory(c -> new TableCell<>() {
            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty ? null : item);
                setStyle(
                        empty || item == null || "ok".equals(item)
                                ? ""
                                : item.startsWith("⚠") ? "-fx-text-fill: #b06000;" : "-fx-text-fill: #c62828;");
            }
        });
        table.getColumns().add(status);
        // one host counter per point under the throughput (receiver drops per MTU: seed 003's question)
        counterChart = new ChartView(model.counters(), loop);
        counterChart.setId("sweep-counter-chart");
        counterChart.setPrefHeight(150);
        counterChart.setMinHeight(110);
        ComboBox<SweepCounters.Metric> metric =
                new ComboBox<>(FXCollections.observableArrayList(SweepCounters.Metric.values()));
        metric.setId("sweep-counter-metric");
        metric.setValue(model.counters().metric());
        metric.valueProperty().addListener((o, was, now) -> model.counters().setMetric(now));
        HBox pick = new HBox(6, new Label("Host counter per point:"), metric);
        pick.setAlignment(Pos.CENTER_LEFT);
        VBox charts = new VBox(4, chart, pick, counterChart);
        VBox.setVgrow(chart, Priority.ALWAYS);
        root = new SplitPane(charts, table);
        root.setOrientation(Orientation.VERTICAL);
        root.setDividerPositions(0.6);
        columnFit.fit();
        refresh();
    }

    private String rate(Double bps) {
        if (bps == null) {
            return "–";
        }
        return (model.frame(1).yUnit() == ValueUnit.BYTES_PER_SECOND
                        ? ValueUnit.BYTES_PER_SECOND
                        : ValueUnit.BITS_PER_SECOND)
                .screenFormat(bps);
    }

    private static TableColumn<SweepModel.TableRow, String> column(
            String name, Function<SweepModel.TableRow, String> value) {
        TableColumn<SweepModel.TableRow, String> c = new TableColumn<>(name);
        c.setCellValueFactory(cd -> new ReadOnlyObjectWrapper<>(value.apply(cd.getValue())));
        c.setSortable(false);
        return c;
    }

    /** FX thread: reloads the table if points were added. */
    public void refresh() {
        if (rows.size() != model.completedPoints()) {
            rows.setAll(model.table());
            columnFit.fit();
        }
    }

    public Parent root() {
        return root;
    }

    public ChartView chartView() {
        return chart;
    }

    /** Whether the sweep is on screen: hidden charts are not painted. */
    public void setShowing(boolean showing) {
        chart.setShowing(showing);
        counterChart.setShowing(showing);
    }

    public ChartView counterChartView() {
        return counterChart;
    }

    public TableView<SweepModel.TableRow> table() {
        return table;
    }

    public SweepModel model() {
        return model;
    }
}
