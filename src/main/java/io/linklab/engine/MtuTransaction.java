package io.linklab.engine;

import io.linklab.concurrent.DaemonThreads;
import io.linklab.remote.CommandResult;
import io.linklab.remote.RemoteCommand;
import io.linklab.remote.Transport;
import io.linklab.remote.TransportException;
import io.linklab.store.RunRecord;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * MTU changes as a transaction: originals remembered, a dead-man switch armed on each host before the
 * first change, every change verified with don't-fragment pings, and the originals restored at the
 * end, on cancel and on error. If LinkLab dies or loses a host, the host's switch fires by itself within the
 * run's dead-man period ({@link RunTimings#deadMan()}, 15 s as standard) and puts the original MTU back (seed
 * 003's stranded host).
 */
final class MtuTransaction implements AutoCloseable {

    /** Keep-alives per dead-man period: several in a row must be missed before a host acts on its own. */
    private static final int KEEPALIVES_PER_PERIOD = 5;
    /** Generous: on a loaded host an SSH command with its login shell was seen to take 9 s. */
    private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(20);

    /** One data interface whose MTU the transaction changes. */
    static final class End {
        final String end;
        final String label;
        final Transport transport;
        final String iface;
        int original;
        /** The MTU this run last set (or tried to set) on the interface, 0 before any change. */
        volatile int current;

        boolean armed;
        /** The switch's private folder on the host, as arm printed it. */
        String folder;
        /** System.nanoTime() when the host last confirmed an extension (or the arm). */
        volatile long confirmedAt;

        /** @param end "client" or "server": which end of the test this host is */
        End(String end, String label, Transport transport, String iface) {
            this.end = end;
            this.label = label;
            this.transport = transport;
            this.iface = iface;
        }
    }

    private final String runId;
    private final List<End> ends;
    private final Consumer<String> progress;
    private final Consumer<String> keepaliveFailed;
    /** How long a host waits without hearing from LinkLab before restoring its MTU by itself, in seconds. */
    private final int deadManSeconds;

    private Duration keepaliveEvery;
    private final AtomicBoolean failureReported = new AtomicBoolean();
    private ScheduledExecutorService keepalive;
    /** Set when the restore begins: a keep-alive failing from then on is the restore's doing, not news. */
    private volatile boolean closing;

    private boolean changed;

    /**
     * @param keepaliveFailed told once, with a message for the user, when a switch could not be kept alive:
     *                        the sweep must stop, since the host restores (or has restored) its MTU under it
     * @param timings         whose dead-man period each host's switch gets
     */
    MtuTransaction(
            String runId,
            List<End> ends,
            RunTimings timings,
            Consumer<String> progress,
            Consumer<String> keepaliveFailed) {
        this.runId = runId;
        this.ends = ends;
        this.progress = progress;
        this.keepaliveFailed = keepaliveFailed;
        this.deadManSeconds = timings.deadManSeconds();
        this.keepaliveEvery = keepalivePeriod(timings);
    }

    /**
     * How often LinkLab pushes every deadline forward: a fifth of the period (3 s of the standard 15 s), as
     * {@link DeadManScripts#GUARD}'s claim counts on when it tells a live run's switch from a left-over one.
     */
    static Duration keepalivePeriod(RunTimings timings) {
        return timings.deadMan().dividedBy(KEEPALIVES_PER_PERIOD);
    }

    /** A shorter keep-alive period, for tests of what a failed keep-alive does; set before {@link #begin}. */
    MtuTransaction keepaliveEvery(Duration period) {
        keepaliveEvery = period;
        return this;
    }

    List<End> ends() {
        return ends;
    }

