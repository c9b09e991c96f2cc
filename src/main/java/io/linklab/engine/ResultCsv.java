package io.linklab.engine;

import io.linklab.model.Sample;
import io.linklab.model.Summary;
import io.linklab.model.SweepRow;
import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * samples.csv, summary.csv and sweep.csv of a run folder, written from its journal so the files hold
 * exactly what was measured, also after a failure or an interruption. Columns: CONTRACTS.md, then extras.
 */
public final class ResultCsv {

    public static final String SAMPLES = "samples.csv";
    public static final String SUMMARY = "summary.csv";
    public static final String SWEEP = "sweep.csv";

    static final List<String> SAMPLE_COLUMNS = List.of("source", "point", "stream", "direction", "start_s", "end_s",
            "bytes", "bits_per_second", "retransmits", "cwnd_bytes", "repetition", "process", "rtt_ms", "jitter_ms",
            "lost_packets", "packets", "omitted");
    static final List<String> SUMMARY_COLUMNS = List.of("source", "point", "stream", "direction", "role", "start_s",
            "end_s", "bytes", "bits_per_second", "retransmits", "repetition", "process", "jitter_ms", "lost_packets",
            "packets", "local_cpu_percent", "remote_cpu_percent", "local_service_demand_us_per_kb",
            "remote_service_demand_us_per_kb");
    static final List<String> SWEEP_COLUMNS = List.of("point", "mtu", "streams", "processes", "direction",
            "bits_per_second", "bits_per_second_min", "bits_per_second_max", "retransmits", "gain", "status");

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
        try (CSVPrinter p = printer(file, SAMPLE_COLUMNS)) {
            for (RunJournal.Entry<Sample> e : samples) {
                Sample s = e.value();
                p.printRecord(cells("", e.point(), s.stream(), s.direction() == null ? null : s.direction().csv(),
                        s.startS(), s.endS(), s.bytes(), s.bitsPerSecond(), s.retransmits(), s.cwndBytes(),
                        e.repetition() > 0 ? e.repetition() : null, s.process(), s.rttMs(), s.jitterMs(),
                        s.lostPackets(), s.packets(), s.omitted() ? "true" : null));
            }
        }
    }

    public static void writeSummaries(Path file, List<RunJournal.Entry<Summary>> summaries) throws IOException {
        try (CSVPrinter p = printer(file, SUMMARY_COLUMNS)) {
            for (RunJournal.Entry<Summary> e : summaries) {
                Summary s = e.value();
                p.printRecord(cells("", e.point(), s.stream(), s.direction() == null ? null : s.direction().csv(),
                        s.role() == null ? null : s.role().csv(), s.startS(), s.endS(), s.bytes(), s.bitsPerSecond(),
                        s.retransmits(), e.repetition() > 0 ? e.repetition() : null, s.process(), s.jitterMs(),
                        s.lostPackets(), s.packets(), s.localCpuPercent(), s.remoteCpuPercent(),
                        s.localServiceDemandUsPerKb(), s.remoteServiceDemandUsPerKb()));
            }
        }
    }

    public static void writeSweep(Path file, List<SweepRow> rows) throws IOException {
        try (CSVPrinter p = printer(file, SWEEP_COLUMNS)) {
            for (SweepRow r : rows) {
                p.printRecord(cells(r.point(), r.mtu(), r.streams(), r.processes(),
                        r.direction() == null ? null : r.direction().csv(), r.bitsPerSecond(), r.bitsPerSecondMin(),
                        r.bitsPerSecondMax(), r.retransmits(), r.gain(), r.status()));
            }
        }
    }

    private static CSVPrinter printer(Path file, List<String> header) throws IOException {
        Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        return new CSVPrinter(w, CSVFormat.RFC4180.builder().setHeader(header.toArray(String[]::new)).get());
    }

    /** Plain decimals with '.', no exponent; null becomes an empty cell. */
    private static List<String> cells(Object... values) {
        List<String> out = new ArrayList<>(values.length);
        for (Object v : values) {
            out.add(cell(v));
        }
        return out;
    }

    static String cell(Object v) {
        if (v == null) {
            return "";
        }
        if (v instanceof Double d) {
            if (d.isNaN() || d.isInfinite()) {
                return "";
            }
            return BigDecimal.valueOf(d).stripTrailingZeros().toPlainString();
        }
        return v.toString();
    }

    static List<String> columns(String... names) {
        return Arrays.asList(names);
    }
}
