package io.linklab.store;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.linklab.model.Direction;
import io.linklab.model.Expectation;
import io.linklab.model.Headline;
import io.linklab.model.TestPlan;
import io.linklab.model.Verdict;
import java.io.IOException;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.FileLockInterruptionException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * run.json: what a run was asked to do and what happened — plan, exact commands per host, tool
 * versions, host facts, start and end, outcome. Rewritten atomically at each change of state, so
 * it is always whole; "running" in a folder nobody is writing to means the run was interrupted.
 */
public final class RunRecord {

    public static final String FILE = "run.json";
    public static final String FORMAT = "linklab-run";
    public static final int VERSION = 1;

    /** Serialises the writers of one run.json in this JVM; the file lock does it between processes. */
    private static final Map<Path, Object> WRITERS = new ConcurrentHashMap<>();

    static final String WRITE_LOCK = ".run.json.lock";

    /** The state of a run as run.json tells it. */
    public enum State {
        RUNNING,
        OK,
        FAILED,
        CANCELLED,
        INTERRUPTED
    }

    private final String id;
    private String name;
    private String note;
    private State state = State.RUNNING;
    private String message = "";
    private Instant started;
    private Instant ended;
    private Instant stoppedAt;
    private String stoppedBy;
    private ObjectNode plan;
    private List<String> points = List.of();
    private Map<String, List<String>> commands = Map.of();
    private final Map<String, Map<String, String>> hosts = new LinkedHashMap<>();
    private final List<String> warnings = new ArrayList<>();
    private final Map<String, Integer> originalMtus = new LinkedHashMap<>();
    private String mtuRestore = "";
    private final Map<Direction, Double> headline = new EnumMap<>(Direction.class);
    private final List<PointTime> pointTimes = new ArrayList<>();
    /** The expectation as asked ("90%", "90G"); null for a run from before verdicts. */
    private String expectAsked;

    private Expectation.Expected expected;
    /** The verdict of the whole run: fail if a direction or point failed, pass if any passed. */
    private Verdict.Outcome verdict = Verdict.Outcome.NONE;

    /** When a point began (before its MTU change) and ended (its last repetition stopped), for timing. */
    public record PointTime(String point, Instant started, Instant ended) {}

    /**
     * Jackson's set-up (~0.2 s of class loading) happens at the first write, which a run makes while its logins
     * are under way, not when the run is made (before they start).
     */
    private static final class Json {
        static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    }

