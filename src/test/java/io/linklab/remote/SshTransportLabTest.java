package io.linklab.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.lab.Lab;
import io.linklab.testing.Await;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** SshTransport against the real sshd of the namespace lab. */
@Tag("lab")
class SshTransportLabTest {

    /**
     * How long a test lets a command take: the lab hosts' login shell is the machine's root bash, whose
     * .bashrc runs pyenv, and starting it takes seconds to a minute on a loaded 2-core machine.
     */
    static final Duration COMMAND_TIMEOUT = ProcessGroupTransport.START_ALLOWANCE.plusSeconds(10);
    /** How long processes whose end was reported may take to leave the process list (reaped, sshd's side done). */
    static final Duration SETTLE = COMMAND_TIMEOUT;

    final Lab lab = Lab.get();
    SshTransport h1;

    @BeforeEach
    void connect() throws Exception {
        h1 = new SshConnector(lab.sshSettings(), LoginPrompts.NONE)
                .connect(SshTarget.parse(lab.h1().login()));
    }

    @AfterEach
    void cleanUp() throws Exception {
        try {
            h1.cleanup();
        } finally {
            h1.close();
        }
        // cleanup() and close() return only once every command and launcher reported its end
        assertEquals("", settledProcesses(lab.h1(), "\0", SETTLE), "left running on h1");
        assertEquals(
                "gone\n",
                lab.h1()
                        .exec(
                                "sh",
                                "-c",
                                "[ -e " + h1.runDirectory() + " ] && ls -la " + h1.runDirectory() + " || echo gone"),
                "run folder left on h1");
    }

    /** What of ours still runs on h1 while the transport is open (settled as in {@link #settledProcesses}). */
    String settled() throws Exception {
        return settledProcesses(lab.h1());
    }

    /**
     * The namespace's processes but open transports' host sessions, once those that end on their own (a command
     * told to end, a closing sshd session) had the time to: empty as soon as nothing runs, else what still ran
     * after {@link #COMMAND_TIMEOUT}.
     */
    static String settledProcesses(Lab.Host host) throws Exception {
        return settledProcesses(host, SshHostSession.NAME, COMMAND_TIMEOUT);
    }

    /** The same, leaving out process lines that contain {@code ignored}, waiting at most {@code bound}. */
    static String settledProcesses(Lab.Host host, String ignored, Duration bound) throws Exception {
        return Await.poll(
                () -> withoutLinesContaining(host.processes(), ignored),
                String::isEmpty,
                bound,
                Duration.ofMillis(100));
    }

    /** Waits (at most {@link #COMMAND_TIMEOUT}) until a process line of h1 matches {@code regex}, and returns the list. */
    String awaitRunning(String regex) throws Exception {
        String running = Await.poll(
                () -> lab.h1().processes(),
                p -> p.lines().anyMatch(l -> l.matches(regex)),
                COMMAND_TIMEOUT,
                Duration.ofMillis(100));
        assertTrue(
                running.lines().anyMatch(l -> l.matches(regex)), "nothing matching " + regex + " on h1:\n" + running);
        return running;
    }

    private static String withoutLinesContaining(String lines, String ignored) {
        return lines.lines()
                .filter(l -> !l.contains(ignored))
                .map(l -> l + "\n")
                .collect(Collectors.joining());
    }

    @Test
    void linesArriveWhileTheCommandStillRuns() throws Exception {
        List<Long> arrivals = new CopyOnWriteArrayList<>();
        List<String> lines = new CopyOnWriteArrayList<>();
        long t0 = System.nanoTime();
        RemoteProcess p = h1.start(
                RemoteCommand.of("count", "sh", "-c", "for i in 1 2 3; do echo $i; sleep 1; done"),
                l -> {
                    lines.add(l);
                    arrivals.add((System.nanoTime() - t0) / 1_000_000);
                },
                LineSink.DISCARD);
        OptionalInt status = p.waitFor(COMMAND_TIMEOUT);
        long end = (System.nanoTime() - t0) / 1_000_000;
        assertEquals(OptionalInt.of(0), status);
        assertEquals(List.of("1", "2", "3"), lines);
        // Each line came about a second after the previous one, long before the command ended.
        assertTrue(arrivals.get(0) < end - 1500, "first line at " + arrivals + " ms, end at " + end);
        assertTrue(arrivals.get(1) - arrivals.get(0) > 500, "arrivals " + arrivals);
        assertTrue(arrivals.get(2) - arrivals.get(1) > 500, "arrivals " + arrivals);
    }

    @Test
    void runCollectsStdoutStderrAndStatus() throws Exception {
        CommandResult r =
                h1.run(RemoteCommand.of("test", "sh", "-c", "echo out; echo err >&2; exit 3"), COMMAND_TIMEOUT);
        assertEquals(3, r.exitStatus());
        assertEquals("out\n", r.stdout());
        assertEquals("err\n", r.stderr());
        assertFalse(r.timedOut());
    }

