package io.linklab.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Every test of {@link SshTransportLabTest} again, with the commands carried by launchers opened ahead
 * ({@link SshTransport#prepareFor}): output, exit status, hostile values, cancel, timeouts, watchdogs and
 * clean-up must not change. While the transport is open its idle launchers are the only thing of ours
 * allowed to run; once it is closed, nothing is.
 */
@Tag("lab")
class SshTransportWarmLabTest extends SshTransportLabTest {

    @BeforeEach
    @Override
    void connect() throws Exception {
        super.connect();
        h1.prepareFor(1000);
        // their login shells done, so that the inherited tests' commands start at once, as they expect
        awaitWaitingLaunchers(h1, SshLaunchers.MAX_WARM);
    }

    private static void awaitIdleLaunchers(SshTransport t, int n) throws InterruptedException {
        long deadline = System.nanoTime() + SshConnections.CHANNEL_OPEN_TIMEOUT_MS * 2_000_000L;
        while (t.idleLaunchers() != n && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertEquals(n, t.idleLaunchers(), "idle launchers");
    }

    /**
     * h1's process list once {@code n} of t's launchers wait in their sh (login shell and rc files done,
     * which takes up to {@link #COMMAND_TIMEOUT} on a loaded lab host).
     */
    private String awaitWaitingLaunchers(SshTransport t, int n) throws Exception {
        awaitIdleLaunchers(t, n);
        long deadline = System.nanoTime() + COMMAND_TIMEOUT.toNanos();
        String p = lab.h1().processes();
        while (waiting(p, t) != n) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(n + " waiting launchers expected on h1, found:\n" + p);
            }
            Thread.sleep(50);
            p = lab.h1().processes();
        }
        return p;
    }

    private static long waiting(String processes, SshTransport t) {
        return processes
                .lines()
                .filter(l -> l.matches("\\d+ sh -c while IFS= read -r t; .*") && l.endsWith(t.launcherMarker()))
                .count();
    }

    @Override
    String settled() throws Exception {
        return settledProcesses(lab.h1(), h1.launcherMarker(), COMMAND_TIMEOUT);
    }

    @Test
    void launchersOpenForTheCommandsAnnouncedAndNoMore() throws Exception {
        SshTransport t = new SshConnector(lab.sshSettings(), LoginPrompts.NONE)
                .connect(SshTarget.parse(lab.h1().login()));
        try {
            assertEquals(0, t.idleLaunchers(), "none before a hint");
            t.prepareFor(2);
            String before = awaitWaitingLaunchers(t, 2);
            assertEquals(
                    2,
                    before.lines().filter(l -> l.contains(t.launcherMarker())).count(),
                    "nothing else of ours:\n" + before);
            RemoteProcess sleeper =
                    t.start(RemoteCommand.of("sleeper", "sleep", "254"), LineSink.DISCARD, LineSink.DISCARD);
            CommandResult r = t.run(RemoteCommand.of("second", "sh", "-c", "echo two; exit 3"), COMMAND_TIMEOUT);
            assertEquals(3, r.exitStatus());
            assertEquals("two\n", r.stdout());
            Thread.sleep(500);
            assertEquals(0, t.idleLaunchers(), "no launcher beyond the two commands announced");
            String running = lab.h1().processes();
            assertEquals(
                    0,
                    running.lines().filter(l -> l.contains(t.launcherMarker())).count(),
                    running);
            // the command replaced its launcher: no login shell or launcher stays between sshd and the wrapper
            assertTrue(running.contains("sleep 254"), running);
            assertTrue(
                    running.lines().filter(l -> l.contains("sleep 254")).noneMatch(l -> l.matches("\\d+ bash .*")),
                    running);
            sleeper.cancel();
            // a later hint opens launchers again; 0 withdraws it before they are all open, without harm
            t.prepareFor(1);
            awaitWaitingLaunchers(t, 1);
            t.prepareFor(0);
            assertEquals(
                    "x\n",
                    t.run(RemoteCommand.of("third", "echo", "x"), COMMAND_TIMEOUT)
                            .stdout());
            assertEquals(0, t.idleLaunchers());
        } finally {
            t.close();
        }
        assertEquals("", settled(), "launchers of the closed transport left on h1");
    }

    @Test
    void argumentLinesThatLookLikeTheLaunchersMarkerAreJustArguments() throws Exception {
        List<String> argv = new ArrayList<>(List.of("printf", "%s|"));
        List<String> odd = List.of(
                "linklab-go-",
                "a\n" + h1.launcherMarker() + "\nb",
                h1.launcherMarker(),
                "\n",
                "",
                " lead",
                "trail ",
                "tab\tx",
                "$0",
                "$t",
                "\"$l\"",
                "\\n",
                "exec true",
                "x run",
                "continue 2");
        argv.addAll(odd);
        CommandResult r = h1.run(new RemoteCommand(argv, false, "odd lines"), COMMAND_TIMEOUT);
        assertEquals(0, r.exitStatus(), r.stderr());
        // printf's output has no final newline; the collected text ends each line with one
        assertEquals(String.join("|", odd) + "|\n", r.stdout());
    }
}
