package io.linklab.counters;

import io.linklab.concurrent.DaemonThreads;
import io.linklab.remote.LineSink;
import io.linklab.remote.RemoteCommand;
import io.linklab.remote.Transport;
import io.linklab.remote.TransportException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One host's sampler over one repetition: its command, and the counters it has reported so far. Lines arrive on
 * the transport's reader thread, the engine reads on its own: every access holds the sampler's lock.
 *
 * <p>What it keeps is bounded whatever the host sends: a snapshot is cut by {@link SnapshotParser}, snapshots that
 * come faster than asked for are dropped, and once {@link #MAX_KEPT} values are kept each counter's series is
 * halved by merging neighbouring intervals (totals stay exact; a long test's series gets coarser). Every value is
 * still handed out once to the CSV and once to the live lanes.
 */
final class Sampler {

    /** A counter value with when its interval ended on LinkLab's clock (System.nanoTime). */
    record Timed(long endNanos, double intervalS, CounterValue value) {}

    private static final System.Logger LOG = System.getLogger(Sampler.class.getName());

    /**
     * The most values kept for the findings (and the most waiting for the CSV or the live lanes): about 10 MB.
     * A 128-core host gives about 800 a second, so a test of two minutes or less keeps every interval.
     */
    static final int MAX_KEPT = 100_000;

    /** Snapshots a sampler may send at once beyond its pace: the first, and the one a wake asks for. */
    private static final double BURST = 3;

    final Transport transport;
    final RemoteCommand command;
    /** The sampler's $0 on its host, which only it has. */
    private final String name;
    /** Told after each snapshot, outside the lock (it takes the new values for the live view). */
    private final Runnable onSnapshot;
    /** Told once each of an oversized snapshot and of snapshots sent too fast. */
    private final Consumer<String> warnings;
    /** The fewest nanoseconds between two snapshots on average (half the interval); 0 for a recorded replay. */
    private final long spacingNanos;

    private final SnapshotParser parser = new SnapshotParser(this::snapshot);
    private final List<Timed> values = new ArrayList<>();
    private final List<Timed> unseen = new ArrayList<>();
    private final List<Timed> unwritten = new ArrayList<>();
    private double tokens = BURST;
    private long lastArrivalNanos;
    private boolean warnedFast;
    private boolean warnedCut;
    private final List<String> pendingWarnings = new ArrayList<>();
    private Snapshot last;
    private Snapshot lastWithQdisc;
    /** nanoTime − uptime of the first snapshot: maps the host's clock to LinkLab's. */
    private long offsetNanos;

    private long lastSnapshotNanos = Long.MIN_VALUE;
    private long lastQdiscNanos = Long.MIN_VALUE;
    private int snapshots;

    /** A sampler that takes every snapshot however fast it comes: for replaying a recorded host. */
    Sampler(Transport transport, RemoteCommand command, String name, Runnable onSnapshot) {
        this(transport, command, name, onSnapshot, 0, message -> {});
    }

    /**
     * @param intervalS the interval the sampler was started with: snapshots that come more often than every half of
     *                  it (beyond a small burst) are dropped
     */
    Sampler(
            Transport transport,
            RemoteCommand command,
            String name,
            Runnable onSnapshot,
            double intervalS,
            Consumer<String> warnings) {
        this.transport = transport;
        this.command = command;
        this.name = name;
        this.onSnapshot = onSnapshot;
        this.spacingNanos = (long) (intervalS * 0.5e9);
        this.warnings = warnings;
    }

    LineSink out() {
        return line -> {
            int before;
            int after;
            List<String> told = List.of();
            synchronized (this) {
                before = snapshots;
                parser.line(line);
                after = snapshots;
                if (!pendingWarnings.isEmpty()) {
                    told = List.copyOf(pendingWarnings);
                    pendingWarnings.clear();
                }
            }
            told.forEach(warnings);
            if (after != before) {
                onSnapshot.run();
            }
        };
    }

    private void snapshot(Snapshot s) {
        long now = System.nanoTime();
        String cut = parser.cut();
        if (cut != null && !warnedCut) {
            warnedCut = true;
            warn("the host counters of " + label() + " sent an oversized snapshot (" + cut + "); it was cut");
        }
        if (!withinPace(now)) {
            if (!warnedFast) {
                warnedFast = true;
                warn("the host counters of " + label() + " sent snapshots faster than every " + spacingNanos / 1_000_000
                        + " ms; the extra ones were dropped");
            }
            return;
        }
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

    /** A token bucket on LinkLab's clock (a host's own uptime could lie): half an interval a token. */
    private boolean withinPace(long now) {
        if (spacingNanos <= 0) {
            return true;
        }
        if (lastArrivalNanos != 0) {
            tokens = Math.min(BURST, tokens + (now - lastArrivalNanos) / (double) spacingNanos);
        }
        lastArrivalNanos = now;
        if (tokens < 1) {
            return false;
        }
        tokens -= 1;
        return true;
    }

    private String label() {
        return transport == null ? "the host" : transport.hostLabel();
    }

    /** Told after the line that caused it, outside the lock, as {@link #onSnapshot} is. */
    private void warn(String message) {
        pendingWarnings.add(message);
    }

    private void add(Timed t) {
        values.add(t);
        if (values.size() > MAX_KEPT) {
            halve(values);
        }
        keepLatest(unseen, t);
        keepLatest(unwritten, t);
    }

    /** Adds {@code t}, dropping the oldest half when the list is full (nobody has taken it for that long). */
    private static void keepLatest(List<Timed> list, Timed t) {
        if (list.size() >= MAX_KEPT) {
            list.subList(0, MAX_KEPT / 2).clear();
        }
        list.add(t);
    }

    /**
     * Merges each counter's neighbouring intervals two by two (a value weighted by its interval), so that the list
     * holds about half as many values, still in time order, with the same totals.
     */
    static void halve(List<Timed> values) {
        Map<String, Timed> pending = new HashMap<>();
        List<Timed> out = new ArrayList<>(values.size() / 2 + 1);
        for (Timed t : values) {
            String key = t.value().group() + "\n" + t.value().name();
            Timed first = pending.remove(key);
            if (first == null) {
                pending.put(key, t);
            } else {
                double interval = first.intervalS() + t.intervalS();
                double value = interval > 0
                        ? (first.value().value() * first.intervalS() + t.value().value() * t.intervalS()) / interval
                        : t.value().value();
                out.add(new Timed(
                        t.endNanos(),
                        interval,
                        new CounterValue(
                                t.value().group(), t.value().name(), t.value().unit(), value)));
            }
        }
        out.addAll(pending.values());
        out.sort(Comparator.comparingLong(Timed::endNanos));
        values.clear();
        values.addAll(out);
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

    /** The values not written to host_counters.csv yet. */
    synchronized List<Timed> takeUnwritten() {
        List<Timed> out = List.copyOf(unwritten);
        unwritten.clear();
        return out;
    }
}
