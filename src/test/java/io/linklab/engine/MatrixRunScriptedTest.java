package io.linklab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.engine.ScriptedTransport.Script;
import io.linklab.matrix.MatrixFile;
import io.linklab.matrix.MatrixPair;
import io.linklab.matrix.MatrixPairs;
import io.linklab.matrix.MatrixRow;
import io.linklab.matrix.MatrixRun;
import io.linklab.matrix.MatrixSchedule.Uplinks;
import io.linklab.model.TestPlan;
import io.linklab.model.Topology;
import io.linklab.remote.CommandResult;
import io.linklab.remote.LineSink;
import io.linklab.remote.RemoteCommand;
import io.linklab.remote.RemoteProcess;
import io.linklab.remote.Transport;
import io.linklab.remote.TransportException;
import io.linklab.remote.probe.ProbeScript;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A matrix over scripted hosts (no root, sshd or tools): one login per host for all its pairs, a host that cannot
 * be logged in to fails exactly its pairs, and a second matrix in the same folder keeps what the first measured.
 */
class MatrixRunScriptedTest {

    @TempDir
    Path dir;

    private final Map<String, AtomicInteger> logins = new ConcurrentHashMap<>();
    private final Map<String, List<ScriptedTransport>> hosts = new ConcurrentHashMap<>();

    private static final Topology LAB = ScriptedMatrixLab.lab("three", 3);

    private Transport login(String login, boolean h3Up) throws TransportException {
        logins.computeIfAbsent(login, k -> new AtomicInteger()).incrementAndGet();
        if (login.equals("root@h3") && !h3Up) {
            throw new TransportException("ssh: connect to host h3 port 22: Connection refused");
        }
        ScriptedTransport host = ScriptedMatrixLab.host(ScriptedMatrixLab.number(login), 3);
        hosts.computeIfAbsent(login, k -> new CopyOnWriteArrayList<>()).add(host);
        return host;
    }

    private List<MatrixRow> matrix(boolean h3Up) throws Exception {
        return matrix(h3Up, false);
    }

    private List<MatrixRow> matrix(boolean h3Up, boolean shareHosts) throws Exception {
        List<MatrixPair> pairs = new MatrixPairs(LAB).all();
        MatrixRun run = new MatrixRun(
                LAB,
                ScriptedMatrixLab.plan(),
                pairs,
                new MatrixRun.Options(2, shareHosts, Uplinks.TOGETHER),
                login -> login(login, h3Up),
                ScriptedMatrixLab::engine,
                dir,
                new MatrixRun.Listener() {});
        run.start();
        return run.done().get(60, TimeUnit.SECONDS);
    }

    /** How many brief probes each host was sent, over all its logins. */
    private Map<String, Long> probes() {
        Map<String, Long> out = new TreeMap<>();
        hosts.forEach((login, ts) -> out.put(
                login,
                ts.stream()
                        .flatMap(t -> t.commands().stream())
                        .filter(c -> c.contains("linklab-probe brief"))
                        .count()));
        return out;
    }

    @Test
    void eachHostIsProbedOnceForAllItsPairsWithOneLoginOrWithALoginPerTest() throws Exception {
        assertTrue(matrix(true).stream().allMatch(MatrixRow::ok));
        assertEquals(Map.of("root@h1", 1L, "root@h2", 1L, "root@h3", 1L), probes(), "each host is in 4 pairs");

        hosts.clear();
        Files.delete(dir.resolve(MatrixFile.NAME)); // not a resume: every pair again
        assertTrue(matrix(true, true).stream().allMatch(MatrixRow::ok));
        assertEquals(4, hosts.get("root@h1").size(), "--share-hosts: a login per test");
        assertEquals(Map.of("root@h1", 1L, "root@h2", 1L, "root@h3", 1L), probes(), "and still one probe per host");
    }

