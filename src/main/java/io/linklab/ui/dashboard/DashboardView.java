package io.linklab.ui.dashboard;

import io.linklab.concurrent.DaemonThreads;
import io.linklab.engine.RunHandle;
import io.linklab.engine.RunInfo;
import io.linklab.engine.RunOutcome;
import io.linklab.model.Sample;
import io.linklab.model.Verdict;
import io.linklab.ui.charts.ChartContent;
import io.linklab.ui.charts.ChartRenderLoop;
import io.linklab.ui.charts.ChartView;
import io.linklab.ui.charts.ColumnFit;
import io.linklab.ui.charts.LiveChartContent;
import io.linklab.ui.charts.UpdateThrottle;
import io.linklab.ui.charts.ValueUnit;
import io.linklab.ui.history.PastRun;
import io.linklab.ui.history.PlanText;
import io.linklab.ui.sweep.SweepView;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Consumer;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TitledPane;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The live dashboard of one run: bitrate per stream with bold SUMs, retransmits, cwnd with RTT beside it and
 * UDP jitter and loss (when reported), legend with show/hide, current values per stream, progress with ETA, Stop, and the
 * raw console of each host. Takes {@link LiveRunModel} snapshots at most 20 times a second. Laid out for the
 * whole width of the window: charts with the legend beside them over a full-width table, and a toolbar whose
 * controls that do not fit go into its overflow menu.
 */
public final class DashboardView {

    private static final long FLUSH_MS = 50;

    private final LiveRunModel model;
    private final ChartRenderLoop loop;
    private final BorderPane root = new BorderPane();
    private final RunControls bar;
    private final ObservableList<StreamRowView> rows = FXCollections.observableArrayList();
    private final Map<LiveRunModel.StreamKey, StreamRowView> rowByKey = new HashMap<>();
    private final TableView<StreamRowView> table = new TableView<>(rows);
    private final TitledPane consolePane;
    private long lastTableNanos;
    private List<LiveRunModel.StreamRow> latestRows = List.of();
    private final LegendColumn legend = new LegendColumn(this::setShown);
    private final FindingsView findings;
    private final ColumnFit columnFit = new ColumnFit(table);
    private final SplitPane live;
    private final TabPane console = new TabPane();
    private final Map<String, ListView<String>> consoles = new HashMap<>();
    private final GridPane charts = new GridPane();
    private final List<ChartView> chartViews = new ArrayList<>();
    private final ChartView bitrateView;
    private final TabPane views = new TabPane();
    private final UpdateThrottle throttle;
    private final HostLanesView lanes;
    private ChartView rttView;
    private ChartView jitterView;
    private ChartView lossView;
    private SweepView sweepView;
    private volatile RunHandle handle;
    private PastRun recorded;
    private Consumer<RunOutcome> onFinished = o -> {};
    private boolean finished;
    private boolean shown = true;

