package io.linklab.store;

import io.linklab.model.Direction;
import io.linklab.model.SweepRow;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The results workspace: a folder a user can browse, one sub-folder per run (run.json, journal.jsonl,
 * raw/ tool output, CSVs). Defaults to $LINKLAB_HOME/runs or ~/LinkLab/runs.
 */
public final class ResultsStore {

    /** The lock file a live run holds; a folder whose lock is free is not being written to. */
    public static final String LOCK_FILE = ".lock";

    private static final Pattern RUN_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,120}");
    private static final DateTimeFormatter STAMP =
            DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Path root;

    public ResultsStore(Path root) {
        this.root = root.toAbsolutePath();
    }

    /** The default workspace: $LINKLAB_HOME/runs, else ~/LinkLab/runs. */
    public static ResultsStore defaultStore() {
        String home = System.getenv("LINKLAB_HOME");
        Path base =
                home != null && !home.isBlank() ? Path.of(home) : Path.of(System.getProperty("user.home"), "LinkLab");
        return new ResultsStore(base.resolve("runs"));
    }

    public Path root() {
        return root;
    }

    /** A short listing entry of a stored run. */
    public record RunSummary(
            String id,
            Path dir,
            String name,
            String note,
            RunRecord.State state,
            String message,
            Instant started,
            Instant ended,
            String tool,
            List<String> points) {}

    /**
     * A new, empty run folder with a unique, sortable id (UTC time, tool, random suffix); never one that exists,
     * also when two runs start in the same second and draw the same suffix.
     */
    public Path newRunDir(String tool) throws IOException {
        return runDirNamed(newId(tool));
    }

    /** A new, empty run folder named {@code id}, or {@code id-2}, {@code id-3}… when that name is taken. */
    Path runDirNamed(String id) throws IOException {
        return RunFolder.createUnique(root, id);
    }

    /** A sortable run id: UTC time, tool, random suffix ("20261129-212000-iperf3-4f2a"). */
    public static String newId(String tool) {
        return STAMP.format(Instant.now()) + "-" + tool + "-" + Integer.toHexString(0x1000 + RANDOM.nextInt(0xf000));
    }

    /** Runs in the workspace, newest first; folders that are not runs are skipped. */
    public List<RunSummary> list() throws IOException {
        List<RunSummary> out = new ArrayList<>();
        if (!Files.isDirectory(root)) {
            return out;
        }
        try (Stream<Path> dirs = Files.list(root)) {
            for (Path d : (Iterable<Path>) dirs::iterator) {
                if (Files.isRegularFile(d.resolve(RunRecord.FILE))) {
                    try {
                        out.add(summary(d, record(d)));
                    } catch (FileFormatException e) {
                        // a damaged or foreign run.json: not listed, the folder stays for the user to inspect
                    }
                }
            }
        }
        out.sort(Comparator.comparing((RunSummary s) -> s.started() == null ? Instant.EPOCH : s.started())
                .reversed());
        return out;
    }

    /** Opens a run of this workspace by id. */
    public StoredRun open(String runId) throws IOException, FileFormatException {
        return StoredRun.open(dir(runId));
    }

    /** Opens any run folder (one written by `linklab test --out DIR`, a copy from a colleague). */
    public static StoredRun openFolder(Path dir) throws IOException, FileFormatException {
        return StoredRun.open(dir);
    }

    /**
     * One line of a comparison: a run's figure at one point and direction.
     *
     * @param ratio the figure relative to the first run's at the same point and direction, null if it has none
     */
    public record Comparison(
            String runId,
            String name,
            String tool,
            String point,
            Direction direction,
            Double bitsPerSecond,
            Long retransmits,
            Double ratio,
            String status) {}

    /**
     * Lines up the given runs point by point and direction (a single test is the point ""), the first
     * run being the reference: how a cable, a driver or an MTU change moved the numbers.
     */
    public List<Comparison> compare(List<String> runIds) throws IOException, FileFormatException {
        List<Comparison> out = new ArrayList<>();
        Map<String, Double> reference = new HashMap<>();
        boolean first = true;
        for (String id : runIds) {
            StoredRun run = open(id);
            String tool = Optional.ofNullable(run.record().plan())
                    .map(p -> p.tool().id())
                    .orElse("");
            for (SweepRow r : run.rows()) {
                String key = r.point() + "|" + r.direction();
                if (first && r.bitsPerSecond() != null) {
                    reference.put(key, r.bitsPerSecond());
                }
                Double ref = reference.get(key);
                Double ratio = ref == null || ref == 0 || r.bitsPerSecond() == null ? null : r.bitsPerSecond() / ref;
                out.add(new Comparison(
                        id,
                        run.record().name(),
                        tool,
                        r.point(),
                        r.direction(),
                        r.bitsPerSecond(),
                        r.retransmits(),
                        ratio,
                        r.status()));
            }
            first = false;
        }
        return out;
    }

    public void delete(String runId) throws IOException {
        Path dir = dir(runId);
        if (isLive(dir)) {
            throw new IOException("run " + runId + " is still running; stop it before deleting it");
        }
        RunFolder.deleteTree(dir);
    }

    /** Names a run, also a live one: its own later writes of run.json keep the name. */
    public void rename(String runId, String name) throws IOException, FileFormatException {
        RunRecord.rename(dir(runId), name == null || name.isBlank() ? null : name.strip());
    }

    /** Notes on a run, also a live one: its own later writes of run.json keep the note. */
    public void annotate(String runId, String note) throws IOException, FileFormatException {
        RunRecord.annotate(dir(runId), note == null || note.isBlank() ? null : note.strip());
    }

    /** The run folder of an id, refusing ids that could leave the workspace. */
    public Path dir(String runId) throws IOException {
        if (runId == null || !RUN_ID.matcher(runId).matches()) {
            throw new IOException("'" + runId + "' is not a run id of this workspace");
        }
        Path d = root.resolve(runId);
        if (!Files.isRegularFile(d.resolve(RunRecord.FILE))) {
            throw new IOException("no run '" + runId + "' in " + root);
        }
        return d;
    }

    static RunRecord record(Path dir) throws FileFormatException {
        RunRecord r = RunRecord.read(dir);
        if (!isLive(dir)) {
            r.interruptedIfRunning();
        }
        return r;
    }

    static RunSummary summary(Path dir, RunRecord r) {
        String tool = Optional.ofNullable(r.plan()).map(p -> p.tool().id()).orElse("");
        return new RunSummary(
                r.id(), dir, r.name(), r.note(), r.state(), r.message(), r.started(), r.ended(), tool, r.points());
    }

    /** True while a run in this JVM or another process holds the folder's lock. */
    static boolean isLive(Path dir) {
        Path lock = dir.resolve(LOCK_FILE);
        if (!Files.exists(lock)) {
            return false;
        }
        try (FileChannel ch = FileChannel.open(lock, StandardOpenOption.WRITE)) {
            FileLock l = ch.tryLock();
            if (l == null) {
                return true;
            }
            l.release();
            return false;
        } catch (OverlappingFileLockException e) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
