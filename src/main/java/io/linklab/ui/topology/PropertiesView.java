package io.linklab.ui.topology;

import io.linklab.model.HostSpec;
import io.linklab.model.LinkSpec;
import io.linklab.model.SwitchSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextField;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The property panel: a form for the selection. A field is checked as it is typed (the reason shown
 * under it) and applied, as one undoable edit, on Enter or when focus leaves it.
 */
public final class PropertiesView {

    private final PropertiesViewModel vm;
    private final VBox content = new VBox(8);
    private final ScrollPane scroll = new ScrollPane(content);
    private final List<TextInputControl> inputs = new ArrayList<>();
    private String lastFormKey;

    public PropertiesView(PropertiesViewModel vm) {
        this.vm = vm;
        content.setPadding(new Insets(10));
        content.getStyleClass().add("properties");
        scroll.setFitToWidth(true);
        scroll.setId("properties");
        scroll.setMinWidth(240);
        vm.formProperty().addListener((o, was, now) -> show(now));
        show(vm.form());
    }

    public Region node() {
        return scroll;
    }

    private void show(PropertiesViewModel.Form form) {
        // Re-show the field that had focus: committing a field replaces the form with a fresh one.
        int focused = -1;
        for (int i = 0; i < inputs.size(); i++) {
            if (inputs.get(i).isFocused()) {
                focused = i;
            }
        }
        String key = form.getClass().getSimpleName() + ":" + keyOf(form);
        boolean sameItem = key.equals(lastFormKey);
        lastFormKey = key;
        inputs.clear();
        content.getChildren().clear();
        Label title = new Label(form.title());
        title.getStyleClass().add("properties-title");
        content.getChildren().add(title);
        if (form instanceof PropertiesViewModel.HostForm h) {
            content.getChildren().add(grid(List.of(h.name, h.address, h.user, h.port, h.keyFile, h.jump), form));
            Label ifaces = new Label("Test interfaces");
            ifaces.getStyleClass().add("properties-section");
            content.getChildren().add(ifaces);
            List<PropertiesViewModel.InterfaceRow> rows = h.interfaces();
            for (int i = 0; i < rows.size(); i++) {
                PropertiesViewModel.InterfaceRow r = rows.get(i);
                int index = i;
                Button remove = new Button("Remove");
                remove.setId("remove-interface-" + i);
                remove.setOnAction(e -> h.removeInterface(index));
                VBox box = new VBox(
                        4, grid(List.of(r.name(), r.address(), r.mtu()), form), speedRow(r.speed(), form), remove);
                box.getStyleClass().add("interface-box");
                content.getChildren().add(box);
            }
            Button add = new Button("Add interface");
            add.setId("add-interface");
            add.setOnAction(e -> h.addInterface());
            content.getChildren().add(add);
        } else if (form instanceof PropertiesViewModel.LinkForm l) {
            content.getChildren().add(choiceRow(l.endA, l.choices(true), form));
            content.getChildren().add(choiceRow(l.endB, l.choices(false), form));
            content.getChildren().add(speedRow(l.speed, form));
            content.getChildren().add(grid(List.of(l.expect), form));
        } else if (form instanceof PropertiesViewModel.MultipleForm) {
            Label hint = new Label("Select one item to edit it. Delete removes all selected; Ctrl+C copies them.");
            hint.setWrapText(true);
            content.getChildren().add(hint);
        } else {
            content.getChildren().add(grid(form.fields(), form));
            if (form instanceof PropertiesViewModel.TopologyForm) {
                Label hint = new Label("Drag a Host or Switch from the palette onto the drawing. Drag from the dot on "
                        + "a node's right edge to another node to connect them.");
                hint.setWrapText(true);
                hint.getStyleClass().add("properties-hint");
                content.getChildren().add(hint);
            }
        }
        if (sameItem && focused >= 0 && focused < inputs.size()) {
            TextInputControl again = inputs.get(focused);
            Platform.runLater(again::requestFocus);
        }
    }

