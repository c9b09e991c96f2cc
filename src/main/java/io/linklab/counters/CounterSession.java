package io.linklab.counters;

import io.linklab.model.Direction;
import io.linklab.model.Summary;
import io.linklab.remote.LineSink;
import io.linklab.remote.RemoteCommand;
import io.linklab.remote.RemoteProcess;
import io.linklab.remote.Transport;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The host counters of one repetition: one sampler per host (one for both ends when they are the same host and
 * interface), started before the tool's servers and stopped once each has a snapshot from after the clients
 * ended. The engine starts the samplers' commands itself, like the tool's, so its clean-up stops them too.
 */
public final class CounterSession {

    private static final SecureRandom NAMES = new SecureRandom();

    /** A command for the engine to start, with where its output goes. */
    public record Start(Transport transport, RemoteCommand command, LineSink out, LineSink err) {}

    /** Who measures the rows of one end. */
    private record EndSampler(String end, String host, Sampler sampler) {}

    private final HostCounters run;
    private final String point;
    private final int repetition;
    private final Integer mtu;
    private final double intervalS;
    private final List<EndSampler> ends = new ArrayList<>();
    private final List<Sampler> samplers = new ArrayList<>();
    private final long createdNanos = System.nanoTime();
    private volatile long clientsStartNanos;
    private volatile long clientsEndNanos;
    private List<HostCounterRow> written;

    CounterSession(HostCounters run, String point, int repetition, Integer mtu, double intervalS) {
        this.run = run;
        this.point = point;
        this.repetition = repetition;
        this.mtu = mtu;
        this.intervalS = intervalS;
    }

    /** Adds an end with a sampler of its own. */
    void addEnd(String end, String host, Transport t, String iface, String find) {
        // a name of its own, which the command that wakes it checks for
        String name = "linklab-counters-" + HexFormat.of().toHexDigits(NAMES.nextLong());
        Sampler s = new Sampler(
                t,
                SamplerScript.command(iface, intervalS, find, name, t.runDirectory()),
                name,
                this::poll,
                intervalS,
                run::warning);
        samplers.add(s);
        ends.add(new EndSampler(end, host, s));
    }

    /** Adds an end measured by the previous end's sampler (the same host and interface). */
    void addSameAsPrevious(String end, String host) {
        ends.add(new EndSampler(end, host, ends.get(ends.size() - 1).sampler()));
    }

    /** The samplers' commands, for the engine to start with the tool's servers. */
    public List<Start> starts() {
        List<Start> out = new ArrayList<>();
        for (Sampler s : samplers) {
            out.add(new Start(s.transport, s.command, s.out(), line -> {}));
        }
        return out;
    }

