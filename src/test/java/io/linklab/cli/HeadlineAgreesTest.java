package io.linklab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.Direction;
import io.linklab.store.ResultsStore;
import io.linklab.store.RunRecord;
import io.linklab.testing.RecordedRuns;
import io.linklab.tools.Fixtures;
import io.linklab.ui.history.PastRun;
import io.linklab.ui.history.StoreLibrary;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run's headline is one figure wherever it shows (the command's result, run.json, the history list, the opened
 * run), and every file the command writes reads the same on a German desktop: a real `linklab test` of 3
 * repetitions between two "local" ends, run under the German locale.
 */
class HeadlineAgreesTest {

    private static final Pattern DONE = Pattern.compile("done: c2s ([0-9]+\\.[0-9]{2}) Gbit/s");
    /** A decimal comma where a number is written: "4,42 Gbit/s", or a comma-decimal cell. */
    private static final Pattern DECIMAL_COMMA = Pattern.compile("\\d,\\d+ ?[kMGT]?bit");
    /** A rate written as a cell of its own: "<td>4,42</td>". */
    private static final Pattern COMMA_CELL = Pattern.compile(">\\s*\\d+,\\d+\\s*<");

    @TempDir
    Path dir;

    private Locale before;

    @BeforeEach
    void german() {
        before = Locale.getDefault();
        Locale.setDefault(Locale.GERMANY);
    }

    @AfterEach
    void back() {
        Locale.setDefault(before);
    }

    @Test
    void threeRepetitionsShowOneHeadlineEverywhereAndEveryFileReadsTheSameInGerman() throws Exception {
        Path runs = Files.createDirectories(dir.resolve("runs"));
        Path out = runs.resolve("r1");
        CliCapture cli = new CliCapture();
        int rc = cli.run(
                "test",
                "--client",
                "local",
                "--server",
                "local",
                "--target",
                "127.0.0.1",
                "--port",
                "5591",
                "-P",
                "2",
                "-t",
                "1",
                "--repeat",
                "3",
                "--out",
                out.toString());
        assertEquals(0, rc, cli.both());

        Matcher done = DONE.matcher(cli.err());
        assertTrue(done.find(), cli.err());
        double shown = Double.parseDouble(done.group(1));

        RunRecord record = RunRecord.read(out);
        Double recorded = record.headline().get(Direction.C2S);
        assertNotNull(recorded, "run.json's headline");
        assertEquals(shown, recorded / 1e9, 0.005, "the command's result and run.json");
        assertTrue(record.message().contains(done.group(1) + " Gbit/s"), record.message());

        // three repetitions: the mean of the three SUM receiver rates, not a pairwise average of them
        List<Double> reps = sumReceiverRates(out.resolve("summary.csv"));
        assertEquals(3, reps.size(), reps.toString());
        double mean = reps.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        assertEquals(mean, recorded, mean * 1e-9);

        StoreLibrary library = new StoreLibrary(new ResultsStore(runs));
        List<PastRun> listed = library.list();
        assertEquals(1, listed.size());
        assertEquals(recorded, listed.get(0).headline().get(Direction.C2S), "the history list");
        assertEquals(
                recorded, ResultsStore.openFolder(out).headline().get(Direction.C2S), mean * 1e-9, "the opened run");

        // a run recorded before run.json held its headline: the list computes the same mean from summary.csv
        String json = Files.readString(out.resolve("run.json"), StandardCharsets.UTF_8);
        Files.writeString(out.resolve("run.json"), json.replaceFirst("\"headline\" : \\{[^}]*\\},?", ""));
        assertTrue(RunRecord.read(out).headline().isEmpty(), "headline removed");
        assertEquals(mean, library.list().get(0).headline().get(Direction.C2S), mean * 1e-9, "older runs");

        for (Path f : files(out)) {
            String text = Files.readString(f, StandardCharsets.UTF_8);
            assertFalse(DECIMAL_COMMA.matcher(text).find(), f + " has a decimal comma");
            if (f.toString().endsWith(".csv")) {
                numbersParse(f);
            }
        }
    }

    @Test
    void importAndReportWriteEveryRateWithAPointInGerman() throws Exception {
        CliCapture cli = new CliCapture();
        Path samples = dir.resolve("import/samples.csv");
        Path summary = dir.resolve("import/summary.csv");
        Files.createDirectories(samples.getParent());
        int rc = cli.run(
                "import",
                Fixtures.resource("seeds/001_iperf2_10gbe_client_i1.txt").toString(),
                Fixtures.resource("seeds/004_netperf_myrinet_tcp_stream.txt").toString(),
                "--samples",
                samples.toString(),
                "--summary",
                summary.toString());
        assertEquals(0, rc, cli.both());
        assertTrue(
                Pattern.compile("c2s \\d+\\.\\d+ [kMG]bit/s").matcher(cli.out()).find(), cli.out());
        assertFalse(DECIMAL_COMMA.matcher(cli.out()).find(), cli.out());

        Path single = RecordedRuns.copy(RecordedRuns.SINGLE, dir.resolve("single"));
        Path sweep = RecordedRuns.copy(RecordedRuns.SWEEP, dir.resolve("sweep"));
        Path page = dir.resolve("report.html");
        assertEquals(0, cli.run("report", single.toString(), sweep.toString(), "--out", page.toString()), cli.both());

        for (Path f : List.of(samples, summary, page)) {
            String text = Files.readString(f, StandardCharsets.UTF_8);
            assertFalse(DECIMAL_COMMA.matcher(text).find(), f + " has a decimal comma");
            assertFalse(COMMA_CELL.matcher(text).find(), f + " has a decimal comma in a cell");
            if (f.toString().endsWith(".csv")) {
                numbersParse(f);
            }
        }
    }

    private static List<Path> files(Path out) throws Exception {
        try (Stream<Path> all = Files.walk(out)) {
            return all.filter(Files::isRegularFile)
                    .filter(p -> !out.relativize(p).startsWith("raw")) // the tool's own output, as it printed it
                    .toList();
        }
    }

    private static List<Double> sumReceiverRates(Path summary) throws Exception {
        List<Double> out = new ArrayList<>();
        for (CSVRecord r : parse(summary)) {
            if (r.get("stream").equals("SUM")
                    && r.get("role").equals("receiver")
                    && r.get("process").isEmpty()) {
                out.add(Double.parseDouble(r.get("bits_per_second")));
            }
        }
        return out;
    }

    /** Every cell of a numeric column parses as a plain decimal with a point. */
    private static void numbersParse(Path csv) throws Exception {
        for (CSVRecord r : parse(csv)) {
            for (String column : List.of("bits_per_second", "bytes", "start_s", "end_s", "value", "gain")) {
                if (r.isMapped(column) && !r.get(column).isEmpty()) {
                    Double.parseDouble(r.get(column)); // throws on "4,42"
                }
            }
        }
    }

    private static List<CSVRecord> parse(Path csv) throws Exception {
        try (CSVParser p = CSVParser.parse(
                csv,
                StandardCharsets.UTF_8,
                CSVFormat.DEFAULT
                        .builder()
                        .setHeader()
                        .setSkipHeaderRecord(true)
                        .build())) {
            return p.getRecords();
        }
    }
}