    @Test
    void hostileValuesArePassedAsLiteralWordsAndNeverRun() throws Exception {
        assertHostileValuesStayWords(c -> h1.run(c, COMMAND_TIMEOUT));
    }

    interface Runner {
        CommandResult run(RemoteCommand command) throws Exception;
    }

    /** printf over hostile values through {@code runner}: each comes back as one literal word, none is run. */
    void assertHostileValuesStayWords(Runner runner, String... more) throws Exception {
        String marker = "/tmp/linklab-pwned-" + System.nanoTime();
        List<String> hostile = new ArrayList<>(List.of(
                "eth0;touch " + marker,
                "$(touch " + marker + ")",
                "`touch " + marker + "`",
                "x\ntouch " + marker,
                "'; touch " + marker + "; '",
                "a\"b",
                "\\",
                "*"));
        hostile.addAll(List.of(more));
        List<String> argv = new ArrayList<>(List.of("printf", "%s\\n"));
        argv.addAll(hostile);
        CommandResult r = runner.run(new RemoteCommand(argv, false, "echo hostile"));
        assertEquals(0, r.exitStatus(), r.stderr());
        assertEquals(String.join("\n", hostile) + "\n", r.stdout());
        assertEquals("", lab.h1().exec("sh", "-c", "ls " + marker + " 2>/dev/null || true"));
    }

    @Test
    void outputStatusAndALastLineWithoutNewlineComeBackThroughTheHostSession() throws Exception {
        CommandResult r = h1.run(
                RemoteCommand.of("status", "sh", "-c", "echo out; echo err >&2; printf tail; exit 4"), COMMAND_TIMEOUT);
        assertEquals(4, r.exitStatus());
        assertFalse(r.timedOut());
        assertEquals("out\ntail\n", r.stdout());
        assertEquals("err\n", r.stderr());
    }

