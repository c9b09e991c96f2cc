package io.linklab.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.concurrent.DaemonThreads;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Commands that a host's login shell starts only seconds after they were sent (a .bashrc running pyenv on a
 * busy host): a cancel, a timeout or the cleanup that comes first must still leave nothing running and no
 * run folder. The "login shell" here sleeps {@link #LOGIN_DELAY_S} s before it execs a command, longer than
 * a kill by pid file waits for the pid file (2 s) plus the 3 s cancel used to wait afterwards.
 *
 * <p>Each case spends its time waiting for that delay, so the three start together before the tests, each with
 * a transport, run folder and marker of its own (none sees another's processes); each test then waits for its
 * case and reports what the case found.
 */
class SlowLoginShellTest {

    static final int LOGIN_DELAY_S = 6;

    /** One case's own transport with the slow login shell, and the marker on its command lines. */
    private static final class Case {
        private final String marker = "linklab-slow-login-" + System.nanoTime();
        /**
         * The commands' login shell takes {@link #LOGIN_DELAY_S} s, the kill's and the cleanup's none: the order
         * in which a busy host's login shells get through their rc files (pyenv's rehash lock) is anybody's guess.
         */
        private final LocalTransport slow = new LocalTransport(List.of(
                "sh",
                "-c",
                "case \"$*\" in *linklab-kill*|*linklab-cleanup*) ;; *) sleep " + LOGIN_DELAY_S + ";; esac;"
                        + " exec \"$@\"",
                "slow-login"));

        private CompletableFuture<Void> outcome;

        /** A command the login shell starts late and that would run for minutes. */
        RemoteCommand late() {
            return RemoteCommand.of("late", "sh", "-c", "sleep 300; : " + marker);
        }

        /** Processes of this machine whose command line contains the case's marker. */
        List<String> running() throws IOException {
            return LiveProcess.all().stream()
                    .filter(p -> p.cmdline().contains(marker))
                    .map(LiveProcess::toString)
                    .toList();
        }

        void assertNoRunFolder() {
            assertFalse(Files.exists(Path.of(slow.runDirectory())), "run folder left behind");
        }
    }

    private interface Steps {
        void run(Case c) throws Exception;
    }

    private static final Case CANCELLED = new Case();
    private static final Case TIMED_OUT = new Case();
    private static final Case CLEANED_UP = new Case();

    @BeforeAll
    static void startEveryCase() {
        start(CANCELLED, SlowLoginShellTest::cancelBeforeTheLoginShellStarted);
        start(TIMED_OUT, SlowLoginShellTest::timeOutBeforeTheLoginShellStarted);
        start(CLEANED_UP, SlowLoginShellTest::cleanUpBeforeTheLoginShellStarted);
    }

    private static void start(Case c, Steps steps) {
        // A thread of its own each: the common pool may have a single thread on a 2-core machine.
        c.outcome = CompletableFuture.runAsync(
                () -> {
                    try {
                        steps.run(c);
                    } catch (Exception e) {
                        throw new CompletionException(e);
                    }
                },
                work -> DaemonThreads.start("slow-login-case", work));
    }

    @AfterAll
    static void close() {
        for (Case c : List.of(CANCELLED, TIMED_OUT, CLEANED_UP)) {
            c.outcome.cancel(true);
            c.slow.close();
        }
    }

    /** Waits for the case and fails with what failed in it. */
    private static void assertCase(Case c) throws Throwable {
        try {
            c.outcome.get(3L * LOGIN_DELAY_S + 60, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw e.getCause();
        }
    }

    private static void cancelBeforeTheLoginShellStarted(Case c) throws Exception {
        RemoteProcess p = c.slow.start(c.late(), LineSink.DISCARD, LineSink.DISCARD);
        assertFalse(c.running().isEmpty(), "the login shell runs");
        p.cancel();
        assertFalse(p.isAlive(), "cancel returned before the command's end");
        assertEquals(List.of(), c.running());
        assertTrue(p.failure().isEmpty(), p.failure().orElse(""));
        c.slow.cleanup();
        c.assertNoRunFolder();
    }

    private static void timeOutBeforeTheLoginShellStarted(Case c) throws Exception {
        CommandResult r = c.slow.run(c.late(), Duration.ofMillis(500));
        assertTrue(r.timedOut());
        assertEquals(List.of(), c.running());
        c.slow.cleanup();
        c.assertNoRunFolder();
    }

    private static void cleanUpBeforeTheLoginShellStarted(Case c) throws Exception {
        RemoteProcess p = c.slow.start(c.late(), LineSink.DISCARD, LineSink.DISCARD);
        c.slow.cleanup();
        assertFalse(p.isAlive(), "cleanup returned before the command's end");
        assertEquals(List.of(), c.running());
        c.assertNoRunFolder();
    }

    @Test
    void aCommandCancelledBeforeItsLoginShellStartedItEndsBeforeCancelReturns() throws Throwable {
        assertCase(CANCELLED);
    }

    @Test
    void aTimeoutBeforeTheLoginShellStartedTheCommandLeavesNothingRunning() throws Throwable {
        assertCase(TIMED_OUT);
    }

    @Test
    void theCleanupWaitsForCommandsTheLoginShellHasNotStartedYetAndLeavesNoFolder() throws Throwable {
        assertCase(CLEANED_UP);
    }
}
