package io.linklab.engine;

import io.linklab.model.Sample;
import io.linklab.model.Summary;
import io.linklab.model.SweepRow;
import io.linklab.tools.csv.CsvColumn;
import io.linklab.tools.csv.CsvTable;
import io.linklab.tools.csv.CsvTableWriter;
import io.linklab.tools.csv.ResultTables;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;

/**
 * samples.csv, summary.csv and sweep.csv of a run folder, written from its journal so the files hold
 * exactly what was measured, also after a failure or an interruption. Columns: CONTRACTS.md, then extras;
 * samples and summaries reuse the parsers' column definitions (tools.csv.ResultTables).
 */
public final class ResultCsv {

    public static final String SAMPLES = "samples.csv";
    public static final String SUMMARY = "summary.csv";
    public static final String SWEEP = "sweep.csv";

    /** samples.csv: the parsers' columns (CONTRACTS.md first) plus the repetition of the sweep point. */
    static final CsvTable<RunJournal.Entry<Sample>> SAMPLE_TABLE = extend(ResultTables.SAMPLES,
            e -> new ResultTables.SampleRow("", e.point(), null, e.value()));
    static final CsvTable<RunJournal.Entry<Summary>> SUMMARY_TABLE = extend(ResultTables.SUMMARY,
            e -> new ResultTables.SummaryRow("", e.point(), null, e.value()));
    static final CsvTable<SweepRow> SWEEP_TABLE = CsvTable.<SweepRow>builder()
            .column("point", SweepRow::point)
            .column("mtu", SweepRow::mtu)
            .column("streams", SweepRow::streams)
            .column("processes", SweepRow::processes)
            .column("direction", r -> r.direction() == null ? null : r.direction().csv())
            .column("bits_per_second", SweepRow::bitsPerSecond)
            .column("bits_per_second_min", SweepRow::bitsPerSecondMin)
            .column("bits_per_second_max", SweepRow::bitsPerSecondMax)
            .column("retransmits", SweepRow::retransmits)
            .column("gain", SweepRow::gain)
            .column("status", SweepRow::status)
            .build();

    private static <V, R> CsvTable<RunJournal.Entry<V>> extend(CsvTable<R> base,
                                                               Function<RunJournal.Entry<V>, R> row) {
        CsvTable.Builder<RunJournal.Entry<V>> b = CsvTable.builder();
        for (CsvColumn<R> c : base.columns()) {
            b.column(c.name(), e -> c.value().apply(row.apply(e)));
        }
        return b.column("repetition", e -> e.repetition() > 0 ? e.repetition() : null).build();
    }

    private ResultCsv() {
    }

    /** Writes the CSVs of a run folder from its journal; sweep.csv only for sweeps. */
    public static void writeAll(Path runDir, boolean sweep) throws IOException {
        RunJournal.Contents c = RunJournal.read(runDir);
        writeSamples(runDir.resolve(SAMPLES), c.samples());
        writeSummaries(runDir.resolve(SUMMARY), c.summaries());
        if (sweep) {
            writeSweep(runDir.resolve(SWEEP), c.rows());
        }
    }

    public static void writeSamples(Path file, List<RunJournal.Entry<Sample>> samples) throws IOException {
        write(file, SAMPLE_TABLE, samples);
    }

    public static void writeSummaries(Path file, List<RunJournal.Entry<Summary>> summaries) throws IOException {
        write(file, SUMMARY_TABLE, summaries);
    }

    public static void writeSweep(Path file, List<SweepRow> rows) throws IOException {
        write(file, SWEEP_TABLE, rows);
    }

    private static <T> void write(Path file, CsvTable<T> table, List<T> rows) throws IOException {
        try (CsvTableWriter<T> w = CsvTableWriter.create(file, table)) {
            for (T r : rows) {
                w.write(r);
            }
        }
    }
}