    @Test
    void linesLongerThanOnePipeWriteArriveWholeBesideAnotherCommandsLines() throws Exception {
        // the session's commands share one channel: a line longer than the pipe's atomic write (4 KiB) is sent in
        // parts, which must not mix with another command's lines
        List<CompletableFuture<CommandResult>> both = new ArrayList<>();
        for (String letter : List.of("a", "b")) {
            String script = "i=0; while [ $i -lt 40 ]; do head -c 20000 /dev/zero | tr '\\0' " + letter
                    + "; echo; i=$((i+1)); done";
            both.add(CompletableFuture.supplyAsync(() -> {
                try {
                    return h1.run(RemoteCommand.of("long lines " + letter, "sh", "-c", script), COMMAND_TIMEOUT);
                } catch (TransportException | InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }));
        }
        for (int i = 0; i < 2; i++) {
            CommandResult r = both.get(i).get();
            assertEquals(0, r.exitStatus(), r.stderr());
            String line = String.valueOf((char) ('a' + i)).repeat(20000);
            List<String> wrong = r.stdout().lines().filter(l -> !l.equals(line)).toList();
            assertEquals(40, r.stdout().lines().count(), "lines of command " + i);
            assertTrue(
                    wrong.isEmpty() && r.stdout().endsWith("\n"),
                    wrong.size() + " lines mixed or cut, e.g. one of "
                            + (wrong.isEmpty() ? 0 : wrong.get(0).length())
                            + " characters starting "
                            + (wrong.isEmpty()
                                    ? ""
                                    : wrong.get(0)
                                            .substring(
                                                    0, Math.min(60, wrong.get(0).length()))));
        }
    }

    @Test
    void cancelKillsTheWholeProcessGroup() throws Exception {
        RemoteProcess p = h1.start(
                RemoteCommand.of("sleepers", "sh", "-c", "sleep 300 & sleep 301; wait"),
                LineSink.DISCARD,
                LineSink.DISCARD);
        String running = awaitRunning("\\d+ sleep 301");
        assertTrue(running.contains("sleep 300") && running.contains("sleep 301"), running);
        p.cancel();
        assertFalse(p.isAlive());
        assertTrue(p.failure().isEmpty());
        assertEquals("", settled());
    }

    @Test
    void timeoutKillsTheCommand() throws Exception {
        CommandResult r = h1.run(RemoteCommand.of("slow", "sleep", "200"), Duration.ofMillis(700));
        assertTrue(r.timedOut());
        assertEquals("", settled());
    }

    @Test
    void aDroppedConnectionTriggersTheWatchdog() throws Exception {
        // What LinkLab dying looks like from the host: the connection goes away without any kill.
        h1.start(RemoteCommand.of("orphan", "sleep", "250"), LineSink.DISCARD, LineSink.DISCARD);
        h1.start(
                RemoteCommand.of("stubborn orphan", "sh", "-c", "trap '' TERM HUP; sleep 251"),
                LineSink.DISCARD,
                LineSink.DISCARD);
        awaitRunning("\\d+ sleep 250");
        awaitRunning("\\d+ sleep 251");
        h1.dropConnections();
        assertEquals(
                "", settledProcesses(lab.h1(), "\0", COMMAND_TIMEOUT), "the host session ends with the connection too");
        h1.reconnect();
    }

    @Test
    void aClosedChannelTriggersTheWatchdog() throws Exception {
        RemoteProcess p = h1.start(RemoteCommand.of("orphan", "sleep", "252"), LineSink.DISCARD, LineSink.DISCARD);
        awaitRunning("\\d+ sleep 252");
        ((GroupedProcess) p).detach();
        assertEquals("", settled());
    }

    @Test
    void twentyCommandsAtOnceShareTheOneHostSession() throws Exception {
        // sshd's MaxSessions defaults to 10 channels per connection: the commands take none of their own.
        List<RemoteProcess> all = new ArrayList<>();
        List<String> out = new CopyOnWriteArrayList<>();
        for (int i = 0; i < 20; i++) {
            all.add(h1.start(RemoteCommand.of("n" + i, "sh", "-c", "sleep 1; echo " + i), out::add, LineSink.DISCARD));
        }
        assertEquals(1, h1.connectionCount(), "all through the one host session");
        long deadline = System.nanoTime() + COMMAND_TIMEOUT.multipliedBy(3).toNanos();
        for (RemoteProcess p : all) {
            OptionalInt status = p.waitFor(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
            assertEquals(OptionalInt.of(0), status, p + ": " + p.failure().orElse("no failure"));
            assertTrue(p.failure().isEmpty(), p.failure().orElse(""));
        }
        assertEquals(20, out.size());
    }

    @Test
    void closeKillsWhatStillRunsAndRemovesTheRunFolder() throws Exception {
        h1.start(RemoteCommand.of("left over", "sleep", "253"), LineSink.DISCARD, LineSink.DISCARD);
        // started for real (its group and pid file exist), not only sent: the login shell can take a while
        awaitRunning("\\d+ sleep 253");
        String dir = h1.runDirectory();
        h1.close();
        assertEquals("", settledProcesses(lab.h1()));
        assertEquals("gone\n", lab.h1().exec("sh", "-c", "[ -e " + dir + " ] && echo there || echo gone"));
        connect();
    }

    @Test
    void cleanupKillsWhatIsStillRunning() throws Exception {
        h1.start(RemoteCommand.of("server A", "sleep", "260"), LineSink.DISCARD, LineSink.DISCARD);
        h1.start(
                RemoteCommand.of("server B", "sh", "-c", "trap '' TERM; sleep 261"),
                LineSink.DISCARD,
                LineSink.DISCARD);
        awaitRunning("\\d+ sleep 260");
        awaitRunning("\\d+ sleep 261");
        List<String> killed = h1.cleanup();
        assertEquals(2, killed.size(), killed.toString());
        assertTrue(killed.toString().contains("server A") && killed.toString().contains("KILL"), killed.toString());
        assertEquals("", settled());
    }

    @Test
    void cleanupSweepsRunFoldersThatEarlierSessionsLeftBehind() throws Exception {
        String stale = "/tmp/linklab-5a1e00000001";
        String recent = "/tmp/linklab-5a1e00000002";
        String alive = "/tmp/linklab-5a1e00000003";
        String notOurs = "/tmp/linklab-lab-notours";
        String all = stale + " " + recent + " " + alive + " " + notOurs;
        // The session open until now sweeps at its close (its cleanup) unless it already had: the folders are
        // made after it, so that only the next session's own sweep can remove them.
        h1.close();
        try {
            // a stale folder with a dead pid file, a recent one, one whose pid file names a live process
            lab.h1()
                    .exec(
                            "sh",
                            "-c",
                            "mkdir -p " + stale + " " + recent + " " + alive + " " + notOurs
                                    + " && echo 999999 > " + stale + "/1.pid && echo 999999 > " + recent
                                    + "/1.pid && echo 1 > " + alive + "/1.pid"
                                    + " && touch -d '20 minutes ago' " + stale + " " + alive + " " + notOurs);
            connect();
            h1.run(RemoteCommand.of("a command", "true"), COMMAND_TIMEOUT);
            // nothing runs at login (it would cost every run a round trip): the sweep comes with the cleanup. Asked
            // of the transport, not of /tmp: the other test JVM's sessions, root on the same /tmp, may sweep the
            // stale folder at any moment (r59)
            assertFalse(h1.swept(), "no sweep at login");
            h1.cleanup();
            assertTrue(h1.swept(), "the cleanup swept");
            String left = lab.h1().exec("sh", "-c", "for d in " + all + "; do [ -e $d ] && echo $d; done; true");
            assertEquals(recent + "\n" + alive + "\n" + notOurs + "\n", left);
        } finally {
            lab.h1().exec("rm", "-rf", stale, recent, alive, notOurs);
        }
    }
}
