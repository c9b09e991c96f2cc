package io.linklab.report;

import io.linklab.counters.CounterFiles;
import io.linklab.counters.Finding;
import io.linklab.model.Direction;
import io.linklab.model.Expectation;
import io.linklab.model.Role;
import io.linklab.model.Sample;
import io.linklab.model.SweepRow;
import io.linklab.model.Verdict;
import io.linklab.store.FileFormatException;
import io.linklab.store.ResultsStore;
import io.linklab.store.RunJournal;
import io.linklab.store.StoredRun;
import io.linklab.tools.csv.CsvRows;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.stream.Stream;

/**
 * What a report shows of one run folder: its record and journal (as the history opens them), its findings, the
 * host counters for the lanes, and the files it holds.
 *
 * @param counters host_counters.csv rows of the charted point, every repetition: time, end, name, value
 * @param files    every file of the folder, relative, with its size
 */
record RunFolderData(StoredRun run, List<Finding> findings, List<CounterValue> counters, Map<String, Long> files) {

    /** One host counter reading. */
    record CounterValue(int repetition, double timeS, String end, String name, double value) {}

    /** The counters the lanes show: each end's busiest core, and the drops the data interface counted. */
    static final List<String> LANE_COUNTERS = List.of("cpu.busiest", "cpu.busy", "rx_dropped");

    static RunFolderData read(Path dir) throws IOException, FileFormatException {
        StoredRun run = ResultsStore.openFolder(dir);
        List<Finding> findings =
                Files.isRegularFile(dir.resolve(CounterFiles.FINDINGS)) ? CounterFiles.readFindings(dir) : List.of();
        String point = chartedPoint(run);
        List<CounterValue> counters = List.of();
        Path hc = dir.resolve(CounterFiles.HOST_COUNTERS);
        if (Files.isRegularFile(hc)) {
            counters = CsvRows.read(hc, r -> {
                        String rep = r.isMapped("repetition") ? r.get("repetition") : "";
                        if (!point.equals(r.get("point")) || !LANE_COUNTERS.contains(r.get("name"))) {
                            return null;
                        }
                        return new CounterValue(
                                rep.isEmpty() ? 1 : Math.max(1, Integer.parseInt(rep)),
                                Double.parseDouble(r.get("time_s")),
                                r.get("end"),
                                r.get("name"),
                                Double.parseDouble(r.get("value")));
                    })
                    .stream()
                    .filter(v -> v != null)
                    .toList();
        }
        Map<String, Long> files = new LinkedHashMap<>();
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted().toList()) {
                String name = dir.relativize(p).toString();
                if (Files.isRegularFile(p) && !p.getFileName().toString().startsWith(".")) {
                    files.put(name, Files.size(p));
                }
            }
        }
        return new RunFolderData(run, findings, counters, files);
    }

    /** The point whose samples are charted: a sweep's last, else the run's only one. */
    static String chartedPoint(StoredRun run) {
        List<String> points = run.record().points();
        return points.isEmpty() ? "" : points.get(points.size() - 1);
    }

    String id() {
        return run.id();
    }

    boolean sweep() {
        return run.rows().stream().map(SweepRow::point).distinct().count() > 1;
    }

    /** What the run was judged against; a run from before verdicts has none, and the page says so. */
    Expectation.Expected expected() {
        Expectation.Expected e = run.record().expected();
        return e != null
                ? e
                : Expectation.Expected.none("no verdict: the run was recorded before LinkLab made verdicts");
    }

    Verdict verdict(SweepRow row) {
        return expected().judge(row.bitsPerSecond());
    }

    Verdict.Outcome overall() {
        return Verdict.overall(
                run.rows().stream().map(r -> verdict(r).outcome()).toList());
    }

    /** The repetitions of the charted point that have samples, from 1 (a run of one repetition: just 1). */
    List<Integer> repetitions() {
        String point = chartedPoint(run);
        return run.samples().stream()
                .filter(e -> e.point().equals(point))
                .map(e -> repetition(e))
                .distinct()
                .sorted()
                .toList();
    }

    /** Journals number a run's only repetition 0 or 1. */
    private static int repetition(RunJournal.Entry<?> e) {
        return Math.max(1, e.repetition());
    }

    /** The charted point's samples of one repetition, in one direction and view. */
    List<Sample> samples(Direction d, Role role, int repetition) {
        String point = chartedPoint(run);
        List<Sample> out = new ArrayList<>();
        for (RunJournal.Entry<Sample> e : run.samples()) {
            Sample s = e.value();
            if (e.point().equals(point)
                    && repetition(e) == repetition
                    && s.direction() == d
                    && s.role() == role
                    && !s.omitted()) {
                out.add(s);
            }
        }
        return out;
    }

    /** Directions the run measured, in c2s, s2c order. */
    List<Direction> directions() {
        return run.rows().stream().map(SweepRow::direction).distinct().sorted().toList();
    }

    /** The mean smoothed RTT the sender's streams reported at a point and direction, where the tool reports it. */
    OptionalDouble rttMs(String point, Direction d) {
        return run.samples().stream()
                .filter(e -> e.point().equals(point))
                .map(RunJournal.Entry::value)
                .filter(s -> s.direction() == d && s.role() == Role.SENDER && !s.isSum() && s.rttMs() != null)
                .mapToDouble(Sample::rttMs)
                .average();
    }
}
