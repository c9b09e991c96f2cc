package io.linklab.tune;

import io.linklab.model.TestPlan;
import io.linklab.model.Tool;
import io.linklab.store.AtomicFile;
import io.linklab.store.FileFormatException;
import io.linklab.store.PlanFiles;
import io.linklab.tools.csv.CsvRows;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.commons.csv.CSVRecord;

/**
 * What a tune keeps in its run folder beside the run's own files, so that the window shows a stored tune as it
 * showed it live: tune.csv (every probe), tune.txt (the result as the command line printed it) and
 * tune-winner.json (the winner as a plan, for "Save as test").
 */
public final class TuneFiles {

    public static final String REPORT = "tune.txt";
    public static final String WINNER = "tune-winner.json";

    private TuneFiles() {}

    /** A tune read back from its folder; {@code winner} is null when nothing was measured. */
    public record Stored(List<TuneStep> steps, List<String> report, TestPlan winner) {}

    /** Whether {@code dir} holds a tune's files. */
    public static boolean isTune(Path dir) {
        return Files.isRegularFile(dir.resolve(TuneCsv.FILE));
    }

    /**
     * Writes the three files of {@code r} into {@code dir}.
     *
     * @param winnerPlan the winner at full length, null when nothing was measured
     * @param report     the result's lines ({@link TuneReport#lines})
     */
    public static void write(Path dir, TuneResult r, TestPlan winnerPlan, List<String> report) throws IOException {
        TuneCsv.write(dir, r.steps());
        AtomicFile.writeString(dir.resolve(REPORT), String.join("\n", report) + "\n");
        if (winnerPlan != null) {
            PlanFiles.write(dir.resolve(WINNER), winnerPlan);
        }
    }

    /**
     * Reads a tune's files back; a missing tune.txt or tune-winner.json (a tune that was cut off) reads as empty.
     *
     * @throws IOException naming the file that cannot be read
     */
    public static Stored read(Path dir) throws IOException {
        List<TuneStep> steps = CsvRows.read(dir.resolve(TuneCsv.FILE), TuneFiles::step);
        Path report = dir.resolve(REPORT);
        List<String> lines =
                Files.isRegularFile(report) ? Files.readAllLines(report, StandardCharsets.UTF_8) : List.of();
        Path winner = dir.resolve(WINNER);
        TestPlan plan = null;
        if (Files.isRegularFile(winner)) {
            try {
                plan = PlanFiles.read(winner);
            } catch (FileFormatException e) {
                throw new IOException(e.getMessage(), e);
            }
        }
        return new Stored(steps, lines, plan);
    }

    private static TuneStep step(CSVRecord r) {
        String w = r.get("window");
        String m = r.get("mtu");
        TuneSettings s = new TuneSettings(
                Tool.fromId(r.get("tool")),
                Integer.parseInt(r.get("processes")),
                Integer.parseInt(r.get("streams")),
                Pinning.fromId(r.get("pinning")),
                w.isEmpty() ? null : w,
                m.isEmpty() ? null : Integer.valueOf(m));
        String reason = r.get("reason");
        String rate = r.get("bits_per_second");
        if (rate.isEmpty()) {
            int at = reason.indexOf(TuneCsv.FAILED);
            return new TuneStep(
                    Integer.parseInt(r.get("step")),
                    Probe.failed(s, at < 0 ? "no rate reported" : reason.substring(at + TuneCsv.FAILED.length())),
                    at < 0 ? reason : reason.substring(0, at));
        }
        Probe p = new Probe(
                s,
                Double.parseDouble(rate),
                Double.parseDouble(r.get("bits_per_second_min")),
                Double.parseDouble(r.get("bits_per_second_max")),
                null,
                null);
        return new TuneStep(Integer.parseInt(r.get("step")), p, reason);
    }
}
