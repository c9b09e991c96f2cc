package io.linklab.ui.dashboard;

import io.linklab.model.Verdict;
import io.linklab.ui.charts.ChartContent;
import io.linklab.ui.charts.ChartView;
import io.linklab.ui.charts.LiveChartContent;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Control;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Separator;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.ToolBar;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The top of a dashboard: what the run is and how it goes, each on a line of its own that wraps rather than cuts,
 * then its controls — time and progress, Stop, units, follow, time window, export — in a toolbar that moves what
 * does not fit into its overflow menu under the same names.
 */
final class RunControls {

    private final LiveRunModel model;
    private final Label title = new Label();
    /** The run's verdict once it is known: colour and word, hidden until then. */
    private final Label verdict = new Label();

    private final Label status = new Label("starting…");
    private final Label time = new Label("elapsed 0:00");
    private final ProgressBar progress = new ProgressBar(0);
    private final Button stop = new Button("Stop");
    private final ToggleButton follow = new ToggleButton("Follow");
    private final VBox node;
    private Runnable exportCsv = () -> {};
    private Consumer<ChartContent> exportPng = c -> {};
    private Runnable exportReport = () -> {};
    private Runnable exportPage = () -> {};

    /**
     * @param unitsChanged redraws what shows rates after bit/s and byte/s were switched
     * @param charts       the dashboard's charts now, for Export → Chart as PNG
     * @param stopRun      what Stop does
     */
    RunControls(LiveRunModel model, Runnable unitsChanged, Supplier<List<ChartView>> charts, Runnable stopRun) {
        this.model = model;
        title.setStyle("-fx-font-weight: bold;");
        title.setId("run-title");
        title.setWrapText(true);
        status.setId("run-status");
        status.setWrapText(true);
        time.setId("run-time");
        time.setMinWidth(Region.USE_PREF_SIZE);
        progress.setId("run-progress");
        progress.setPrefWidth(180);
        stop.setId("stop-button");
        stop.setStyle("-fx-base: #e8b4b4;");
        stop.setOnAction(e -> stopRun.run());

        ToggleButton bits = new ToggleButton("bit/s");
        ToggleButton bytes = new ToggleButton("byte/s");
        unitSwitch(bits, bytes, unitsChanged);
        followSwitch();
        ChoiceBox<String> window = timeWindow();
        MenuButton export = exportMenu(charts);

        for (Control c : List.of(stop, bits, bytes, follow, window, export)) {
            c.setMinWidth(Region.USE_PREF_SIZE);
        }
        Label unitsLabel = new Label("units");
        unitsLabel.setMinWidth(Region.USE_PREF_SIZE);
        ToolBar controls = new ToolBar(
                time,
                progress,
                stop,
                new Separator(),
                unitsLabel,
                bits,
                bytes,
                new Separator(),
                follow,
                window,
                export);
        controls.setId("dashboard-toolbar");
        verdict.setId("run-verdict");
        verdict.setMinWidth(Region.USE_PREF_SIZE);
        verdict.setVisible(false);
        verdict.setManaged(false);
        HBox heading = new HBox(8, verdict, title);
        heading.setAlignment(Pos.CENTER_LEFT);
        node = new VBox(2, heading, status, controls);
        node.setPadding(new Insets(4, 6, 0, 6));
    }

    private void unitSwitch(ToggleButton bits, ToggleButton bytes, Runnable unitsChanged) {
        ToggleGroup units = new ToggleGroup();
        bits.setId("unit-bits");
        bytes.setId("unit-bytes");
        bits.setToggleGroup(units);
        bytes.setToggleGroup(units);
        bits.setSelected(true);
        units.selectedToggleProperty().addListener((o, was, now) -> {
            if (now == null) {
                was.setSelected(true);
                return;
            }
            boolean b = now == bytes;
            model.bitrate().setBytes(b);
            if (model.sweep() != null) {
                model.sweep().setBytes(b);
            }
            unitsChanged.run();
        });
    }

    private void followSwitch() {
        follow.setTooltip(
                new Tooltip("Follow the run; scroll on a chart to zoom, drag to pan, double-click to follow again"));
        follow.setId("follow");
        follow.setSelected(true);
        follow.selectedProperty().addListener((o, was, now) -> {
            for (LiveChartContent c : model.charts()) {
                // Unticked by a zoom: the zoomed chart keeps its range, the others freeze where they are.
                if (c.follow() != now) {
                    c.setFollow(now);
                }
            }
        });
    }

    private ChoiceBox<String> timeWindow() {
        ChoiceBox<String> window =
                new ChoiceBox<>(FXCollections.observableArrayList("whole run", "last 30 s", "last 60 s", "last 5 min"));
        window.setId("time-window");
        window.getSelectionModel().select(0);
        window.getSelectionModel().selectedIndexProperty().addListener((o, was, now) -> {
            double w = switch (now.intValue()) {
                case 1 -> 30;
                case 2 -> 60;
                case 3 -> 300;
                default -> 0;
            };
            for (LiveChartContent c : model.charts()) {
                c.setWindowS(w);
            }
        });
        return window;
    }

    private MenuButton exportMenu(Supplier<List<ChartView>> charts) {
        MenuButton export = new MenuButton("Export");
        export.setId("export-menu");
        MenuItem csv = new MenuItem("CSV files (samples, summary, sweep)…");
        csv.setOnAction(e -> exportCsv.run());
        Menu png = new Menu("Chart as PNG");
        export.setOnShowing(e -> {
            png.getItems().clear();
            for (ChartView v : charts.get()) {
                MenuItem item = new MenuItem(chartName(v) + "…");
                item.setOnAction(a -> exportPng.accept(v.content()));
                png.getItems().add(item);
            }
        });
        MenuItem page = new MenuItem("Report (one HTML page, prints to PDF)…");
        page.setId("export-report-page");
        page.setOnAction(e -> exportPage.run());
        MenuItem report = new MenuItem("Report folder (CSV + charts + summary)…");
        report.setOnAction(e -> exportReport.run());
        export.getItems().addAll(page, csv, png, report);
        return export;
    }

    private static String chartName(ChartView v) {
        return v.content() instanceof LiveChartContent l ? l.title() : "Sweep";
    }

    /** Shows the verdict as a badge before the title: green PASS, red FAIL, grey NO VERDICT, and why on hover. */
    void showVerdict(Verdict.Outcome outcome, String detail) {
        String colour = switch (outcome) {
            case PASS -> "#2e7d32";
            case FAIL -> "#c62828";
            case NONE -> "#616161";
        };
        verdict.setText(outcome.word().toUpperCase(Locale.ROOT));
        verdict.setStyle("-fx-background-color: " + colour + "; -fx-text-fill: white; -fx-font-weight: bold;"
                + " -fx-padding: 2 10 2 10; -fx-background-radius: 4;");
        verdict.setTooltip(detail == null || detail.isBlank() ? null : new Tooltip(detail));
        verdict.setVisible(true);
        verdict.setManaged(true);
    }

    Label verdict() {
        return verdict;
    }

    void setExportActions(Runnable page, Runnable csv, Consumer<ChartContent> png, Runnable report) {
        this.exportPage = page;
        this.exportCsv = csv;
        this.exportPng = png;
        this.exportReport = report;
    }

    Node node() {
        return node;
    }

    Label title() {
        return title;
    }

    Label status() {
        return status;
    }

    Label time() {
        return time;
    }

    ProgressBar progress() {
        return progress;
    }

    Button stop() {
        return stop;
    }

    ToggleButton follow() {
        return follow;
    }
}
