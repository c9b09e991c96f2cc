package io.linklab.ui.matrix;

import io.linklab.matrix.MatrixReport;
import io.linklab.matrix.MatrixRow;
import io.linklab.ui.charts.ColumnFit;
import io.linklab.ui.dashboard.FindingsView;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Parent;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.util.Duration;

/**
 * The matrix view: the heatmap of sender × receiver with its legend and the hovered pair's figures, beside the
 * matrix's rows worst first; Stop ends every pair, Resume runs the pairs without a measurement of a stopped,
 * interrupted or reopened matrix into its folder. A click on a square, or a double-click on a row, opens that
 * pair's run (live while it runs) through {@code open}. Redraws on the view-model's revision, which it bumps once
 * per batch of pairs that ended.
 */
public final class MatrixView {

    private static final String[] COLUMNS = {
        "Pair", "MTU", "Dir", "Rate", "Min", "Max", "Retransmits", "Of link", "Status"
    };
    /**
     * The widest the Pair column gets, so that two long host names do not push the rates out of sight at 1280×800;
     * a longer pair is cut with "…" and its cell's tooltip shows it whole.
     */
    static final double MOST_PAIR_WIDTH = 240;

    private final MatrixViewModel vm;
    private final Consumer<MatrixViewModel.Opening> open;
    private final BorderPane root = new BorderPane();
    private final HeatmapCanvas heatmap = new HeatmapCanvas();
    private final Label hover = new Label("Hover over a square for the pair's figures; click it to open its run.");
    private final Label message = new Label();
    private final ObservableList<MatrixRow> rows = FXCollections.observableArrayList();
    private final TableView<MatrixRow> table = new TableView<>(rows);
    private final ColumnFit columnFit = new ColumnFit(table);
    private final Tooltip tip = new Tooltip();
    private final Button stop = new Button("Stop");
    private final Button export = new Button("Export report…");
    private final Button resume = new Button("Resume");
    private final FindingsView findings;
    private final TableColumn<MatrixRow, String> pairColumn;
    private final ChoiceBox<Integer> mtu = new ChoiceBox<>();
    private final HBox mtuBar;
    private boolean showingMtus;

    /**
     * @param open     shows what a click opens (a pair's dashboard, or the reason there is none)
     * @param onExport asks where, and writes the matrix's report folder there
     * @param onResume resumes the matrix (its model's {@link MatrixViewModel#resume})
     */
    public MatrixView(
            MatrixViewModel vm, Consumer<MatrixViewModel.Opening> open, Runnable onExport, Runnable onResume) {
        this.vm = vm;
        this.open = open;
        findings = new FindingsView(
                vm.findings(), "no findings: no direction is well below its peers, and no pair is asymmetric");
        Label title = new Label(title());
        title.setId("matrix-title");
        title.getStyleClass().add("matrix-title");
        title.setWrapText(true);
        Label status = new Label();
        status.setId("matrix-status");
        status.setWrapText(true);
        status.textProperty().bind(vm.statusProperty());
        stop.setId("matrix-stop");
        stop.setMinWidth(Region.USE_PREF_SIZE);
        stop.setTooltip(new Tooltip("Ends every pair: running tests are stopped and cleaned up, waiting ones skipped"));
        stop.disableProperty().bind(vm.stoppableProperty().not());
        stop.setOnAction(e -> vm.stop());
        export.setId("matrix-export");
        export.setMinWidth(Region.USE_PREF_SIZE);
        export.setTooltip(new Tooltip("A folder with matrix.csv, heatmap.png (a heatmap per MTU where the matrix "
                + "sweeps several), findings.csv, report.md and each pair's run folder, as the matrix stands now"));
        export.setOnAction(e -> onExport.run());
        resume.setId("matrix-resume");
        resume.setMinWidth(Region.USE_PREF_SIZE);
        resume.setTooltip(new Tooltip("Runs the pairs without a measurement (not run, failed or stopped) into this "
                + "matrix's folder; the pairs measured already are kept"));
        resume.disableProperty().bind(vm.resumableProperty().not());
        resume.setOnAction(e -> onResume.run());
        VBox heading = new VBox(2, title, status, message);
        HBox.setHgrow(heading, Priority.ALWAYS);
        HBox bar = new HBox(12, heading, export, resume, stop);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(8));
        message.setId("matrix-message");
        message.setWrapText(true);