    /**
     * Puts back what a killed earlier run left on each interface, reads the originals and arms the dead-man
     * switch on each host; nothing is changed yet.
     */
    void begin(RunRecord record) throws TransportException, InterruptedException {
        forEachEnd(e -> {
            e.original = claim(e, record);
            record.originalMtu(e.label + " " + e.iface, e.original);
            progress.accept("arming the automatic MTU restore (" + e.original + ") of " + e.iface + " on " + e.label
                    + ": it fires " + deadManSeconds + " s after LinkLab stops answering");
            CommandResult r = mustSucceed(e, MtuCommands.arm(runId, e.end, e.iface, e.original, deadManSeconds));
            String folder = r.stdout().strip();
            try {
                e.folder = MtuCommands.requireFolder(folder);
            } catch (IllegalArgumentException ex) {
                throw new TransportException(
                        "the automatic MTU restore on " + e.label + " answered '" + folder + "' instead of its folder");
            }
            e.armed = true;
            e.confirmedAt = System.nanoTime();
        });
        // A thread per host: a host slow to answer must not hold back the other's keep-alive.
        keepalive =
                Executors.newScheduledThreadPool(ends.size(), DaemonThreads.named("linklab-mtu-keepalive-" + runId));
        for (End e : ends) {
            long every = keepaliveEvery.toMillis();
            keepalive.scheduleWithFixedDelay(() -> extend(e), every, every, TimeUnit.MILLISECONDS);
        }
    }

    /**
     * The originals as they are once any switch an earlier run left for the interface has restored it:
     * a run killed mid-sweep leaves the sweep's MTU on the link until its switch fires.
     */
    private int claim(End e, RunRecord record) throws TransportException, InterruptedException {
        // The claim may watch another run's switch for a period before it answers.
        CommandResult r = e.transport.run(
                MtuCommands.claim(runId, e.iface, deadManSeconds), COMMAND_TIMEOUT.plusSeconds(deadManSeconds));
        Integer mtu = null;
        for (String line : r.stdout().split("\n")) {
            String[] f = line.strip().split(" ");
            if (f[0].equals("restored") && f.length >= 4) {
                String note = "an earlier run (" + f[2] + ", " + f[3] + ") left " + e.iface + " on " + e.label
                        + " changed; its original MTU " + f[1] + " was restored before this run read it";
                record.warning(note);
                progress.accept(note);
            } else if (f[0].equals("fired") && f.length >= 3) {
                progress.accept("the automatic restore left by an earlier run (" + f[1] + ") on " + e.label
                        + " restored " + e.iface + " by itself");
            } else if (f[0].equals("busy") && f.length >= 4) {
                throw new TransportException("another LinkLab run (" + f[1] + ") is changing the MTU of " + e.iface
                        + " on " + e.label + " right now: its automatic restore to MTU " + f[3] + " is kept alive."
                        + " Wait for that run to end, then start this one again");
            } else if (f[0].equals("mtu") && f.length == 2 && f[1].matches("[0-9]{1,6}")) {
                mtu = Integer.parseInt(f[1]);
            }
        }
        if (!r.ok() || mtu == null) {
            throw new TransportException("cannot read the MTU of " + e.iface + " on " + e.label + ": " + firstLine(r));
        }
        return mtu;
    }

    /**
     * Pushes one host's deadline forward. A host that answers that its watcher is gone stops the sweep at
     * once. One that does not answer (load: an SSH command with its login shell was seen to take 9-13 s
     * on this project's 2-core machine) is retried at the next tick, and stops the sweep once nothing was
     * confirmed for the dead-man period: its watcher may have fired. That alone could let a sweep
     * measure for a few seconds at a restored MTU; it can never change an MTU without a watcher, as
     * {@link #apply} extends every switch (and fails on a gone one) before each change.
     */
    private void extend(End e) {
        if (!e.armed || closing || failureReported.get()) {
            return;
        }
        String failure;
        try {
            failure = extendNow(e);
            if (failure == null) {
                return;
            }
        } catch (TransportException ex) {
            failure = noAnswer(e, ex.getMessage());
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            return;
        }
        if (failure != null) {
            fail(failure);
        }
    }

    /**
     * One extension: null when the host confirmed it, or did not answer in time but may still be waiting;
     * else why the switch is lost.
     */
    private String extendNow(End e) throws TransportException, InterruptedException {
        CommandResult r = e.transport.run(MtuCommands.extend(e.folder, e.iface, deadManSeconds), COMMAND_TIMEOUT);
        if (r.ok()) {
            e.confirmedAt = System.nanoTime();
            return null;
        }
        if (r.timedOut()) {
            return noAnswer(e, "no answer in time");
        }
        return "the automatic MTU restore on " + e.label + " did not take a new deadline (" + firstLine(r) + "); "
                + e.iface + " may be back at MTU " + e.original + " already";
    }

