package io.linklab.engine;

import io.linklab.remote.LineSink;
import io.linklab.remote.RemoteCommand;
import io.linklab.remote.RemoteProcess;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Whether a run must stop and why (the user, a signal, a failure from within, an Error on another thread), and
 * the processes a stop must kill: every process the run started is registered here until it is stopped. A stop
 * kills them at once, but for the measurement's servers, which the run's thread stops after their clients.
 */
final class RunControl {

    private static final System.Logger LOG = System.getLogger(RunControl.class.getName());

    private final String runId;
    private final List<RemoteProcess> live = Collections.synchronizedList(new ArrayList<>());
    /** Kills started by cancel(); clean-up waits for them so none is still at work when the run ends. */
    private final List<CompletableFuture<Void>> cancels = Collections.synchronizedList(new ArrayList<>());
    /**
     * The measurement's servers: a Stop leaves them to the run thread, which stops them after their clients, as a
     * person stops a test. Stopped with their clients, a server could go first: iperf3 3.21's client then fails
     * ("getsockopt - Bad file descriptor") instead of reporting an interruption, and a server killed before its
     * client's end reached it never prints what it received, the receiver's only total of a stopped run.
     */
    private final Set<RemoteProcess> servers = ConcurrentHashMap.newKeySet();

    private volatile boolean cancelled;
    /** Who stopped the run ("the user", "SIGTERM") and when: run.json's outcome of an interrupted run. */
    private volatile String stoppedBy;

    private volatile Instant stoppedAt;
    /**
     * Why the run must stop: an Error (out of memory, a stack overflow) on a thread of the run other than
     * its own, in words for the user. The run fails with it.
     */
    private volatile String broken;
    /** Why the run was stopped from within (not by the user): the run fails with this message. */
    private volatile String stoppedBecause;

    private volatile Thread thread;
    /**
     * False while the run's thread stops its processes and takes in their last lines: an interrupt there would
     * cut the wait for a stopped tool's last interval short, or end the clean-up half way (guarded by this).
     */
    private boolean interruptible = true;

    RunControl(String runId) {
        this.runId = runId;
    }

    /** The thread a stop interrupts: the run's own. */
    void runsOn(Thread t) {
        thread = t;
    }

    void cancel(String by) {
        synchronized (this) {
            if (stoppedBy == null) {
                stoppedBy = by;
                stoppedAt = Instant.now();
            }
        }
        cancelled = true;
        // Unblocks the run thread at once; the run thread still does the whole clean-up itself.
        synchronized (live) {
            for (RemoteProcess p : live) {
                if (!servers.contains(p)) {
                    cancels.add(CompletableFuture.runAsync(p::cancel, Run.IO));
                }
            }
        }
        synchronized (this) {
            Thread t = thread;
            if (t != null && interruptible) {
                t.interrupt();
            }
        }
    }

    /**
     * Called by the run's thread as its clean-up begins: from now on a stop (a second one, or one that was
     * still on its way) does not interrupt it, and an interrupt that came before is cleared.
     */
    void holdInterrupts() {
        synchronized (this) {
            interruptible = false;
        }
        Thread.interrupted();
    }

    /** The clean-up is over and the run goes on: a stop interrupts again; one that came meanwhile, at once. */
    void allowInterrupts() {
        synchronized (this) {
            interruptible = true;
            if (cancelled) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Stops the run like {@link #cancel}, but as a failure with {@code message} (the first one wins). */
    void stopFailing(String message) {
        synchronized (this) {
            if (stoppedBecause == null) {
                stoppedBecause = message;
            }
        }
        cancel("LinkLab: " + message);
    }

    boolean cancelled() {
        return cancelled;
    }

    String stoppedBy() {
        return stoppedBy;
    }

    Instant stoppedAt() {
        return stoppedAt;
    }

    String broken() {
        return broken;
    }

    String stoppedBecause() {
        return stoppedBecause;
    }

    /** Neither stopped nor broken: the run may start its next step. */
    boolean goesOn() {
        return !cancelled && broken == null;
    }

    void checkCancelled() throws InterruptedException {
        if (cancelled || broken != null) {
            throw new InterruptedException(cancelled ? "cancelled" : "broken");
        }
    }

    /**
     * Hands a command's output to the run; an Error while doing so (in a parser or a listener) stops and
     * fails the run rather than ending the thread that delivers the output, unnoticed.
     */
    LineSink guarded(LineSink sink, RemoteCommand cmd) {
        return line -> {
            try {
                sink.line(line);
            } catch (Error e) {
                String why = "internal error: " + e + " while reading the output of '" + cmd.description()
                        + "'; the run was stopped, what was measured until then is kept";
                synchronized (this) {
                    if (broken != null) {
                        return;
                    }
                    broken = why;
                }
                LOG.log(System.Logger.Level.ERROR, "run " + runId + ": " + why, e);
            }
        };
    }

    /** Registers a process that started, for the clean-up; one that starts after a stop is killed at once. */
    RemoteProcess started(RemoteProcess p) {
        live.add(p);
        if (cancelled) {
            cancels.add(CompletableFuture.runAsync(p::cancel, Run.IO));
        }
        return p;
    }

    /**
     * Marks started processes as the measurement's servers: from now on a Stop leaves them to the run thread's
     * clean-up (one that came before this already stopped them).
     */
    void serving(List<RemoteProcess> ps) {
        servers.addAll(ps);
    }

    /** Stops a process and returns once it is gone with its output delivered (a Stop's cancel may be under way). */
    void stop(RemoteProcess p) {
        if (p.isAlive()) {
            p.cancel();
        }
        live.remove(p);
        servers.remove(p);
    }

    /** What the clean-up must still kill, and the kills a stop already started: taken once, at the end. */
    List<CompletableFuture<Void>> killLeftovers() {
        List<RemoteProcess> left;
        synchronized (live) {
            left = new ArrayList<>(live);
            live.clear();
        }
        servers.clear();
        List<CompletableFuture<Void>> work = new ArrayList<>();
        for (RemoteProcess p : left) {
            work.add(CompletableFuture.runAsync(p::cancel, Run.IO));
        }
        synchronized (cancels) {
            work.addAll(cancels);
        }
        return work;
    }
}
