package io.linklab.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.testing.Await;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** LocalTransport with real processes of this machine: same guarantees as over SSH. */
class LocalTransportTest {

    private final LocalTransport local = new LocalTransport();

    @AfterEach
    void cleanUp() throws Exception {
        local.cleanup();
        assertFalse(Files.exists(Path.of(local.runDirectory())), "run folder left behind");
    }

    /** Live (non-zombie) processes whose process group is {@code pgid}. */
    static List<String> groupMembers(long pgid) throws IOException {
        return LiveProcess.all().stream()
                .filter(p -> p.pgid() == pgid)
                .map(LiveProcess::toString)
                .toList();
    }

    private long pgidOf(RemoteProcess p, String pidFileName) throws Exception {
        Path f = Path.of(local.runDirectory(), pidFileName);
        Await.until(() -> Files.exists(f), Duration.ofSeconds(20), () -> "no pid file " + f);
        return Long.parseLong(Files.readString(f).trim());
    }

    @Test
    void streamsLinesWhileRunningAndReportsTheExitStatus(@TempDir Path gateDir) throws Exception {
        // The command prints its first line, then waits for the test to open a gate: the line must have arrived
        // while the command still runs, whatever the machine's speed.
        Path gate = gateDir.resolve("open");
        List<String> out = new CopyOnWriteArrayList<>();
        List<String> err = new CopyOnWriteArrayList<>();
        CountDownLatch firstLine = new CountDownLatch(1);
        RemoteProcess p = local.start(
                RemoteCommand.of(
                        "count",
                        "sh",
                        "-c",
                        "echo 1; while [ ! -e \"$1\" ]; do sleep 0.05; done; echo 2; echo bad >&2; exit 4",
                        "sh",
                        gate.toString()),
                line -> {
                    out.add(line);
                    firstLine.countDown();
                },
                err::add);
        assertTrue(firstLine.await(30, TimeUnit.SECONDS), "no line within 30 s");
        assertEquals(List.of("1"), out, "the first line arrives before the command ends");
        assertTrue(p.isAlive(), "and the command is still running");
        Files.createFile(gate);
        assertEquals(OptionalInt.of(4), p.waitFor(Duration.ofSeconds(30)));
        assertEquals(List.of("1", "2"), out);
        assertEquals(List.of("bad"), err);
        assertTrue(p.failure().isEmpty());
    }

    @Test
    void commandsThatEndAtOnceAlwaysComeBackWithTheirExitStatus() throws Exception {
        // `true` ends while the wrapper's watchdog is still being forked: the wrapper once sent its TERM into
        // that moment, the watchdog swallowed it and the wrapper waited for it until the timeout.
        for (int i = 0; i < 300; i++) {
            CommandResult r = local.run(RemoteCommand.of("nothing", "true"), Duration.ofSeconds(20));
            assertEquals(0, r.exitStatus(), "run " + i + ": " + r);
            assertFalse(r.timedOut(), "run " + i);
        }
    }

    @Test
    void cancelKillsTheWholeGroupIncludingWhatIgnoresTerm() throws Exception {
        RemoteProcess p = local.start(
                RemoteCommand.of("stubborn", "sh", "-c", "sleep 300 & trap '' TERM; sleep 301 & wait"),
                LineSink.DISCARD,
                LineSink.DISCARD);
        long pgid = pgidOf(p, "1.pid");
        List<String> members =
                Await.poll(() -> groupMembers(pgid), m -> m.size() >= 3, Duration.ofSeconds(20), Duration.ofMillis(20));
        assertTrue(members.size() >= 3, members.toString());
        p.cancel();
        assertFalse(p.isAlive());
        assertEquals(List.of(), groupMembers(pgid));
    }

    @Test
    void runTimesOutAndKills() throws Exception {
        CommandResult r =
                local.run(RemoteCommand.of("slow", "sh", "-c", "echo started; exec sleep 100"), Duration.ofMillis(800));
        assertTrue(r.timedOut());
        assertEquals("started\n", r.stdout());
    }

    @Test
    void closingStdinKillsTheGroupLikeALostConnection() throws Exception {
        RemoteProcess p = local.start(RemoteCommand.of("orphan", "sleep", "100"), LineSink.DISCARD, LineSink.DISCARD);
        long pgid = pgidOf(p, "1.pid");
        ((GroupedProcess) p).detach();
        assertTrue(p.waitFor(Duration.ofSeconds(5)).isPresent());
        assertEquals(List.of(), groupMembers(pgid));
    }

    @Test
    void cleanupKillsWhatIsLeftAndNamesIt() throws Exception {
        local.start(RemoteCommand.of("iperf3 server", "sleep", "100"), LineSink.DISCARD, LineSink.DISCARD);
        RemoteProcess done = local.start(RemoteCommand.of("quick", "true"), LineSink.DISCARD, LineSink.DISCARD);
        // ended for real before the cleanup looks (the bound is for a loaded 2-core machine)
        assertEquals(OptionalInt.of(0), done.waitFor(Duration.ofSeconds(60)));
        List<String> killed = local.cleanup();
        assertEquals(1, killed.size(), killed.toString());
        assertTrue(killed.get(0).contains("iperf3 server") && killed.get(0).contains("TERM"), killed.get(0));
    }

    @Test
    void hostileArgumentsStayLiteral() throws Exception {
        Path marker = Path.of("/tmp/linklab-pwned-" + System.nanoTime());
        CommandResult r = local.run(
                RemoteCommand.of(
                        "echo", "echo", "$(touch " + marker + ")", "`touch " + marker + "`", ";touch " + marker),
                Duration.ofSeconds(5));
        assertEquals("$(touch " + marker + ") `touch " + marker + "` ;touch " + marker + "\n", r.stdout());
        assertFalse(Files.exists(marker));
    }

    @Test
    void describeShowsSudoOnlyWhenNeeded() throws Exception {
        String line =
                local.describe(RemoteCommand.privileged("set MTU", "ip", "link", "set", "dev", "lo", "mtu", "9000"));
        boolean root = local.isRoot();
        assertEquals((root ? "" : "sudo -n -- ") + "ip link set dev lo mtu 9000", line);
    }
}