    /**
     * The sweep stops, and the restore runs as after any failure: measuring on is worthless (the MTU
     * changes under the test) and unsafe (nothing would restore the next point's MTU).
     */
    private void fail(String failure) {
        if (!closing && failureReported.compareAndSet(false, true)) {
            progress.accept("stopping the sweep: " + failure);
            keepaliveFailed.accept("stopped the sweep: " + failure);
        }
    }

    /** Null while the host's watcher may still wait (the next keep-alive may get through), else the failure. */
    private String noAnswer(End e, String why) {
        long silent = System.nanoTime() - e.confirmedAt;
        if (silent < TimeUnit.SECONDS.toNanos(deadManSeconds)) {
            return null;
        }
        return "no keep-alive reached " + e.label + " for " + TimeUnit.NANOSECONDS.toSeconds(silent) + " s (" + why
                + "); it restores MTU " + e.original + " on " + e.iface + " by itself";
    }

    /**
     * Sets {@code mtu} on every end, reads it back, and checks with don't-fragment pings from the
     * client that packets of exactly that size cross the path (retrying while the link settles).
     *
     * @throws PointFailure when the path does not carry the new size (the point fails, the sweep goes on)
     */
    void apply(int mtu, Transport pinger, String target, long settleMillis)
            throws TransportException, InterruptedException, PointFailure {
        changed = true;
        List<String> failures = Collections.synchronizedList(new ArrayList<>());
        forEachEnd(e -> {
            // Never a change without a live watcher behind it, with a full deadline ahead.
            long confirmed = e.confirmedAt;
            String lost = extendNow(e);
            if (lost != null) {
                fail(lost);
                failures.add(lost);
                return;
            }
            if (e.confirmedAt == confirmed) {
                failures.add("the automatic MTU restore on " + e.label + " did not answer; MTU " + mtu + " not set");
                return;
            }
            progress.accept("setting MTU " + mtu + " on " + e.iface + " of " + e.label);
            // Before the command: one that fails part-way or never answers may still have set it.
            e.current = mtu;
            CommandResult r = e.transport.run(MtuCommands.set(e.iface, mtu), COMMAND_TIMEOUT);
            // `ip link set` refuses an MTU the driver cannot take; the pings below prove the path.
            if (!r.ok()) {
                failures.add("cannot set MTU " + mtu + " on " + e.iface + " of " + e.label + ": " + firstLine(r));
            }
        });
        if (!failures.isEmpty()) {
            throw new PointFailure(String.join("; ", failures));
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(settleMillis);
        CommandResult ping;
        do {
            ping = pinger.run(MtuCommands.verify(target, mtu), Duration.ofSeconds(6));
            if (ping.ok()) {
                return;
            }
        } while (System.nanoTime() < deadline);
        throw new PointFailure("don't-fragment pings of " + mtu + " bytes to " + target + " do not get through ("
                + firstLine(ping) + "); a switch or the peer may not take this MTU");
    }

    /**
     * Puts every original MTU back, then disarms the switches. A host that cannot be reached keeps its
     * switch armed, so it restores by itself; the returned text says which.
     */
    String restore() {
        closing = true;
        if (keepalive != null) {
            keepalive.shutdownNow();
        }
        List<String> notes = Collections.synchronizedList(new ArrayList<>());
        try {
            forEachEnd(e -> restore(e, notes));
        } catch (TransportException impossible) {
            // restore(End) reports its own failures in notes
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
        }
        if (keepalive != null) {
            // The interrupted extension kills its command on the host; let it finish before the caller closes
            // the connections (awaited last, so it overlaps the restore's own round trips).
            try {
                keepalive.awaitTermination(5, TimeUnit.SECONDS);
            } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
            }
        }
        return String.join("; ", notes);
    }

