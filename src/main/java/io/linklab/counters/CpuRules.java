package io.linklab.counters;

import static io.linklab.counters.FindingRules.mean;
import static io.linklab.counters.FindingRules.median;
import static io.linklab.counters.FindingRules.mode;
import static io.linklab.counters.FindingRules.num;
import static io.linklab.counters.FindingRules.pct;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The CPU rules: a tool process or a core at its limit (seed 000's one iperf3 process on one core), and a core
 * the tool shares with something else. They read each end's cores ("cpuN.busy") and, where the sampler saw the
 * tools' processes, their own CPU ("proc.NAME.PID", "proc.busiest", "proc.busiest_core").
 */
public final class CpuRules {

    /** A core at least this busy for most of the test is the limit… */
    static final double CORE_FULL_PERCENT = 90;
    /** …while the host's other cores average at most this. */
    static final double OTHERS_IDLE_PERCENT = 50;
    /** A process using at least this much of one core for most of the test is bound by it. */
    static final double PROCESS_FULL_PERCENT = 90;
    /** On a full core, a process with at least this much of it is what fills it. */
    static final double PROCESS_FILLS_CORE = 70;
    /**
     * The share of a full core that neither the test's tool processes nor softirq explain, from which it is shared
     * (evidence: docs/decisions/0304-finding-thresholds.md).
     */
    static final double SHARED_PERCENT = 20;

    private CpuRules() {}

    public static List<Finding> all(PointEvidence e) {
        List<Finding> out = new ArrayList<>();
        for (EndSeries s : List.of(e.client(), e.server())) {
            Finding f = oneEnd(e, s);
            if (f != null) {
                out.add(f);
            }
        }
        return out;
    }

    /** The CPU finding of one end, or null. */
    static Finding oneEnd(PointEvidence e, EndSeries s) {
        double t = e.durationS();
        List<Double> proc = s.during("proc.busiest", t);
        Double tool = proc.isEmpty() ? null : median(proc);
        String process = tool == null ? null : busiestProcess(s, t);
        if (tool != null) {
            int core = (int) Math.round(mode(s.during("proc.busiest_core", t)));
            List<Double> busy = s.during("cpu" + core + ".busy", t);
            double coreBusy = busy.isEmpty() ? 0 : median(busy);
            double softirq = mean(s.during("cpu" + core + ".softirq", t));
            double own = ownOnCore(s, core, t, tool);
            // on one kernel the other end's tool shares the cores: on this core it is the test's own load too
            double peer = e.sameKernel() ? peerOnCore(e.peer(s), core, t) : 0;
            double unexplained = coreBusy - own - peer - softirq;
            boolean shared = coreBusy >= CORE_FULL_PERCENT && tool < PROCESS_FILLS_CORE;
            // the end's other tool processes (--processes 2 and more) on this core: a limit of the test's making
            boolean ownShare = unexplained < SHARED_PERCENT && own - tool >= SHARED_PERCENT;
            if (shared && (unexplained >= SHARED_PERCENT || ownShare)) {
                String why = ownShare
                        ? "the test's own processes share that core (" + pct(own) + " of it together); pin each to"
                                + " a core of its own"
                        : "something else runs on that core; stop it, or pin the test to an idle core";
                return new Finding(
                        e.point(),
                        Finding.WARNING,
                        s.end(),
                        "cpu-shared-core",
                        "CPU shared: cpu" + core + " of " + s.who() + " was " + pct(coreBusy) + " busy, but "
                                + process + " got only " + pct(tool) + " of it (" + pct(softirq) + " softirq): "
                                + why + " (--" + s.end() + "-cpus)",
                        "proc.busiest median=" + num(tool) + "; core=" + core + "; proc.cpu" + core + " median="
                                + num(own) + "; peer on core=" + num(peer) + "; cpu" + core + ".busy median="
                                + num(coreBusy) + "; softirq mean=" + num(softirq) + "; intervals=" + proc.size());
            }
        }
        List<Double> busiest = s.during("cpu.busiest", t);
        List<Double> all = s.during("cpu.busy", t);
        int cores = s.cores();
        boolean coreFull = false;
        double full = 0;
        double rest = 0;
        if (cores >= 2 && !busiest.isEmpty() && all.size() == busiest.size()) {
            full = median(busiest);
            List<Double> others = new ArrayList<>();
            for (int i = 0; i < busiest.size(); i++) {
                others.add((all.get(i) * cores - busiest.get(i)) / (cores - 1));
            }
            rest = mean(others);
            coreFull = full >= CORE_FULL_PERCENT && rest <= OTHERS_IDLE_PERCENT;
        }
        boolean processFull = tool != null && tool >= PROCESS_FULL_PERCENT;
        if (!coreFull && !processFull) {
            return null;
        }
        int tryN = Math.min(cores, Math.max(e.processes() + 1, 4 * e.processes()));
        String procs = e.processes() + " " + e.tool() + " process" + (e.processes() == 1 ? "" : "es");
        String evidence = "cpu.busiest median=" + num(full) + "; others mean=" + num(rest) + "; cores=" + cores
                + "; processes=" + e.processes() + (tool == null ? "" : "; proc.busiest median=" + num(tool))
                + "; intervals=" + Math.max(busiest.size(), proc.size());
        String head = "CPU-bound on one core: ";
        boolean threads = e.threadedEnds().contains(s.end());
        // iperf3 3.16+ runs each stream as a thread of its own: one process already spreads over the cores
        ThreadUse use = threads ? ThreadUse.of(s, t) : null;
        String advice = !threads
                ? "; try " + tryN + " processes (--processes " + tryN + ")"
                : use == null
                        ? "; its iperf3 runs each stream as a thread of its own (3.16+): try more streams (--streams),"
                                + " and pin this end to idle cores (--" + s.end()
                                + "-cpus) so that its threads do not share one"
                        : use.advice(s.end(), cores);
        if (threads) {
            evidence += "; threads=yes" + (use == null ? "" : "; " + use.evidence());
        }
        if (!coreFull) {
            String used = threads ? " of a core across its threads" : " of a core";
            return new Finding(
                    e.point(),
                    Finding.WARNING,
                    s.end(),
                    "cpu-bound-one-core",
                    head + process + " on " + s.who() + " used " + pct(tool) + used + ", with " + procs + advice,
                    evidence);
        }
        int core = (int) Math.round(mode(s.during("cpu.busiest_core", t)));
        double softirq = mean(s.during("cpu" + core + ".softirq", t));
        String coreText = "cpu" + core + " of " + s.who() + " was " + pct(full) + " busy (" + pct(softirq)
                + " softirq) while its other " + (cores - 1) + " core" + (cores == 2 ? "" : "s") + " averaged "
                + pct(rest);
        String by = tool != null && tool >= PROCESS_FILLS_CORE ? ", " + process + " using " + pct(tool) + " of it" : "";
        return new Finding(
                e.point(),
                Finding.WARNING,
                s.end(),
                "cpu-bound-one-core",
                head + coreText + by + ", with " + procs + advice,
                evidence + "; busiest_core=" + core);
    }

    /**
     * How a threaded tool's threads used the cores over the test (medians of the sampler's "thread.*" rows): the
     * busiest thread's share of a core and which core, how many threads worked, how many filled a core, and on
     * how many cores the working ones ran.
     */
    private record ThreadUse(
            double busiest, int busiestCore, double busiestCoreBusy, int busy, int full, int busyCores) {

        /** Null where the sampler saw no threads of this end's tool (a release before 3.16, or plain sh). */
        static ThreadUse of(EndSeries s, double testS) {
            List<Double> busiest = s.during("thread.busiest", testS);
            if (busiest.isEmpty()) {
                return null;
            }
            int core = (int) Math.round(mode(s.during("thread.busiest_core", testS)));
            List<Double> coreBusy = s.during("cpu" + core + ".busy", testS);
            return new ThreadUse(
                    median(busiest),
                    core,
                    coreBusy.isEmpty() ? 0 : median(coreBusy),
                    (int) Math.round(median(s.during("thread.busy", testS))),
                    (int) Math.round(median(s.during("thread.full", testS))),
                    (int) Math.round(median(s.during("thread.busy_cores", testS))));
        }

        /**
         * What to try, from where the threads ran: threads crowded on a full core while the host has others get
         * pinned apart; one thread filling its core while others are free gets more streams; every core filled leaves
         * nothing to try on this host.
         */
        String advice(String end, int cores) {
            String seen = "; its iperf3 runs each stream as a thread of its own (3.16+): " + busy + " working thread"
                    + (busy == 1 ? "" : "s") + " on " + busyCores + " core" + (busyCores == 1 ? "" : "s")
                    + ", the busiest at " + pct(busiest) + " of cpu" + busiestCore;
            if (busy > busyCores && busyCores < cores && busiestCoreBusy >= CORE_FULL_PERCENT) {
                return seen + ": they share a core while " + (cores - busyCores) + " other"
                        + (cores - busyCores == 1 ? " is" : "s are") + " free; pin this end to more cores (--" + end
                        + "-cpus) so that each stream's thread has one";
            }
            if (busyCores >= cores && full >= cores) {
                return seen + ": every core of this end is full; more streams or processes cannot help here, a"
                        + " host with more (or faster) cores can";
            }
            if (full >= 1 && busyCores < cores) {
                return seen + ": a thread fills its core while " + (cores - busyCores) + " other"
                        + (cores - busyCores == 1 ? " is" : "s are") + " free; try more streams (--streams) to"
                        + " spread the work";
            }
            return seen + ": try more streams (--streams), and pin this end to idle cores (--" + end + "-cpus)";
        }

        String evidence() {
            return "thread.busiest median=" + num(busiest) + "; thread.busiest_core=" + busiestCore + "; thread.busy="
                    + busy + "; thread.full=" + full + "; thread.busy_cores=" + busyCores;
        }
    }

    /**
     * The median share of {@code core} that this end's tool processes together had, where the sampler counted them
     * per core ("proc.cpuN"), else the busiest one's.
     */
    private static double ownOnCore(EndSeries s, int core, double testS, double busiest) {
        Double all = onCore(s, core, testS);
        return all == null ? busiest : Math.max(busiest, all);
    }

    /** The other end's tool processes' median share of {@code core}, else 0. */
    private static double peerOnCore(EndSeries peer, int core, double testS) {
        Double all = onCore(peer, core, testS);
        if (all != null) {
            return all;
        }
        List<Double> share = peer.during("proc.busiest", testS);
        List<Double> cores = peer.during("proc.busiest_core", testS);
        if (share.isEmpty() || cores.size() != share.size()) {
            return 0;
        }
        List<Double> here = new ArrayList<>();
        for (int i = 0; i < share.size(); i++) {
            here.add(Math.round(cores.get(i)) == core ? share.get(i) : 0.0);
        }
        return median(here);
    }

    /**
     * The median over the test's intervals of the tool processes' summed share of {@code core} (0 in an interval
     * where none last ran there), or null where the sampler did not count them per core.
     */
    private static Double onCore(EndSeries s, int core, double testS) {
        boolean perCore = s.rows().stream().anyMatch(r -> r.name().startsWith("proc.cpu"));
        if (!perCore) {
            return null;
        }
        List<Double> here = new ArrayList<>();
        for (HostCounterRow r : s.rows()) {
            if (r.name().equals("proc.count") && r.timeS() > 0 && r.timeS() - r.intervalS() < testS) {
                here.add(s.rows().stream()
                        .filter(o -> o.timeS() == r.timeS() && o.name().equals("proc.cpu" + core))
                        .mapToDouble(HostCounterRow::value)
                        .sum());
            }
        }
        return here.isEmpty() ? null : median(here);
    }

    /** "iperf3 (pid 4242)": the tool process with the most CPU over the test. */
    private static String busiestProcess(EndSeries s, double testS) {
        Map<String, Double> byName = new TreeMap<>();
        for (HostCounterRow r : s.rows()) {
            String n = r.name();
            if (n.startsWith("proc.")
                    && n.chars().filter(c -> c == '.').count() >= 2
                    && r.timeS() > 0
                    && r.timeS() - r.intervalS() < testS) {
                byName.merge(n, r.value(), Double::sum);
            }
        }
        return byName.entrySet().stream()
                .max(Comparator.comparingDouble(Map.Entry::getValue))
                .map(en -> {
                    String n = en.getKey().substring(5);
                    int dot = n.lastIndexOf('.');
                    return n.substring(0, dot) + " (pid " + n.substring(dot + 1) + ")";
                })
                .orElse("the tool's process");
    }
}
