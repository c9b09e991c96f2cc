package io.linklab.counters;

import io.linklab.tools.csv.CsvRows;
import io.linklab.tools.csv.CsvTable;
import io.linklab.tools.csv.CsvTableWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.commons.csv.CSVRecord;

/** host_counters.csv and findings.csv: their columns (docs/CSV.md), and reading findings back for the CLI. */
public final class CounterFiles {

    public static final String HOST_COUNTERS = "host_counters.csv";
    public static final String FINDINGS = "findings.csv";

    public static final CsvTable<HostCounterRow> HOST_COUNTERS_TABLE = CsvTable.<HostCounterRow>builder()
            .number("time_s", r -> round(r.timeS()))
            .text("point", HostCounterRow::point)
            .text("end", HostCounterRow::end)
            .text("host", HostCounterRow::host)
            .text("group", HostCounterRow::group)
            .text("name", HostCounterRow::name)
            .text("unit", r -> r.counter().unit())
            .number("value", r -> round(r.value()))
            .number("interval_s", r -> round(r.intervalS()))
            .number("repetition", HostCounterRow::repetition)
            .text("interface", HostCounterRow::iface)
            .build();

    public static final CsvTable<Finding> FINDINGS_TABLE = CsvTable.<Finding>builder()
            .text("point", Finding::point)
            .text("severity", Finding::severity)
            .text("end", Finding::end)
            .text("code", Finding::code)
            .text("message", Finding::message)
            .text("evidence", Finding::evidence)
            .build();

    /** A finding of a run with the repetition it was found in (1..N), as a run's findings.csv has it. */
    public record RunFinding(Finding finding, int repetition) {}

    /**
     * A run's findings.csv: {@link #FINDINGS_TABLE} and the repetition, so that the rows of `--repeat 2` can be
     * told apart (the matrix's findings.csv, across pairs, has no repetitions).
     */
    public static final CsvTable<RunFinding> RUN_FINDINGS_TABLE = CsvTable.<RunFinding>builder()
            .columns(FINDINGS_TABLE.columnsOf(RunFinding::finding))
            .number("repetition", r -> r.repetition() > 0 ? r.repetition() : null)
            .build();

    private CounterFiles() {}

    /** Three decimals are finer than any counter's meaning, and keep an hour's file a third smaller. */
    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }

    public static CsvTableWriter<HostCounterRow> hostCounters(Path runDir) throws IOException {
        return CsvTableWriter.create(runDir.resolve(HOST_COUNTERS), HOST_COUNTERS_TABLE);
    }

    public static CsvTableWriter<RunFinding> findings(Path runDir) throws IOException {
        return CsvTableWriter.create(runDir.resolve(FINDINGS), RUN_FINDINGS_TABLE);
    }

    /**
     * The findings of a run folder (or a matrix's) with their repetitions, 0 where the file has none (a matrix,
     * an older run); empty when it has no findings.csv.
     */
    public static List<RunFinding> readRunFindings(Path dir) throws IOException {
        return CsvRows.read(
                dir.resolve(FINDINGS),
                r -> new RunFinding(
                        finding(r),
                        r.isMapped("repetition") && !r.get("repetition").isEmpty()
                                ? Integer.parseInt(r.get("repetition"))
                                : 0));
    }

    /** The finding of a line of a run's or a matrix's findings.csv ({@link #FINDINGS_TABLE}'s columns). */
    public static Finding finding(CSVRecord r) {
        return new Finding(
                r.get("point"), r.get("severity"), r.get("end"), r.get("code"), r.get("message"), r.get("evidence"));
    }

    /** The findings of a run folder; empty when it has none (an older run, or one without counters). */
    public static List<Finding> readFindings(Path runDir) throws IOException {
        return readRunFindings(runDir).stream().map(RunFinding::finding).toList();
    }
}
