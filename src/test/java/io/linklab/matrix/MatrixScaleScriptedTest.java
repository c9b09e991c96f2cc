package io.linklab.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.matrix.MatrixSchedule.Uplinks;
import io.linklab.model.Topology;
import io.linklab.testing.Heap;
import io.linklab.testing.RecordingTransport;
import io.linklab.testing.ScriptedMatrixLab;
import io.linklab.testing.ScriptedTransport;
import java.nio.file.Path;
import java.util.AbstractList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 20's scale: a matrix of 32 scripted hosts, every ordered pair (992), through MatrixRun and the engine as
 * the command line runs it. No host is ever in two tests at once, seen twice: by the matrix's own start and end of
 * each pair, and on the hosts themselves (no iperf3 starts on a host before the clean-up of its last test); every
 * pair has its row; the heap after the matrix holds well under 512 MB.
 */
class MatrixScaleScriptedTest {

    private static final int HOSTS = 32;

    @TempDir
    Path dir;

    private final Set<String> hosts = ConcurrentHashMap.newKeySet();
    private final List<String> overlaps = new CopyOnWriteArrayList<>();

    /**
     * The events of every host's RecordingTransport, not kept (992 runs' worth would weigh on the heap measured): a
     * host is in a test from the start of its iperf3 until the clean-up that ends that test, and no iperf3 may
     * start on it in between.
     */
    private final class OverlapCheck extends AbstractList<String> {
        private final Map<String, String> inTest = new HashMap<>();

        @Override
        public synchronized boolean add(String event) {
            String[] words = event.split(" ", 3);
            if (words.length == 3 && words[1].equals("start") && words[2].startsWith("iperf3")) {
                String earlier = inTest.put(words[0], words[2]);
                if (earlier != null) {
                    overlaps.add(words[0] + " starts " + words[2] + " while in the test of " + earlier);
                }
            } else if (words.length == 2 && words[1].equals("cleaned")) {
                inTest.remove(words[0]);
            }
            return true;
        }

        @Override
        public String get(int index) {
            throw new IndexOutOfBoundsException(index);
        }

        @Override
        public int size() {
            return 0;
        }
    }

    @Test
    void thirtyTwoHostsEveryOrderedPairNoHostInTwoTestsAtOnceEveryPairARowAndTheHeapUnder512Mb() throws Exception {
        Topology lab = ScriptedMatrixLab.lab("rack", HOSTS);
        List<MatrixPair> pairs = new MatrixPairs(lab).all();
        assertEquals(992, pairs.size());
        OverlapCheck check = new OverlapCheck();
        Set<String> busy = new HashSet<>();
        int[] mostAtOnce = {0};
        int[] finished = {0};
        long[] mostHeap = {0};
        long start = System.nanoTime();
        MatrixRun run = new MatrixRun(
                lab,
                ScriptedMatrixLab.plan(),
                pairs,
                new MatrixRun.Options(HOSTS / 2, false, Uplinks.TOGETHER),
                login -> {
                    ScriptedTransport t = ScriptedMatrixLab.host(ScriptedMatrixLab.number(login), HOSTS);
                    hosts.add(t.hostLabel());
                    return new RecordingTransport(t, check);
                },
                ScriptedMatrixLab::engine,
                dir,
                new MatrixRun.Listener() {
                    // both are called under the matrix's lock, in the order pairs start and end
                    @Override
                    public void pairStarted(MatrixPair pair) {
                        for (String h : List.of(pair.client(), pair.server())) {
                            if (!busy.add(h)) {
                                overlaps.add(pair.label() + " starts while " + h + " is in another test");
                            }
                        }
                        mostAtOnce[0] = Math.max(mostAtOnce[0], busy.size() / 2);
                    }

                    @Override
                    public void pairFinished(MatrixPair pair, List<MatrixRow> rows) {
                        busy.remove(pair.client());
                        busy.remove(pair.server());
                        // the heap while the matrix runs (logins open, runs in flight), a quarter of the way each
                        if (++finished[0] % (992 / 4) == 0) {
                            mostHeap[0] = Math.max(mostHeap[0], Heap.usedAfterGc());
                        }
                    }
                });
        run.start();
        List<MatrixRow> rows = run.done().get(300, TimeUnit.SECONDS);
        double seconds = (System.nanoTime() - start) / 1e9;

        assertEquals(List.of(), overlaps);
        assertEquals(992, rows.size(), "one row per pair (one direction each)");
        assertEquals(
                pairs.stream().map(MatrixPair::label).collect(Collectors.toSet()),
                rows.stream().map(r -> r.client() + "→" + r.server()).collect(Collectors.toSet()));
        assertTrue(
                rows.stream().allMatch(MatrixRow::ok),
                () -> rows.stream()
                        .filter(r -> !r.ok())
                        .findFirst()
                        .orElseThrow()
                        .toString());
        assertEquals(HOSTS, hosts.size(), "one login per host");

        long used = Math.max(mostHeap[0], Heap.usedAfterGc());
        System.out.printf(
                Locale.ROOT,
                "matrix of %d hosts / %d pairs: %.1f s, at most %d tests at once, heap used after GC at most %d MB "
                        + "(measured at each quarter and the end)%n",
                HOSTS,
                rows.size(),
                seconds,
                mostAtOnce[0],
                used >> 20);
        assertTrue(used < 512L << 20, "heap used during the matrix: " + (used >> 20) + " MB");
    }
}
