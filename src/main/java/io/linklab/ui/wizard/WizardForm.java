package io.linklab.ui.wizard;

import java.util.function.Consumer;
import java.util.function.Function;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.StringProperty;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Control;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.util.StringConverter;
import org.controlsfx.dialog.Wizard;
import org.controlsfx.dialog.WizardPane;

/** The wizard pages' form: a label column and an input column, each input with its problem under it. */
public final class WizardForm {

    private WizardForm() {}

    /** A wizard page whose Next (or Finish) is enabled while {@code valid} holds. */
    public static WizardPane page(String title, String header, Node content, BooleanBinding valid, String id) {
        return page(title, header, content, valid, id, p -> {});
    }

    /** {@link #page(String, String, Node, BooleanBinding, String)} that also tells {@code entered} each entry. */
    public static WizardPane page(
            String title, String header, Node content, BooleanBinding valid, String id, Consumer<WizardPane> entered) {
        WizardPane p = new WizardPane() {
            @Override
            public void onEnteringPage(Wizard w) {
                w.invalidProperty().unbind();
                w.invalidProperty().bind(valid.not());
                entered.accept(this);
            }

            @Override
            public void onExitingPage(Wizard w) {
                w.invalidProperty().unbind();
            }
        };
        p.setId(id);
        p.setHeaderText(title + " — " + header);
        p.setContent(content);
        p.setPrefWidth(760);
        return p;
    }

    public static GridPane grid() {
        GridPane g = new GridPane();
        g.setHgap(10);
        g.setVgap(3);
        g.setPadding(new Insets(8));
        ColumnConstraints labels = new ColumnConstraints();
        labels.setMinWidth(120);
        ColumnConstraints inputs = new ColumnConstraints();
        inputs.setHgrow(Priority.ALWAYS);
        inputs.setMinWidth(360);
        g.getColumnConstraints().addAll(labels, inputs);
        return g;
    }

    public static TextField text(StringProperty p, String id, String tip) {
        TextField t = new TextField();
        t.textProperty().bindBidirectional(p);
        t.setId(id);
        t.setTooltip(new Tooltip(tip));
        return t;
    }

    public static int add(GridPane g, int row, String label, Node input, StringBinding problem) {
        Label l = new Label(label);
        g.add(l, 0, row);
        g.add(input, 1, row);
        if (input instanceof Control c) {
            c.setMaxWidth(Double.MAX_VALUE);
        }
        if (problem == null) {
            return row + 1;
        }
        Label error = new Label();
        error.getStyleClass().add("field-error");
        error.textProperty().bind(problem);
        error.visibleProperty().bind(problem.isNotEmpty());
        error.managedProperty().bind(error.visibleProperty());
        error.setWrapText(true);
        problem.addListener((o, was, now) -> {
            if (now.isEmpty()) {
                input.getStyleClass().remove("invalid");
            } else if (!input.getStyleClass().contains("invalid")) {
                input.getStyleClass().add("invalid");
            }
        });
        if (!problem.get().isEmpty()) {
            input.getStyleClass().add("invalid");
        }
        g.add(error, 1, row + 1);
        return row + 2;
    }

    public static <T> StringConverter<T> converter(Function<T, String> f) {
        return new StringConverter<>() {
            @Override
            public String toString(T t) {
                return f.apply(t);
            }

            @Override
            public T fromString(String s) {
                return null;
            }
        };
    }
}
