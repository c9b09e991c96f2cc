package io.linklab.tune;

import io.linklab.model.Tool;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A link and two hosts whose throughput the test controls: one core caps a process (iperf3 runs all of a process's
 * streams on one thread, iperf2 one thread per stream), the window caps a stream, each extra stream in a process
 * costs some of its core, the link caps the sum, and each repetition is off by seeded Gaussian noise. Time passes
 * only when a probe runs: its traffic plus a fixed overhead.
 */
final class ThroughputModel implements ProbeRunner {

    final int cores;
    final double coreBps;
    final double linkBps;
    final double streamBps;
    final Map<String, Double> windowFactor;
    final double perStreamOverhead;
    final double numaGain;
    final double noiseSd;
    final boolean counters;
    final double overheadS;
    private final Random random;
    private long nanos;
    int probes;

    /**
     * @param streamBps   what one stream carries with the default window
     * @param numaGain    the factor pinning to the NIC's node gives (spread gives half of it)
     * @param counters    whether probes tell the receiver's busiest core
     */
    ThroughputModel(
            int cores,
            double coreBps,
            double linkBps,
            double streamBps,
            Map<String, Double> windowFactor,
            double perStreamOverhead,
            double numaGain,
            double noiseSd,
            boolean counters,
            long seed) {
        this.cores = cores;
        this.coreBps = coreBps;
        this.linkBps = linkBps;
        this.streamBps = streamBps;
        this.windowFactor = windowFactor;
        this.perStreamOverhead = perStreamOverhead;
        this.numaGain = numaGain;
        this.noiseSd = noiseSd;
        this.counters = counters;
        this.overheadS = 1.5;
        this.random = new Random(seed);
    }

    long nanoTime() {
        return nanos;
    }

    /** Time passing with nothing measured: a host that stalls. */
    void stall(double seconds) {
        nanos += (long) (seconds * 1e9);
    }

    /** The rate without noise. */
    double trueRate(TuneSettings s) {
        double pin = switch (s.pinning()) {
            case NONE -> 1.0;
            case SPREAD -> s.processes() > 1 ? 1 + (numaGain - 1) / 2 : 1.0;
            case NUMA -> numaGain;
        };
        double window = s.window() == null ? 1.0 : windowFactor.getOrDefault(s.window(), 1.0);
        int threadsPerProcess = s.tool() == Tool.IPERF2 ? s.streams() : 1;
        double efficiency = 1 / (1 + perStreamOverhead * (s.streams() - 1));
        double toolFactor = switch (s.tool()) {
            case IPERF3 -> 1.0;
            case IPERF2 -> 0.9;
            case NETPERF -> 1.05;
        };
        double perProcess = Math.min(
                s.streams() * streamBps * window,
                Math.min(threadsPerProcess, cores) * coreBps * efficiency * toolFactor);
        int threads = s.processes() * threadsPerProcess;
        double sharing = threads > cores ? 0.95 : 1.0; // processes that share a core lose to switching
        double cpuCap = Math.min(cores, threads) * coreBps * efficiency * toolFactor * pin * sharing;
        return Math.min(linkBps, Math.min(s.processes() * perProcess, cpuCap));
    }

    double busiestCore(TuneSettings s) {
        int threads = s.processes() * (s.tool() == Tool.IPERF2 ? s.streams() : 1);
        double perCore = trueRate(s) / Math.min(cores, threads);
        return Math.min(100, 100 * perCore / coreBps);
    }

    @Override
    public Probe run(TuneSettings s, ProbeLength length) {
        probes++;
        nanos += (long) ((length.trafficSeconds() + overheadS) * 1e9);
        List<Double> rates = new ArrayList<>();
        for (int i = 0; i < length.repetitions(); i++) {
            rates.add(trueRate(s) * Math.max(0.05, 1 + noiseSd * random.nextGaussian()));
        }
        return Probe.of(s, rates, counters ? busiestCore(s) : null);
    }

    /** What the exhaustive grid costs with the same short probes. */
    double gridSeconds(TuneSpace space, ProbeLength probe) {
        return space.grid().size() * (probe.trafficSeconds() + overheadS);
    }

    double gridBest(TuneSpace space) {
        return space.grid().stream().mapToDouble(this::trueRate).max().orElseThrow();
    }
}
