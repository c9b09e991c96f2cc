package io.linklab.matrix;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.matrix.MatrixSchedule.Uplinks;
import io.linklab.model.Expectation;
import io.linklab.model.TestPlan;
import io.linklab.model.Topology;
import io.linklab.remote.Transport;
import io.linklab.remote.TransportException;
import io.linklab.testing.Await;
import io.linklab.testing.ScriptedMatrixLab;
import io.linklab.testing.ScriptedTransport;
import io.linklab.testing.ScriptedTransport.Script;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
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
                new MatrixPair("h1", "data0", "h2", "data0", "198.19.0.2", "10G", List.of(), Expectation.DEFAULT),
                new MatrixPair("h2", "data0", "h1", "data0", "198.19.0.1", "10G", List.of(), Expectation.DEFAULT));
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
        assertEquals(
                List.of("h1→h2 9000", "h1→h2 1500", "h2→h1 9000", "h2→h1 1500"),
                rows.stream()
                        .map(r -> r.client() + "→" + r.server() + " " + r.mtu())
                        .toList(),
                "each row says its MTU");
        assertEquals(rows, MatrixFile.read(dir), "matrix.csv keeps the MTU of each row");
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

    @Test
    void eachPairsRowsAreAppendedToTheSameFileTheEarlierBytesUnchanged() throws Exception {
        List<Object> fileKeys = new CopyOnWriteArrayList<>();
        List<byte[]> contents = new CopyOnWriteArrayList<>();
        Path file = dir.resolve(MatrixFile.NAME);
        MatrixRun run = new MatrixRun(
                LAB,
                ScriptedMatrixLab.plan(),
                new MatrixPairs(LAB).all(),
                new MatrixRun.Options(1, false, Uplinks.TOGETHER),
                login -> login(login, true),
                ScriptedMatrixLab::engine,
                dir,
                new MatrixRun.Listener() {
                    @Override
                    public void pairFinished(MatrixPair pair, List<MatrixRow> rows) {
                        try {
                            fileKeys.add(Files.readAttributes(file, BasicFileAttributes.class)
                                    .fileKey());
                            contents.add(Files.readAllBytes(file));
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    }
                });
        run.start();
        run.done().get(60, TimeUnit.SECONDS);

        assertEquals(6, contents.size());
        assertEquals(1, Set.copyOf(fileKeys).size(), "one file, opened for append, not replaced: " + fileKeys);
        for (int i = 1; i < contents.size(); i++) {
            byte[] earlier = contents.get(i - 1);
            byte[] later = contents.get(i);
            assertTrue(later.length > earlier.length, "pair " + (i + 1) + " added its row");
            assertArrayEquals(earlier, Arrays.copyOf(later, earlier.length), "pair " + (i + 1) + " kept the bytes");
        }
    }

    @Test
    void aResumeAfterAKillInMidAppendRunsThePairWhoseRowWasCutAndKeepsTheRest() throws Exception {
        List<MatrixRow> first = matrix(true);
        assertEquals(6, first.size());
        Path file = dir.resolve(MatrixFile.NAME);
        String text = Files.readString(file);
        MatrixRow last = first.get(first.size() - 1);
        // the kill: the last pair's row half written
        Files.writeString(file, text.substring(0, text.length() - 20));

        logins.clear();
        List<MatrixRow> second = matrix(true);

        assertEquals(first.subList(0, 5), second.subList(0, 5), "the rows written whole are kept");
        assertEquals(
                last.client() + "→" + last.server(),
                second.get(5).client() + "→" + second.get(5).server());
        assertTrue(second.get(5).ok(), second.get(5).toString());
        assertEquals(Set.of("root@" + last.client(), "root@" + last.server()), logins.keySet(), "only that pair ran");
        assertEquals(second, MatrixFile.read(dir));
    }

    @Test
    void aFailedProbeFailsThePairsThatWaitedForItWithItsReasonAndTheHostsLaterPairsProbeAgain() throws Exception {
        AtomicInteger h1Logins = new AtomicInteger();
        // h1's first login answers the probe slowly and with a failure; its second (the other test of h1 at that
        // moment) is back once that probe is under way, so it asks for the same probe while it is
        ScriptedTransport slowFailing = new ScriptedTransport("root@h1")
                .on(
                        "linklab-probe brief",
                        Script.exits(1).withStderr("/proc: not readable").after(Duration.ofSeconds(1)));
        List<MatrixPair> pairs = new MatrixPairs(LAB).all(); // h1→h2 and h1→h3 first: with --share-hosts, at once
        MatrixRun run = new MatrixRun(
                LAB,
                ScriptedMatrixLab.plan(),
                pairs,
                new MatrixRun.Options(2, true, Uplinks.TOGETHER),
                login -> {
                    if (!login.equals("root@h1")) {
                        return login(login, true);
                    }
                    int n = h1Logins.incrementAndGet();
                    if (n == 1) {
                        hosts.computeIfAbsent(login, k -> new CopyOnWriteArrayList<>())
                                .add(slowFailing);
                        return slowFailing;
                    }
                    if (n == 2) {
                        awaitProbeOn(slowFailing);
                    }
                    return login(login, true);
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
        assertEquals(2L, probes().get("root@h1"), "the waiter did not probe again; the pairs after it did, once");
    }

    private static void awaitProbeOn(ScriptedTransport host) throws TransportException {
        boolean probed;
        try {
            probed = Await.poll(
                    () -> host.commands().stream().anyMatch(c -> c.contains("linklab-probe brief")),
                    started -> started,
                    Duration.ofSeconds(10),
                    Duration.ofMillis(5));
        } catch (Exception e) {
            throw new TransportException("interrupted while waiting for h1's first probe: " + e);
        }
        if (!probed) {
            throw new TransportException("the first probe of h1 did not start within 10 s");
        }
    }
}
