package io.linklab.tools.csv;

import java.util.function.Function;

/** One column of a {@link CsvTable}: its header name and how to get a row's value (null = empty cell). */
public record CsvColumn<T>(String name, Function<T, ?> value) {
}
