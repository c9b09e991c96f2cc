package io.linklab.tune;

import io.linklab.model.Tool;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * The search: short probes guided by what they measured, one dimension at a time. Processes are added while the
 * sum grows, streams too (one step at least; more not for an iperf3 process whose receiver core is saturated: its
 * streams share that core's one thread); on iperf3 3.16+, whose streams are threads of their own, streams and
 * pinning first and processes only after them (docs/decisions/0900-tuner-order-on-threaded-iperf3.md), then the
 * other tools, pinnings, windows and MTUs are tried on the best so far. A step counts as a gain only when it beats the
 * best by more than the spread seen between repetitions of the same probe; another tool's gain must also hold side by
 * side with the settings it beat. The winner is confirmed with a
 * full-length run; the time for that is kept back from the start, so the budget holds.
 */
public final class Tuner {

    /** A core busier than this is saturated: another process on another core may add. */
    static final double SATURATED_PERCENT = 85;
    /** Within this fraction of the link speed is line rate. */
    static final double LINE_RATE_FRACTION = 0.95;
    /** The least gain that counts, however quiet the measurements. */
    static final double MIN_GAIN = 0.02;
    /** Alternated pairs of the winner and the runner-up where the budget allows: one is no median. */
    static final int SIDE_BY_SIDE_PAIRS = 3;
    /** Fewer pairs than this confirm the winner alone: one pair is a single comparison. */
    static final int MIN_SIDE_BY_SIDE_PAIRS = 2;

    private final ProbeRunner runner;
    private final TuneSpace space;
    private final TuneBudget budget;
    private final LongSupplier nanoClock;
    private final Consumer<TuneStep> onStep;
    private final List<TuneStep> steps = new ArrayList<>();
    private final Map<TuneSettings, Probe> measured = new HashMap<>();
    private final List<Double> spreads = new ArrayList<>();
    /** The full-length runs of the side-by-side confirmation, per settings. */
    private final Map<TuneSettings, Probe> alternatedRuns = new HashMap<>();

    private long startNanos;
    private double overheadS;
    private boolean overheadLearned;
    /** Whether time is kept back for the confirmation; null until the first probe asks. */
    private Boolean confirms;

    private Probe best;
    private String cpuBoundDetail;

    /**
     * @param nanoClock the time in nanoseconds ({@link System#nanoTime} in real tunes)
     * @param onStep    hears of each probe as it ends (the CLI's progress)
     */
    public Tuner(
            ProbeRunner runner, TuneSpace space, TuneBudget budget, LongSupplier nanoClock, Consumer<TuneStep> onStep) {
        this.runner = runner;
        this.space = space;
        this.budget = budget;
        this.nanoClock = nanoClock;
        this.onStep = onStep;
        this.overheadS = budget.overhead().toMillis() / 1000.0;
    }

    /** The search ran out of time (or was stopped, or reached line rate): what follows is the confirmation. */
    private static final class SearchEnd extends Exception {
        final StopReason reason;

        SearchEnd(StopReason reason) {
            super(reason.text(), null, false, false);
            this.reason = reason;
        }
    }

    /** Searches, confirms the winner if there is time, and says why it stopped. Never throws for a stop. */
    public TuneResult run() {
        startNanos = nanoClock.getAsLong();
        StopReason why;
        try {
            search();
            why = best == null ? StopReason.FAILED : cpuBoundDetail != null ? StopReason.CPU_BOUND : StopReason.NO_GAIN;
        } catch (SearchEnd e) {
            why = best == null && e.reason != StopReason.STOPPED ? StopReason.FAILED : e.reason;
        }
        if (best == null) {
            String failures = steps.isEmpty()
                    ? "the budget allows no probe"
                    : steps.get(steps.size() - 1).probe().failure();
            return new TuneResult(steps, null, null, null, null, why, failures, List.of(), null);
        }
        // what the search did, for the reason: the confirmation that follows is not one of its probes
        int probes = steps.size();
        long searchS = elapsedS();
        Probe confirmed = null;
        SideBySide sideBySide = null;
        ProbeLength confirmation = null;
        if (why != StopReason.STOPPED) {
            try {
                sideBySide = alternate();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                why = StopReason.STOPPED;
            }
        }
        if (sideBySide != null && sideBySide.measured()) {
            confirmation = new ProbeLength(
                    (budget.confirm().durationS() + 1) / 2, budget.confirm().omitS(), sideBySide.pairs());
            // the pick by the alternated runs' medians: the search's probe of it stays the searched rate
            confirmed = alternatedRuns.get(sideBySide.pick());
            best = measured.get(sideBySide.pick());
            TuneStep step = new TuneStep(steps.size() + 1, confirmed, "confirm");
            steps.add(step);
            onStep.accept(step);
        } else if (why != StopReason.STOPPED) {
            confirmation = confirmationThatFits();
        }
        if (confirmation != null && (sideBySide == null || !sideBySide.measured())) {
            try {
                confirmed = measure(best.settings(), confirmation, "confirm");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                why = StopReason.STOPPED;
            }
        }
        if (confirmed == null || !confirmed.ok()) {
            confirmed = null;
            confirmation = null;
        }
        return new TuneResult(
                steps,
                best.settings(),
                best,
                confirmed,
                confirmation,
                why,
                detail(why, probes, searchS),
                List.of(),
                sideBySide);
    }

    /**
     * The confirmation where a runner-up was measured and at least one alternated pair fits: winner, runner-up,
     * winner, … up to {@link #SIDE_BY_SIDE_PAIRS} runs each. The winner's runs and the runner-up's are
     * kept apart (in {@link #alternatedRuns}); null when there is no runner-up or a run failed, none measured when
     * there is no time for {@link #MIN_SIDE_BY_SIDE_PAIRS}.
     */
    private SideBySide alternate() throws InterruptedException {
        // the highest other settings, pooled where measured again; of equal rates the first measured
        Probe runnerUp = null;
        for (TuneStep step : steps) {
            Probe p = measured.get(step.probe().settings());
            if (p.ok() && !p.settings().equals(best.settings()) && (runnerUp == null || p.rate() > runnerUp.rate())) {
                runnerUp = p;
            }
        }
        if (runnerUp == null) {
            return null;
        }
        // the confirmation's time split between the two: runs of half its length, so that confirming side by side
        // costs what confirming the winner alone did (plus each run's overhead)
        ProbeLength full = budget.confirm();
        ProbeLength one = new ProbeLength((full.durationS() + 1) / 2, full.omitS(), 1);
        int wanted = SIDE_BY_SIDE_PAIRS;
        int pairs = wanted;
        // each run is a run of its own, overhead and all
        double remaining = budget.total().toMillis() / 1000.0 - elapsed().toMillis() / 1000.0;
        while (pairs >= 1 && 2 * pairs * secondsOf(one) > remaining) {
            pairs--;
        }
        if (pairs < MIN_SIDE_BY_SIDE_PAIRS) {
            // the winner alone, as many runs as fit: one pair is a single comparison, no median
            return new SideBySide(
                    best.settings(), runnerUp.settings(), 0, wanted, best.rate(), runnerUp.rate(), noise());
        }
        TuneSettings w = best.settings();
        TuneSettings r = runnerUp.settings();
        List<Double> wRates = new ArrayList<>();
        List<Double> rRates = new ArrayList<>();
        Double wBusiest = null;
        Double rBusiest = null;
        for (int i = 1; i <= pairs; i++) {
            Probe a = measure(w, one, "side by side " + i + "/" + pairs + ": winner");
            Probe b = measure(r, one, "side by side " + i + "/" + pairs + ": runner-up");
            if (!a.ok() || !b.ok()) {
                return null;
            }
            wRates.add(a.rate());
            rRates.add(b.rate());
            wBusiest = a.busiestCorePercent();
            rBusiest = b.busiestCorePercent();
        }
        alternatedRuns.put(w, Probe.of(w, wRates, wBusiest));
        alternatedRuns.put(r, Probe.of(r, rRates, rBusiest));
        return new SideBySide(w, r, pairs, wanted, median(wRates), median(rRates), noise());
    }

    private static double median(List<Double> rates) {
        List<Double> sorted = rates.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    /**
     * The budget's confirmation where it fits. Where time was kept back for it but a probe overran (in the lab, a
     * repetition stalled 11 s when the machine did), as many of its full-length runs as still fit: a winner confirmed
     * by fewer runs says more than the short probes' rate. Null when not even one fits.
     */
    private ProbeLength confirmationThatFits() {
        ProbeLength full = budget.confirm();
        if (fits(full, 0)) {
            return full;
        }
        for (int runs = full.repetitions() - 1; keepBack() > 0 && runs >= 1; runs--) {
            if (fits(full.withRepetitions(runs), 0)) {
                return full.withRepetitions(runs);
            }
        }
        return null;
    }

    private String detail(StopReason why, int probes, long searchS) {
        return switch (why) {
            case LINE_RATE ->
                String.format(Locale.ROOT, "%.0f %% of the link", 100 * best.rate() / space.linkSpeedBps());
            case CPU_BOUND -> cpuBoundDetail;
            case BUDGET -> "after " + probes + (probes == 1 ? " probe in " : " probes in ") + searchS + " s";
            case STOPPED -> "stopped after " + probes + " probes";
            default ->
                "the last step of each dimension gained less than the noise between repetitions ("
                        + Math.round(100 * noise()) + " %)";
        };
    }

    private void search() throws SearchEnd {
        List<Tool> tools = space.toolsToTry();
        Probe first = null;
        for (int i = 0; i < tools.size() && first == null; i++) {
            Probe p = probe(TuneSettings.start(tools.get(i)), "start");
            first = p.ok() ? p : null;
        }
        if (first == null) {
            return;
        }
        climb(first.settings().tool());
        for (Tool t : tools) {
            if (t != first.settings().tool()) {
                TuneSettings s = onTool(best.settings(), t);
                Probe p = probe(s, "tool " + best.settings().tool().id() + " -> " + t.id());
                if (adoptSideBySide(p) == Verdict.GAINS) {
                    climb(t);
                }
            }
        }
        tryPinnings();
        if (space.varies(Dimension.WINDOW)) {
            tryEach(
                    space.windows().stream()
                            .map(w -> best.settings().withWindow(w))
                            .toList(),
                    "window");
        }
        if (space.varies(Dimension.MTU)) {
            tryEach(space.mtus().stream().map(m -> best.settings().withMtu(m)).toList(), "mtu");
        }
        settle();
    }

    /**
     * Spends the time the search left on the settings whose rate came within the noise of the best: each is
     * measured again with the best and the two pooled, and the higher becomes the best. A single short probe of
     * each would otherwise decide between two settings the noise cannot tell apart (in the lab, p=2 s=1 against
     * p=2 s=2 at 17.1 and 16.6 Gbit/s), and the confirmation would take the first.
     */
    private void settle() throws SearchEnd {
        double near = best.rate() * (1 - noise());
        List<TuneSettings> close = measured.values().stream()
                .filter(p -> p.ok() && !p.settings().equals(best.settings()) && p.rate() >= near)
                .sorted((a, b) -> Double.compare(b.rate(), a.rate()))
                .map(Probe::settings)
                .limit(2)
                .toList();
        for (TuneSettings contender : close) {
            if (!roomForTwoProbes()) {
                return;
            }
            String label = contender.label() + " against " + best.settings().label();
            Probe incumbent = pooled(best, remeasure(best.settings(), "again: " + label));
            Probe challenger = pooled(measured.get(contender), remeasure(contender, "again: " + label));
            best = challenger.rate() > incumbent.rate() ? challenger : incumbent;
        }
    }

    /**
     * Processes, then streams, from the best so far on {@code tool}, again while streams moved: more streams can
     * saturate the core that made another process useless before. On iperf3 3.16+ streams, then pinning, then
     * processes (docs/decisions/0900-tuner-order-on-threaded-iperf3.md).
     */
    private void climb(Tool tool) throws SearchEnd {
        if (threaded(tool)) {
            // iperf3 3.16+: each stream is a thread, so streams reach more cores within one process; processes
            // only after streams stopped gaining
            if (space.varies(Dimension.STREAMS) && space.maxStreams(tool) > 1) {
                climbStreams(space.maxStreams(tool));
            }
            // where the threads run decides what they reach before another process shares the cores
            tryPinnings();
            climbProcesses();
            return;
        }
        boolean streamsMoved = true;
        for (int round = 0; round < 3 && streamsMoved; round++) {
            climbProcesses();
            streamsMoved = space.varies(Dimension.STREAMS)
                    && space.maxStreams(tool) > 1
                    && climbStreams(space.maxStreams(tool));
        }
    }

    /**
     * The pinnings on the best so far; settings measured before are not measured again, so trying them after the
     * climb costs nothing where the climb already tried them on the same best.
     */
    private void tryPinnings() throws SearchEnd {
        if (space.varies(Dimension.PINNING)) {
            tryEach(
                    space.pinnings().stream()
                            .map(pin -> best.settings().withPinning(pin))
                            .toList(),
                    "pinning");
        }
    }

    private boolean threaded(Tool tool) {
        return tool == Tool.IPERF3 && space.streamThreads();
    }

    private boolean climbProcesses() throws SearchEnd {
        if (!space.varies(Dimension.PROCESSES)) {
            return false;
        }
        boolean moved = false;
        while (true) {
            TuneSettings s = best.settings();
            int n = s.processes();
            if (n >= space.maxProcesses()) {
                noteCpuBound();
                return moved;
            }
            int next = Math.min(space.maxProcesses(), n * 2);
            Verdict v = adopt(probe(s.withProcesses(next), "processes " + n + " -> " + next));
            moved |= v != Verdict.LOSES;
            if (v != Verdict.GAINS) {
                return moved;
            }
        }
    }

    private static boolean saturated(Probe p) {
        return p.busiestCorePercent() != null && p.busiestCorePercent() >= SATURATED_PERCENT;
    }

    private void noteCpuBound() {
        Double busiest = best.busiestCorePercent();
        if (saturated(best)) {
            cpuBoundDetail = "busiest receiver core " + Math.round(busiest) + " % with "
                    + best.settings().processes() + " processes on " + space.maxProcesses() + " cores";
        }
    }

    private boolean climbStreams(int max) throws SearchEnd {
        boolean moved = false;
        while (best.settings().streams() < max) {
            TuneSettings s = best.settings();
            // iperf3 runs a process's streams on one thread, but on its saturated core one more stream still gained
            // 7 % in the lab (57.3 against 53.6 Gbit/s, p=2: more flows spread the receive work): one step is always
            // measured, more only while they gain and the core is not full
            if (moved && s.tool() == Tool.IPERF3 && !threaded(s.tool()) && saturated(best)) {
                return moved;
            }
            int next = Math.min(max, s.streams() * 2);
            Verdict v = adopt(probe(s.withStreams(next), "streams " + s.streams() + " -> " + next));
            moved |= v != Verdict.LOSES;
            if (v != Verdict.GAINS) {
                return moved;
            }
        }
        return moved;
    }

    /** Measures each alternative against the best so far, which becomes the alternative where it wins. */
    private void tryEach(List<TuneSettings> alternatives, String dimension) throws SearchEnd {
        for (TuneSettings s : alternatives) {
            adopt(probe(
                    s,
                    dimension + " -> "
                            + switch (dimension) {
                                case "window" -> s.window();
                                case "mtu" -> String.valueOf(s.mtu());
                                default -> s.pinning().id();
                            }));
        }
    }

    /** What a step showed against the best so far. */
    private enum Verdict {
        /** More than the noise: the dimension goes on. */
        GAINS,
        /** Better, but within the noise even after measuring both again: kept, and the dimension stops. */
        TIES_BETTER,
        LOSES
    }

    /**
     * Compares {@code candidate} with the best so far and makes it the best where it is better. A gain within the
     * noise is measured again, both settings, when the budget allows (the two measurements pooled); without the
     * time, the higher rate is kept.
     */
    private Verdict adopt(Probe candidate) throws SearchEnd {
        if (!candidate.ok() || candidate.rate() <= best.rate()) {
            return Verdict.LOSES;
        }
        if (candidate.rate() > best.rate() * (1 + noise())) {
            best = candidate;
            return Verdict.GAINS;
        }
        if (!roomForTwoProbes()) {
            best = candidate;
            return Verdict.TIES_BETTER;
        }
        String label =
                candidate.settings().label() + " against " + best.settings().label();
        Probe incumbent = pooled(best, remeasure(best.settings(), "again: " + label));
        Probe challenger = pooled(candidate, remeasure(candidate.settings(), "again: " + label));
        best = challenger.rate() > incumbent.rate() ? challenger : incumbent;
        // pooled over twice the repetitions, their means wander less: half the noise separates them
        return challenger.rate() > incumbent.rate() * (1 + noise() / 2)
                ? Verdict.GAINS
                : best == challenger ? Verdict.TIES_BETTER : Verdict.LOSES;
    }

    /**
     * {@link #adopt} for another tool, which then, where it gained by more than the noise, is measured again side by
     * side with the settings it beat, and is kept only if it beats them again. The probes before it ran minutes
     * earlier: a machine whose speed steps in between (the lab's VM moved by a quarter within the hour) makes any
     * tool tried after the step look better, and the climb that follows would stay on it. Two probes adjacent in time
     * see the same machine.
     */
    private Verdict adoptSideBySide(Probe candidate) throws SearchEnd {
        Probe incumbent = best;
        Verdict v = adopt(candidate);
        if (v != Verdict.GAINS || !roomForTwoProbes()) {
            return v;
        }
        String label = "side by side: " + candidate.settings().label() + " against "
                + incumbent.settings().label();
        Probe a = remeasure(incumbent.settings(), label);
        Probe b = remeasure(candidate.settings(), label);
        if (!a.ok() || !b.ok()) {
            return v;
        }
        Probe pooledIncumbent = pooled(incumbent, a);
        Probe pooledCandidate = pooled(candidate, b);
        if (b.rate() <= a.rate()) {
            best = pooledIncumbent;
            return Verdict.LOSES;
        }
        best = pooledCandidate;
        return b.rate() > a.rate() * (1 + noise()) ? Verdict.GAINS : Verdict.TIES_BETTER;
    }

    /** Two measurements of the same settings as one, of as many repetitions each. */
    private Probe pooled(Probe a, Probe b) {
        Probe p = b.ok()
                ? new Probe(
                        a.settings(),
                        (a.rate() + b.rate()) / 2,
                        Math.min(a.min(), b.min()),
                        Math.max(a.max(), b.max()),
                        a.busiestCorePercent(),
                        null)
                : a;
        measured.put(a.settings(), p);
        return p;
    }

    /** The same load on another tool: netperf runs one stream per process, so its processes take the streams. */
    private TuneSettings onTool(TuneSettings s, Tool t) {
        if (t == Tool.NETPERF) {
            return s.withTool(t)
                    .withProcesses(Math.min(space.maxProcesses(), s.totalStreams()))
                    .withStreams(1);
        }
        return s.withTool(t).withStreams(Math.min(s.streams(), space.maxStreams(t)));
    }

    /** The median spread between repetitions of the probes so far, at least {@link #MIN_GAIN}. */
    double noise() {
        if (spreads.isEmpty()) {
            return MIN_GAIN;
        }
        List<Double> sorted = spreads.stream().sorted().toList();
        double median = sorted.get(sorted.size() / 2);
        return Math.max(MIN_GAIN, median);
    }

    /** A search probe: measured once (a repeat of the same settings reads the earlier one), within the budget. */
    private Probe probe(TuneSettings s, String reason) throws SearchEnd {
        Probe known = measured.get(s);
        return known != null ? known : remeasure(s, reason);
    }

    /**
     * Time kept back for the confirmation, if the budget also has time for two probes (a tune that measured only
     * its start settings compared nothing). Decided once, before the first probe: were it decided again as the
     * overhead is learned, a budget near the limit would search as if unconfirmed and then find no time to confirm.
     */
    private double keepBack() {
        if (confirms == null) {
            confirms = 2 * secondsOf(budget.probe()) + secondsOf(budget.confirm())
                    <= budget.total().toMillis() / 1000.0;
        }
        return confirms ? secondsOf(budget.confirm()) : 0;
    }

    /** Measures {@code s} (again), within the budget. */
    private Probe remeasure(TuneSettings s, String reason) throws SearchEnd {
        if (!fits(budget.probe(), keepBack())) {
            throw new SearchEnd(StopReason.BUDGET);
        }
        Probe p;
        try {
            p = measure(s, budget.probe(), reason);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SearchEnd(StopReason.STOPPED);
        }
        measured.put(s, p);
        if (p.ok()) {
            spreads.add(p.spread());
            if (best == null) {
                best = p;
            }
            if (space.linkSpeedBps() != null && p.rate() >= LINE_RATE_FRACTION * space.linkSpeedBps()) {
                best = p;
                throw new SearchEnd(StopReason.LINE_RATE);
            }
        }
        return p;
    }

    private Probe measure(TuneSettings s, ProbeLength length, String reason) throws InterruptedException {
        long before = nanoClock.getAsLong();
        Probe p = runner.run(s, length);
        double tookS = (nanoClock.getAsLong() - before) / 1e9;
        // What a probe costs beyond its traffic, learned from the slowest so far (the budget must hold); the
        // budget's guess stands only until the first is measured.
        double overhead = Math.max(0, tookS - length.trafficSeconds());
        overheadS = overheadLearned ? Math.max(overheadS, overhead) : overhead;
        overheadLearned = true;
        TuneStep step = new TuneStep(steps.size() + 1, p, reason);
        steps.add(step);
        onStep.accept(step);
        return p;
    }

    /** Whether two more probes fit before the time kept back: what measuring two settings again side by side needs. */
    private boolean roomForTwoProbes() {
        return fits(budget.probe(), secondsOf(budget.probe()) + keepBack());
    }

    private boolean fits(ProbeLength length, double keepBackS) {
        double remaining = budget.total().toMillis() / 1000.0 - elapsed().toMillis() / 1000.0 - keepBackS;
        return secondsOf(length) <= remaining;
    }

    private double secondsOf(ProbeLength length) {
        return length.trafficSeconds() + overheadS;
    }

    private long elapsedS() {
        return Math.round((nanoClock.getAsLong() - startNanos) / 1e9);
    }

    /** How long the tune has run. */
    public Duration elapsed() {
        return Duration.ofNanos(nanoClock.getAsLong() - startNanos);
    }
}
