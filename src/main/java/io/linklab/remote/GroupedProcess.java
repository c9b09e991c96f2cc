package io.linklab.remote;

import io.linklab.concurrent.DaemonThreads;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A command running in its own process group (see {@link ProcessGroups}). Its output lines are handed
 * to the sinks by one thread per command, in the order they arrived; {@link #waitFor} returns only
 * after the last line was delivered. Lines wait for that thread in a queue of at most
 * {@link #MAX_QUEUED_CHARS}: a host that prints faster than the sinks take lines is held back (the writer
 * waits, and with it the SSH channel's window) instead of filling the memory.
 */
final class GroupedProcess implements RemoteProcess {

    private static final Logger LOG = Logger.getLogger(GroupedProcess.class.getName());
    private static final Object EOF_OUT = new Object();
    private static final Object EOF_ERR = new Object();
    /** Characters of output a command may have waiting for its sinks before the writer is held back. */
    static final int MAX_QUEUED_CHARS = 512 * 1024;

    private record Line(boolean stderr, String text, int cost) {}

    private final ProcessGroupTransport transport;
    private final RemoteCommand command;
    private final String pidFile;
    private final boolean viaSudo;
    private final LineSink stdout;
    private final LineSink stderr;
    private final LinkedBlockingQueue<Object> queue = new LinkedBlockingQueue<>();
    /** Room left in the queue, in characters; the writer waits for it while the delivery goes on. */
    private final Semaphore room = new Semaphore(MAX_QUEUED_CHARS);

    private volatile boolean delivering = true;
    private final CountDownLatch done = new CountDownLatch(1);
    private final AtomicBoolean cancelled = new AtomicBoolean();
    private final LineSplitter outSplitter;
    private final LineSplitter errSplitter;
    private volatile Execution execution;
    private volatile int exitStatus = -1;
    private volatile String failure;
    private volatile boolean sudoWantsPassword;
    private volatile String wrapperError;

    GroupedProcess(
            ProcessGroupTransport transport,
            RemoteCommand command,
            String pidFile,
            boolean viaSudo,
            LineSink stdout,
            LineSink stderr) {
        this.transport = transport;
        this.command = command;
        this.pidFile = pidFile;
        this.viaSudo = viaSudo;
        this.stdout = stdout;
        this.stderr = stderr;
        this.outSplitter = new LineSplitter(l -> enqueue(false, l), () -> queue.add(EOF_OUT));
        this.errSplitter = new LineSplitter(l -> enqueue(true, l), () -> queue.add(EOF_ERR));
    }

    /** Queues a line once there is room for it; drops it only if nobody will deliver it any more. */
    private void enqueue(boolean stderr, String text) {
        int cost = Math.min(MAX_QUEUED_CHARS, text.length() + 1);
        try {
            while (delivering) {
                if (room.tryAcquire(cost, 100, TimeUnit.MILLISECONDS)) {
                    queue.add(new Line(stderr, text, cost));
                    return;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Characters of output waiting for the sinks, for tests. */
    int queuedChars() {
        return MAX_QUEUED_CHARS - room.availablePermits();
    }

    LineSplitter stdoutStream() {
        return outSplitter;
    }

    LineSplitter stderrStream() {
        return errSplitter;
    }

    String pidFile() {
        return pidFile;
    }

    RemoteCommand command() {
        return command;
    }

    /** Called once the command was launched: starts the thread that delivers its lines. */
    void started(Execution execution, String threadName) {
        this.execution = execution;
        DaemonThreads.start(threadName, this::deliver);
    }

    private void deliver() {
        boolean outEof = false;
        boolean errEof = false;
        long endedSince = 0;
        try {
            while (true) {
                // Both streams closed: the end is due any moment. Before that only a lost stream close
                // (a grandchild kept it open) needs the periodic look at the channel.
                Object item = queue.poll(outEof && errEof ? 5 : 200, TimeUnit.MILLISECONDS);
                if (item instanceof Line line) {
                    dispatch(line);
                } else if (item == EOF_OUT) {
                    outEof = true;
                } else if (item == EOF_ERR) {
                    errEof = true;
                } else if (execution.ended()) {
                    // Both streams closed, or the end was seen a while ago and a stream was never closed
                    // (a grandchild kept it open): the command is over either way.
                    long now = System.nanoTime();
                    if (endedSince == 0) {
                        endedSince = now;
                    }
                    if ((outEof && errEof) || now - endedSince > 500_000_000L) {
                        break;
                    }
                }
            }
            delivering = false;
            Object rest;
            while ((rest = queue.poll()) != null) {
                if (rest instanceof Line line) {
                    dispatch(line);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            delivering = false;
            exitStatus = execution.exitStatus();
            if (!cancelled.get()) {
                failure = execution
                        .lostConnection()
                        .map(why -> why + " while running '" + command.description() + "'")
                        .orElse(null);
                if (failure == null && sudoWantsPassword && exitStatus != 0) {
                    failure = transport.sudoAdvice(command);
                }
                if (failure == null && exitStatus == 125 && wrapperError != null) {
                    failure = "could not start '" + command.description() + "' on " + transport.hostLabel() + ": "
                            + wrapperError;
                }
                if (failure == null && exitStatus < 0) {
                    failure = "'" + command.description() + "' on " + transport.hostLabel() + " ended without an"
                            + " exit status: it was killed by a signal from outside LinkLab, or sshd closed its channel";
                }
            }
            transport.ended(this);
            done.countDown();
        }
    }

    private void dispatch(Line line) {
        room.release(line.cost());
        try {
            if (line.stderr()) {
                if (viaSudo
                        && line.text().startsWith("sudo: ")
                        && (line.text().contains("password is required")
                                || line.text().contains("terminal is required"))) {
                    sudoWantsPassword = true;
                }
                if (line.text().startsWith("linklab: cannot use ")) {
                    wrapperError = line.text().substring("linklab: ".length());
                }
                stderr.line(line.text());
            } else {
                stdout.line(line.text());
            }
        } catch (RuntimeException e) {
            // A broken consumer must not stop the delivery of the rest (or the end) of the output.
            LOG.log(Level.WARNING, "line consumer failed for '" + command.description() + "'", e);
        }
    }

    @Override
    public OptionalInt waitFor(Duration timeout) throws InterruptedException {
        if (done.await(Math.max(0, timeout.toMillis()), TimeUnit.MILLISECONDS)) {
            return OptionalInt.of(exitStatus);
        }
        return OptionalInt.empty();
    }

    @Override
    public boolean isAlive() {
        return done.getCount() > 0;
    }

    @Override
    public Optional<String> failure() {
        return Optional.ofNullable(failure);
    }

    /** The failure is a lost connection (not a sudo refusal or a wrapper problem). */
    boolean lostConnection() {
        return failure != null && execution.lostConnection().isPresent();
    }

    boolean wasCancelled() {
        return cancelled.get();
    }

    /**
     * Ends the command through its stdin: the watchdog kills its group (TERM, at most 2 s, KILL), at once
     * if the wrapper is not even running yet because the host's login shell is slow to start it, which a
     * kill by pid file cannot reach. Returns once the wrapper reported its end, so nothing of it is left on
     * the host; root's groups behind sudo are also killed by pid file, the watchdog not being root.
     */
    @Override
    public void cancel() {
        if (!isAlive()) {
            return;
        }
        if (!cancelled.compareAndSet(false, true)) {
            // Another thread's cancel or stop is under way (a run's Stop while its own thread stops its
            // processes): this one too returns only once the command is gone and its last line delivered, so
            // that nothing its caller closes next (a raw log) misses the output of the end.
            awaitOtherCancel();
            return;
        }
        execution.endInput();
        if (viaSudo) {
            try {
                transport.killGroups(List.of(this));
            } catch (TransportException e) {
                // The watchdog still ends what it can; the run's cleanup retries by pid file.
                LOG.warning("could not kill '" + command.description() + "' on " + transport.hostLabel() + ": "
                        + e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        awaitEnd();
    }

    private void awaitOtherCancel() {
        try {
            done.await(ProcessGroupTransport.END_ALLOWANCE.toMillis() + 3000, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Ends the command through its stdin, as {@link #cancel()} does, without waiting: for the cleanup. */
    void stop() {
        if (isAlive() && cancelled.compareAndSet(false, true)) {
            execution.endInput();
        }
    }

    /**
     * Waits for the end a {@link #stop()} or {@link #cancel()} asked for, up to
     * {@link ProcessGroupTransport#END_ALLOWANCE}; true if it came. Otherwise the channel is dropped.
     */
    boolean awaitEnd() {
        try {
            if (done.await(ProcessGroupTransport.END_ALLOWANCE.toMillis(), TimeUnit.MILLISECONDS)) {
                return true;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        LOG.warning("'" + command.description() + "' on " + transport.hostLabel() + " did not end within "
                + ProcessGroupTransport.END_ALLOWANCE.toSeconds() + " s of being told to; its channel is dropped"
                + " (its watchdog ends it once the host's login shell starts it)");
        execution.abandon();
        try {
            done.await(3, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return false;
    }

    /** Drops the channel or pipe without a kill: what a crash or a lost connection looks like to the host. */
    void detach() {
        execution.abandon();
    }

    @Override
    public String toString() {
        return command.description() + " on " + transport.hostLabel();
    }
}
