package io.linklab.tools.importer;

import io.linklab.model.Direction;
import io.linklab.model.MeasurementSink;
import io.linklab.model.Role;
import io.linklab.model.Sample;
import io.linklab.model.Summary;
import io.linklab.model.ToolEvent;
import io.linklab.tools.LogFormat;
import io.linklab.tools.ToolMeta;
import io.linklab.tools.importer.LogImporter.FileResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Counts what an import passes to the caller's sink and keeps the figures for the import summary. */
final class ImportTally implements MeasurementSink {

    private static final int MAX_EVENTS = 200;

    private final MeasurementSink target;
    private long samples;
    private long summaries;
    private final List<ToolEvent> events = new ArrayList<>();
    private long eventCount;
    private long transactions;
    private String version;
    private final Set<String> runs = new HashSet<>();
    // Receiver totals of the latest test of each process, per direction.
    private final Map<String, ProcessTotals> totals = new HashMap<>();

    ImportTally(MeasurementSink target) {
        this.target = target;
    }

    @Override
    public void sample(Sample sample) {
        samples++;
        target.sample(sample);
    }

    @Override
    public void summary(Summary summary) {
        summaries++;
        if (summary.role() == Role.RECEIVER
                && summary.bitsPerSecond() != null
                && (summary.process() == null || !summary.process().endsWith("server"))) {
            totals.computeIfAbsent(String.valueOf(summary.process()), k -> new ProcessTotals())
                    .add(summary);
        }
        target.summary(summary);
    }

    @Override
    public void event(ToolEvent event) {
        eventCount++;
        if (events.size() < MAX_EVENTS) {
            events.add(event);
        }
        target.event(event);
    }

    @Override
    public void meta(String key, String value) {
        if (ToolMeta.VERSION.equals(key) && version == null) {
            version = value;
        } else if (ToolMeta.RUN.equals(key)) {
            runs.add(value);
            // The figures shown are those of the latest test.
            totals.clear();
        } else if (ToolMeta.TRANSACTIONS_PER_SECOND.equals(key)) {
            transactions++;
        }
        target.meta(key, value);
    }

    FileResult failed(Path file, LogFormat format, String why) {
        return result(file, format, 0, why);
    }

    FileResult result(Path file, LogFormat format, long lines, String failure) {
        Map<Direction, Double> receiver = new EnumMap<>(Direction.class);
        for (ProcessTotals t : totals.values()) {
            for (Direction d : Direction.values()) {
                Double v = t.rate(d);
                if (v != null) {
                    receiver.merge(d, v, Double::sum);
                }
            }
        }
        boolean testFailed = false;
        if (failure == null && samples == 0 && summaries == 0 && transactions == 0) {
            ToolEvent toolError = firstToolError();
            if (toolError != null) {
                testFailed = true;
                failure = "the test failed before measuring; the tool said: \"" + toolError.message() + "\""
                        + (toolError.lineNumber() > 0 ? " (line " + toolError.lineNumber() + ")" : "");
            } else if (!damaged()) {
                failure = "holds no measurements that " + (format == null ? "LinkLab" : format.description())
                        + " could read (" + lines + " lines)";
            }
        }
        return new FileResult(
                file,
                format,
                lines,
                samples,
                summaries,
                runs.size(),
                version,
                receiver,
                List.copyOf(events),
                eventCount,
                failure,
                testFailed);
    }

    private boolean damaged() {
        for (ToolEvent e : events) {
            if (e.severity() == ToolEvent.Severity.ERROR) {
                return true;
            }
        }
        return false;
    }

    /** The first error the tool itself printed (not damage of the input), or null. */
    private ToolEvent firstToolError() {
        for (ToolEvent e : events) {
            if (e.severity() == ToolEvent.Severity.ERROR && !e.kind().startsWith(ToolMeta.INPUT_PREFIX)) {
                return e;
            }
        }
        return null;
    }

    /** Receiver totals of one process's latest test: its SUM line if it printed one, else the streams added up. */
    private static final class ProcessTotals {
        private final Map<Direction, Double> sum = new EnumMap<>(Direction.class);
        private final Map<Direction, Double> streams = new EnumMap<>(Direction.class);
        private final Set<String> seen = new HashSet<>();

        void add(Summary s) {
            Direction d = s.direction() == null ? Direction.C2S : s.direction();
            String key = d + "/" + s.stream();
            if (!seen.add(key)) {
                // The same stream again: a later test of this process; its totals replace the earlier ones.
                sum.clear();
                streams.clear();
                seen.clear();
                seen.add(key);
            }
            if (s.isSum()) {
                sum.put(d, s.bitsPerSecond());
            } else {
                streams.merge(d, s.bitsPerSecond(), Double::sum);
            }
        }

        Double rate(Direction d) {
            Double v = sum.get(d);
            return v != null ? v : streams.get(d);
        }
    }
}
