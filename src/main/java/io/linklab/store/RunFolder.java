package io.linklab.store;

import io.linklab.counters.CounterFiles;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The rule that nothing measured is ever overwritten: a run gets a folder of its own, either a new one of the
 * results store (never one that exists) or the one a caller names (`linklab test --out DIR`), which must hold
 * no earlier run unless the caller asked to replace it.
 */
public final class RunFolder {

    /** The folder a run keeps its tool output in. */
    static final String RAW = "raw";

    /** Everything a run writes into its folder, in the order a listing shows it. */
    static final List<String> RUN_ENTRIES = List.of(
            RunRecord.FILE,
            ResultCsv.SAMPLES,
            ResultCsv.SUMMARY,
            ResultCsv.SWEEP,
            CounterFiles.HOST_COUNTERS,
            CounterFiles.FINDINGS,
            RunJournal.FILE,
            RAW,
            ResultsStore.LOCK_FILE,
            RunRecord.WRITE_LOCK);

    /** Suffixes tried before giving up: more folders of one name than any store holds. */
    private static final int MAX_SUFFIX = 10_000;

    /** What replacing an earlier run did: the run's entries removed, and the user's own left where they were. */
    public record Replacement(List<String> removed, List<String> kept) {}

    private RunFolder() {}

    /**
     * Creates {@code parent/base}, or {@code base-2}, {@code base-3}… when that exists. Each try is one atomic
     * {@link Files#createDirectory}, so two runs (or two LinkLabs) starting in the same second never share one.
     *
     * @return the new, empty folder
     */
    public static Path createUnique(Path parent, String base) throws IOException {
        Files.createDirectories(parent);
        for (int n = 1; n <= MAX_SUFFIX; n++) {
            Path dir = parent.resolve(n == 1 ? base : base + "-" + n);
            try {
                return Files.createDirectory(dir);
            } catch (FileAlreadyExistsException taken) {
                // someone has this name (an earlier run, a file of the user's): try the next suffix
            }
        }
        throw new IOException(
                "cannot create a new folder " + base + " under " + parent + ": " + MAX_SUFFIX + " names taken");
    }

    /**
     * What {@code dir} holds, one name per entry (folders with a trailing '/'), a run's own entries first;
     * empty when it does not exist.
     */
    public static List<String> entries(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        List<Path> all;
        try (Stream<Path> list = Files.list(dir)) {
            all = new ArrayList<>(list.toList());
        }
        all.sort(Comparator.comparingInt((Path p) -> rank(p.getFileName().toString()))
                .thenComparing(p -> p.getFileName().toString()));
        List<String> out = new ArrayList<>();
        for (Path p : all) {
            out.add(p.getFileName() + (Files.isDirectory(p) ? "/" : ""));
        }
        return out;
    }

    private static int rank(String name) {
        int i = RUN_ENTRIES.indexOf(name);
        return i < 0 ? RUN_ENTRIES.size() : i;
    }

    /**
     * Removes the files of an earlier run from {@code dir} (what {@link #RUN_ENTRIES} names) and leaves
     * everything else: `--force` replaces a run, it does not empty a folder a user pointed at by mistake.
     *
     * @throws IOException when a run is still writing into {@code dir}, or a file cannot be removed
     */
    public static Replacement replaceEarlierRun(Path dir) throws IOException {
        if (ResultsStore.isLive(dir)) {
            throw new IOException(
                    dir + " is the folder of a run that is still going; stop it first or choose " + "another folder");
        }
        List<String> removed = new ArrayList<>();
        List<String> kept = new ArrayList<>();
        for (String entry : entries(dir)) {
            if (isRunEntry(entry)) {
                deleteTree(dir.resolve(entry.replaceFirst("/$", "")));
                removed.add(entry);
            } else {
                kept.add(entry);
            }
        }
        return new Replacement(removed, kept);
    }

    /**
     * Whether {@code dir} holds a run that failed before it measured anything (an unreachable host, a failed
     * preflight): its journal is empty, so replacing it loses nothing, and the corrected command may take the folder.
     */
    public static boolean holdsARunThatMeasuredNothing(Path dir) {
        Path journal = dir.resolve(RunJournal.FILE);
        try {
            return Files.isRegularFile(journal)
                    && Files.size(journal) == 0
                    && RunRecord.read(dir).state() == RunRecord.State.FAILED;
        } catch (IOException | FileFormatException e) {
            return false;
        }
    }

    /** Refuses a folder that holds an earlier run's files, so that a run never writes over them. */
    public static void requireNoEarlierRun(Path dir) throws IOException {
        List<String> found = new ArrayList<>();
        for (String entry : entries(dir)) {
            if (isRunEntry(entry)) {
                found.add(entry);
            }
        }
        if (!found.isEmpty()) {
            throw new FileAlreadyExistsException(
                    dir.toString(),
                    null,
                    "holds an earlier run (" + String.join(", ", found) + "); choose a new folder or replace that run");
        }
    }

    private static boolean isRunEntry(String entry) {
        String name = entry.replaceFirst("/$", "");
        return RUN_ENTRIES.contains(name) || AtomicFile.isTemporaryOf(RunRecord.FILE, name);
    }

    /** Deletes a file, or a folder with everything in it. */
    public static void deleteTree(Path p) throws IOException {
        try (Stream<Path> walk = Files.walk(p)) {
            for (Path q : (Iterable<Path>) walk.sorted(Comparator.reverseOrder())::iterator) {
                Files.delete(q);
            }
        }
    }
}