        hover.setId("matrix-hover");
        hover.setWrapText(true);
        hover.setMinHeight(Region.USE_PREF_SIZE);
        tip.setShowDelay(Duration.millis(150));
        Tooltip.install(heatmap, tip);
        heatmap.setOnMouseMoved(e -> heatmap.cellAt(e.getX(), e.getY())
                .ifPresentOrElse(
                        sr -> {
                            String text = vm.hoverText(sr[0], sr[1]);
                            hover.setText(text);
                            tip.setText(text);
                        },
                        // a name the gutter cut short, whole
                        () -> heatmap.nameAt(e.getX(), e.getY()).ifPresent(tip::setText)));
        heatmap.setOnMouseClicked(e -> heatmap.cellAt(e.getX(), e.getY())
                .filter(sr -> !sr[0].equals(sr[1]))
                .ifPresent(sr -> opened(vm.openCell(sr[0], sr[1]))));
        VBox.setVgrow(heatmap, Priority.ALWAYS);
        // the hovered pair's figures sit above the table, not under the heatmap: their line count changes as the
        // pointer crosses squares, and under the heatmap it would change the heatmap's height and move the squares
        mtu.setId("matrix-mtu");
        mtu.setTooltip(
                new Tooltip("The heatmap and findings of the pairs measured at this MTU; the table has every MTU"));
        mtu.setOnAction(e -> {
            if (!showingMtus && mtu.getValue() != null && !mtu.getValue().equals(vm.shownMtu())) {
                vm.showMtu(mtu.getValue());
            }
        });
        mtuBar = new HBox(6, new Label("MTU"), mtu);
        mtuBar.setAlignment(Pos.CENTER_LEFT);
        VBox left = new VBox(6, mtuBar, heatmap, legend());
        left.setPadding(new Insets(0, 8, 8, 8));

