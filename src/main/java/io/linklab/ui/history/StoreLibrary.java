package io.linklab.ui.history;

import io.linklab.model.Direction;
import io.linklab.model.Headline;
import io.linklab.model.MeasurementSink;
import io.linklab.model.Sample;
import io.linklab.model.Summary;
import io.linklab.model.SweepRow;
import io.linklab.model.TestPlan;
import io.linklab.model.ToolEvent;
import io.linklab.store.FileFormatException;
import io.linklab.store.ResultsStore;
import io.linklab.store.RunJournal;
import io.linklab.store.RunRecord;
import io.linklab.store.StoredRun;
import io.linklab.tools.csv.CsvRows;
import io.linklab.tools.shape.ShapedRows;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.commons.csv.CSVRecord;

/** The history over the engine's results store: listing reads run.json and summary.csv only, opening reads the journal. */
public final class StoreLibrary implements RunLibrary {

    private final ResultsStore store;

    public StoreLibrary(ResultsStore store) {
        this.store = store;
    }

    public ResultsStore store() {
        return store;
    }

    @Override
    public List<PastRun> list() throws IOException {
        List<PastRun> out = new ArrayList<>();
        for (ResultsStore.RunSummary s : store.list()) {
            RunRecord record;
            try {
                record = RunRecord.read(s.dir());
            } catch (FileFormatException e) {
                continue; // listed by the store, unreadable now: skipped like the store skips damaged ones
            }
            Map<Direction, Double> headline = record.headline();
            if (headline.isEmpty()) {
                headline = headlineFromSummaryCsv(s.dir()); // a run recorded before run.json held its headline
            }
            out.add(recorded(record, s.dir(), headline, List.of(), List.of(), List.of(), null));
        }
        return out;
    }

    @Override
    public PastRun open(String id) throws IOException {
        StoredRun run;
        try {
            run = store.open(id);
        } catch (FileFormatException e) {
            throw new IOException("run " + id + " cannot be read: " + e.getMessage(), e);
        }
        List<PastRun.PointSample> samples = samples(run.samples());
        List<PastRun.PointSummary> summaries = new ArrayList<>();
        for (RunJournal.Entry<Summary> e : run.summaries()) {
            summaries.add(new PastRun.PointSummary(e.point(), e.repetition(), e.value()));
        }
        Map<Direction, Double> headline = run.headline();
        if (headline.isEmpty()) {
            headline = headlineFromSummaryCsv(run.dir());
        }
        return recorded(
                run.record(),
                run.dir(),
                headline,
                samples,
                summaries,
                run.rows(),
                run.damage().any() ? "run " + id + ": " + run.damage().warning() : null);
    }

    /**
     * The run's interval rows. A run recorded before a single stream had SUM rows of its own has no SUM row at all:
     * each of its repetitions goes through the shaping a live run's rows go through, which adds them, so its
     * dashboard charts a SUM as the run's would now.
     */
    private static List<PastRun.PointSample> samples(List<RunJournal.Entry<Sample>> entries) {
        List<PastRun.PointSample> out = new ArrayList<>(entries.size());
        if (entries.stream().anyMatch(e -> e.value().isSum())) {
            for (RunJournal.Entry<Sample> e : entries) {
                out.add(new PastRun.PointSample(e.point(), e.repetition(), e.value()));
            }
            return out;
        }
        ShapedRows shaped = null;
        RunJournal.Entry<Sample> group = null;
        for (RunJournal.Entry<Sample> e : entries) {
            if (group == null || !group.point().equals(e.point()) || group.repetition() != e.repetition()) {
                if (shaped != null) {
                    shaped.finish();
                }
                group = e;
                shaped = new ShapedRows(new Collected(e.point(), e.repetition(), out), false, null);
            }
            shaped.sample(e.value());
        }
        if (shaped != null) {
            shaped.finish();
        }
        return out;
    }

    /** Where the rows of one repetition go once shaped. */
    private record Collected(String point, int repetition, List<PastRun.PointSample> out) implements MeasurementSink {
        @Override
        public void sample(Sample sample) {
            out.add(new PastRun.PointSample(point, repetition, sample));
        }

