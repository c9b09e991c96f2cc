package io.linklab.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * Commands that a host's login shell starts only seconds after they were sent (a .bashrc running pyenv on a
 * busy host): a cancel, a timeout or the cleanup that comes first must still leave nothing running and no
 * run folder. The "login shell" here sleeps {@link #LOGIN_DELAY_S} s before it execs a command, longer than
 * a kill by pid file waits for the pid file (2 s) plus the 3 s cancel used to wait afterwards.
 *
 * <p>The tests run at the same time: each spends its time waiting for that delay, and each has its own transport,
 * run folder and marker, so none sees another's processes.
 */
@Execution(ExecutionMode.CONCURRENT)
class SlowLoginShellTest {

    static final int LOGIN_DELAY_S = 6;

    private final String marker = "linklab-slow-login-" + System.nanoTime();
    /**
     * The commands' login shell takes {@link #LOGIN_DELAY_S} s, the kill's and the cleanup's none: the order in
     * which a busy host's login shells get through their rc files (pyenv's rehash lock) is anybody's guess.
     */
    private final LocalTransport slow = new LocalTransport(List.of(
            "sh",
            "-c",
            "case \"$*\" in *linklab-kill*|*linklab-cleanup*) ;; *) sleep " + LOGIN_DELAY_S + ";; esac; exec \"$@\"",
            "slow-login"));

    @AfterEach
    void close() {
        slow.close();
    }

    /** Processes of this machine whose command line contains the test's marker. */
    private List<String> running() throws IOException {
        return LiveProcess.all().stream()
                .filter(p -> p.cmdline().contains(marker))
                .map(LiveProcess::toString)
                .toList();
    }

    @Test
    void aCommandCancelledBeforeItsLoginShellStartedItEndsBeforeCancelReturns() throws Exception {
        RemoteProcess p = slow.start(
                RemoteCommand.of("late", "sh", "-c", "sleep 300; : " + marker), LineSink.DISCARD, LineSink.DISCARD);
        assertFalse(running().isEmpty(), "the login shell runs");
        p.cancel();
        assertFalse(p.isAlive(), "cancel returned before the command's end");
        assertEquals(List.of(), running());
        assertTrue(p.failure().isEmpty(), p.failure().orElse(""));
        slow.cleanup();
        assertFalse(Files.exists(Path.of(slow.runDirectory())), "run folder left behind");
    }

    @Test
    void aTimeoutBeforeTheLoginShellStartedTheCommandLeavesNothingRunning() throws Exception {
        CommandResult r =
                slow.run(RemoteCommand.of("late", "sh", "-c", "sleep 300; : " + marker), Duration.ofMillis(500));
        assertTrue(r.timedOut());
        assertEquals(List.of(), running());
        slow.cleanup();
        assertFalse(Files.exists(Path.of(slow.runDirectory())), "run folder left behind");
    }

    @Test
    void theCleanupWaitsForCommandsTheLoginShellHasNotStartedYetAndLeavesNoFolder() throws Exception {
        RemoteProcess p = slow.start(
                RemoteCommand.of("late", "sh", "-c", "sleep 300; : " + marker), LineSink.DISCARD, LineSink.DISCARD);
        slow.cleanup();
        assertFalse(p.isAlive(), "cleanup returned before the command's end");
        assertEquals(List.of(), running());
        assertFalse(Files.exists(Path.of(slow.runDirectory())), "run folder left behind");
    }
}
