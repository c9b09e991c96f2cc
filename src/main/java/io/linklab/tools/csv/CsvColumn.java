package io.linklab.tools.csv;

import java.util.function.Function;

/**
 * One column of a {@link CsvTable}: its header name, what kind of value it holds and how to get a row's value
 * (null = empty cell).
 */
public record CsvColumn<T>(String name, Kind kind, Function<T, ?> value) {

    /**
     * What a column holds, which decides how {@link CsvTableWriter} protects its cells: a number is written as
     * it is ("-1.5" stays a number), text that a spreadsheet would run as a formula is neutralised.
     */
    public enum Kind {
        NUMBER,
        TEXT
    }
}
