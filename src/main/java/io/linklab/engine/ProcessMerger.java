package io.linklab.engine;

import io.linklab.model.Direction;
import io.linklab.model.Role;
import io.linklab.model.Sample;
import io.linklab.model.Summary;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Merges the reports of N parallel tool processes into one SUM, as seed 000 added four iperf3
 * processes up to 98.2 Gbit/s by hand. A process's share of an interval is its own SUM line when it
 * runs several streams, else its single stream; the merged SUM (process null) is emitted as soon as
 * every process has reported that interval. Intervals are matched by their index, since each process
 * counts time from its own start.
 */
final class ProcessMerger {

    private record Key(Direction direction, boolean omitted, long index) {
    }

    private final int processes;
    private final int streams;
    private final double interval;
    private final Consumer<Sample> merged;
    private final Map<Key, Map<String, Sample>> pending = new HashMap<>();

    ProcessMerger(int processes, int streams, double interval, Consumer<Sample> merged) {
        this.processes = processes;
        this.streams = streams;
        this.interval = interval;
        this.merged = merged;
    }

    /** A sample of one process (its {@code process} set); emits the merged SUM when the interval is complete. */
    synchronized void sample(Sample s) {
        if (processes < 2 || s.direction() == null || s.process() == null) {
            return;
        }
        boolean share = streams > 1 ? s.isSum() : !s.isSum();
        if (!share) {
            return;
        }
        Key key = new Key(s.direction(), s.omitted(), Math.round(s.endS() / interval));
        Map<String, Sample> byProcess = pending.computeIfAbsent(key, k -> new HashMap<>());
        byProcess.put(s.process(), s);
        if (byProcess.size() == processes) {
            pending.remove(key);
            merged.accept(add(new ArrayList<>(byProcess.values())));
        }
    }

    static Sample add(List<Sample> parts) {
        double start = Double.MAX_VALUE;
        double end = 0;
        boolean omitted = false;
        Acc bytes = new Acc();
        Acc bps = new Acc();
        Acc retr = new Acc();
        Acc lost = new Acc();
        Acc packets = new Acc();
        for (Sample p : parts) {
            start = Math.min(start, p.startS());
            end = Math.max(end, p.endS());
            omitted |= p.omitted();
            bytes.add(p.bytes());
            bps.add(p.bitsPerSecond());
            retr.add(p.retransmits());
            lost.add(p.lostPackets());
            packets.add(p.packets());
        }
        return new Sample(null, Sample.SUM, parts.get(0).direction(), start, end, bytes.longValue(), bps.value(),
                retr.longValue(), null, null, null, lost.longValue(), packets.longValue(), omitted);
    }

    /**
     * The end-of-test totals of all processes for one direction and role: each process's SUM summary,
     * or the sum of its stream summaries when it printed no SUM. Null when no process reported one.
     */
    static Summary total(List<Summary> all, Direction direction, Role role) {
        Map<String, Summary> sums = new HashMap<>();
        Map<String, List<Summary>> streamsOf = new HashMap<>();
        for (Summary s : all) {
            if (s.direction() != direction || s.role() != role) {
                continue;
            }
            String proc = s.process() == null ? "" : s.process();
            if (s.isSum()) {
                sums.put(proc, s);
            } else {
                streamsOf.computeIfAbsent(proc, k -> new ArrayList<>()).add(s);
            }
        }
        List<Summary> shares = new ArrayList<>(sums.values());
        streamsOf.forEach((proc, list) -> {
            if (!sums.containsKey(proc)) {
                shares.addAll(list);
            }
        });
        if (shares.isEmpty()) {
            return null;
        }
        double start = Double.MAX_VALUE;
        double end = 0;
        Acc bytes = new Acc();
        Acc bps = new Acc();
        Acc retr = new Acc();
        Acc lost = new Acc();
        Acc packets = new Acc();
        Acc jitter = new Acc();
        Acc lcpu = new Acc();
        Acc rcpu = new Acc();
        Acc lsd = new Acc();
        Acc rsd = new Acc();
        for (Summary s : shares) {
            start = Math.min(start, s.startS());
            end = Math.max(end, s.endS());
            bytes.add(s.bytes());
            bps.add(s.bitsPerSecond());
            retr.add(s.retransmits());
            lost.add(s.lostPackets());
            packets.add(s.packets());
            jitter.max(s.jitterMs());
            lcpu.max(s.localCpuPercent()); // netperf -c is host-wide: every process sees the same CPU
            rcpu.max(s.remoteCpuPercent());
            lsd.max(s.localServiceDemandUsPerKb());
            rsd.max(s.remoteServiceDemandUsPerKb());
        }
        return new Summary(null, Sample.SUM, direction, role, start, end, bytes.longValue(), bps.value(),
                retr.longValue(), jitter.value(), lost.longValue(), packets.longValue(), lcpu.value(), rcpu.value(),
                lsd.value(), rsd.value());
    }

    /** Sums numbers a tool may or may not report: null stays null only if no part reported it. */
    private static final class Acc {
        private double sum;
        private boolean any;

        void add(Number n) {
            if (n != null) {
                sum += n.doubleValue();
                any = true;
            }
        }

        void max(Number n) {
            if (n != null) {
                sum = any ? Math.max(sum, n.doubleValue()) : n.doubleValue();
                any = true;
            }
        }

        Double value() {
            return any ? sum : null;
        }

        Long longValue() {
            return any ? Math.round(sum) : null;
        }
    }
}