    /**
     * @param fx    runs on the FX thread ({@code Platform::runLater}; tests pass their own)
     * @param timer schedules the throttled flushes
     */
    public DashboardView(LiveRunModel model, ChartRenderLoop loop, ScheduledExecutorService timer, Executor fx) {
        this.model = model;
        this.loop = loop;
        this.bar = new RunControls(model, () -> updateTable(latestRows), this::chartViews, this::stop);
        this.throttle = new UpdateThrottle(timer, fx, FLUSH_MS, this::flush);
        model.onChange(throttle::trigger);

        lanes = new HostLanesView(model.hostLanes());
        findings = new FindingsView(model.findings());
        bitrateView = chart(model.bitrate());
        bitrateView.setId("bitrate-chart");
        ChartView retrView = chart(model.retransmits());
        retrView.setId("retransmits-chart");
        ChartView cwndView = chart(model.cwnd());
        cwndView.setId("cwnd-chart");
        charts.setHgap(4);
        charts.setVgap(4);
        // Three columns wide: the RTT chart, once a stream reports RTT, joins retransmits and cwnd in the third.
        charts.add(bitrateView, 0, 0, 3, 1);
        charts.add(lanes, 0, 1, 3, 1); // the hosts' counters, on the bitrate chart's time axis
        charts.add(retrView, 0, 2);
        charts.add(cwndView, 1, 2);
        GridPane.setHgrow(bitrateView, Priority.ALWAYS);
        GridPane.setVgrow(bitrateView, Priority.ALWAYS);
        for (Node n : List.of(retrView, cwndView)) {
            GridPane.setHgrow(n, Priority.ALWAYS);
            smallChart((Region) n);
        }
        bitrateView.setPrefHeight(330);

        table.setId("stream-table");
        // Fixed row height spares the table's virtual flow from measuring every cell on each update.
        table.setFixedCellSize(22);
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.setPlaceholder(new Label("no intervals yet"));
        for (int i = 0; i < StreamRowView.COLUMNS.length; i++) {
            int col = i;
            TableColumn<StreamRowView, String> c = new TableColumn<>(StreamRowView.COLUMNS[i]);
            c.setCellValueFactory(cd -> cd.getValue().cell(col));
            c.setSortable(false);
            table.getColumns().add(c);
        }
        columnFit.fit();

        BorderPane chartsAndLegend = new BorderPane(charts);
        // The legend is a column beside the charts, as wide as its longest entry: a line's name is never cut.
        chartsAndLegend.setRight(legend.node());
        // Charts over a table as wide as the window: every column of current values has room.
        live = new SplitPane(chartsAndLegend, table);
        live.setOrientation(Orientation.VERTICAL);
        live.setDividerPositions(0.68);
        live.setId("live-split");
        Tab liveTab = new Tab("Live", live);
        liveTab.selectedProperty().addListener((o, was, now) -> chartViews.forEach(v -> v.setShowing(now && shown)));
        liveTab.setId("live-tab");
        views.getTabs().add(liveTab);
        views.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);

        console.setId("console");
        console.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        console.setPrefHeight(180);
        consolePane = new TitledPane("Console (raw tool output per host)", console);
        consolePane.setId("console-pane");
        consolePane.setExpanded(false);
        consolePane.setAnimated(false);
        consolePane.expandedProperty().addListener((o, was, now) -> {
            if (now) {
                fillConsoles();
            }
        });

