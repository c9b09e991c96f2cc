package io.linklab.tools.csv;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.commons.csv.CSVRecord;

/** Reads back a CSV file that LinkLab wrote (a header line, then rows), one value per row. */
public final class CsvRows {

    private CsvRows() {}

    /**
     * The rows of {@code file} as {@code row} makes them, by column name; empty when the file does not exist (an
     * older run, or one that had none).
     */
    public static <T> List<T> read(Path file, Function<CSVRecord, T> row) throws IOException {
        List<T> out = new ArrayList<>();
        if (!Files.isRegularFile(file)) {
            return out;
        }
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return read(in, row);
        }
    }

    /** The same for text already at hand. */
    public static <T> List<T> read(Reader in, Function<CSVRecord, T> row) throws IOException {
        List<T> out = new ArrayList<>();
        for (CSVRecord r : CsvTableWriter.FORMAT
                .builder()
                .setHeader()
                .setSkipHeaderRecord(true)
                .get()
                .parse(in)) {
            out.add(row.apply(r));
        }
        return out;
    }
}
