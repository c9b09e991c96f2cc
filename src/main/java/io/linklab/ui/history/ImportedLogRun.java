package io.linklab.ui.history;

import io.linklab.model.MeasurementSink;
import io.linklab.model.Sample;
import io.linklab.model.Summary;
import io.linklab.model.ToolEvent;
import io.linklab.model.Verdict;
import io.linklab.tools.ToolMeta;
import io.linklab.tools.csv.CsvResultSink;
import io.linklab.tools.csv.CsvTableWriter;
import io.linklab.tools.csv.ResultTables;
import io.linklab.tools.importer.LogImporter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * File → Import log: reads an iperf3/iperf2/netperf log with the parsers' importer into a run the dashboard,
 * comparison and export views open like any other, and writes its samples.csv and summary.csv with the
 * parsers' CSV writer into a folder of its own.
 */
public final class ImportedLogRun {

    private ImportedLogRun() {}

    /**
     * @param folder where the import's CSV files go (created)
     * @throws IOException with a message naming the file when nothing could be read from it
     */
    public static PastRun importFile(Path file, Path folder) throws IOException {
        Files.createDirectories(folder);
        List<PastRun.PointSample> samples = new ArrayList<>();
        List<PastRun.PointSummary> summaries = new ArrayList<>();
        Map<String, String> env = new LinkedHashMap<>();
        String name = file.getFileName().toString();
        LogImporter.FileResult result;
        // The rows kept for the window are the ones the files get, in the same shape (a SUM for every interval).
        MeasurementSink kept = new MeasurementSink() {
            /** The log's test the lines belong to: a log may hold many, each a repetition of its own. */
            private int test;

            @Override
            public void sample(Sample sample) {
                samples.add(new PastRun.PointSample("", test, sample));
            }

            @Override
            public void summary(Summary summary) {
                summaries.add(new PastRun.PointSummary("", test, summary));
            }

            @Override
            public void event(ToolEvent event) {}

            @Override
            public void meta(String key, String value) {
                if (ToolMeta.RUN.equals(key) && value != null && value.matches("\\d{1,9}")) {
                    test = Integer.parseInt(value);
                }
                if (value != null && !value.isBlank() && env.size() < 200) {
                    env.putIfAbsent("log " + key, value);
                }
            }
        };
        try (CsvResultSink csv = new CsvResultSink(
                CsvTableWriter.create(folder.resolve("samples.csv"), ResultTables.SAMPLES),
                CsvTableWriter.create(folder.resolve("summary.csv"), ResultTables.SUMMARY),
                kept)) {
            csv.source(file.toString());
            result = LogImporter.importFile(file, null, csv);
        }
        if (result.failed()) {
            throw new IOException(file + " " + result.failure());
        }
        String damage = result.damaged() ? "damaged: " + result.damage().get(0).message() : null;
        return new PastRun(
                "import-" + name,
                name,
                null,
                PastRun.State.IMPORTED,
                damage,
                fileTime(file),
                null,
                result.format() == null ? null : result.format().tool().id(),
                List.of(),
                null,
                result.receiverBitsPerSecond() == null ? Map.of() : result.receiverBitsPerSecond(),
                env,
                samples,
                summaries,
                List.of(),
                folder,
                true,
                null,
                Verdict.Outcome.NONE);
    }

    private static Instant fileTime(Path file) {
        try {
            return Files.getLastModifiedTime(file).toInstant();
        } catch (IOException e) {
            return null;
        }
    }
}
