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
import io.linklab.model.HostSpec;
import io.linklab.model.InterfaceSpec;
import io.linklab.model.TestPlan;
import io.linklab.model.Tool;
import io.linklab.model.Topology;
import io.linklab.remote.Transport;
import io.linklab.remote.TransportException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A matrix over scripted hosts (no root, sshd or tools): one login per host for all its pairs, a host that cannot
 * be logged in to fails exactly its pairs, and a second matrix in the same folder keeps what the first measured.
 */
class MatrixRunScriptedTest {

    private static final String TOTALS = """
            Connecting to host %1$s, port 5201
            [  5] local 198.19.0.9 port 47914 connected to %1$s port 5201
            [ ID] Interval           Transfer     Bitrate         Retr  Cwnd
            [  5]   0.00-1.00   sec   514 MBytes  4.29 Gbits/sec   27   1023 KBytes
            - - - - - - - - - - - - - - - - - - - - - - - - -
            [ ID] Interval           Transfer     Bitrate         Retr
            [  5]   0.00-1.00   sec   514 MBytes  4.31 Gbits/sec   27             sender
            [  5]   0.00-1.00   sec   512 MBytes  4.29 Gbits/sec                  receiver

            iperf Done.
            """;

    /** Scripted hosts have no counter samplers: do not wait seconds for their first snapshot. */
    private static final RunTimings QUICK = new RunTimings(
            Duration.ofSeconds(10),
            Duration.ofSeconds(1),
            Duration.ofSeconds(1),
            Duration.ofMillis(200),
            Duration.ofMillis(200));

    @TempDir
    Path dir;

    private final Map<String, AtomicInteger> logins = new ConcurrentHashMap<>();

    private static final Topology LAB = new Topology("three", List.of(host(1), host(2), host(3)), List.of(), List.of());

    private static HostSpec host(int n) {
        return new HostSpec(
                "h" + n,
                "h" + n,
                "h" + n,
                "root",
                22,
                null,
                null,
                List.of(new InterfaceSpec("data0", "198.19.0." + n, 1500, null)),
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
                "addr\tdata0\t198.19.0." + n + "/24",
                "listen\ttcp\t0.0.0.0:22",
                "has\tping",
                "has\ttaskset",
                "session\t198.18.0." + n,
                "");
        ScriptedTransport t = new ScriptedTransport("root@h" + n)
                .on("linklab-probe brief", Script.prints(facts))
                .on(
                        "iperf3 -s",
                        Script.prints("Server listening on 5201 (test #1)\n").runningUntilStopped());
        for (int s = 1; s <= 3; s++) {
            t.on("^iperf3 -c 198\\.19\\.0\\." + s + " ", Script.prints(String.format(TOTALS, "198.19.0." + s)));
        }
        return t;
    }

    private Transport login(String login, boolean h3Up) throws TransportException {
        logins.computeIfAbsent(login, k -> new AtomicInteger()).incrementAndGet();
        if (login.equals("root@h3") && !h3Up) {
            throw new TransportException("ssh: connect to host h3 port 22: Connection refused");
        }
        return scripted(Integer.parseInt(login.substring("root@h".length())));
    }

    private List<MatrixRow> matrix(boolean h3Up) throws Exception {
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
        List<MatrixPair> pairs = new MatrixPairs(LAB).all();
        MatrixRun run = new MatrixRun(
                LAB,
                base,
                pairs,
                new MatrixRun.Options(2, false, Uplinks.TOGETHER),
                login -> login(login, h3Up),
                (store, logins) -> new TestEngine(store, logins, ParserFactory.live(), PointHooks.NONE, QUICK),
                dir,
                new MatrixRun.Listener() {});
        run.start();
        return run.done().get(60, TimeUnit.SECONDS);
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
}
