package io.linklab.matrix;

import io.linklab.model.Expectation;
import io.linklab.store.AtomicFile;
import io.linklab.store.ResultCsv;
import io.linklab.tools.csv.CsvRows;
import io.linklab.tools.csv.CsvTable;
import io.linklab.tools.csv.CsvTableWriter;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.apache.commons.csv.CSVRecord;

/**
 * matrix.csv (docs/CSV.md): written whole through a temporary file as a matrix's first pair ends (the rows it
 * keeps from an earlier run) and when it ends (every row, in the order of the pairs), and in between each pair's
 * rows appended as the pair ends, so a
 * matrix of N pairs writes O(N) bytes, not O(N²). A matrix that stops in any way (Stop, a crash, a laptop that
 * slept) leaves every pair measured so far for the resume to keep; a row cut short by a kill in mid-append is
 * not read back (its pair runs again) and goes with the resume's first write.
 */
public final class MatrixFile {

    public static final String NAME = "matrix.csv";

    public static final CsvTable<MatrixRow> TABLE = CsvTable.<MatrixRow>builder()
            .text("client", MatrixRow::client)
            .text("server", MatrixRow::server)
            .text("direction", MatrixRow::direction)
            .number("mtu", MatrixRow::mtu)
            .columns(ResultCsv.repeatedRateColumns())
            .number("link_speed_bps", MatrixRow::linkSpeedBps)
            .number(
                    "fraction_of_link",
                    r -> r.fractionOfLink() == null ? null : Math.round(r.fractionOfLink() * 10000) / 10000.0)
            .text("status", MatrixRow::status)
            .text("reason", MatrixRow::reason)
            .text("run", MatrixRow::run)
            .columns(ResultCsv.verdictColumns(MatrixRow::verdict))
            .build();

    private MatrixFile() {}

    /** Replaces the file with these rows alone. */
    public static void write(Path dir, List<MatrixRow> rows) throws IOException {
        StringWriter text = new StringWriter();
        CsvTableWriter<MatrixRow> w = new CsvTableWriter<>(text, TABLE);
        rows.forEach(w::write);
        w.flush();
        AtomicFile.writeString(dir.resolve(NAME), text.toString());
    }

    /** Adds rows at the end of the file {@link #write} made, in one write. */
    public static void append(Path dir, List<MatrixRow> rows) throws IOException {
        StringWriter text = new StringWriter();
        CsvTableWriter<MatrixRow> w = CsvTableWriter.continuing(text, TABLE);
        rows.forEach(w::write);
        w.flush();
        Files.writeString(dir.resolve(NAME), text.toString(), StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    }

    /** The rows of an earlier matrix in {@code dir} up to the last one written whole; empty when it has none. */
    public static List<MatrixRow> read(Path dir) throws IOException {
        Path file = dir.resolve(NAME);
        if (!Files.isRegularFile(file)) {
            return List.of();
        }
        return CsvRows.read(
                new StringReader(upToLastWholeRecord(Files.readString(file, StandardCharsets.UTF_8))),
                r -> new MatrixRow(
                        r.get("client"),
                        r.get("server"),
                        r.get("direction"),
                        number(r.get("bits_per_second")),
                        number(r.get("bits_per_second_min")),
                        number(r.get("bits_per_second_max")),
                        whole(r.get("retransmits")),
                        number(r.get("link_speed_bps")),
                        r.get("status"),
                        r.get("reason"),
                        r.get("run"),
                        mtu(r),
                        // matrix.csv from before verdicts has no expected_bps
                        expectation(
                                r.isMapped("expected_bps") ? r.get("expected_bps") : null,
                                number(r.get("link_speed_bps")))));
    }

    /**
     * The text up to the end of its last whole record: a record ends with a line break outside quotes (CRLF as
     * LinkLab writes it, LF from an editor; a reason may hold a line break inside its quotes), and what follows
     * the last such end is a row an append did not finish.
     */
    static String upToLastWholeRecord(String text) {
        boolean quoted = false;
        int end = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"') {
                quoted = !quoted; // an escaped quote ("") flips twice
            } else if (!quoted && c == '\n') {
                end = i + 1;
            }
        }
        return text.substring(0, end);
    }

    /** The row's MTU; null where it has none, or in a matrix.csv from before the column (no MTU sweep then). */
    private static Integer mtu(CSVRecord r) {
        Long mtu = r.isMapped("mtu") ? whole(r.get("mtu")) : null;
        return mtu == null ? null : mtu.intValue();
    }

    /**
     * The rate a row was judged against, as written: the default where none is written (a file from before verdicts)
     * or the default gives that rate, else that rate.
     */
    private static Expectation expectation(String expectedBps, Double linkSpeedBps) {
        Double bps = number(expectedBps);
        if (bps == null || bps.equals(Expectation.DEFAULT.resolve(linkSpeedBps).bitsPerSecond())) {
            return Expectation.DEFAULT;
        }
        return new Expectation(bps, null, expectedBps);
    }

    private static Double number(String s) {
        return s == null || s.isEmpty() ? null : Double.valueOf(s);
    }

    private static Long whole(String s) {
        return s == null || s.isEmpty() ? null : Long.valueOf(s);
    }
}
