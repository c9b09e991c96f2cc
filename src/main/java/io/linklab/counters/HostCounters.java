package io.linklab.counters;

import io.linklab.model.TestPlan;
import io.linklab.model.Tool;
import io.linklab.remote.Transport;
import io.linklab.tools.csv.CsvTableWriter;
import io.linklab.tools.iperf3.Iperf3Version;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;

/**
 * A run's host counters and findings (issue 18): opens host_counters.csv and findings.csv in the run folder,
 * makes a {@link CounterSession} per repetition, and keeps what the rules compare across the points of an MTU
 * sweep. Nothing here stops a run: a file that cannot be written is a warning, and the test goes on.
 */
public final class HostCounters implements AutoCloseable {

    /** Where the rows go as they come, for the live lanes (called on an engine thread). */
    public interface LiveRows {
        void rows(String point, List<HostCounterRow> rows);
    }

    /** Where each repetition's findings go once written, for the dashboard (called on an engine thread). */
    public interface LiveFindings {
        void findings(String point, List<Finding> found);
    }

    static final double MIN_INTERVAL_S = 0.5;
    static final double MAX_INTERVAL_S = 2;

    private final CsvTableWriter<HostCounterRow> rows;
    private final CsvTableWriter<CounterFiles.RunFinding> findings;
    private final Consumer<String> warnings;
    private final LiveRows live;
    private final LiveFindings liveFindings;
    private final List<MtuGrowthRules.MtuPoint> mtuPoints = new ArrayList<>();
    /** The ends whose tool runs each stream as a thread (iperf3 3.16+), once preflight has read their releases. */
    private volatile Set<String> threadedEnds = Set.of();

    private boolean warned;
    /** The slower end's speed in the last repetition's counters, in Mbit/s; null when an end reported none. */
    private Long linkSpeedMbps;

    private HostCounters(
            CsvTableWriter<HostCounterRow> rows,
            CsvTableWriter<CounterFiles.RunFinding> findings,
            Consumer<String> warnings,
            LiveRows live,
            LiveFindings liveFindings) {
        this.rows = rows;
        this.findings = findings;
        this.warnings = warnings;
        this.live = live;
        this.liveFindings = liveFindings;
    }

    /** Creates both files (with their header rows) in {@code runDir}. */
    public static HostCounters open(Path runDir, Consumer<String> warnings, LiveRows live, LiveFindings liveFindings)
            throws IOException {
        CsvTableWriter<HostCounterRow> r = CounterFiles.hostCounters(runDir);
        try {
            return new HostCounters(r, CounterFiles.findings(runDir), warnings, live, liveFindings);
        } catch (IOException e) {
            r.close();
            throw e;
        }
    }

    /**
     * Each end's release of the tool, as preflight read it ({@code tool.version}): the CPU findings advise more
     * streams and pinning where each stream is a thread of its own (iperf3 3.16+), more processes elsewhere.
     */
    public void toolReleases(Tool tool, String clientVersionLine, String serverVersionLine) {
        Set<String> ends = new HashSet<>();
        if (tool == Tool.IPERF3 && Iperf3Version.hasThreads(clientVersionLine)) {
            ends.add("client");
        }
        if (tool == Tool.IPERF3 && Iperf3Version.hasThreads(serverVersionLine)) {
            ends.add("server");
        }
        threadedEnds = Set.copyOf(ends);
    }

    Set<String> threadedEnds() {
        return threadedEnds;
    }

    /**
     * A repetition's counters on both ends. One sampler serves both ends when they are one host with one data
     * interface. Without a data interface the sampler finds it: the client's from its route to the target, the
     * server's from the target address it holds.
     */
    public CounterSession session(
            String point,
            int repetition,
            Integer mtu,
            TestPlan plan,
            Transport client,
            String clientLabel,
            Transport server,
            String serverLabel) {
        CounterSession s = new CounterSession(this, point, repetition, mtu, samplingInterval(plan.intervalS()));
        String target = plan.target();
        s.addEnd(
                "client",
                clientLabel,
                client,
                plan.client().dataInterface(),
                target == null ? null : "route:" + target);
        boolean sameIface =
                Objects.equals(plan.client().dataInterface(), plan.server().dataInterface());
        if (client == server && sameIface && plan.client().dataInterface() != null) {
            s.addSameAsPrevious("server", serverLabel);
        } else {
            s.addEnd(
                    "server",
                    serverLabel,
                    server,
                    plan.server().dataInterface(),
                    target == null ? null : "addr:" + target);
        }
        return s;
    }

    /**
     * The test's interval, kept between 0.5 s (faster costs the host more than the 1 % promised at 1 s) and 2 s
     * (the run waits for a snapshot after the clients end: a 10 s interval would add up to 20 s to each test).
     */
    static double samplingInterval(double testIntervalS) {
        return Math.min(MAX_INTERVAL_S, Math.max(MIN_INTERVAL_S, testIntervalS));
    }

    void live(String point, List<HostCounterRow> batch) {
        if (!batch.isEmpty()) {
            live.rows(point, batch);
        }
    }

    synchronized void write(List<HostCounterRow> batch) {
        if (batch.isEmpty()) {
            return;
        }
        try {
            batch.forEach(rows::write);
            rows.flush();
        } catch (IOException | UncheckedIOException e) {
            warnOnce("cannot write " + CounterFiles.HOST_COUNTERS + ": " + e.getMessage());
        }
    }

    /**
     * Runs every rule on a repetition (with the MTU sweep's earlier points), writes what they found and hands it
     * to the live view.
     */
    List<Finding> findings(PointEvidence e, int repetition) {
        List<Finding> found = write(e, repetition);
        liveFindings.findings(e.point(), found);
        return found;
    }

    private synchronized List<Finding> write(PointEvidence e, int repetition) {
        Long c = e.client().speedMbps();
        Long s = e.server().speedMbps();
        linkSpeedMbps = c == null || s == null ? null : Math.min(c, s);
        List<Finding> found = new ArrayList<>(FindingRules.all(e));
        MtuGrowthRules.MtuPoint p = MtuGrowthRules.mtuPoint(e);
        found.addAll(MtuGrowthRules.growsWithMtu(mtuPoints, p));
        if (p != null) {
            mtuPoints.add(p);
        }
        try {
            found.forEach(f -> findings.write(new CounterFiles.RunFinding(f, repetition)));
            findings.flush();
        } catch (IOException | UncheckedIOException ex) {
            warnOnce("cannot write " + CounterFiles.FINDINGS + ": " + ex.getMessage());
        }
        return found;
    }

    /**
     * The link speed a verdict is measured against: the slower end's, in bits per second, as the last repetition's
     * counters read it; null when either end reports none (a virtual interface such as veth or a bridge has no link
     * speed) or no repetition got that far.
     */
    public synchronized Double linkSpeedBps() {
        return linkSpeedMbps == null ? null : linkSpeedMbps * 1e6;
    }

    void warning(String message) {
        warnings.accept(message);
    }

    private void warnOnce(String message) {
        if (!warned) {
            warned = true;
            warnings.accept(message);
        }
    }

    @Override
    public synchronized void close() {
        for (AutoCloseable c : new AutoCloseable[] {rows, findings}) {
            try {
                c.close();
            } catch (Exception e) {
                warnOnce("cannot finish the host counter files: " + e.getMessage());
            }
        }
    }
}