    private static String keyOf(PropertiesViewModel.Form form) {
        Object s = form.subject();
        if (s instanceof HostSpec h) {
            return h.id();
        }
        if (s instanceof SwitchSpec sw) {
            return sw.id();
        }
        if (s instanceof LinkSpec l) {
            return l.id();
        }
        return "";
    }

    private static GridPane newGrid() {
        GridPane g = new GridPane();
        g.setHgap(8);
        g.setVgap(2);
        ColumnConstraints labels = new ColumnConstraints();
        labels.setMinWidth(Region.USE_PREF_SIZE);
        ColumnConstraints inputs = new ColumnConstraints();
        inputs.setHgrow(Priority.ALWAYS);
        inputs.setFillWidth(true);
        g.getColumnConstraints().addAll(labels, inputs);
        return g;
    }

    private GridPane grid(List<FieldModel> fields, PropertiesViewModel.Form form) {
        GridPane g = newGrid();
        int row = 0;
        for (FieldModel f : fields) {
            TextField tf = new TextField();
            bind(tf, f, form);
            row = addRow(g, row, f, tf);
        }
        return g;
    }

    private int addRow(GridPane g, int row, FieldModel f, Region input) {
        Label label = new Label(f.label());
        label.setMinWidth(Region.USE_PREF_SIZE);
        label.setLabelFor(input);
        GridPane.setHgrow(input, Priority.ALWAYS);
        input.setMaxWidth(Double.MAX_VALUE);
        g.add(label, 0, row);
        g.add(input, 1, row);
        Label error = errorLabel(f);
        g.add(error, 1, row + 1);
        return row + 2;
    }

    private Node speedRow(FieldModel f, PropertiesViewModel.Form form) {
        return choiceRow(f, PropertiesViewModel.SPEEDS, form);
    }

    private Node choiceRow(FieldModel f, List<String> choices, PropertiesViewModel.Form form) {
        ComboBox<String> combo = new ComboBox<>();
        combo.setEditable(true);
        combo.getItems().setAll(choices);
        combo.getEditor().setText(f.textProperty().get());
        bind(combo.getEditor(), f, form);
        combo.setOnAction(e -> {
            if (combo.getValue() != null
                    && !combo.getValue().equals(f.textProperty().get())) {
                f.textProperty().set(combo.getValue());
                form.commit();
            }
        });
        GridPane g = newGrid();
        addRow(g, 0, f, combo);
        return g;
    }

    private void bind(TextInputControl input, FieldModel f, PropertiesViewModel.Form form) {
        input.textProperty().bindBidirectional(f.textProperty());
        input.setId("field-" + f.label().toLowerCase().replaceAll("[^a-z0-9]+", "-") + "-" + inputs.size());
        input.setTooltip(new Tooltip(f.help()));
        input.setUserData(f.label());
        inputs.add(input);
        Runnable mark = () -> {
            if (f.isValid()) {
                input.getStyleClass().remove("invalid");
            } else if (!input.getStyleClass().contains("invalid")) {
                input.getStyleClass().add("invalid");
            }
        };
        f.validProperty().addListener(o -> mark.run());
        mark.run();
        input.setOnKeyPressed(e -> {
            switch (e.getCode()) {
                case ENTER -> form.commit();
                case ESCAPE -> vm.discardTyping();
                default -> {}
            }
        });
        input.focusedProperty().addListener((o, was, now) -> {
            if (!now && f.isValid()) {
                form.commit();
            }
        });
    }

    private static Label errorLabel(FieldModel f) {
        Label error = new Label();
        error.getStyleClass().add("field-error");
        error.textProperty().bind(f.errorProperty());
        error.visibleProperty().bind(f.validProperty().not());
        error.managedProperty().bind(error.visibleProperty());
        error.setWrapText(true);
        error.setMaxWidth(280);
        return error;
    }

    /** Used by UI tests and shortcuts: the input for a field label such as "Management address". */
    public Optional<TextInputControl> input(String label) {
        return inputs.stream().filter(i -> label.equals(i.getUserData())).findFirst();
    }
}