    private void restore(End e, List<String> notes) throws InterruptedException {
        if (!e.armed) {
            return;
        }
        try {
            if (changed) {
                progress.accept("restoring MTU " + e.original + " on " + e.iface + " of " + e.label);
                CommandResult r = e.transport.run(MtuCommands.set(e.iface, e.original), COMMAND_TIMEOUT);
                if (!r.ok()) {
                    throw new TransportException(firstLine(r));
                }
            }
            CommandResult d = e.transport.run(MtuCommands.disarm(e.folder, e.iface), COMMAND_TIMEOUT);
            if (!d.ok()) {
                throw new TransportException("restored MTU " + e.original + " but could not disarm the automatic "
                        + "restore (" + firstLine(d) + ")");
            }
            e.armed = false;
            notes.add(e.label + " " + e.iface + ": restored " + e.original);
        } catch (TransportException ex) {
            notes.add(e.label + " " + e.iface + ": could not restore now (" + ex.getMessage() + ")" + leftAt(e)
                    + "; its automatic restore sets MTU " + e.original + " within " + deadManSeconds + " s"
                    + ifItDoesNot(e));
            progress.accept("cannot restore the MTU of " + e.iface + " on " + e.label + " (" + ex.getMessage()
                    + ")" + leftAt(e) + "; the host restores MTU " + e.original + " by itself within "
                    + deadManSeconds + " s" + ifItDoesNot(e));
        } catch (InterruptedException ex) {
            notes.add(e.label + " " + e.iface + ": interrupted; its automatic restore sets MTU " + e.original
                    + " within " + deadManSeconds + " s");
            throw ex;
        }
    }

    /** Where an interface whose restore failed is left, when this run changed it. */
    private static String leftAt(End e) {
        return e.current == 0 || e.current == e.original
                ? ""
                : ": " + e.iface + " on " + e.label + " is left at MTU " + e.current;
    }

    /** What the user does should the host's automatic restore not come either. */
    private static String ifItDoesNot(End e) {
        return "; if it is not back at " + e.original + " by then, run '"
                + MtuCommands.set(e.iface, e.original).lineAsRun(false) + "' as root on " + e.label;
    }

    /** Work on one end that may fail. */
    private interface EndTask {
        void run(End e) throws TransportException, InterruptedException;
    }

    /** Runs the task on every end at once (a round trip each); the first failure is thrown after all ended. */
    private void forEachEnd(EndTask task) throws TransportException, InterruptedException {
        List<Future<?>> futures = new ArrayList<>();
        for (End e : ends) {
            futures.add(Run.IO.submit(() -> {
                task.run(e);
                return null;
            }));
        }
        Exception first = null;
        boolean stopped = false;
        for (Future<?> f : futures) {
            while (true) {
                try {
                    f.get();
                    break;
                } catch (InterruptedException ex) {
                    // A Stop: each end's command still ends (bounded by its timeout) before this returns. Left
                    // behind, a set on its way would reach the host after the restore and its disarm, and leave
                    // the MTU changed with nothing to put it back (r60).
                    stopped = true;
                } catch (ExecutionException ex) {
                    if (first == null) {
                        first = ex.getCause() instanceof Exception c ? c : ex;
                    }
                    break;
                }
            }
        }
        if (stopped) {
            throw new InterruptedException("stopped while the MTU of each end was being changed");
        }
        if (first instanceof TransportException te) {
            throw te;
        }
        if (first instanceof InterruptedException ie) {
            throw ie;
        }
        if (first instanceof RuntimeException re) {
            throw re;
        }
        if (first != null) {
            throw new TransportException(first.getMessage(), first);
        }
    }

    @Override
    public void close() {
        restore();
    }

    private static CommandResult mustSucceed(End e, RemoteCommand c) throws TransportException, InterruptedException {
        CommandResult r = e.transport.run(c, COMMAND_TIMEOUT);
        if (!r.ok()) {
            throw new TransportException("cannot " + c.description() + " on " + e.label + ": " + firstLine(r));
        }
        return r;
    }

    static String firstLine(CommandResult r) {
        String s = (r.stderr() == null || r.stderr().isBlank()) ? r.stdout() : r.stderr();
        if (r.timedOut()) {
            return "no answer in time";
        }
        s = s == null ? "" : s.strip();
        int nl = s.indexOf('\n');
        String line = nl < 0 ? s : s.substring(0, nl);
        return line.isEmpty() ? "exit status " + r.exitStatus() : line;
    }
}
