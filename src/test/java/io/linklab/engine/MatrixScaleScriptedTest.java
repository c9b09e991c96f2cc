package io.linklab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.engine.ScriptedTransport.Script;
import io.linklab.matrix.MatrixPair;
import io.linklab.matrix.MatrixPairs;
import io.linklab.matrix.MatrixRow;
import io.linklab.matrix.MatrixRun;
import io.linklab.matrix.MatrixSchedule.Uplinks;
import io.linklab.model.HostSpec;
import io.linklab.model.InterfaceSpec;
import io.linklab.model.TestPlan;
import io.linklab.model.Tool;
import io.linklab.model.Topology;
import java.nio.file.Path;
import java.time.Duration;
import java.util.AbstractList;
import java.util.ArrayList;
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
 * each pair, and on the hosts themselves (no iperf3 starts on a host where one still runs); every pair has its
 * row; the heap after the matrix holds well under 512 MB. About 40 ms of CPU per pair: ~20 s on two idle cores.
 */
class MatrixScaleScriptedTest {

    private static final int HOSTS = 32;

    private static final String TOTALS = """
            Connecting to host %1$s, port 5201
            [  5] local 10.0.0.200 port 47914 connected to %1$s port 5201
            [ ID] Interval           Transfer     Bitrate         Retr  Cwnd
            [  5]   0.00-1.00   sec   514 MBytes  4.29 Gbits/sec   27   1023 KBytes
            - - - - - - - - - - - - - - - - - - - - - - - - -
            [ ID] Interval           Transfer     Bitrate         Retr
            [  5]   0.00-1.00   sec   514 MBytes  4.31 Gbits/sec   27             sender
            [  5]   0.00-1.00   sec   512 MBytes  4.29 Gbits/sec                  receiver

            iperf Done.
            """;

    /** Scripted hosts have no counter samplers: do not wait for their first snapshot. */
    private static final RunTimings QUICK = new RunTimings(
            Duration.ofSeconds(10),
            Duration.ofSeconds(1),
            Duration.ofSeconds(1),
            Duration.ofMillis(50),
            Duration.ofMillis(50));

    @TempDir
    Path dir;

    private final Map<String, ScriptedTransport> hosts = new ConcurrentHashMap<>();
    private final List<String> overlaps = new CopyOnWriteArrayList<>();

    private static HostSpec host(int n) {
        return new HostSpec(
                "h" + n,
                "h" + n,
                "h" + n,
                "root",
                22,
                null,
                null,
                List.of(new InterfaceSpec("data0", "10.0.0." + n, 1500, null)),
                0,
                0);
    }

    private static ScriptedTransport scripted(int n) {
        String facts = String.join(
                "\n",
                "uname\tLinux 6.1.0\tx86_64",
                "hostname\th" + n,
                "cpus\t4\t4",
                "uid\t0",
                "user\troot",
                "tool\tiperf3\t/usr/bin/iperf3\tiperf 3.12 (cJSON 1.7.15)",
                "if\tlo\t65536\t\tunknown\t\t00:00:00:00:00:00\t772",
                "if\tdata0\t1500\t10000\tup\t\t\t1",
                "addr\tlo\t127.0.0.1/8",
                "addr\tdata0\t10.0.0." + n + "/24",
                "listen\ttcp\t0.0.0.0:22",
                "has\tping",
                "has\ttaskset",
                "session\t198.18.0." + n,
                "");
        return new ScriptedTransport("root@h" + n)
                .on("linklab-probe brief", Script.prints(facts))
                .on(
                        "iperf3 -s",
                        Script.prints("Server listening on 5201 (test #1)\n").runningUntilStopped())
                .on("^iperf3 -c 10\\.0\\.0\\.", Script.prints(TOTALS.formatted("10.0.0.1")));
    }

    /**
     * The events of every host's RecordingTransport, not kept (992 runs' worth would weigh on the heap measured):
     * each start of an iperf3 is checked against the iperf3 still running on that host.
     */
    private final class OverlapCheck extends AbstractList<String> {
        @Override
        public boolean add(String event) {
            String[] words = event.split(" ", 3);
            if (words.length == 3 && words[1].equals("start") && words[2].startsWith("iperf3")) {
                ScriptedTransport host = hosts.get(words[0]);
                if (host.running("^iperf3")) {
                    overlaps.add(words[0] + " starts " + words[2] + " while another iperf3 runs there");
                }
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
        List<HostSpec> specs = new ArrayList<>();
        for (int n = 1; n <= HOSTS; n++) {
            specs.add(host(n));
        }
        Topology lab = new Topology("rack", specs, List.of(), List.of());
        List<MatrixPair> pairs = new MatrixPairs(lab).all();
        assertEquals(992, pairs.size());
        TestPlan base = new TestPlan(
                Tool.IPERF3,
                new TestPlan.End("", null),
                new TestPlan.End("", null),
                "",
                TestPlan.Protocol.TCP,
                null,
                1,
                1.0,
                0,
                1,
                1,
                5201,
                TestPlan.Mode.NORMAL,
                null,
                null,
                1,
                null);
        OverlapCheck check = new OverlapCheck();
        Set<String> busy = new HashSet<>();
        int[] mostAtOnce = {0};
        long start = System.nanoTime();
        MatrixRun run = new MatrixRun(
                lab,
                base,
                pairs,
                new MatrixRun.Options(HOSTS / 2, false, Uplinks.TOGETHER),
                login -> {
                    ScriptedTransport t = scripted(Integer.parseInt(login.substring("root@h".length())));
                    hosts.put(t.hostLabel(), t);
                    return new RecordingTransport(t, check);
                },
                (store, logins) -> new TestEngine(store, logins, ParserFactory.live(), PointHooks.NONE, QUICK),
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

        long used = usedHeapAfterGc();
        System.out.printf(
                Locale.ROOT,
                "matrix of %d hosts / %d pairs: %.1f s, at most %d tests at once, heap used after GC %d MB%n",
                HOSTS,
                rows.size(),
                seconds,
                mostAtOnce[0],
                used >> 20);
        assertTrue(used < 512L << 20, "heap used after the matrix: " + (used >> 20) + " MB");
    }

    private static long usedHeapAfterGc() {
        Runtime rt = Runtime.getRuntime();
        long used = Long.MAX_VALUE;
        // System.gc is a request: the lowest of a few is what the heap really holds
        for (int i = 0; i < 3; i++) {
            System.gc();
            used = Math.min(used, rt.totalMemory() - rt.freeMemory());
        }
        return used;
    }
}
