package io.linklab.ui.topology;

import java.util.Optional;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * One editable text field of a form: the text as typed, and the reason it is refused (empty when
 * valid), recomputed on every keystroke so the view can mark the field where it is typed.
 */
public final class FieldModel {

    private final String label;
    private final String help;
    private final StringProperty text = new SimpleStringProperty("");
    private final StringBinding error;
    private final BooleanBinding valid;

    public FieldModel(String label, String help, Function<String, Optional<String>> check) {
        this.label = label;
        this.help = help;
        this.error = Bindings.createStringBinding(
                () -> check.apply(text.get().strip()).orElse(""), text);
        this.valid = error.isEmpty();
    }

    public String label() {
        return label;
    }

    /** What the field is for, for its tooltip. */
    public String help() {
        return help;
    }

    public StringProperty textProperty() {
        return text;
    }

    /** The typed value without surrounding blanks. */
    public String value() {
        return text.get().strip();
    }

    /** The value, or null when the field is blank (optional fields). */
    public String valueOrNull() {
        return value().isEmpty() ? null : value();
    }

    public StringBinding errorProperty() {
        return error;
    }

    public BooleanBinding validProperty() {
        return valid;
    }

    public boolean isValid() {
        return valid.get();
    }

    public void set(String value) {
        text.set(value == null ? "" : value);
    }

    public void set(int value, boolean zeroIsBlank) {
        text.set(zeroIsBlank && value == 0 ? "" : String.valueOf(value));
    }
}
