package io.linklab.tools.csv;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Function;

/**
 * The columns of one CSV file, declared once (samples.csv, summary.csv, and whatever the engine adds,
 * such as sweep.csv). Extend a table by building a new one from {@link #columns()} plus more columns.
 */
public final class CsvTable<T> {

    private final List<CsvColumn<T>> columns;

    private CsvTable(List<CsvColumn<T>> columns) {
        this.columns = Collections.unmodifiableList(new ArrayList<>(columns));
    }

    public static <T> Builder<T> builder() {
        return new Builder<>();
    }

    public List<CsvColumn<T>> columns() {
        return columns;
    }

    /** These columns, read from the part {@code part} picks of a wider row: to extend a table with more columns. */
    public <U> List<CsvColumn<U>> columnsOf(Function<U, T> part) {
        List<CsvColumn<U>> out = new ArrayList<>(columns.size());
        for (CsvColumn<T> c : columns) {
            out.add(new CsvColumn<>(c.name(), c.kind(), u -> c.value().apply(part.apply(u))));
        }
        return out;
    }

    public List<String> header() {
        List<String> names = new ArrayList<>(columns.size());
        for (CsvColumn<T> c : columns) {
            names.add(c.name());
        }
        return names;
    }

    /** Builds a table column by column, in file order. */
    public static final class Builder<T> {
        private final List<CsvColumn<T>> columns = new ArrayList<>();

        /** A column of text: names, ids, labels, anything that came from a tool, a file or the user. */
        public Builder<T> text(String name, Function<T, ?> value) {
            return column(name, CsvColumn.Kind.TEXT, value);
        }

        /** A column of numbers (its values are {@link Number}s or null). */
        public Builder<T> number(String name, Function<T, ?> value) {
            return column(name, CsvColumn.Kind.NUMBER, value);
        }

        public Builder<T> column(String name, CsvColumn.Kind kind, Function<T, ?> value) {
            for (CsvColumn<T> c : columns) {
                if (c.name().equals(name)) {
                    throw new IllegalArgumentException("column '" + name + "' declared twice");
                }
            }
            columns.add(new CsvColumn<>(name, kind, value));
            return this;
        }

        public Builder<T> columns(List<CsvColumn<T>> more) {
            for (CsvColumn<T> c : more) {
                column(c.name(), c.kind(), c.value());
            }
            return this;
        }

        public CsvTable<T> build() {
            return new CsvTable<>(columns);
        }
    }
}
