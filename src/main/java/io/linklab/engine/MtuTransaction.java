package io.linklab.engine;

import io.linklab.remote.CommandResult;
import io.linklab.remote.RemoteCommand;
import io.linklab.remote.Transport;
import io.linklab.remote.TransportException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * MTU changes as a transaction: originals remembered, a dead-man switch armed on each host before the
 * first change, every change verified with don't-fragment pings, and the originals restored at the
 * end, on cancel and on error. If LinkLab dies or loses a host, the host's switch fires by itself
 * within {@link #DEADMAN_SECONDS} and puts the original MTU back (seed 003's stranded host).
 */
final class MtuTransaction implements AutoCloseable {

    /** How long a host waits without hearing from LinkLab before restoring its MTU by itself. */
    static final int DEADMAN_SECONDS = 15;
    /** How often LinkLab pushes every deadline forward; several misses in a row are needed to fire. */
    static final int KEEPALIVE_SECONDS = 3;
    private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(10);

    /** One data interface whose MTU the transaction changes. */
    static final class End {
        final String end;
        final String label;
        final Transport transport;
        final String iface;
        int original;
        boolean armed;
        volatile boolean unreachable;

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
    private ScheduledExecutorService keepalive;
    private boolean changed;

    MtuTransaction(String runId, List<End> ends, Consumer<String> progress) {
        this.runId = runId;
        this.ends = ends;
        this.progress = progress;
    }

    List<End> ends() {
        return ends;
    }

    /** Reads the originals and arms the dead-man switch on each host; nothing is changed yet. */
    void begin(RunRecord record) throws TransportException, InterruptedException {
        forEachEnd(e -> {
            CommandResult r = e.transport.run(MtuCommands.read(e.iface), COMMAND_TIMEOUT);
            if (!r.ok()) {
                throw new TransportException("cannot read the MTU of " + e.iface + " on " + e.label + ": "
                        + firstLine(r));
            }
            e.original = Integer.parseInt(r.stdout().trim());
            record.originalMtu(e.label + " " + e.iface, e.original);
            progress.accept("arming the automatic MTU restore (" + e.original + ") of " + e.iface + " on " + e.label
                    + ": it fires " + DEADMAN_SECONDS + " s after LinkLab stops answering");
            mustSucceed(e, MtuCommands.arm(runId, e.end, e.iface, e.original, DEADMAN_SECONDS));
            e.armed = true;
        });
        keepalive = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "linklab-mtu-keepalive-" + runId);
            t.setDaemon(true);
            return t;
        });
        keepalive.scheduleWithFixedDelay(this::extendAll, KEEPALIVE_SECONDS, KEEPALIVE_SECONDS, TimeUnit.SECONDS);
    }

    private void extendAll() {
        for (End e : ends) {
            if (!e.armed || e.unreachable) {
                continue;
            }
            try {
                CommandResult r = e.transport.run(MtuCommands.extend(runId, e.end, e.iface, DEADMAN_SECONDS),
                        Duration.ofSeconds(KEEPALIVE_SECONDS * 2L));
                if (!r.ok()) {
                    progress.accept("warning: the automatic MTU restore on " + e.label + " did not accept a new "
                            + "deadline (" + firstLine(r) + "); it may have restored MTU " + e.original);
                }
            } catch (TransportException ex) {
                progress.accept("warning: cannot reach " + e.label + " to keep its MTU change alive ("
                        + ex.getMessage() + "); it will restore MTU " + e.original + " by itself");
            } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /**
     * Sets {@code mtu} on every end, reads it back, and checks with don't-fragment pings from the
     * client that packets of exactly that size cross the path (retrying while the link settles).
     *
     * @throws PointFailure when the path does not carry the new size (the point fails, the sweep goes on)
     */
    void apply(int mtu, Transport pinger, String target, long settleMillis) throws TransportException,
            InterruptedException, PointFailure {
        changed = true;
        List<String> failures = java.util.Collections.synchronizedList(new ArrayList<>());
        forEachEnd(e -> {
            progress.accept("setting MTU " + mtu + " on " + e.iface + " of " + e.label);
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
        if (keepalive != null) {
            keepalive.shutdownNow();
        }
        List<String> notes = java.util.Collections.synchronizedList(new ArrayList<>());
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
            e.transport.run(MtuCommands.disarm(runId, e.end, e.iface), COMMAND_TIMEOUT);
            e.armed = false;
            notes.add(e.label + " " + e.iface + ": restored " + e.original);
        } catch (TransportException ex) {
            notes.add(e.label + " " + e.iface + ": could not restore now (" + ex.getMessage()
                    + "); its automatic restore sets MTU " + e.original + " within " + DEADMAN_SECONDS + " s");
            progress.accept("cannot restore the MTU of " + e.iface + " on " + e.label + " (" + ex.getMessage()
                    + "); the host restores MTU " + e.original + " by itself within " + DEADMAN_SECONDS + " s");
        } catch (InterruptedException ex) {
            notes.add(e.label + " " + e.iface + ": interrupted; its automatic restore sets MTU " + e.original
                    + " within " + DEADMAN_SECONDS + " s");
            throw ex;
        }
    }

    /** Work on one end that may fail. */
    private interface EndTask {
        void run(End e) throws TransportException, InterruptedException;
    }

    /** Runs the task on every end at once (a round trip each); the first failure is thrown after all ended. */
    private void forEachEnd(EndTask task) throws TransportException, InterruptedException {
        List<java.util.concurrent.Future<?>> futures = new ArrayList<>();
        for (End e : ends) {
            futures.add(Run.IO.submit(() -> {
                task.run(e);
                return null;
            }));
        }
        Exception first = null;
        for (java.util.concurrent.Future<?> f : futures) {
            try {
                f.get();
            } catch (java.util.concurrent.ExecutionException ex) {
                if (first == null) {
                    first = ex.getCause() instanceof Exception c ? c : ex;
                }
            }
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

    private static void mustSucceed(End e, RemoteCommand c) throws TransportException, InterruptedException {
        CommandResult r = e.transport.run(c, COMMAND_TIMEOUT);
        if (!r.ok()) {
            throw new TransportException("cannot " + c.description() + " on " + e.label + ": " + firstLine(r));
        }
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