    @Test
    void anMtuSweepPerPairSetsBothEndsDataInterfacesAndRestoresThem() throws Exception {
        List<MatrixPair> pairs = List.of(
                new MatrixPair("h1", "data0", "h2", "data0", "198.19.0.2", "10G", List.of()),
                new MatrixPair("h2", "data0", "h1", "data0", "198.19.0.1", "10G", List.of()));
        TestPlan plan = ScriptedMatrixLab.plan().toBuilder()
                .sweep(new TestPlan.Sweep(TestPlan.SweepKind.MTU, List.of("9000", "1500")))
                .build();
        Map<String, ScriptedTransport> opened = new ConcurrentHashMap<>();
        MatrixRun run = new MatrixRun(
                ScriptedMatrixLab.lab("two", 2),
                plan,
                pairs,
                new MatrixRun.Options(1, false, Uplinks.TOGETHER),
                login -> opened.computeIfAbsent(
                        login,
                        l -> ScriptedMatrixLab.host(ScriptedMatrixLab.number(l), 2)
                                .on("linklab-mtu-guard claim", Script.prints("mtu 1500"))
                                .on("linklab-mtu-guard arm", Script.prints("/run/linklab-mtu.AbCdEfGh12"))
                                .on("linklab-mtu-guard (extend|disarm)", Script.ok())
                                .on("^ping ", Script.ok())
                                .on("^ip link set dev data0 mtu", Script.ok())),
                ScriptedMatrixLab::engine,
                dir,
                new MatrixRun.Listener() {});
        run.start();
        List<MatrixRow> rows = run.done().get(60, TimeUnit.SECONDS);

        assertEquals(4, rows.size(), "a row per pair, MTU and direction: " + rows);
        assertTrue(rows.stream().allMatch(MatrixRow::ok), rows.toString());
        for (ScriptedTransport h : opened.values()) {
            List<String> cmds = h.commands();
            // per pair: set to 9000, then 1500, then the restore to the original 1500, and the guard disarmed
            assertEquals(
                    2,
                    cmds.stream()
                            .filter(c -> c.equals("ip link set dev data0 mtu 9000"))
                            .count(),
                    h.hostLabel() + ": " + cmds);
            int lastSet = cmds.lastIndexOf("ip link set dev data0 mtu 9000");
            assertTrue(cmds.lastIndexOf("ip link set dev data0 mtu 1500") > lastSet, cmds.toString());
            assertEquals(
                    2,
                    cmds.stream()
                            .filter(c -> c.contains("linklab-mtu-guard disarm"))
                            .count(),
                    "restored and disarmed after each pair: " + cmds);
        }
    }

    @Test
    void aHostThatIsDownFailsItsPairsTheRestRunAndAResumeKeepsWhatWasMeasured() throws Exception {
        List<MatrixRow> first = matrix(false);

        assertEquals(6, first.size(), first.toString());
        for (MatrixRow r : first) {
            boolean withH3 = r.client().equals("h3") || r.server().equals("h3");
            assertEquals(withH3 ? MatrixRow.FAILED : MatrixRow.OK, r.status(), r.toString());
            if (withH3) {
                assertTrue(r.reason().contains("Connection refused"), r.reason());
            } else {
                assertEquals("c2s", r.direction());
                assertEquals(4.29e9, r.bitsPerSecond(), 1e7);
                assertTrue(r.run().startsWith("pairs/" + r.client() + "-" + r.server()), r.run());
            }
        }
        assertEquals(1, logins.get("root@h1").get(), "one login per host for all its pairs: " + logins);
        assertEquals(1, logins.get("root@h2").get(), logins.toString());
        assertEquals(first, MatrixFile.read(dir), "matrix.csv holds what the run returned");

        logins.clear();
        List<MatrixRow> second = matrix(true);
        assertEquals(6, second.size());
        assertTrue(second.stream().allMatch(MatrixRow::ok), second.toString());
        assertEquals(
                first.stream().filter(MatrixRow::ok).toList(),
                second.stream()
                        .filter(r -> !r.client().equals("h3") && !r.server().equals("h3"))
                        .toList(),
                "the pairs measured before are kept as they were");
        assertFalse(
                logins.containsKey("root@h1") && logins.containsKey("root@h2") && !logins.containsKey("root@h3"),
                logins.toString());
        assertEquals(1, logins.get("root@h3").get(), logins.toString());
    }

