package io.linklab.matrix;

import io.linklab.engine.store.AtomicFile;
import io.linklab.model.Expectation;
import io.linklab.tools.csv.CsvRows;
import io.linklab.tools.csv.CsvTable;
import io.linklab.tools.csv.CsvTableWriter;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;

/**
 * matrix.csv (docs/CSV.md): written whole after every pair, through a temporary file, so a matrix that stops in
 * any way (Stop, a crash, a laptop that slept) leaves every pair measured so far for the resume to keep.
 */
public final class MatrixFile {

    public static final String NAME = "matrix.csv";

    public static final CsvTable<MatrixRow> TABLE = CsvTable.<MatrixRow>builder()
            .text("client", MatrixRow::client)
            .text("server", MatrixRow::server)
            .text("direction", MatrixRow::direction)
            .number("bits_per_second", MatrixRow::bitsPerSecond)
            .number("bits_per_second_min", MatrixRow::bitsPerSecondMin)
            .number("bits_per_second_max", MatrixRow::bitsPerSecondMax)
            .number("retransmits", MatrixRow::retransmits)
            .number("link_speed_bps", MatrixRow::linkSpeedBps)
            .number(
                    "fraction_of_link",
                    r -> r.fractionOfLink() == null ? null : Math.round(r.fractionOfLink() * 10000) / 10000.0)
            .text("status", MatrixRow::status)
            .text("reason", MatrixRow::reason)
            .text("run", MatrixRow::run)
            .number("expected_bps", r -> r.verdict().expectedBps())
            .text("verdict", r -> r.verdict().outcome().csv())
            .build();

    private MatrixFile() {}

    public static void write(Path dir, List<MatrixRow> rows) throws IOException {
        StringWriter text = new StringWriter();
        CsvTableWriter<MatrixRow> w = new CsvTableWriter<>(text, TABLE);
        rows.forEach(w::write);
        w.flush();
        AtomicFile.writeString(dir.resolve(NAME), text.toString());
    }

    /** The rows of an earlier matrix in {@code dir}; empty when it has none. */
    public static List<MatrixRow> read(Path dir) throws IOException {
        return CsvRows.read(
                dir.resolve(NAME),
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
                        // matrix.csv from before verdicts has no expected_bps
                        expectation(
                                r.isMapped("expected_bps") ? r.get("expected_bps") : null,
                                number(r.get("link_speed_bps")))));
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
