package io.linklab.model;

/** A user-supplied value that failed validation; the message names the field and says what is expected. */
public class InvalidValueException extends IllegalArgumentException {

    private final String field;
    private final String expected;

    public InvalidValueException(String field, String value, String expected) {
        super(field + ": '" + printable(value) + "' is not valid — " + expected);
        this.field = field;
        this.expected = expected;
    }

    public String field() {
        return field;
    }

    /** What the field expects, without the field and the value: for forms that show those themselves. */
    public String expected() {
        return expected;
    }

    /** Shows control characters (a newline in a hostile value) instead of printing them raw. */
    static String printable(String value) {
        return Printable.brief(value);
    }
}
