package io.linklab.ui.history;

import io.linklab.model.Direction;
import io.linklab.ui.charts.ValueUnit;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Parent;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.TextInputDialog;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;

/** The run history: a searchable table of runs and the buttons that open, compare, rename, note, delete, export. */
public final class HistoryView {

    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm")
            .withZone(ZoneId.systemDefault());

    private final HistoryViewModel model;
    private final TableView<RecordedRun> table;
    private final BorderPane root = new BorderPane();

    /**
     * @param open    opens one run in a dashboard tab
     * @param compare opens two or more runs side by side
     * @param export  writes the report folder of a run
     * @param importLogs asks for log files and imports them
     */
    public HistoryView(HistoryViewModel model, Consumer<RecordedRun> open, Consumer<List<RecordedRun>> compare,
                       Consumer<RecordedRun> export, Runnable importLogs) {
        this.model = model;
        table = new TableView<>(model.shown());
        table.setId("history-table");
        table.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        table.setPlaceholder(new Label("No runs yet — start one with Test → New Test…, or import a log"));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.getColumns().add(column("date", r -> r.started() == null ? "" : WHEN.format(r.started())));
        table.getColumns().add(column("name", RecordedRun::title));
        table.getColumns().add(column("hosts", r -> String.join(" → ", r.hosts())));
        table.getColumns().add(column("tool", r -> r.tool() == null ? "" : r.tool()));
        table.getColumns().add(column("plan", RecordedRun::planSummary));
        table.getColumns().add(column("c2s", r -> rate(r, Direction.C2S)));
        table.getColumns().add(column("s2c", r -> rate(r, Direction.S2C)));
        table.getColumns().add(column("state", r -> r.state() == null ? "" : r.state().toLowerCase()));
        table.getColumns().add(column("note", r -> r.note() == null ? "" : r.note()));
        table.setRowFactory(tv -> {
            javafx.scene.control.TableRow<RecordedRun> row = new javafx.scene.control.TableRow<>();
            row.setOnMouseClicked(e -> {
                if (e.getClickCount() == 2 && !row.isEmpty()) {
                    model.open(row.getItem().id(), open);
                }
            });
            return row;
        });

        TextField search = new TextField();
        search.setId("history-filter");
        search.setPromptText("filter: words in name, host, tool, plan, note…");
        search.textProperty().bindBidirectional(model.filterProperty());
        HBox.setHgrow(search, Priority.ALWAYS);

        var selected = table.getSelectionModel().getSelectedItems();
        Button openButton = button("Open", "history-open", () -> model.open(first().id(), open));
        openButton.disableProperty().bind(Bindings.size(selected).isNotEqualTo(1));
        Button compareButton = button("Compare", "history-compare", () ->
                model.openAll(selected.stream().map(RecordedRun::id).toList(), compare));
        compareButton.disableProperty().bind(Bindings.size(selected).lessThan(2));
        Button rename = button("Rename…", "history-rename", this::askRename);
        rename.disableProperty().bind(Bindings.size(selected).isNotEqualTo(1));
        Button note = button("Note…", "history-note", this::askNote);
        note.disableProperty().bind(Bindings.size(selected).isNotEqualTo(1));
        Button delete = button("Delete…", "history-delete", this::askDelete);
        delete.disableProperty().bind(Bindings.isEmpty(selected));
        Button exportButton = button("Export report…", "history-export", () -> model.open(first().id(), export));
        exportButton.disableProperty().bind(Bindings.size(selected).isNotEqualTo(1));
        Button refresh = button("Refresh", "history-refresh", model::refresh);
        Button importButton = button("Import log…", "history-import", importLogs);

        HBox top = new HBox(6, search, openButton, compareButton, rename, note, delete, exportButton, refresh,
                importButton);
        top.setAlignment(Pos.CENTER_LEFT);
        top.setPadding(new Insets(4));
        Label status = new Label();
        status.setId("history-status");
        status.textProperty().bind(model.messageProperty());
        status.setPadding(new Insets(2, 6, 2, 6));
        root.setTop(top);
        root.setCenter(table);
        root.setBottom(status);
    }

    private RecordedRun first() {
        return table.getSelectionModel().getSelectedItems().get(0);
    }

    private static Button button(String text, String id, Runnable action) {
        Button b = new Button(text);
        b.setId(id);
        b.setOnAction(e -> action.run());
        return b;
    }

    private void askRename() {
        RecordedRun r = first();
        TextInputDialog d = new TextInputDialog(r.name() == null ? "" : r.name());
        d.setTitle("Rename run");
        d.setHeaderText("A name for " + r.id() + " (empty for none)");
        d.showAndWait().ifPresent(name -> model.rename(r.id(), name));
    }

    private void askNote() {
        RecordedRun r = first();
        TextInputDialog d = new TextInputDialog(r.note() == null ? "" : r.note());
        d.setTitle("Note");
        d.setHeaderText("A note for " + r.title());
        d.showAndWait().ifPresent(text -> model.annotate(r.id(), text));
    }

    private void askDelete() {
        List<String> ids = table.getSelectionModel().getSelectedItems().stream().map(RecordedRun::id).toList();
        Alert a = new Alert(Alert.AlertType.CONFIRMATION, "Delete " + ids.size() + " run(s) and all their files?\n"
                + String.join("\n", ids), ButtonType.OK, ButtonType.CANCEL);
        a.setHeaderText("Delete runs");
        a.showAndWait().filter(b -> b == ButtonType.OK).ifPresent(b -> model.delete(ids));
    }

    private static String rate(RecordedRun r, Direction d) {
        Double v = r.headline().get(d);
        return v == null ? "" : ValueUnit.BITS_PER_SECOND.format(v);
    }

    private static TableColumn<RecordedRun, String> column(String name, Function<RecordedRun, String> value) {
        TableColumn<RecordedRun, String> c = new TableColumn<>(name);
        c.setCellValueFactory(cd -> new ReadOnlyObjectWrapper<>(value.apply(cd.getValue())));
        return c;
    }

    public Parent root() {
        return root;
    }

    public TableView<RecordedRun> table() {
        return table;
    }

    public HistoryViewModel model() {
        return model;
    }
}