        table.setId("matrix-table");
        table.setFixedCellSize(22);
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.setPlaceholder(new Label("no pair has ended yet"));
        List<Function<MatrixRow, String>> cells = List.of(
                r -> r.client() + "→" + r.server(),
                r -> r.mtu() == null ? "" : r.mtu().toString(),
                MatrixRow::direction,
                r -> MatrixCells.rate(r.bitsPerSecond()),
                r -> MatrixCells.rate(r.bitsPerSecondMin()),
                r -> MatrixCells.rate(r.bitsPerSecondMax()),
                r -> r.retransmits() == null ? "" : r.retransmits().toString(),
                r -> MatrixCells.percent(r.fractionOfLink()),
                r -> r.ok() || r.reason() == null || r.reason().isBlank()
                        ? r.status()
                        : r.status() + ": " + r.reason());
        TableColumn<MatrixRow, String> first = null;
        for (int i = 0; i < COLUMNS.length; i++) {
            Function<MatrixRow, String> cell = cells.get(i);
            TableColumn<MatrixRow, String> c = new TableColumn<>(COLUMNS[i]);
            c.setCellValueFactory(cd -> new ReadOnlyStringWrapper(cell.apply(cd.getValue())));
            c.setSortable(false); // worst first is the order; the heatmap is the overview
            table.getColumns().add(c);
            first = first == null ? c : first;
        }
        pairColumn = first;
        pairColumn.setMaxWidth(MOST_PAIR_WIDTH);
        pairColumn.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty ? null : item);
                setTooltip(empty || item == null ? null : new Tooltip(item));
            }
        });
        table.setRowFactory(t -> {
            TableRow<MatrixRow> row = new TableRow<>();
            row.setOnMouseClicked(e -> {
                if (e.getClickCount() == 2 && row.getItem() != null) {
                    opened(vm.openRow(row.getItem()));
                }
            });
            return row;
        });
        Label tableTitle = new Label("Worst first — double-click a row to open its run");
        VBox right = new VBox(4, hover, tableTitle, table);
        VBox.setVgrow(table, Priority.ALWAYS);
        right.setPadding(new Insets(0, 8, 8, 0));

        SplitPane split = new SplitPane(left, right);
        split.setOrientation(Orientation.HORIZONTAL);
        split.setDividerPositions(0.5);
        split.setId("matrix-split");
        root.setTop(bar);
        root.setCenter(split);
        root.setBottom(findings.node());
        root.setId("matrix-view");
        vm.revisionProperty().addListener(o -> refresh());
        refresh();
    }

    public Parent root() {
        return root;
    }

    public MatrixViewModel model() {
        return vm;
    }

    /** The heatmap's last redraw, in milliseconds. */
    public double lastRedrawMillis() {
        return heatmap.lastDrawNanos() / 1e6;
    }

    /** FX thread: redraws the heatmap once more (a benchmark's repeat). */
    public void redrawHeatmap() {
        heatmap.redraw();
    }

    /**
     * The colour of each drawn link the matrix has a result for, on the heatmap's scale: the worst pair crossing it,
     * grey where none of them measured (the topology canvas draws them while the matrix is open).
     */
    public static Map<String, Color> linkColours(MatrixViewModel vm) {
        Map<String, Color> out = new HashMap<>();
        vm.linkCells()
                .forEach((id, cell) -> out.put(
                        id,
                        cell.failed()
                                ? HeatmapCanvas.FAILED
                                : vm.grid()
                                        .shade(cell)
                                        .map(HeatmapCanvas::colour)
                                        .orElse(HeatmapCanvas.FAILED)));
        return out;
    }

    HeatmapCanvas heatmap() {
        return heatmap;
    }

    TableView<MatrixRow> table() {
        return table;
    }

    FindingsView findingsView() {
        return findings;
    }

    Label hover() {
        return hover;
    }

    private String title() {
        var r = vm.request();
        return MatrixReport.title(
                r.lab(), r.base(), r.pairs().size(), r.options().concurrency());
    }

    /** Says what became of an export (or anything else the view's own actions did) in the view's message line. */
    public void say(String text) {
        message.setText(text);
    }

    private void opened(MatrixViewModel.Opening o) {
        message.setText(o instanceof MatrixViewModel.Opening.Nothing n ? n.why() : "");
        open.accept(o);
    }

    private void refresh() {
        heatmap.show(vm.grid(), vm.runningCells());
        rows.setAll(vm.sortedRows());
        showMtus();
        columnFit.fit();
        if (pairColumn.getMinWidth() > MOST_PAIR_WIDTH) {
            pairColumn.setMinWidth(MOST_PAIR_WIDTH); // fitted to its widest pair, up to the cap
        }
        findings.refresh();
    }

    /** The MTU selector and column, only in a matrix that sweeps MTUs: one layer of the heatmap per MTU. */
    private void showMtus() {
        boolean sweeps = !vm.mtus().isEmpty();
        mtuBar.setVisible(sweeps);
        mtuBar.setManaged(sweeps);
        table.getColumns().get(1).setVisible(sweeps);
        showingMtus = true; // setting the items and value is not the user's choice
        try {
            if (!mtu.getItems().equals(vm.mtus())) {
                mtu.getItems().setAll(vm.mtus());
            }
            mtu.setValue(vm.shownMtu());
        } finally {
            showingMtus = false;
        }
    }

    /** The colour scale, what it measures, and the marks for failed, running and waiting pairs. */
    private VBox legend() {
        Canvas bar = new Canvas(240, 14);
        GraphicsContext g = bar.getGraphicsContext2D();
        for (int x = 0; x < 240; x++) {
            g.setFill(HeatmapCanvas.colour(x / 239.0));
            g.fillRect(x, 0, 1, 14);
        }
        HBox scale = new HBox(
                6,
                new Label("0 %"),
                bar,
                new Label("100 %"),
                swatch(HeatmapCanvas.FAILED, false),
                new Label("failed (hover: why)"),
                swatch(Color.TRANSPARENT, true),
                new Label("running or waiting"));
        scale.setAlignment(Pos.CENTER_LEFT);
        Label what = new Label();
        what.setId("matrix-legend");
        what.setWrapText(true);
        what.setMinHeight(Region.USE_PREF_SIZE);
        what.textProperty().bind(vm.legendProperty());
        return new VBox(2, scale, what);
    }

    private static Region swatch(Color fill, boolean outline) {
        Region r = new Region();
        r.setMinSize(14, 14);
        r.setMaxSize(14, 14);
        r.setStyle("-fx-background-color: " + web(fill) + ";"
                + (outline ? "-fx-border-color: " + web(HeatmapCanvas.RUNNING) + "; -fx-border-width: 2;" : ""));
        return r;
    }

    static String web(Color c) {
        return String.format(
                Locale.ROOT,
                "rgba(%d,%d,%d,%.2f)",
                Math.round(c.getRed() * 255),
                Math.round(c.getGreen() * 255),
                Math.round(c.getBlue() * 255),
                c.getOpacity());
    }
}