        root.setTop(bar.node());
        root.setCenter(views);
        // what limited each test, between the live views and the console: read without opening anything
        root.setBottom(new VBox(findings.node(), consolePane));
        root.setId("dashboard");
        flushSweep();
    }

    private ChartView chart(LiveChartContent content) {
        ChartView v = new ChartView(content, loop);
        v.setOnInspect(inspecting -> bar.follow().setSelected(!inspecting));
        chartViews.add(v);
        return v;
    }

    private ValueUnit unit() {
        return model.bitrate().bytes() ? ValueUnit.BYTES_PER_SECOND : ValueUnit.BITS_PER_SECOND;
    }

    public void setExportActions(Runnable page, Runnable csv, Consumer<ChartContent> png, Runnable report) {
        bar.setExportActions(page, csv, png, report);
    }

    /** The stored form of this run, once known (a replayed run, or a finished live run read back). */
    public PastRun recorded() {
        return recorded;
    }

    public void setRecorded(PastRun run) {
        this.recorded = run;
        if (!run.imported()) {
            showVerdict(run.verdict(), null);
        }
    }

    /** FX thread: the run's verdict as a badge in the header (a finished run's, from its run.json). */
    public void showVerdict(Verdict.Outcome outcome, String detail) {
        bar.showVerdict(outcome, detail);
    }

    /** FX thread: whether this dashboard is on screen; hidden dashboards' charts are not painted. */
    public void setShown(boolean now) {
        shown = now;
        boolean live = views.getSelectionModel().getSelectedItem() != null
                && "live-tab".equals(views.getSelectionModel().getSelectedItem().getId());
        chartViews.forEach(v -> v.setShowing(now && live));
        if (sweepView != null) {
            sweepView.setShowing(now && !live);
        }
    }

    /** FX thread: a message in the status label (export results, refusals). */
    public void showMessage(String text) {
        bar.status().setText(text);
    }

    /** Lets Stop cancel the run; Stop stays disabled until a handle is known. */
    public void attach(RunHandle runHandle) {
        this.handle = runHandle;
    }

    public void onFinished(Consumer<RunOutcome> action) {
        this.onFinished = action;
    }

    private void stop() {
        RunHandle h = handle;
        if (h == null) {
            return;
        }
        bar.stop().setDisable(true);
        bar.stop().setText("Stopping…");
        // cancel() promises to return at once, but the FX thread must not bet on it.
        DaemonThreads.start("linklab-stop-" + h.runId(), h::cancel);
    }

    public Parent root() {
        return root;
    }

    public LiveRunModel model() {
        return model;
    }

    public List<ChartView> chartViews() {
        List<ChartView> all = new ArrayList<>(chartViews);
        if (sweepView != null) {
            all.add(0, sweepView.chartView());
        }
        return all;
    }

    public SweepView sweepView() {
        return sweepView;
    }

    /** FX thread: takes the model's state now (the throttle calls this; tests may too). */
    public void flush() {
        LiveRunModel.Snapshot s = model.takeSnapshot();
        RunInfo info = model.info();
        if (info != null && bar.title().getText().isEmpty()) {
            bar.title().setText(info.runId() + " — " + PlanText.summary(info.plan()));
        }
        bar.status().setText(s.status());
        latestRows = s.rows();
        long now = System.nanoTime();
        // People read numbers at a few updates a second; faster only costs CSS passes on the FX thread.
        long every = s.rows().size() > 24 ? 1_000_000_000L : 250_000_000L;
        if (now - lastTableNanos > every || s.outcome() != null) {
            lastTableNanos = now;
            updateTable(s.rows());
        } else {
            // Not yet due: flush again later, or a run that goes quiet (a stream that stopped, a pause between
            // points) would keep a table older than its charts until its next line.
            throttle.trigger();
        }
        LiveRunModel.Progress p = s.progress();
        bar.progress().setProgress(p.fraction());
        String pointText =
                p.points() > 1 ? "  point " + Math.min(p.points(), p.pointIndex() + 1) + "/" + p.points() : "";
        bar.time().setText("elapsed " + clock(p.elapsed()) + "  remaining " + clock(p.remaining()) + pointText);
        for (Map.Entry<String, List<String>> e : s.newConsoleLines().entrySet()) {
            ListView<String> lv = consoles.computeIfAbsent(e.getKey(), this::consoleTab);
            if (consolePane.isExpanded()) {
                append(lv, e.getValue());
            }
        }
        legend.sync(model.bitrate().entries());
        findings.refresh();
        lanes.refresh(model.bitrate().range());
        addOptionalCharts();
        flushSweep();
        if (sweepView != null) {
            sweepView.refresh();
        }
        if (s.outcome() != null && !finished) {
            finished = true;
            bar.stop().setDisable(true);
            bar.stop().setText(s.outcome().status() == RunOutcome.Status.CANCELLED ? "Stopped" : "Done");
            onFinished.accept(s.outcome());
        } else if (s.outcome() == null) {
            bar.stop().setDisable(handle == null);
        }
    }

    private void flushSweep() {
        if (sweepView == null && model.sweep() != null) {
            sweepView = new SweepView(model.sweep(), loop);
            Tab t = new Tab("Sweep", sweepView.root());
            t.setId("sweep-tab");
            t.selectedProperty().addListener((o, was, now) -> sweepView.setShowing(now && shown));
            views.getTabs().add(0, t);
            views.getSelectionModel().select(t);
        }
    }

    /**
     * A chart below the bitrate chart and the host lanes: it keeps a readable height when the window is small
     * (the bitrate chart gives way first).
     */
    private static void smallChart(Region chart) {
        chart.setPrefHeight(170);
        chart.setMinHeight(110);
    }

    private void addOptionalCharts() {
        if (rttView == null && model.showsRtt()) {
            rttView = chart(model.rtt());
            rttView.setId("rtt-chart");
            smallChart(rttView);
            GridPane.setHgrow(rttView, Priority.ALWAYS);
            // beside the congestion window: a growing window that drives up the RTT is read across one row
            charts.add(rttView, 2, 2);
        }
        if (jitterView == null && model.isUdp()) {
            jitterView = chart(model.jitter());
            jitterView.setId("jitter-chart");
            lossView = chart(model.loss());
            lossView.setId("loss-chart");
            for (ChartView v : List.of(jitterView, lossView)) {
                smallChart(v);
                GridPane.setHgrow(v, Priority.ALWAYS);
            }
            charts.add(jitterView, 0, 3);
            charts.add(lossView, 1, 3);
        }
    }

    /** Shows or hides the lines labelled {@code label} in every chart. */
    public void setShown(String label, boolean shown) {
        for (LiveChartContent c : model.charts()) {
            for (LiveChartContent.Entry e : c.entries()) {
                if (e.label().equals(label)) {
                    c.setVisible(e, shown);
                }
            }
        }
        legend.setSelected(label, shown);
    }

    private void updateTable(List<LiveRunModel.StreamRow> current) {
        ValueUnit u = unit();
        boolean added = false;
        for (LiveRunModel.StreamRow r : current) {
            StreamRowView v = rowByKey.get(r.key());
            if (v == null) {
                v = new StreamRowView(r.key());
                rowByKey.put(r.key(), v);
                added = true;
            }
            v.update(r, u, finished || model.outcome() != null);
        }
        if (added || current.size() != rows.size()) {
            rowByKey.keySet()
                    .retainAll(current.stream().map(LiveRunModel.StreamRow::key).toList());
            // SUM rows first, then streams in the order they appeared.
            List<StreamRowView> ordered = new ArrayList<>();
            for (LiveRunModel.StreamRow r : current) {
                StreamRowView v = rowByKey.get(r.key());
                if (r.key().stream().equals(Sample.SUM)) {
                    ordered.add(0, v);
                } else {
                    ordered.add(v);
                }
            }
            rows.setAll(ordered);
        }
        columnFit.fit();
    }

    /** The console is filled when shown: a collapsed console costs the FX thread nothing. */
    private void fillConsoles() {
        for (Map.Entry<String, ListView<String>> e : consoles.entrySet()) {
            e.getValue().getItems().setAll(model.console(e.getKey()));
            e.getValue().scrollTo(e.getValue().getItems().size() - 1);
        }
    }

    private static void append(ListView<String> lv, List<String> lines) {
        lv.getItems().addAll(lines);
        int extra = lv.getItems().size() - LiveRunModel.CONSOLE_LINES;
        if (extra > 0) {
            lv.getItems().remove(0, extra);
        }
        lv.scrollTo(lv.getItems().size() - 1);
    }

    /** The table of current values as shown (tests). */
    public List<StreamRowView> tableRows() {
        return List.copyOf(rows);
    }

    /** Charts over the table of current values; its divider is shared by all dashboards and remembered. */
    public SplitPane liveSplit() {
        return live;
    }

    /** The Findings block (tests). */
    public FindingsView findingsView() {
        return findings;
    }

    public TitledPane consolePane() {
        return consolePane;
    }

    private ListView<String> consoleTab(String host) {
        ListView<String> lv = new ListView<>();
        lv.setId("console-" + host);
        lv.setStyle("-fx-font-family: monospace; -fx-font-size: 11px;");
        Tab t = new Tab(host, lv);
        console.getTabs().add(t);
        return lv;
    }

    static String clock(Duration d) {
        long s = Math.max(0, d.toSeconds());
        return s >= 3600
                ? String.format("%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                : String.format("%d:%02d", s / 60, s % 60);
    }
}
