package io.linklab.ui.history;

import io.linklab.engine.store.FileFormatException;
import io.linklab.engine.store.ResultsStore;
import io.linklab.engine.store.RunJournal;
import io.linklab.engine.store.RunRecord;
import io.linklab.engine.store.StoredRun;
import io.linklab.model.Direction;
import io.linklab.model.Sample;
import io.linklab.model.Summary;
import io.linklab.model.SweepRow;
import io.linklab.model.TestPlan;
import io.linklab.tools.csv.CsvRows;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
            out.add(recorded(record, s.dir(), headlineFromSummaryCsv(s.dir()), List.of(), List.of(), List.of(), null));
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
        List<PastRun.PointSample> samples = new ArrayList<>(run.samples().size());
        for (RunJournal.Entry<Sample> e : run.samples()) {
            samples.add(new PastRun.PointSample(e.point(), e.repetition(), e.value()));
        }
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
     * The SUM receiver rate per direction from summary.csv (a few rows), so listing many runs never reads
     * their journals; a single-stream run has no SUM row and its one stream stands for it.
     */
    static Map<Direction, Double> headlineFromSummaryCsv(Path dir) {
        Path file = dir.resolve("summary.csv");
        Map<Direction, Double> sums = new EnumMap<>(Direction.class);
        Map<Direction, List<Double>> streams = new EnumMap<>(Direction.class);
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
                    sums.merge(d, bps, (a, b) -> (a + b) / 2);
                } else if (!"SUM".equals(rec.get("stream"))) {
                    streams.computeIfAbsent(d, k -> new ArrayList<>()).add(bps);
                }
            }
        } catch (IOException | RuntimeException e) {
            return sums; // a listing shows no headline rather than failing for one damaged file
        }
        streams.forEach((d, v) -> {
            if (!sums.containsKey(d) && v.size() == 1) {
                sums.put(d, v.get(0));
            }
        });
        return sums;
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