    /**
     * Waits (at most {@code timeoutMs}) until each sampler has taken its first snapshot, so that the clients start
     * with the counters already running.
     */
    public void awaitFirstSnapshot(long timeoutMs) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        for (Sampler s : samplers) {
            s.awaitFirstSnapshot(Math.max(0, deadline - System.nanoTime()));
        }
    }

    public void clientsStarted() {
        clientsStartNanos = System.nanoTime();
        poll();
    }

    /** The clients are over: the samplers' last snapshot must come after this. */
    public void clientsEnded() {
        clientsEndNanos = System.nanoTime();
        // a snapshot now rather than at the next interval (up to two, for the qdisc's): the run waits for it
        for (Sampler s : samplers) {
            s.wake();
        }
    }

    /**
     * Waits until every sampler has a snapshot from after the clients' end, with the qdisc's counters (at most
     * the intervals between two qdisc readings and 2 s).
     */
    void awaitLastSnapshot() throws InterruptedException {
        long end = clientsEndNanos == 0 ? System.nanoTime() : clientsEndNanos;
        long timeout = TimeUnit.MILLISECONDS.toNanos((long) (SamplerScript.QDISC_EVERY * intervalS * 1000) + 2000);
        for (Sampler s : samplers) {
            if (!s.awaitSnapshotAfter(end, timeout)) {
                run.warning("the host counters of " + s.transport.hostLabel() + " sent no snapshot after the test "
                        + "ended; its last interval is missing from host_counters.csv");
            }
        }
    }

    /**
     * Ends the samplers the engine started from {@link #starts()} (in that order) and writes their rows: first,
     * if {@code awaitLast}, waits for each one's snapshot from after the clients' end; a sampler that said it ends
     * by itself after that snapshot is waited for, the others are stopped with {@code stop}, which kills.
     */
    public void stop(List<RemoteProcess> processes, boolean awaitLast, Consumer<RemoteProcess> stop) {
        try {
            if (awaitLast) {
                awaitLastSnapshot();
                for (int i = 0; i < processes.size(); i++) {
                    if (samplers.get(i).endsByItself()) {
                        // due within milliseconds; a kill would cost its watchdog's 0.1 s poll per host
                        processes.get(i).waitFor(Duration.ofSeconds(1));
                    }
                }
            }
        } catch (InterruptedException e) {
            // a Stop while waiting: the rows until then are kept
        } finally {
            Thread.interrupted();
            processes.forEach(stop);
            finish();
        }
    }

    /**
     * Hands the rows reported since the last call to the live view and host_counters.csv as they come (once the
     * clients have started: rows are timed from their start), so that a long test keeps no more than its samplers
     * keep for the findings.
     */
    private synchronized void poll() {
        if (clientsStartNanos != 0 && written == null) {
            run.live(point, rows(Sampler::takeUnseen));
            run.write(rows(Sampler::takeUnwritten));
        }
    }

    /**
     * Writes the repetition's rows to host_counters.csv, once (the samplers are stopped by then).
     *
     * @return the rows
     */
    public synchronized List<HostCounterRow> finish() {
        if (written == null) {
            for (Sampler s : samplers) {
                if (s.snapshots() == 0) {
                    run.warning("no host counters from " + s.transport.hostLabel() + ": its sampler printed nothing");
                }
            }
            run.write(rows(Sampler::takeUnwritten));
            written = rows(Sampler::values);
        }
        return written;
    }

    /** Runs the rules on the repetition's counters and the tool's totals, and writes what they found. */
    public List<Finding> findings(
            List<Summary> summaries,
            String tool,
            int processes,
            double durationS,
            boolean udp,
            List<Direction> directions) {
        List<HostCounterRow> all = finish();
        EndSeries client = series("client", all);
        EndSeries server = series("server", all);
        PointEvidence e = new PointEvidence(
                point,
                mtu,
                tool,
                processes,
                durationS,
                udp,
                directions,
                client,
                server,
                summaries,
                sameKernel(),
                run.threadedEnds());
        return run.findings(e, repetition);
    }

    /** Whether both ends run on one kernel (one sampler for both, or the same boot id): they share its cores. */
    private boolean sameKernel() {
        if (ends.size() < 2) {
            return false;
        }
        Sampler a = ends.get(0).sampler();
        Sampler b = ends.get(1).sampler();
        return a == b || !a.bootId().isEmpty() && a.bootId().equals(b.bootId());
    }

    private EndSeries series(String end, List<HostCounterRow> all) {
        for (EndSampler es : ends) {
            if (es.end().equals(end)) {
                return new EndSeries(
                        end,
                        es.host(),
                        es.sampler().iface(),
                        es.sampler().speedMbps(),
                        all.stream().filter(r -> r.end().equals(end)).toList());
            }
        }
        return new EndSeries(end, "", "", null, List.of());
    }

    /** Rows of every end from what {@code take} takes of each sampler (once, for a sampler of both ends). */
    private List<HostCounterRow> rows(Function<Sampler, List<Sampler.Timed>> take) {
        long zero = clientsStartNanos != 0 ? clientsStartNanos : createdNanos;
        List<HostCounterRow> out = new ArrayList<>();
        Map<Sampler, List<Sampler.Timed>> taken = new HashMap<>();
        for (EndSampler es : ends) {
            List<Sampler.Timed> values = taken.computeIfAbsent(es.sampler(), take);
            String iface = es.sampler().iface();
            for (Sampler.Timed t : values) {
                out.add(new HostCounterRow(
                        (t.endNanos() - zero) / 1e9,
                        t.intervalS(),
                        point,
                        repetition,
                        es.end(),
                        es.host(),
                        iface,
                        t.value()));
            }
        }
        return out;
    }
}
