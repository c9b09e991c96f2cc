package io.linklab.counters;

import io.linklab.concurrent.DaemonThreads;
import io.linklab.remote.LineSink;
import io.linklab.remote.RemoteCommand;
import io.linklab.remote.Transport;
import io.linklab.remote.TransportException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One host's sampler over one repetition: its command, and the counters it has reported so far. Lines arrive on
 * the transport's reader thread, the engine reads on its own: every access holds the sampler's lock.
 */
final class Sampler {

    /** A counter value with when its interval ended on LinkLab's clock (System.nanoTime). */
    record Timed(long endNanos, double intervalS, CounterValue value) {}

    private static final System.Logger LOG = System.getLogger(Sampler.class.getName());

    final Transport transport;
    final RemoteCommand command;
    /** The sampler's $0 on its host, which only it has. */
    private final String name;
    /** Told after each snapshot, outside the lock (it takes the new values for the live view). */
    private final Runnable onSnapshot;

    private final SnapshotParser parser = new SnapshotParser(this::snapshot);
    private final List<Timed> values = new ArrayList<>();
    private final List<Timed> unseen = new ArrayList<>();
    private Snapshot last;
    private Snapshot lastWithQdisc;
    /** nanoTime − uptime of the first snapshot: maps the host's clock to LinkLab's. */
    private long offsetNanos;

    private long lastSnapshotNanos = Long.MIN_VALUE;
    private long lastQdiscNanos = Long.MIN_VALUE;
    private int snapshots;

    Sampler(Transport transport, RemoteCommand command, String name, Runnable onSnapshot) {
        this.transport = transport;
        this.command = command;
        this.name = name;
        this.onSnapshot = onSnapshot;
    }

    LineSink out() {
        return line -> {
            int before;
            int after;
            synchronized (this) {
                before = snapshots;
                parser.line(line);
                after = snapshots;
            }
            if (after != before) {
                onSnapshot.run();
            }
        };
    }

    private void snapshot(Snapshot s) {
        long now = System.nanoTime();
        if (snapshots == 0) {
            offsetNanos = now - (long) (s.uptimeS() * 1e9);
        }
        snapshots++;
        long at = offsetNanos + (long) (s.uptimeS() * 1e9);
        if (last != null) {
            double dt = s.uptimeS() - last.uptimeS();
            for (CounterValue v : CounterRates.between(last, s)) {
                add(new Timed(at, dt, v));
            }
        }
        if (s.interfaceCounters().containsKey(CounterRates.QDISC_DROPPED)) {
            CounterValue q = CounterRates.qdiscDrops(lastWithQdisc, s);
            if (q != null) {
                add(new Timed(at, s.uptimeS() - lastWithQdisc.uptimeS(), q));
            }
            lastWithQdisc = s;
            lastQdiscNanos = at;
        }
        last = s;
        lastSnapshotNanos = at;
        notifyAll();
    }

    private void add(Timed t) {
        values.add(t);
        unseen.add(t);
    }

    /**
     * Waits until a snapshot taken at or after {@code nanos} (LinkLab's clock) is in, one with the qdisc's
     * counters where the host reports them (read only every few snapshots); false on time-out.
     */
    synchronized boolean awaitSnapshotAfter(long nanos, long timeoutNanos) throws InterruptedException {
        // Its first snapshot comes as it starts, and the clients waited for it: a sampler that sent none during
        // the whole test did not start (no shell, refused), and waiting for its last one only delays the run.
        if (snapshots == 0) {
            return false;
        }
        long deadline = System.nanoTime() + timeoutNanos;
        while (lastSnapshotNanos < nanos || lastWithQdisc != null && lastQdiscNanos < nanos) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            wait(Math.max(1, left / 1_000_000));
        }
        return true;
    }

    synchronized void awaitFirstSnapshot(long timeoutNanos) throws InterruptedException {
        long deadline = System.nanoTime() + timeoutNanos;
        while (snapshots == 0) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return;
            }
            wait(Math.max(1, left / 1_000_000));
        }
    }

    /**
     * Asks the sampler for a snapshot now, on a thread of its own (one round trip to the host); a sampler that
     * cannot be woken (no bash there) or a failed request just means the snapshot comes at its next interval.
     */
    void wake() {
        Long pid;
        synchronized (this) {
            pid = parser.pid();
        }
        if (pid == null) {
            return;
        }
        DaemonThreads.start("linklab-counters-wake", () -> {
            try {
                transport.run(SamplerScript.wakeCommand(pid, name), Duration.ofSeconds(5));
            } catch (TransportException e) {
                LOG.log(System.Logger.Level.DEBUG, "could not wake the host counters on " + transport.hostLabel(), e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    /** Whether the sampler ends by itself once its last snapshot is in (it was woken and said so). */
    synchronized boolean endsByItself() {
        return parser.lastAnnounced();
    }

    synchronized String iface() {
        return parser.iface();
    }

    synchronized String bootId() {
        return parser.bootId();
    }

    synchronized Long speedMbps() {
        return parser.speedMbps();
    }

    synchronized int snapshots() {
        return snapshots;
    }

    synchronized List<Timed> values() {
        return List.copyOf(values);
    }

    /** The values not handed out yet (for the live lanes). */
    synchronized List<Timed> takeUnseen() {
        List<Timed> out = List.copyOf(unseen);
        unseen.clear();
        return out;
    }
}
