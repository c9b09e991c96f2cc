package io.linklab.matrix;

import io.linklab.concurrent.DaemonThreads;
import io.linklab.counters.CounterFiles;
import io.linklab.counters.Finding;
import io.linklab.model.TestPlan;
import io.linklab.store.FileFormatException;
import io.linklab.store.LinkFreeCopy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * heatmap.png (an image per MTU where the matrix sweeps several), findings.csv and report.md of a matrix folder,
 * drawn from its matrix.csv: rewritten on a thread of their own
 * after every pair (so a stopped or interrupted matrix has both), at most one rewrite waiting however many pairs
 * end meanwhile. The PNG of 32 hosts takes about half a second to encode: on the matrix's own thread it would hold
 * up the start of the next pairs.
 */
public final class MatrixReportFiles {

    private final Path dir;
    private final List<String> hosts;
    private final String title;
    private final Function<Double, String> rateText;
    private final Consumer<String> problems;
    private final AtomicBoolean waiting = new AtomicBoolean();
    /** The MTUs matrix.json sweeps, read once it is there; null before. */
    private List<Integer> planMtus;

    private final ExecutorService writer =
            Executors.newSingleThreadExecutor(DaemonThreads.named("linklab-matrix-files"));

    /**
     * @param hosts    the hosts in the order the user knows them (the heatmap's rows and columns)
     * @param title    what the matrix tested ({@link MatrixReport#title}), the report's heading
     * @param rateText how a rate is written in a cell (the command line's Gbit/s)
     * @param problems told why a file could not be written (the matrix goes on without it)
     */
    public MatrixReportFiles(
            Path dir, List<String> hosts, String title, Function<Double, String> rateText, Consumer<String> problems) {
        this.dir = dir;
        this.hosts = List.copyOf(hosts);
        this.title = title;
        this.rateText = rateText;
        this.problems = problems;
    }

