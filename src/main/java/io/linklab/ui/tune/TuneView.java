package io.linklab.ui.tune;

import io.linklab.engine.RunHandle;
import io.linklab.model.TestPlan;
import io.linklab.ui.charts.ChartRenderLoop;
import io.linklab.ui.charts.ChartView;
import java.util.function.Consumer;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * A tune on screen, live or read back: what it is doing and Stop above the rate-against-step chart, and under it
 * the result with "Copy as shell script" and "Save as test". Everything it shows comes from its {@link TuneModel};
 * the model's changes are handed to the FX thread.
 */
public final class TuneView {

    private final TuneModel model;
    private final ChartView chart;
    private final Label status = new Label();
    private final Button stop = new Button("Stop");
    private final Button copy = new Button("Copy as shell script");
    private final Button saveAsTest = new Button("Save as test…");
    private final TextArea result = new TextArea();
    private final SplitPane root;
    private volatile RunHandle handle;

    /** @param onSaveAsTest opens the wizard with the winner's settings */
    public TuneView(TuneModel model, ChartRenderLoop loop, Consumer<TestPlan> onSaveAsTest) {
        this.model = model;
        chart = new ChartView(model, loop).withLegend();
        chart.setId("tune-chart");
        chart.setPrefHeight(340);
        status.setId("tune-status");
        status.setWrapText(true);
        status.setMinHeight(Label.USE_PREF_SIZE);
        stop.setId("tune-stop");
        stop.setTooltip(new Tooltip("Ends the tune now and reports the best settings found so far"));
        stop.setOnAction(e -> {
            RunHandle h = handle;
            if (h != null) {
                stop.setDisable(true);
                stop.setText("Stopping…");
                h.cancel();
            }
        });
        stop.setDisable(true);
        copy.setId("tune-copy-script");
        copy.setTooltip(new Tooltip("Puts a script on the clipboard that runs the winner's commands over ssh"));
        copy.setOnAction(e -> {
            ClipboardContent c = new ClipboardContent();
            c.putString(model.script());
            Clipboard.getSystemClipboard().setContent(c);
            copy.setText("Copied");
        });
        saveAsTest.setId("tune-save-as-test");
        saveAsTest.setTooltip(new Tooltip("Opens the test wizard with the winner's settings"));
        saveAsTest.setOnAction(e -> model.winnerPlan().ifPresent(onSaveAsTest));
        result.setId("tune-result");
        result.setEditable(false);
        result.getStyleClass().add("commands");
        result.setPrefRowCount(12);
        result.setPromptText("The result shows here once the tune ends.");
        Label resultTitle = new Label("Result — the best settings, their rate, why the tune stopped, the commands");
        HBox actions = new HBox(8, copy, saveAsTest);
        VBox bottom = new VBox(6, resultTitle, result, actions);
        bottom.setPadding(new Insets(6));
        VBox.setVgrow(result, Priority.ALWAYS);
        HBox top = new HBox(8, stop, status);
        HBox.setHgrow(status, Priority.ALWAYS);
        VBox charts = new VBox(6, top, chart);
        charts.setPadding(new Insets(6));
        VBox.setVgrow(chart, Priority.ALWAYS);
        root = new SplitPane(charts, bottom);
        root.setOrientation(Orientation.VERTICAL);
        root.setDividerPositions(0.6);
        model.setOnChange(() -> Platform.runLater(this::refresh));
        refresh();
    }

    /** FX thread: the tune's run started; Stop now stops it. */
    public void attach(RunHandle h) {
        this.handle = h;
        stop.setDisable(model.ended());
    }

    /** FX thread: shows the model as it is now. */
    public void refresh() {
        status.setText(model.status());
        boolean ended = model.ended();
        if (ended) {
            stop.setDisable(true);
            stop.setText("Stop");
        }
        result.setText(model.resultText());
        boolean winner = model.winnerPlan().isPresent();
        copy.setDisable(!winner);
        saveAsTest.setDisable(!winner);
    }

    /** Whether the tune is on screen: a hidden chart is not painted. */
    public void setShowing(boolean showing) {
        chart.setShowing(showing);
    }

    public Parent root() {
        return root;
    }

    public TuneModel model() {
        return model;
    }
}
