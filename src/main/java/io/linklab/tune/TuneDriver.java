package io.linklab.tune;

import io.linklab.counters.HostCounterRow;
import io.linklab.engine.PointDriver;
import io.linklab.engine.SweepPoint;
import io.linklab.model.SweepRow;
import io.linklab.model.TestPlan;
import io.linklab.model.Tool;
import io.linklab.tools.iperf3.Iperf3Version;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * A tune as the points of one engine run: the search runs on the run's thread once both hosts are logged in and
 * probed, and each of its probes is a point of that run (one login per host, the run's clean-up for all of them).
 */
public final class TuneDriver implements PointDriver {

    private final TuneRequest request;
    private final long startNanos;
    private final Consumer<TuneStep> onStep;
    private volatile TuneResult result;
    private volatile TuneSpace space;
    private volatile Pins cpus = new Pins(List.of(0), List.of(0), List.of(), List.of());
    private volatile List<String> notes = List.of();
    /** The receiver's busiest core (per cent) per sample, of the point being measured. */
    private final List<Double> busiest = new CopyOnWriteArrayList<>();

    /** @param startNanos when the tune began ({@link System#nanoTime}): the logins count against the budget */
    public TuneDriver(TuneRequest request, long startNanos, Consumer<TuneStep> onStep) {
        this.request = request;
        this.startNanos = startNanos;
        this.onStep = onStep;
    }

    @Override
    public void drive(Map<String, String> clientFacts, Map<String, String> serverFacts, Measurer measurer) {
        int clientCores = cpus(clientFacts);
        int serverCores = cpus(serverFacts);
        TestPlan base = request.base();
        NumaCpus clientNuma = NumaCpus.of(
                clientFacts, "client", base.client().login(), base.client().dataInterface());
        // without a named interface the server's is the one holding the target address
        String serverIf = base.server().dataInterface() != null
                ? base.server().dataInterface()
                : serverFacts.get("addr." + base.target());
        NumaCpus serverNuma = NumaCpus.of(serverFacts, "server", base.server().login(), serverIf);
        List<Pinning> pinnings = new ArrayList<>(List.of(Pinning.SPREAD));
        if (clientNuma.known() || serverNuma.known()) {
            pinnings.add(Pinning.NUMA);
        }
        if (request.vary().contains(Dimension.PINNING)) {
            notes = numaNotes(clientNuma, serverNuma);
        }
        // The weaker end decides: more processes than its cores only share them.
        space = new TuneSpace(
                request.tools(),
                Math.min(clientCores, serverCores),
                request.maxStreams(),
                pinnings,
                request.windows(),
                request.vary(),
                request.linkSpeedBps(),
                request.mtus(),
                // facts are of the base tool's program: its release on both ends
                base.tool() == Tool.IPERF3 && threaded(clientFacts) && threaded(serverFacts));
        this.cpus = new Pins(
                TunePlans.firstCpus(clientCores),
                TunePlans.firstCpus(serverCores),
                clientNuma.cpus(),
                serverNuma.cpus());
        Integer originalMtu = originalMtu(clientFacts);
        AtomicInteger probes = new AtomicInteger();
        ProbeRunner runner = (settings, length) -> {
            // once a probe set the MTU, "leave it alone" means the one the hosts had: set it back for that probe
            Integer mtu = settings.mtu() != null ? settings.mtu() : changesMtu() ? originalMtu : null;
            // numbered as tune.csv's step: the confirmation, or settings measured again, would share a label
            SweepPoint point = new SweepPoint(
                    "step " + probes.incrementAndGet() + " " + settings.label(),
                    TunePlans.plan(
                            base, settings, length, cpus.client(settings.pinning()), cpus.server(settings.pinning())),
                    mtu,
                    null);
            busiest.clear();
            SweepRow row = measurer.measure(point).get(0);
            if (!row.ok() || row.bitsPerSecond() == null) {
                String status = row.status();
                return Probe.failed(settings, status.startsWith("failed: ") ? status.substring(8) : status);
            }
            return new Probe(
                    settings,
                    row.bitsPerSecond(),
                    row.bitsPerSecondMin(),
                    row.bitsPerSecondMax(),
                    median(busiest),
                    null);
        };
        Duration spent = Duration.ofNanos(System.nanoTime() - startNanos);
        TuneBudget b = request.budget();
        Duration left = b.total().minus(spent);
        if (left.isNegative() || left.isZero()) {
            left = Duration.ofMillis(1);
        }
        result = new Tuner(
                        runner,
                        space,
                        new TuneBudget(left, b.probe(), b.confirm(), b.overhead()),
                        System::nanoTime,
                        onStep)
                .run()
                .withNotes(notes);
    }

    /**
     * Each end's CPUs per pinning: "spread" pins process i to CPU i, "numa" to the CPUs of the NIC's node (none on an
     * end whose node is not known: that end is left to the scheduler).
     */
    private record Pins(
            List<Integer> clientSpread,
            List<Integer> serverSpread,
            List<Integer> clientNuma,
            List<Integer> serverNuma) {
        List<Integer> client(Pinning p) {
            return p == Pinning.NUMA ? clientNuma : clientSpread;
        }

        List<Integer> server(Pinning p) {
            return p == Pinning.NUMA ? serverNuma : serverSpread;
        }
    }

    /** What keeps numa pinning from being tried, or from pinning one end. */
    private static List<String> numaNotes(NumaCpus client, NumaCpus server) {
        if (!client.known() && !server.known()) {
            return List.of("numa pinning not tried: " + client.unknown() + "; " + server.unknown());
        }
        NumaCpus unknown = client.known() ? server : client;
        return unknown.known()
                ? List.of()
                : List.of("numa pinning leaves the " + (unknown == client ? "client" : "server") + " to the scheduler: "
                        + unknown.unknown());
    }

    /**
     * Host counters as the run reports them (pass on {@link io.linklab.engine.RunListener#hostCounters}): the
     * receiver's busiest core guides the search where the hosts have counters.
     */
    public void hostCounters(List<HostCounterRow> rows) {
        String receiver = request.base().mode() == TestPlan.Mode.REVERSE ? "client" : "server";
        for (HostCounterRow r : rows) {
            if (r.end().equals(receiver) && r.name().equals("cpu.busiest")) {
                busiest.add(r.counter().value());
            }
        }
    }

    private static Double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        return sorted.isEmpty() ? null : sorted.get(sorted.size() / 2);
    }

    /** The tune's result once the run ended; null when the run ended before the search began. */
    public TuneResult result() {
        return result;
    }

    /**
     * {@code s} as a test plan of the confirmation's length: what "Save as test" and the printed script run. A
     * winner at another MTU is a one-point MTU sweep, so that the test sets it and restores the hosts' own.
     */
    public TestPlan fullLength(TuneSettings s) {
        return TunePlans.test(
                request.base(), s, request.budget().confirm(), cpus.client(s.pinning()), cpus.server(s.pinning()));
    }

    /** The space searched (known once the hosts were probed), or null. */
    public TuneSpace space() {
        return space;
    }

    @Override
    public boolean changesMtu() {
        return request.vary().contains(Dimension.MTU);
    }

    /** The client's data interface's MTU as preflight read it, or null. */
    private Integer originalMtu(Map<String, String> clientFacts) {
        String v = clientFacts.get("if." + request.base().client().dataInterface() + ".mtu");
        try {
            return v == null ? null : Integer.valueOf(v.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static boolean threaded(Map<String, String> facts) {
        return Iperf3Version.parse(facts.get("tool.version"))
                .map(v -> v.compareTo(Iperf3Version.THREADS) >= 0)
                .orElse(false);
    }

    private static int cpus(Map<String, String> facts) {
        try {
            return Math.max(1, Integer.parseInt(facts.getOrDefault("cpus", "1").trim()));
        } catch (NumberFormatException e) {
            return 1;
        }
    }
}