    /**
     * A report folder of the matrix in {@code from} at {@code to} (created): its matrix.csv, matrix.json and pairs'
     * run folders copied, the other files written from the copy. The window's Export; the command line's --out is one already.
     */
    public static void export(Path from, Path to, List<String> hosts, String title, Function<Double, String> rateText)
            throws IOException, InterruptedException {
        Files.createDirectories(to);
        try (Stream<Path> all = Files.walk(from.resolve("pairs"))) {
            for (Path p : (Iterable<Path>) all::iterator) {
                Path copy = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                    Files.createDirectories(copy);
                } else {
                    LinkFreeCopy.copy(p, copy); // a link, or anything else but a file, is left out
                }
            }
        }
        LinkFreeCopy.copy(from.resolve(MatrixFile.NAME), to.resolve(MatrixFile.NAME));
        // the copy can be opened, and resumed, in the window as well
        LinkFreeCopy.copy(from.resolve(MatrixPlanFile.NAME), to.resolve(MatrixPlanFile.NAME));
        List<String> problems = new ArrayList<>();
        new MatrixReportFiles(to, hosts, title, rateText, problems::add).finish();
        if (!problems.isEmpty()) {
            throw new IOException(String.join("; ", problems));
        }
    }

    /** The hosts of the lab that are in a pair with a row: a lab's other hosts would only widen the heatmap. */
    private List<String> inRows(List<MatrixRow> rows) {
        Set<String> named = new HashSet<>();
        rows.forEach(r -> {
            named.add(r.client());
            named.add(r.server());
        });
        return hosts.stream().filter(named::contains).toList();
    }

    private void notDrawn(String name, String why) {
        Path png = dir.resolve(name);
        try {
            Files.deleteIfExists(png); // an older, smaller one would show a matrix that is not this one
        } catch (IOException e) {
            // it stays; the message says the values are in matrix.csv
        }
        problems.accept(name + " is not drawn: " + why + "; every value is in " + dir.resolve(MatrixFile.NAME));
    }

    /** Writes the heatmap of one MTU (heatmap.png for a null one), or says why it is not drawn. */
    private void heatmap(Integer mtu, MatrixGrid grid) {
        String name = HeatmapImage.name(mtu);
        try {
            HeatmapImage.write(dir, mtu, grid, rateText);
        } catch (HeatmapImage.TooLarge | OutOfMemoryError e) {
            // the matrix's end must not fail for a picture: the values are all in matrix.csv
            notDrawn(name, e.getMessage() != null ? e.getMessage() : "out of memory");
        } catch (IOException | RuntimeException e) {
            problems.accept("cannot write " + dir.resolve(name) + ": " + e.getMessage());
        }
    }

    /**
     * The MTUs of the matrix, lowest first: those matrix.json's test sweeps (so a layer not measured yet, or on a
     * resume, has its files from the start) and any other a row of matrix.csv names. Empty where it sets none.
     */
    private List<Integer> mtus(List<MatrixRow> rows) {
        if (planMtus == null && MatrixPlanFile.isIn(dir)) {
            planMtus = planMtus();
        }
        Set<Integer> all = new TreeSet<>(planMtus == null ? List.of() : planMtus);
        rows.stream().map(MatrixRow::mtu).filter(Objects::nonNull).forEach(all::add);
        return List.copyOf(all);
    }

    /** The MTUs a matrix of {@code test} sets, lowest first; none where it sweeps no MTU. */
    private static List<Integer> mtus(TestPlan test) {
        return test.isSweep() && test.sweep().kind() == TestPlan.SweepKind.MTU
                ? test.sweep().values().stream()
                        .map(Integer::valueOf)
                        .distinct()
                        .sorted()
                        .toList()
                : List.of();
    }

    /** The heatmap images a matrix of {@code test} writes: one per MTU where it sets several, else heatmap.png. */
    public static List<String> heatmaps(TestPlan test) {
        List<Integer> mtus = mtus(test);
        return mtus.size() > 1 ? mtus.stream().map(HeatmapImage::name).toList() : List.of(HeatmapImage.NAME);
    }

    /** The MTUs matrix.json sweeps; none when it sweeps something else or cannot be read (that is told). */
    private List<Integer> planMtus() {
        try {
            return mtus(MatrixPlanFile.read(dir).test());
        } catch (FileFormatException | RuntimeException e) {
            problems.accept("cannot read the MTUs of " + dir.resolve(MatrixPlanFile.NAME) + " (the files show those of "
                    + MatrixFile.NAME + "): " + e.getMessage());
            return List.of();
        }
    }

    private void deleteStale(String name) {
        try {
            Files.deleteIfExists(dir.resolve(name));
        } catch (IOException e) {
            problems.accept(
                    "cannot delete " + dir.resolve(name) + ", which is of no MTU of this matrix: " + e.getMessage());
        }
    }

    /** Rewrites the files soon, from matrix.csv as it will be then; returns at once. */
    public void update() {
        if (waiting.compareAndSet(false, true)) {
            writer.execute(() -> {
                waiting.set(false);
                write();
            });
        }
    }

    /** Writes them once more, after any rewrite still waiting, and returns the findings (the matrix ended). */
    public List<Finding> finish() throws InterruptedException {
        writer.shutdown();
        writer.awaitTermination(1, TimeUnit.MINUTES);
        return write();
    }

    private synchronized List<Finding> write() {
        List<MatrixRow> rows;
        try {
            rows = MatrixFile.read(dir);
        } catch (IOException | RuntimeException e) {
            problems.accept(
                    "cannot read " + dir.resolve(MatrixFile.NAME) + " for the heatmap and findings: " + e.getMessage());
            return List.of();
        }
        List<Integer> mtus = mtus(rows);
        List<MatrixReport.Layer> layers = new ArrayList<>();
        List<MatrixFindings.AtMtu> atMtus = new ArrayList<>();
        List<Finding> findings = new ArrayList<>();
        if (mtus.size() > 1) {
            deleteStale(HeatmapImage.NAME); // of this folder before it swept MTUs: not one of its layers
        }
        for (Integer mtu : mtus.isEmpty() ? Collections.<Integer>singletonList(null) : mtus) {
            // a pair that failed before its first MTU has a row without one: it is in every layer, as in the window
            List<MatrixRow> layer = mtus.size() > 1
                    ? rows.stream()
                            .filter(r -> r.mtu() == null || r.mtu().equals(mtu))
                            .toList()
                    : rows;
            MatrixGrid grid = MatrixGrid.of(inRows(layer), layer);
            heatmap(mtus.size() > 1 ? mtu : null, grid);
            List<Finding> found = MatrixFindings.of(grid);
            found.forEach(f -> atMtus.add(new MatrixFindings.AtMtu(mtu, f)));
            findings.addAll(found);
            layers.add(new MatrixReport.Layer(mtu, layer, found));
        }
        try {
            MatrixFindings.writeAtMtus(dir, atMtus);
        } catch (IOException e) {
            problems.accept("cannot write " + dir.resolve(CounterFiles.FINDINGS) + ": " + e.getMessage());
        }
        try {
            MatrixReport.write(dir, title, rows, layers);
        } catch (IOException e) {
            problems.accept("cannot write " + dir.resolve(MatrixReport.NAME) + ": " + e.getMessage());
        }
        return findings;
    }
}
