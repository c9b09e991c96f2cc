package io.linklab.ui.history;

import io.linklab.model.Direction;
import io.linklab.model.Rates;
import io.linklab.model.Verdict;
import io.linklab.ui.charts.ColumnFit;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.scene.Parent;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.Separator;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.TextInputDialog;
import javafx.scene.control.ToolBar;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Region;
import javafx.scene.text.Text;

/**
 * The run history: a searchable table of runs and the actions that open, compare, export, import, rename, note and
 * delete, each a button with its name and a tooltip; those that do not fit the width go into the toolbar's
 * overflow menu under the same name.
 */
public final class HistoryView {

    private static final DateTimeFormatter WHEN =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(ZoneId.systemDefault());

    private final HistoryViewModel model;
    private final TableView<PastRun> table;
    private final BorderPane root = new BorderPane();

    /**
     * @param open    opens one run in a dashboard tab
     * @param compare opens two or more runs side by side
     * @param export  writes the report folder of a run
     * @param importLogs asks for log files and imports them
     */
    private static final String ANY_VERDICT = "any verdict";

    public HistoryView(
            HistoryViewModel model,
            Consumer<PastRun> open,
            Consumer<List<PastRun>> compare,
            Consumer<PastRun> export,
            Consumer<List<PastRun>> reportPage,
            Runnable importLogs) {
        this.model = model;
        table = new TableView<>(model.shown());
        table.setId("history-table");
        table.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        table.setPlaceholder(new Label("No runs yet — start one with Test → New Test…, or import a log"));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        ColumnFit fit = new ColumnFit(table);
        model.shown().addListener((ListChangeListener<PastRun>) c -> fit.fit());
        table.getColumns().add(column("date", r -> r.started() == null ? "" : WHEN.format(r.started())));
        table.getColumns().add(column("name", PastRun::title));
        table.getColumns().add(column("hosts", r -> String.join(" → ", r.hosts())));
        table.getColumns().add(column("tool", r -> r.tool() == null ? "" : r.tool()));
        table.getColumns().add(column("plan", PastRun::planSummary));
        table.getColumns().add(column("c2s", r -> rate(r, Direction.C2S)));
        table.getColumns().add(column("s2c", r -> rate(r, Direction.S2C)));
        table.getColumns().add(column("verdict", r -> r.verdict().word()));
        table.getColumns().add(column("state", r -> r.stateText().toLowerCase(Locale.ROOT)));
        table.getColumns().add(column("note", r -> r.note() == null ? "" : r.note()));
        fit.fit();
        table.setRowFactory(tv -> {
            TableRow<PastRun> row = new TableRow<>();
            row.setOnMouseClicked(e -> {
                if (e.getClickCount() == 2 && !row.isEmpty()) {
                    model.open(row.getItem().id(), open);
                }
            });
            return row;
        });

        TextField search = new TextField();
        search.setId("history-filter");
        search.setPromptText("Filter runs: name, host, tool, plan, note");
        search.setTooltip(new Tooltip("Shows the runs whose name, hosts, tool, plan or note contain every word typed"));
        search.textProperty().bindBidirectional(model.filterProperty());
        // As wide as its prompt, so the hint is read whole before anything is typed.
        Text prompt = new Text(search.getPromptText());
        search.setPrefWidth(Math.ceil(prompt.getLayoutBounds().getWidth()) + 28);
        search.setMinWidth(Region.USE_PREF_SIZE);

        ChoiceBox<String> verdicts = new ChoiceBox<>();
        verdicts.setId("history-verdict");
        verdicts.getItems()
                .addAll(
                        ANY_VERDICT,
                        Verdict.Outcome.FAIL.word(),
                        Verdict.Outcome.PASS.word(),
                        Verdict.Outcome.NONE.word());
        verdicts.setValue(ANY_VERDICT);
        verdicts.setTooltip(new Tooltip("Shows only the runs that passed, failed or have no verdict"));
        verdicts.valueProperty()
                .addListener((o, was, now) -> model.verdictFilterProperty()
                        .set(Arrays.stream(Verdict.Outcome.values())
                                .filter(v -> v.word().equals(now))
                                .findFirst()
                                .orElse(null)));

        var selected = table.getSelectionModel().getSelectedItems();
        Button openButton = button(
                "Open",
                "history-open",
                "Open the selected run in a dashboard (or double-click it)",
                () -> model.open(first().id(), open));
        openButton.disableProperty().bind(Bindings.size(selected).isNotEqualTo(1));
        Button compareButton = button(
                "Compare",
                "history-compare",
                "Show two or more selected runs side by side",
                () -> model.openAll(selected.stream().map(PastRun::id).toList(), compare));
        compareButton.disableProperty().bind(Bindings.size(selected).lessThan(2));
        Button rename = button("Rename…", "history-rename", "Give the selected run a name", this::askRename);
        rename.disableProperty().bind(Bindings.size(selected).isNotEqualTo(1));
        Button note = button("Note…", "history-note", "Write a note on the selected run", this::askNote);
        note.disableProperty().bind(Bindings.size(selected).isNotEqualTo(1));
        Button delete =
                button("Delete…", "history-delete", "Delete the selected runs and their files", this::askDelete);
        delete.disableProperty().bind(Bindings.isEmpty(selected));
        Button exportButton = button(
                "Export Report…",
                "history-export",
                "Write the selected run's report folder: CSV files, chart images, summary",
                () -> model.open(first().id(), export));
        exportButton.disableProperty().bind(Bindings.size(selected).isNotEqualTo(1));
        Button pageButton = button(
                "Report Page…",
                "history-report-page",
                "Write one HTML page to hand over (prints to PDF): the selected run, or a comparison of several",
                () -> reportPage.accept(List.copyOf(selected)));
        pageButton.disableProperty().bind(Bindings.isEmpty(selected));
        Button refresh = button("Refresh", "history-refresh", "Read the runs folder again", model::refresh);
        Button importButton = button(
                "Import Logs…", "history-import", "Open iperf3, iperf2 or netperf log files as runs", importLogs);

        // Most used first: the toolbar's overflow menu takes from the end when the window is narrow.
        ToolBar top = new ToolBar(
                search,
                verdicts,
                openButton,
                compareButton,
                pageButton,
                exportButton,
                importButton,
                new Separator(),
                rename,
                note,
                delete,
                new Separator(),
                refresh);
        top.setId("history-toolbar");
        Label status = new Label();
        status.setId("history-status");
        status.textProperty().bind(model.messageProperty());
        status.setPadding(new Insets(2, 6, 2, 6));
        root.setTop(top);
        root.setCenter(table);
        root.setBottom(status);
    }

