package io.linklab.tools.csv;

import io.linklab.model.Sample;
import io.linklab.model.Summary;

/** The columns of samples.csv and summary.csv (CONTRACTS.md), required ones first, then the extras. */
public final class ResultTables {

    /** A sample with where it came from: the imported file (or empty for a test), the sweep point, the run. */
    public record SampleRow(String source, String point, String run, Sample sample) {
    }

    /** An end-of-test total with its origin, like {@link SampleRow}. */
    public record SummaryRow(String source, String point, String run, Summary summary) {
    }

    public static final CsvTable<SampleRow> SAMPLES = CsvTable.<SampleRow>builder()
            .column("source", SampleRow::source)
            .column("point", SampleRow::point)
            .column("stream", r -> r.sample().stream())
            .column("direction", r -> r.sample().direction() == null ? null : r.sample().direction().csv())
            .column("start_s", r -> r.sample().startS())
            .column("end_s", r -> r.sample().endS())
            .column("bytes", r -> r.sample().bytes())
            .column("bits_per_second", r -> r.sample().bitsPerSecond())
            .column("retransmits", r -> r.sample().retransmits())
            .column("cwnd_bytes", r -> r.sample().cwndBytes())
            .column("run", SampleRow::run)
            .column("process", r -> r.sample().process())
            .column("rtt_ms", r -> r.sample().rttMs())
            .column("jitter_ms", r -> r.sample().jitterMs())
            .column("lost_packets", r -> r.sample().lostPackets())
            .column("packets", r -> r.sample().packets())
            .column("omitted", r -> r.sample().omitted() ? "true" : null)
            .build();

    public static final CsvTable<SummaryRow> SUMMARY = CsvTable.<SummaryRow>builder()
            .column("source", SummaryRow::source)
            .column("point", SummaryRow::point)
            .column("stream", r -> r.summary().stream())
            .column("direction", r -> r.summary().direction() == null ? null : r.summary().direction().csv())
            .column("role", r -> r.summary().role() == null ? null : r.summary().role().csv())
            .column("start_s", r -> r.summary().startS())
            .column("end_s", r -> r.summary().endS())
            .column("bytes", r -> r.summary().bytes())
            .column("bits_per_second", r -> r.summary().bitsPerSecond())
            .column("retransmits", r -> r.summary().retransmits())
            .column("run", SummaryRow::run)
            .column("process", r -> r.summary().process())
            .column("jitter_ms", r -> r.summary().jitterMs())
            .column("lost_packets", r -> r.summary().lostPackets())
            .column("packets", r -> r.summary().packets())
            .column("local_cpu_percent", r -> r.summary().localCpuPercent())
            .column("remote_cpu_percent", r -> r.summary().remoteCpuPercent())
            .column("local_service_demand_us_per_kb", r -> r.summary().localServiceDemandUsPerKb())
            .column("remote_service_demand_us_per_kb", r -> r.summary().remoteServiceDemandUsPerKb())
            .column("note", r -> r.summary().note())
            .build();

    private ResultTables() {
    }
}