    /** Host h1's transport whose brief probes are counted over all its logins, the first one failing slowly. */
    private static final class FirstProbeFails implements Transport {
        private final Transport t;
        private final AtomicInteger probes;
        private final CountDownLatch secondLogin;

        FirstProbeFails(Transport t, AtomicInteger probes, CountDownLatch secondLogin) {
            this.t = t;
            this.probes = probes;
            this.secondLogin = secondLogin;
        }

        @Override
        public CommandResult runBrief(RemoteCommand command, Duration timeout)
                throws TransportException, InterruptedException {
            if (ProbeScript.isBrief(command) && probes.getAndIncrement() == 0) {
                // answered once the other test of h1 has logged in and is asking for the same probe
                secondLogin.await(10, TimeUnit.SECONDS);
                Thread.sleep(1000); // its run goes on from its login to its probe meanwhile
                return new CommandResult(1, "", "linklab-probe: /proc is not readable just now", false);
            }
            return t.runBrief(command, timeout);
        }

        @Override
        public String hostLabel() {
            return t.hostLabel();
        }

        @Override
        public RemoteProcess start(RemoteCommand command, LineSink stdout, LineSink stderr) throws TransportException {
            return t.start(command, stdout, stderr);
        }

        @Override
        public CommandResult run(RemoteCommand command, Duration timeout)
                throws TransportException, InterruptedException {
            return t.run(command, timeout);
        }

        @Override
        public List<String> cleanup() throws TransportException, InterruptedException {
            return t.cleanup();
        }

        @Override
        public void close() {
            t.close();
        }
    }

    @Test
    void aFailedProbeFailsThePairsThatWaitedForItWithItsReasonAndTheHostsLaterPairsProbeAgain() throws Exception {
        AtomicInteger h1Probes = new AtomicInteger();
        CountDownLatch secondLogin = new CountDownLatch(2);
        List<MatrixPair> pairs = new MatrixPairs(LAB).all(); // h1→h2 and h1→h3 first: with --share-hosts, at once
        MatrixRun run = new MatrixRun(
                LAB,
                ScriptedMatrixLab.plan(),
                pairs,
                new MatrixRun.Options(2, true, Uplinks.TOGETHER),
                login -> {
                    Transport t = login(login, true);
                    if (!login.equals("root@h1")) {
                        return t;
                    }
                    secondLogin.countDown();
                    return new FirstProbeFails(t, h1Probes, secondLogin);
                },
                ScriptedMatrixLab::engine,
                dir,
                new MatrixRun.Listener() {});
        run.start();
        List<MatrixRow> rows = run.done().get(60, TimeUnit.SECONDS);

        List<MatrixRow> h1Sent =
                rows.stream().filter(r -> r.client().equals("h1")).toList();
        assertEquals(2, h1Sent.size(), rows.toString());
        for (MatrixRow r : h1Sent) {
            assertEquals(MatrixRow.FAILED, r.status(), r.toString());
            assertTrue(r.reason().contains("not installed on root@h1"), r.reason());
        }
        assertEquals(h1Sent.get(0).reason(), h1Sent.get(1).reason(), "the same answer, the same reason");
        assertTrue(
                rows.stream().filter(r -> !r.client().equals("h1")).allMatch(MatrixRow::ok),
                "h1's later pairs probed again and ran: " + rows);
        assertEquals(2, h1Probes.get(), "the waiter did not probe again; the pairs after it did, once");
    }
}
