package io.linklab.tools.csv;

import io.linklab.model.Sample;
import io.linklab.model.Summary;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** The columns of samples.csv and summary.csv (CONTRACTS.md), required ones first, then the extras. */
public final class ResultTables {

    /** A sample with where it came from: the imported file (or empty for a test), the sweep point, the run. */
    public record SampleRow(String source, String point, String run, Sample sample) {}

    /** An end-of-test total with its origin, like {@link SampleRow}. */
    public record SummaryRow(String source, String point, String run, Summary summary) {}

    public static final CsvTable<SampleRow> SAMPLES = CsvTable.<SampleRow>builder()
            .text("source", SampleRow::source)
            .text("point", SampleRow::point)
            .text("stream", r -> r.sample().stream())
            .text(
                    "direction",
                    r -> r.sample().direction() == null
                            ? null
                            : r.sample().direction().csv())
            .number("start_s", r -> r.sample().startS())
            .number("end_s", r -> r.sample().endS())
            .number("bytes", r -> r.sample().bytes())
            .number("bits_per_second", r -> r.sample().bitsPerSecond())
            .number("retransmits", r -> r.sample().retransmits())
            .number("cwnd_bytes", r -> r.sample().cwndBytes())
            .text("run", SampleRow::run)
            .text("process", r -> r.sample().process())
            .number("rtt_ms", r -> r.sample().rttMs())
            .number("jitter_ms", r -> r.sample().jitterMs())
            .number("lost_packets", r -> r.sample().lostPackets())
            .number("packets", r -> r.sample().packets())
            .text("omitted", r -> r.sample().omitted() ? "true" : null)
            .text(
                    "role",
                    r -> r.sample().role() == null ? null : r.sample().role().csv())
            .number("stream_index", r -> r.sample().streamIndex())
            .text("time_utc", r -> utc(r.sample().startUtc()))
            .number("rttvar_ms", r -> r.sample().rttvarMs())
            .number("pmtu", r -> r.sample().pmtu())
            .build();

    private static final DateTimeFormatter UTC_MILLIS =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    /** ISO 8601 in UTC to the millisecond, always with three decimals so that the cells sort as text. */
    private static String utc(Instant t) {
        return t == null ? null : UTC_MILLIS.format(t);
    }

    public static final CsvTable<SummaryRow> SUMMARY = CsvTable.<SummaryRow>builder()
            .text("source", SummaryRow::source)
            .text("point", SummaryRow::point)
            .text("stream", r -> r.summary().stream())
            .text(
                    "direction",
                    r -> r.summary().direction() == null
                            ? null
                            : r.summary().direction().csv())
            .text(
                    "role",
                    r -> r.summary().role() == null ? null : r.summary().role().csv())
            .number("start_s", r -> r.summary().startS())
            .number("end_s", r -> r.summary().endS())
            .number("bytes", r -> r.summary().bytes())
            .number("bits_per_second", r -> r.summary().bitsPerSecond())
            .number("retransmits", r -> r.summary().retransmits())
            .text("run", SummaryRow::run)
            .text("process", r -> r.summary().process())
            .number("jitter_ms", r -> r.summary().jitterMs())
            .number("lost_packets", r -> r.summary().lostPackets())
            .number("packets", r -> r.summary().packets())
            .number("local_cpu_percent", r -> r.summary().localCpuPercent())
            .number("remote_cpu_percent", r -> r.summary().remoteCpuPercent())
            .number("local_service_demand_us_per_kb", r -> r.summary().localServiceDemandUsPerKb())
            .number("remote_service_demand_us_per_kb", r -> r.summary().remoteServiceDemandUsPerKb())
            .text("note", r -> r.summary().note())
            .build();

    /**
     * An imported log's samples.csv: {@link #SAMPLES} and an empty `repetition`, so that it has the shape of a
     * test's (CSV.md: "for test and import alike"); a log has no repetitions.
     */
    public static final CsvTable<SampleRow> IMPORTED_SAMPLES = CsvTable.<SampleRow>builder()
            .columns(SAMPLES.columns())
            .number("repetition", r -> null)
            .build();

    /**
     * An imported log's summary.csv, as {@link #IMPORTED_SAMPLES}; a log carries no expected rate, so its
     * `expected_bps` and `verdict` are empty.
     */
    public static final CsvTable<SummaryRow> IMPORTED_SUMMARY = CsvTable.<SummaryRow>builder()
            .columns(SUMMARY.columns())
            .number("repetition", r -> null)
            .number("expected_bps", r -> null)
            .text("verdict", r -> null)
            .build();

    private ResultTables() {}
}