    private PastRun first() {
        return table.getSelectionModel().getSelectedItems().get(0);
    }

    private static Button button(String text, String id, String tip, Runnable action) {
        Button b = new Button(text);
        b.setId(id);
        b.setTooltip(new Tooltip(tip));
        b.setMinWidth(Region.USE_PREF_SIZE);
        b.setOnAction(e -> action.run());
        return b;
    }

    private void askRename() {
        PastRun r = first();
        TextInputDialog d = new TextInputDialog(r.name() == null ? "" : r.name());
        d.setTitle("Rename run");
        d.setHeaderText("A name for " + r.id() + " (empty for none)");
        d.showAndWait().ifPresent(name -> model.rename(r.id(), name));
    }

    private void askNote() {
        PastRun r = first();
        TextInputDialog d = new TextInputDialog(r.note() == null ? "" : r.note());
        d.setTitle("Note");
        d.setHeaderText("A note for " + r.title());
        d.showAndWait().ifPresent(text -> model.annotate(r.id(), text));
    }

    private void askDelete() {
        List<String> ids = table.getSelectionModel().getSelectedItems().stream()
                .map(PastRun::id)
                .toList();
        Alert a = new Alert(
                Alert.AlertType.CONFIRMATION,
                "Delete " + ids.size() + " run(s) and all their files?\n" + String.join("\n", ids),
                ButtonType.OK,
                ButtonType.CANCEL);
        a.setHeaderText("Delete runs");
        a.showAndWait().filter(b -> b == ButtonType.OK).ifPresent(b -> model.delete(ids));
    }

    private static String rate(PastRun r, Direction d) {
        Double v = r.headline().get(d);
        return Rates.screenTextOrEmpty(v);
    }

    private static TableColumn<PastRun, String> column(String name, Function<PastRun, String> value) {
        TableColumn<PastRun, String> c = new TableColumn<>(name);
        c.setCellValueFactory(cd -> new ReadOnlyObjectWrapper<>(value.apply(cd.getValue())));
        return c;
    }

    public Parent root() {
        return root;
    }

    public TableView<PastRun> table() {
        return table;
    }

    public HistoryViewModel model() {
        return model;
    }
}
