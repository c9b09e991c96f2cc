package io.linklab.matrix;

import io.linklab.matrix.MatrixSchedule.Uplinks;
import io.linklab.model.Topology;
import io.linklab.store.RunFolder;
import io.linklab.testing.ScriptedMatrixLab;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * Benchmark (not a test; src/test/bench/matrix-files.sh, docs/BENCHMARKS.md "Matrix files"): matrices of 8, 16 and
 * 32 scripted hosts, every ordered pair, through MatrixRun as the command line runs them; then the writes of
 * matrix.csv that each made, in the order its pairs ended, replayed alone and timed: as MatrixRun writes it now
 * (rows appended per pair, the file whole at the first pair and the end) and as it did before (the file whole
 * after every pair). The replay times the file writes without the scripted hosts' threads and timers around them.
 */
public final class MatrixFilesBenchmark {

    private MatrixFilesBenchmark() {}

    public static void main(String[] args) throws Exception {
        int rounds = Integer.getInteger("bench.rounds", 5);
        System.out.printf(
                Locale.ROOT,
                "%5s %6s %9s %18s %15s %18s %10s %10s%n",
                "hosts",
                "pairs",
                "matrix s",
                "appends ms (/pair)",
                "2 whole ms",
                "rewrites ms (/pair)",
                "now kB",
                "before kB");
        for (int hosts : new int[] {8, 16, 32}) {
            Path dir = Files.createTempDirectory("linklab-matrix-bench");
            try {
                long start = System.nanoTime();
                List<List<MatrixRow>> ended = matrix(hosts, dir);
                double matrixSeconds = (System.nanoTime() - start) / 1e9;
                long[] appendNs = new long[rounds];
                long[] wholeNs = new long[rounds];
                long[] rewriteNs = new long[rounds];
                long[] bytes = new long[2];
                for (int r = 0; r < 3; r++) { // untimed: the first replays run the writers' code interpreted
                    replay(ended, true, new long[2], new long[1]);
                    replay(ended, false, new long[2], new long[1]);
                }
                for (int r = 0; r < rounds; r++) {
                    // interleaved, so a burst of load from the machine's other work falls on both
                    long[] whole = new long[1];
                    appendNs[r] = replay(ended, true, bytes, whole);
                    wholeNs[r] = whole[0];
                    rewriteNs[r] = replay(ended, false, bytes, new long[1]);
                }
                int pairs = ended.size();
                double append = median(appendNs) / 1e6;
                double rewrite = median(rewriteNs) / 1e6;
                System.out.printf(
                        Locale.ROOT,
                        "%5d %6d %9.1f %10.1f (%.4f) %15.1f %9.1f (%.3f) %10.0f %10.0f%n",
                        hosts,
                        pairs,
                        matrixSeconds,
                        append,
                        append / pairs,
                        median(wholeNs) / 1e6,
                        rewrite,
                        rewrite / pairs,
                        bytes[0] / (double) rounds / 1e3,
                        bytes[1] / (double) rounds / 1e3);
            } finally {
                RunFolder.deleteTree(dir);
            }
        }
        System.out.println("median of " + rounds + " replays each; load average after: "
                + Files.readString(Path.of("/proc/loadavg")).trim());
    }

    /** Runs every ordered pair of {@code hosts} scripted hosts; the rows of each pair in the order they ended. */
    private static List<List<MatrixRow>> matrix(int hosts, Path dir) throws Exception {
        Topology lab = ScriptedMatrixLab.lab("rack", hosts);
        List<MatrixPair> pairs = new MatrixPairs(lab).all();
        List<List<MatrixRow>> ended = new CopyOnWriteArrayList<>();
        MatrixRun run = new MatrixRun(
                lab,
                ScriptedMatrixLab.plan(),
                pairs,
                new MatrixRun.Options(hosts / 2, false, Uplinks.TOGETHER),
                login -> ScriptedMatrixLab.host(ScriptedMatrixLab.number(login), hosts),
                ScriptedMatrixLab::engine,
                dir,
                new MatrixRun.Listener() {
                    @Override
                    public void pairFinished(MatrixPair pair, List<MatrixRow> rows) {
                        ended.add(rows);
                    }
                });
        run.start();
        List<MatrixRow> rows = run.done().get(10, TimeUnit.MINUTES);
        if (rows.size() != pairs.size() || !rows.stream().allMatch(MatrixRow::ok)) {
            throw new IllegalStateException("the scripted matrix did not measure every pair: " + rows);
        }
        return ended;
    }

    /**
     * The nanoseconds the per-pair matrix.csv writes of {@code ended} take (appends, or whole rewrites); the two
     * whole writes around the appends go to {@code whole[0]}, the bytes written to bytes[0] (appending) or [1].
     */
    private static long replay(List<List<MatrixRow>> ended, boolean append, long[] bytes, long[] whole)
            throws IOException {
        Path dir = Files.createTempDirectory("linklab-matrix-bench-files");
        try {
            Path file = dir.resolve(MatrixFile.NAME);
            List<MatrixRow> all = new ArrayList<>();
            long written = 0;
            if (append) {
                long begin = System.nanoTime();
                MatrixFile.write(dir, List.of()); // as the first pair ends: the rows kept (none)
                whole[0] += System.nanoTime() - begin;
            }
            long start = System.nanoTime();
            for (List<MatrixRow> rows : ended) {
                if (append) {
                    MatrixFile.append(dir, rows);
                    all.addAll(rows);
                } else {
                    all.addAll(rows);
                    MatrixFile.write(dir, all);
                    written += Files.size(file);
                }
            }
            long took = System.nanoTime() - start;
            if (append) {
                long end = System.nanoTime();
                MatrixFile.write(dir, all); // at the end: every row in the order of the pairs
                whole[0] += System.nanoTime() - end;
            }
            // the appends' bytes: the file at the end, twice (appended, then written whole in the pairs' order)
            bytes[append ? 0 : 1] += append ? 2 * Files.size(file) : written;
            return took;
        } finally {
            RunFolder.deleteTree(dir);
        }
    }

    private static double median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted.length % 2 == 1
                ? sorted[sorted.length / 2]
                : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2.0;
    }
}