    public RunRecord(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    public synchronized String name() {
        return name;
    }

    public synchronized String note() {
        return note;
    }

    public synchronized State state() {
        return state;
    }

    public synchronized String message() {
        return message;
    }

    public synchronized Instant started() {
        return started;
    }

    public synchronized Instant ended() {
        return ended;
    }

    /** When a stopped run (state CANCELLED) was told to stop, or null. */
    public synchronized Instant stoppedAt() {
        return stoppedAt;
    }

    /** What stopped a stopped run: "the user" (Stop), "SIGINT (Ctrl-C)", "SIGTERM"; or null. */
    public synchronized String stoppedBy() {
        return stoppedBy;
    }

    public synchronized List<String> points() {
        return points;
    }

    public synchronized Map<String, List<String>> commands() {
        return commands;
    }

    public synchronized Map<String, Map<String, String>> hosts() {
        return Map.copyOf(hosts);
    }

    public synchronized List<String> warnings() {
        return List.copyOf(warnings);
    }

    /** "login interface" → the MTU it had before the run changed it. */
    public synchronized Map<String, Integer> originalMtus() {
        return Map.copyOf(originalMtus);
    }

    /** The run's headline rate per direction ({@link Headline}), recorded at its end; empty before or if none. */
    public synchronized Map<Direction, Double> headline() {
        return Map.copyOf(headline);
    }

    public synchronized void headline(Map<Direction, Double> rates) {
        headline.clear();
        headline.putAll(rates);
    }

    public synchronized String mtuRestore() {
        return mtuRestore;
    }

    /** The plan as it was run, or null if the stored plan can no longer be read. */
    public synchronized TestPlan plan() {
        try {
            return plan == null ? null : PlanFiles.fromJson(FILE, plan);
        } catch (FileFormatException e) {
            return null;
        }
    }

    public synchronized void begin(TestPlan p, Instant at, List<String> pointLabels, Map<String, List<String>> cmds) {
        this.plan = PlanFiles.toJson(p);
        this.started = at;
        this.points = List.copyOf(pointLabels);
        this.commands = cmds;
    }

    /** The commands as the run runs them, where preflight changed them (a release's own output format). */
    public synchronized void commands(Map<String, List<String>> cmds) {
        this.commands = cmds;
    }

    /** The commands of a point chosen while the run goes on (a tune's probe), after those recorded so far. */
    public synchronized void commandsAdded(Map<String, List<String>> more) {
        Map<String, List<String>> all = new LinkedHashMap<>(commands);
        more.forEach((host, lines) -> {
            List<String> joined = new ArrayList<>(all.getOrDefault(host, List.of()));
            joined.addAll(lines);
            all.put(host, List.copyOf(joined));
        });
        commands = all;
    }

    /** A point chosen while the run goes on (a tune's), listed after those known at its start. */
    public synchronized void pointAdded(String label) {
        List<String> more = new ArrayList<>(points);
        more.add(label);
        points = List.copyOf(more);
    }

    public synchronized void hostFacts(String end, Map<String, String> facts) {
        hosts.put(end, new LinkedHashMap<>(facts));
    }

    public synchronized void warning(String w) {
        warnings.add(w);
    }

    public synchronized void originalMtu(String hostAndIf, int mtu) {
        originalMtus.put(hostAndIf, mtu);
    }

    public synchronized void mtuRestore(String how) {
        this.mtuRestore = how;
    }

    public synchronized void pointTime(String point, Instant started, Instant ended) {
        pointTimes.add(new PointTime(point, started, ended));
    }

    public synchronized List<PointTime> pointTimes() {
        return List.copyOf(pointTimes);
    }

    /** What the run's directions and points were judged against: as asked, and the rate (or why there is none). */
    public synchronized void expected(String asked, Expectation.Expected e, Verdict.Outcome overall) {
        expectAsked = asked;
        expected = e;
        verdict = overall;
    }

    /** fail if a direction or point fell below the expected rate, pass if one reached it, else NONE. */
    public synchronized Verdict.Outcome verdict() {
        return verdict;
    }

    /** The expectation as asked ("90%", "90G"), or null for a run recorded before verdicts. */
    public synchronized String expectAsked() {
        return expectAsked;
    }

    /** The expected rate or why there is none; null for a run recorded before verdicts (or still running). */
    public synchronized Expectation.Expected expected() {
        return expected;
    }

    /** The run was stopped at {@code at} by {@code by} before it was over: its outcome is "interrupted". */
    public synchronized void stopped(Instant at, String by) {
        this.stoppedAt = at;
        this.stoppedBy = by;
    }

    public synchronized void finish(State s, String msg, Instant at) {
        this.state = s;
        this.message = msg == null ? "" : msg;
        this.ended = at;
    }

    /**
     * The run's write of its record. The name and note are the user's (renamed or annotated from the history
     * while the run goes on) and are taken from the file as it is, so the run's final write cannot undo them.
     */
    public synchronized void write(Path runDir) throws IOException {
        exclusive(runDir, () -> {
            Path file = runDir.resolve(FILE);
            if (Files.exists(file)) {
                try {
                    RunRecord onDisk = read(runDir);
                    name = onDisk.name;
                    note = onDisk.note;
                } catch (FileFormatException damaged) {
                    // nothing of the user's to keep; the whole record is written again below
                }
            }
            writeFile(runDir);
        });
    }

    /** Sets the user's name for a run (null: none), keeping all the run wrote. */
    static void rename(Path runDir, String newName) throws IOException, FileFormatException {
        byUser(runDir, r -> r.name = newName);
    }

    /** Sets the user's note on a run (null: none), keeping all the run wrote. */
    static void annotate(Path runDir, String newNote) throws IOException, FileFormatException {
        byUser(runDir, r -> r.note = newNote);
    }

    private static void byUser(Path runDir, Consumer<RunRecord> change) throws IOException, FileFormatException {
        RecordWrite<FileFormatException> edit = () -> {
            RunRecord r = read(runDir);
            synchronized (r) {
                change.accept(r);
                r.writeFile(runDir);
            }
        };
        exclusive(runDir, edit);
    }

    /** What is done while holding a run folder's record for writing. */
    @FunctionalInterface
    private interface RecordWrite<E extends Exception> {
        void run() throws IOException, E;
    }

    /**
     * Runs {@code work} as the only writer of the folder's run.json: the run (one thread) and the history
     * (another, or another LinkLab process) read, change and write it without losing each other's changes.
     */
    private static <E extends Exception> void exclusive(Path runDir, RecordWrite<E> work) throws IOException, E {
        Path dir = runDir.toAbsolutePath().normalize();
        boolean interrupted = false;
        try {
            synchronized (WRITERS.computeIfAbsent(dir, d -> new Object())) {
                while (true) {
                    try (FileChannel ch = FileChannel.open(
                                    dir.resolve(WRITE_LOCK), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                            FileLock lock = ch.lock()) {
                        work.run();
                        return;
                    } catch (FileLockInterruptionException | ClosedByInterruptException e) {
                        // a Stop interrupts the run's thread, which closes the channel it is writing through; the
                        // record is written anyway (the write is whole or not at all), and the run sees the Stop
                        // right after
                        Thread.interrupted();
                        interrupted = true;
                    }
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * run.json as written, its fields in their order. What is null is written as null, but for "expect", which a
     * run recorded before verdicts leaves out; "outcome" is a map because it holds "by" only for a stopped run,
     * null or not.
     */
    private record RunFile(
            String format,
            int version,
            String id,
            String name,
            String note,
            String status,
            String message,
            String started,
            String ended,
            Map<String, String> outcome,
            Map<String, Double> headline,
            String linklab,
            JsonNode plan,
            List<String> points,
            Map<String, List<String>> commands,
            Map<String, Map<String, String>> hosts,
            MtuEntry mtu,
            List<PointTimeEntry> pointTimes,
            @JsonInclude(JsonInclude.Include.NON_NULL) ExpectEntry expect,
            List<String> warnings) {}

    private record MtuEntry(Map<String, Integer> original, String restore) {}

    private record PointTimeEntry(String point, String started, String ended) {}

    private record ExpectEntry(
            String asked,
            @JsonProperty("expected_bps") Double expectedBps,
            @JsonProperty("why_none") String whyNone,
            String verdict) {}

    private void writeFile(Path runDir) throws IOException {
        Map<String, Double> head = new LinkedHashMap<>();
        headline.forEach((d, bps) -> head.put(d.csv(), bps));
        RunFile file = new RunFile(
                FORMAT,
                VERSION,
                id,
                name,
                note,
                state.name().toLowerCase(),
                message,
                text(started),
                text(ended),
                outcome(),
                head,
                RunRecord.class.getPackage().getImplementationVersion(),
                plan,
                points,
                commands,
                hosts,
                new MtuEntry(originalMtus, mtuRestore),
                pointTimes.stream()
                        .map(t -> new PointTimeEntry(t.point(), text(t.started()), text(t.ended())))
                        .toList(),
                expected == null
                        ? null
                        : new ExpectEntry(expectAsked, expected.bitsPerSecond(), expected.whyNone(), verdict.csv()),
                warnings);
        AtomicFile.writeString(runDir.resolve(FILE), Json.MAPPER.writeValueAsString(file) + "\n");
    }

    /**
     * How the run ended, for scripts: {"status": "completed"|"failed"|"interrupted", "at": TIME} and, for an
     * interrupted run, "by" (what stopped it, at "at"); null while it runs.
     */
    private Map<String, String> outcome() {
        if (state == State.RUNNING) {
            return null;
        }
        Map<String, String> o = new LinkedHashMap<>();
        boolean stopped = state == State.CANCELLED || state == State.INTERRUPTED;
        o.put("status", state == State.OK ? "completed" : stopped ? "interrupted" : "failed");
        o.put("at", text(stoppedAt != null ? stoppedAt : ended));
        if (stopped) {
            o.put("by", stoppedBy);
        }
        return o;
    }

    private static String text(Instant at) {
        return at == null ? null : at.toString();
    }

    public static RunRecord read(Path runDir) throws FileFormatException {
        Path file = runDir.resolve(FILE);
        JsonNode root;
        try {
            root = Json.MAPPER.readTree(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new FileFormatException(file + ": cannot read it (" + e.getMessage() + ")", e);
        }
        if (root == null || !FORMAT.equals(root.path("format").asText())) {
            throw new FileFormatException(file + ": not a LinkLab run record");
        }
        if (root.path("version").asInt() > VERSION) {
            throw new FileFormatException(file + ": written by a newer LinkLab; update LinkLab to open it");
        }
        RunRecord r = new RunRecord(root.path("id").asText(runDir.getFileName().toString()));
        r.name = text(root, "name");
        r.note = text(root, "note");
        try {
            r.state = State.valueOf(root.path("status").asText("interrupted").toUpperCase());
        } catch (IllegalArgumentException e) {
            r.state = State.INTERRUPTED;
        }
        r.message = root.path("message").asText("");
        r.started = instant(root, "started");
        r.ended = instant(root, "ended");
        r.stoppedAt = root.path("outcome").hasNonNull("by") ? instant(root.path("outcome"), "at") : null;
        r.stoppedBy = text(root.path("outcome"), "by");
        r.plan = root.get("plan") instanceof ObjectNode o ? o : null;
        List<String> pts = new ArrayList<>();
        root.path("points").forEach(p -> pts.add(p.asText()));
        r.points = pts;
        Map<String, List<String>> cmds = new LinkedHashMap<>();
        root.path("commands").fields().forEachRemaining(e -> {
            List<String> lines = new ArrayList<>();
            e.getValue().forEach(l -> lines.add(l.asText()));
            cmds.put(e.getKey(), lines);
        });
        r.commands = cmds;
        root.path("hosts").fields().forEachRemaining(e -> {
            Map<String, String> facts = new LinkedHashMap<>();
            e.getValue()
                    .fields()
                    .forEachRemaining(f -> facts.put(f.getKey(), f.getValue().asText()));
            r.hosts.put(e.getKey(), facts);
        });
        root.path("mtu")
                .path("original")
                .fields()
                .forEachRemaining(
                        e -> r.originalMtus.put(e.getKey(), e.getValue().asInt()));
        r.mtuRestore = root.path("mtu").path("restore").asText("");
        for (Direction d : Direction.values()) {
            JsonNode bps = root.path("headline").path(d.csv());
            if (bps.isNumber()) {
                r.headline.put(d, bps.asDouble());
            }
        }
        root.path("warnings").forEach(w -> r.warnings.add(w.asText()));
        JsonNode ex = root.path("expect");
        if (ex.isObject()) {
            r.expectAsked = text(ex, "asked");
            r.expected = new Expectation.Expected(
                    ex.hasNonNull("expected_bps") ? ex.get("expected_bps").asDouble() : null, text(ex, "why_none"));
            r.verdict = Verdict.Outcome.ofCsv(ex.path("verdict").asText(""));
        }
        root.path("pointTimes").forEach(t -> {
            Instant a = instant(t, "started");
            Instant b = instant(t, "ended");
            if (a != null && b != null) {
                r.pointTimes.add(new PointTime(t.path("point").asText(""), a, b));
            }
        });
        return r;
    }

    /** Marks a record read from a folder no live run owns as interrupted if it still says running. */
    void interruptedIfRunning() {
        if (state == State.RUNNING) {
            state = State.INTERRUPTED;
            message = "the run was interrupted (LinkLab stopped before it ended); the samples measured until then "
                    + "are kept";
        }
    }

    private static String text(JsonNode n, String f) {
        return n.hasNonNull(f) ? n.get(f).asText() : null;
    }

    private static Instant instant(JsonNode n, String f) {
        try {
            return n.hasNonNull(f) ? Instant.parse(n.get(f).asText()) : null;
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
