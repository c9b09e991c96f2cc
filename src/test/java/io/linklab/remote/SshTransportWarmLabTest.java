package io.linklab.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Every test of {@link SshTransportLabTest} again, with the commands carried by warm launchers
 * ({@link SshTransport#keepWarm}): output, exit status, hostile values, cancel, timeouts, watchdogs and
 * clean-up must not change. While the transport is open its idle launchers are the only thing of ours
 * allowed to run; once it is closed, nothing is.
 */
@Tag("lab")
class SshTransportWarmLabTest extends SshTransportLabTest {

    @BeforeEach
    @Override
    void connect() throws Exception {
        super.connect();
        h1.keepWarm(2);
        awaitIdleLaunchers(2);
        // their login shells done, so that the inherited tests' commands start at once, as they expect
        awaitWaitingLaunchers(2);
    }

    private void awaitIdleLaunchers(int n) throws InterruptedException {
        for (int i = 0; i < 100 && h1.idleLaunchers() < n; i++) {
            Thread.sleep(50);
        }
        assertEquals(n, h1.idleLaunchers(), "idle launchers");
    }

    @Override
    String settled() throws Exception {
        return settledProcesses(lab.h1(), h1.launcherMarker());
    }

    /** h1's process list once {@code n} launchers wait in their sh (the login shell and its rc files done). */
    private String awaitWaitingLaunchers(int n) throws Exception {
        String p = "";
        for (int i = 0; i < 100; i++) {
            p = lab.h1().processes();
            if (p.lines().filter(l -> l.matches("\\d+ sh -c l= .*") && l.endsWith(h1.launcherMarker())).count() == n) {
                return p;
            }
            Thread.sleep(50);
        }
        throw new AssertionError(n + " waiting launchers expected on h1, found:\n" + p);
    }

    @Test
    void aCommandTakesAWaitingLauncherAndAnotherOpensInItsPlace() throws Exception {
        String waiting = awaitWaitingLaunchers(2);
        assertEquals(2, waiting.lines().filter(l -> l.contains(h1.launcherMarker())).count(), "nothing else of ours:\n"
                + waiting);
        RemoteProcess p = h1.start(RemoteCommand.of("sleeper", "sleep", "254"), LineSink.DISCARD, LineSink.DISCARD);
        awaitIdleLaunchers(2);
        String running = awaitWaitingLaunchers(2);
        assertTrue(running.contains("sleep 254"), running);
        // the command replaced its launcher: no login shell or launcher stays between sshd and the wrapper
        assertTrue(running.lines().filter(l -> l.contains("sleep 254"))
                .noneMatch(l -> l.contains(h1.launcherMarker()) || l.matches("\\d+ bash .*")), running);
        p.cancel();
        assertEquals("", settled());
    }

    @Test
    void stoppingTheWarmUpStillUsesTheLaunchersAlreadyOpen() throws Exception {
        h1.keepWarm(0);
        List<String> out = new CopyOnWriteArrayList<>();
        for (int i = 0; i < 3; i++) {
            CommandResult r = h1.run(RemoteCommand.of("n" + i, "sh", "-c", "echo out" + i + "; echo err >&2; exit " + i),
                    Duration.ofSeconds(10));
            assertEquals(i, r.exitStatus());
            assertEquals("err\n", r.stderr());
            out.add(r.stdout());
        }
        assertEquals(List.of("out0\n", "out1\n", "out2\n"), out);
        assertEquals(0, h1.idleLaunchers());
    }

    @Test
    void argumentLinesThatLookLikeTheLaunchersMarkerAreJustArguments() throws Exception {
        List<String> argv = new ArrayList<>(List.of("printf", "%s|"));
        List<String> odd = List.of("linklab-go-", "a\nlinklab-go-000000000000000000\nb", "\n", "", " lead", "trail ",
                "tab\tx", "$0", "\"$l\"");
        argv.addAll(odd);
        CommandResult r = h1.run(new RemoteCommand(argv, false, "odd lines"), Duration.ofSeconds(10));
        assertEquals(0, r.exitStatus(), r.stderr());
        // printf's output has no final newline; the collected text ends each line with one
        assertEquals(String.join("|", odd) + "|\n", r.stdout());
    }
}