        @Override
        public void summary(Summary summary) {}

        @Override
        public void event(ToolEvent event) {}
    }

    private static PastRun recorded(
            RunRecord r,
            Path dir,
            Map<Direction, Double> headline,
            List<PastRun.PointSample> samples,
            List<PastRun.PointSummary> summaries,
            List<SweepRow> rows,
            String readWarning) {
        TestPlan plan = r.plan();
        List<String> hosts = plan == null
                ? List.of()
                : List.of(plan.client().login(), plan.server().login());
        Map<String, String> env = new LinkedHashMap<>();
        r.hosts().forEach((end, facts) -> facts.forEach((k, v) -> env.put(end + " " + k, v)));
        if (r.mtuRestore() != null && !r.mtuRestore().isBlank()) {
            env.put("mtu restore", r.mtuRestore());
        }
        return new PastRun(
                r.id(),
                r.name(),
                r.note(),
                r.state() == null ? null : PastRun.State.valueOf(r.state().name()),
                null,
                r.started(),
                r.ended(),
                plan == null ? null : plan.tool().id(),
                hosts,
                plan,
                headline,
                env,
                samples,
                summaries,
                rows,
                dir,
                false,
                readWarning,
                r.verdict());
    }

    /**
     * The headline of a run whose run.json predates it: the mean SUM receiver rate per direction over summary.csv's
     * rows (a few), so listing many runs never reads their journals; a single-stream run has no SUM row and its
     * one stream's rows stand for it.
     */
    static Map<Direction, Double> headlineFromSummaryCsv(Path dir) {
        Path file = dir.resolve("summary.csv");
        Map<Direction, List<Double>> sums = new EnumMap<>(Direction.class);
        Map<Direction, List<Double>> streams = new EnumMap<>(Direction.class);
        Map<Direction, Set<String>> streamIds = new EnumMap<>(Direction.class);
        try {
            for (CSVRecord rec : CsvRows.read(file, row -> row)) {
                if (!rec.isMapped("role")
                        || !"receiver".equals(rec.get("role"))
                        || rec.get("bits_per_second").isEmpty()) {
                    continue;
                }
                Direction d = "s2c".equals(rec.get("direction")) ? Direction.S2C : Direction.C2S;
                double bps = Double.parseDouble(rec.get("bits_per_second"));
                String process = rec.isMapped("process") ? rec.get("process") : "";
                if ("SUM".equals(rec.get("stream")) && (process == null || process.isEmpty())) {
                    sums.computeIfAbsent(d, k -> new ArrayList<>()).add(bps);
                } else if (!"SUM".equals(rec.get("stream"))) {
                    streams.computeIfAbsent(d, k -> new ArrayList<>()).add(bps);
                    streamIds.computeIfAbsent(d, k -> new HashSet<>()).add(process + "/" + rec.get("stream"));
                }
            }
        } catch (IOException | RuntimeException e) {
            return Map.of(); // a listing shows no headline rather than failing for one damaged file
        }
        Map<Direction, Double> out = new EnumMap<>(Direction.class);
        sums.forEach((d, v) -> out.put(d, Headline.mean(v)));
        streams.forEach((d, v) -> {
            if (streamIds.get(d).size() == 1) {
                out.putIfAbsent(d, Headline.mean(v));
            }
        });
        return out;
    }

    @Override
    public void rename(String id, String name) throws IOException {
        change(id, "cannot be renamed", () -> store.rename(id, name));
    }

    @Override
    public void annotate(String id, String note) throws IOException {
        change(id, "cannot take a note", () -> store.annotate(id, note));
    }

    /** A change to a stored run's record, whose damaged record the library reports as an I/O failure. */
    private interface RecordChange {
        void apply() throws IOException, FileFormatException;
    }

    private static void change(String id, String failure, RecordChange change) throws IOException {
        try {
            change.apply();
        } catch (FileFormatException e) {
            throw new IOException("run " + id + " " + failure + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void delete(String id) throws IOException {
        store.delete(id);
    }
}
