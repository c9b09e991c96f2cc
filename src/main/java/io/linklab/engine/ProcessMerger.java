package io.linklab.engine;

import io.linklab.model.Direction;
import io.linklab.model.Role;
import io.linklab.model.Sample;
import io.linklab.model.Summary;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Merges the reports of N parallel tool processes into one SUM, as seed 000 added four iperf3
 * processes up to 98.2 Gbit/s by hand. A process's share of an interval is its own SUM line when it
 * runs several streams, else its single stream; the merged SUM (process null) is emitted as soon as
 * every process has reported that interval. Intervals are matched by their order within each process
 * (its first, second, ... report per direction), since each process counts time from its own start and
 * a last, short interval (2.00-2.04) would fall on its neighbour's number if the times were rounded.
 * What never completes (a process that stopped early) is named by {@link #incomplete()}, and an
 * end-of-test total some processes lack is named by {@link Total#missing()}: a SUM is never quietly
 * made of fewer processes than ran.
 */
final class ProcessMerger {

    private record Key(Direction direction, boolean omitted, long index) {}

    /** Where one process's next share of one direction goes. */
    private record Counter(String process, Direction direction, boolean omitted) {}

    private final List<String> processes;
    private final int streams;
    private final Consumer<Sample> merged;
    private final Map<Key, Map<String, Sample>> pending = new LinkedHashMap<>();
    private final Map<Counter, Long> next = new HashMap<>();

    /**
     * @param processes the names the processes' samples carry (one per process); fewer than two merge nothing
     * @param streams   streams per process: with several, a process's share is its SUM line
     */
    ProcessMerger(List<String> processes, int streams, Consumer<Sample> merged) {
        this.processes = List.copyOf(processes);
        this.streams = streams;
        this.merged = merged;
    }

    /** A sample of one process (its {@code process} set); emits the merged SUM when the interval is complete. */
    synchronized void sample(Sample s) {
        if (processes.size() < 2 || s.direction() == null || s.process() == null) {
            return;
        }
        boolean share = streams > 1 ? s.isSum() : !s.isSum();
        if (!share) {
            return;
        }
        long index = next.merge(new Counter(s.process(), s.direction(), s.omitted()), 1L, Long::sum) - 1;
        Key key = new Key(s.direction(), s.omitted(), index);
        Map<String, Sample> byProcess = pending.computeIfAbsent(key, k -> new HashMap<>());
        byProcess.put(s.process(), s);
        if (byProcess.size() == processes.size()) {
            pending.remove(key);
            List<Sample> parts = new ArrayList<>();
            for (String p : processes) {
                parts.add(byProcess.get(p));
            }
            merged.accept(add(parts));
        }
    }

    /**
     * The intervals some processes reported and others did not, once all output is in: which interval
     * (as the first process to report it timed it) and which processes never reported it. Empty when
     * every interval was merged.
     */
    synchronized List<String> incomplete() {
        List<String> out = new ArrayList<>();
        pending.forEach((key, byProcess) -> {
            Sample first = byProcess.values().iterator().next();
            List<String> absent =
                    processes.stream().filter(p -> !byProcess.containsKey(p)).toList();
            out.add(key.direction().csv() + " interval " + (key.index() + 1)
                    + String.format(
                            Locale.ROOT,
                            " (%.2f-%.2f s%s)",
                            first.startS(),
                            first.endS(),
                            key.omitted() ? ", omitted" : "")
                    + ": no report from process " + String.join(", ", absent) + " (reported by "
                    + String.join(
                            ", ",
                            processes.stream().filter(byProcess::containsKey).toList()) + ")");
        });
        return out;
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
        Instant startUtc = null;
        for (Sample p : parts) {
            if (p.startUtc() != null && (startUtc == null || p.startUtc().isBefore(startUtc))) {
                startUtc = p.startUtc();
            }
        }
        // The parts are one end's view (the engine merges each end's reports apart): the SUM is that view too.
        return new Sample(
                null,
                Sample.SUM,
                parts.get(0).direction(),
                start,
                end,
                bytes.longValue(),
                bps.value(),
                retr.longValue(),
                null,
                null,
                null,
                lost.longValue(),
                packets.longValue(),
                omitted,
                parts.get(0).role(),
                null,
                startUtc,
                null,
                null);
    }

    /**
     * The end-of-test total of all processes for one direction and role.
     *
     * @param sum     the processes' totals added up; null when no process reported one (a tool that has
     *                no such total, e.g. iperf2's full-duplex sending side) or when some processes lack theirs
     * @param missing the processes that reported no total while others did, in their order; a SUM without
     *                them would be short, so there is none
     */
    record Total(Summary sum, List<String> missing) {}

    /**
     * The end-of-test totals of all processes for one direction and role: each process's SUM summary,
     * or the sum of its stream summaries when it printed no SUM.
     *
     * @param processes the names the processes' summaries carry; empty for one process (whose summaries
     *                  carry no name)
     */
    static Total total(List<Summary> all, List<String> processes, Direction direction, Role role) {
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
            return new Total(null, List.of());
        }
        List<String> missing = processes.stream()
                .filter(p -> !sums.containsKey(p) && !streamsOf.containsKey(p))
                .toList();
        if (!missing.isEmpty()) {
            return new Total(null, missing);
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
        return new Total(
                new Summary(
                        null,
                        Sample.SUM,
                        direction,
                        role,
                        start,
                        end,
                        bytes.longValue(),
                        bps.value(),
                        retr.longValue(),
                        jitter.value(),
                        lost.longValue(),
                        packets.longValue(),
                        lcpu.value(),
                        rcpu.value(),
                        lsd.value(),
                        rsd.value(),
                        null),
                List.of());
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
