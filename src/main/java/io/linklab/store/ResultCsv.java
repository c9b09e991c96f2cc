package io.linklab.store;

import io.linklab.model.Expectation;
import io.linklab.model.RepeatedRate;
import io.linklab.model.Role;
import io.linklab.model.Sample;
import io.linklab.model.Summary;
import io.linklab.model.SweepRow;
import io.linklab.model.Verdict;
import io.linklab.tools.csv.CsvColumn;
import io.linklab.tools.csv.CsvTable;
import io.linklab.tools.csv.CsvTableWriter;
import io.linklab.tools.csv.ResultTables;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
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
    public static final CsvTable<RunJournal.Entry<Sample>> SAMPLE_TABLE =
            extend(ResultTables.SAMPLES, e -> new ResultTables.SampleRow("", e.point(), null, e.value()));

    public static final CsvTable<RunJournal.Entry<Summary>> SUMMARY_TABLE =
            summaryTable(Expectation.Expected.none(null));
    /** sweep.csv's columns (with no expectation: the columns are the same for every run). */
    public static final CsvTable<SweepRow> SWEEP_TABLE = sweepTable(Expectation.Expected.none(null));

    /**
     * summary.csv: the parsers' columns, the repetition, and on the receiver's SUM of all processes the expected
     * rate and the verdict on it.
     */
    static CsvTable<RunJournal.Entry<Summary>> summaryTable(Expectation.Expected expected) {
        return CsvTable.<RunJournal.Entry<Summary>>builder()
                .columns(ResultCsv.<Summary, ResultTables.SummaryRow>extend(
                                ResultTables.SUMMARY, e -> new ResultTables.SummaryRow("", e.point(), null, e.value()))
                        .columns())
                .columns(verdictColumns(
                        e -> judged(e.value()) ? expected.judge(e.value().bitsPerSecond()) : null))
                .build();
    }

    /** sweep.csv: one row per point and direction, with the expected rate and the verdict on the point's mean. */
    static CsvTable<SweepRow> sweepTable(Expectation.Expected expected) {
        return CsvTable.<SweepRow>builder()
                .text("point", SweepRow::point)
                .number("mtu", SweepRow::mtu)
                .number("streams", SweepRow::streams)
                .number("processes", SweepRow::processes)
                .number("value", SweepRow::value)
                .text(
                        "direction",
                        r -> r.direction() == null ? null : r.direction().csv())
                .columns(repeatedRateColumns())
                .number("gain", SweepRow::gain)
                .text("status", SweepRow::status)
                .columns(verdictColumns(r -> expected.judge(r.bitsPerSecond())))
                .build();
    }

    /** The rate over the repetitions, its lowest and highest, and the retransmits: sweep.csv's, and matrix.csv's. */
    public static <T extends RepeatedRate> List<CsvColumn<T>> repeatedRateColumns() {
        return CsvTable.<T>builder()
                .number("bits_per_second", r -> r.bitsPerSecond())
                .number("bits_per_second_min", r -> r.bitsPerSecondMin())
                .number("bits_per_second_max", r -> r.bitsPerSecondMax())
                .number("retransmits", r -> r.retransmits())
                .build()
                .columns();
    }

    /**
     * The expected rate and the verdict on it, the last two columns of every table that judges a rate
     * (summary.csv, sweep.csv, matrix.csv); a row without a verdict (null) leaves both empty.
     */
    public static <T> List<CsvColumn<T>> verdictColumns(Function<T, Verdict> verdict) {
        return CsvTable.<T>builder()
                .number("expected_bps", r -> {
                    Verdict v = verdict.apply(r);
                    return v == null ? null : v.expectedBps();
                })
                .text("verdict", r -> {
                    Verdict v = verdict.apply(r);
                    return v == null ? null : v.outcome().csv();
                })
                .build()
                .columns();
    }

    /** The total a verdict is on: the receiver's SUM over all processes, where the tool reported it. */
    private static boolean judged(Summary s) {
        return s.isSum() && s.role() == Role.RECEIVER && s.process() == null && s.bitsPerSecond() != null;
    }

    private static <V, R> CsvTable<RunJournal.Entry<V>> extend(CsvTable<R> base, Function<RunJournal.Entry<V>, R> row) {
        CsvTable.Builder<RunJournal.Entry<V>> b = CsvTable.builder();
        for (CsvColumn<R> c : base.columns()) {
            b.column(c.name(), c.kind(), e -> c.value().apply(row.apply(e)));
        }
        return b.number("repetition", e -> e.repetition() > 0 ? e.repetition() : null)
                .build();
    }

    private ResultCsv() {}

    /**
     * Writes the CSVs of a run folder from its journal, sweep.csv only for sweeps, with verdicts against
     * {@code expected}. The journal is streamed
     * (an hour of 128 streams is half a million lines), each entry going to its file as it is read.
     *
     * @return the journal lines that were damaged and skipped, for the run's warnings
     */
    public static RunJournal.Damage writeAll(Path runDir, boolean sweep, Expectation.Expected expected)
            throws IOException {
        Path journal = runDir.resolve(RunJournal.FILE);
        try (BufferedReader in = Files.exists(journal)
                        ? Files.newBufferedReader(journal, StandardCharsets.UTF_8)
                        : new BufferedReader(Reader.nullReader());
                CsvTableWriter<RunJournal.Entry<Sample>> samples =
                        CsvTableWriter.create(runDir.resolve(SAMPLES), SAMPLE_TABLE);
                CsvTableWriter<RunJournal.Entry<Summary>> summaries =
                        CsvTableWriter.create(runDir.resolve(SUMMARY), summaryTable(expected));
                CsvTableWriter<SweepRow> rows =
                        sweep ? CsvTableWriter.create(runDir.resolve(SWEEP), sweepTable(expected)) : null) {
            return write(in, samples, summaries, rows);
        }
    }

    /** Copies journal lines to the CSV writers as they are read; {@code rows} may be null (not a sweep). */
    static RunJournal.Damage write(
            BufferedReader journal,
            CsvTableWriter<RunJournal.Entry<Sample>> samples,
            CsvTableWriter<RunJournal.Entry<Summary>> summaries,
            CsvTableWriter<SweepRow> rows)
            throws IOException {
        try {
            return RunJournal.read(journal, new RunJournal.Visitor() {
                @Override
                public void sample(RunJournal.Entry<Sample> e) {
                    samples.write(e);
                }

                @Override
                public void summary(RunJournal.Entry<Summary> e) {
                    summaries.write(e);
                }

                @Override
                public void row(SweepRow r) {
                    if (rows != null) {
                        rows.write(r);
                    }
                }
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }
}
