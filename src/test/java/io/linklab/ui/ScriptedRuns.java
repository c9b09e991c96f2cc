package io.linklab.ui;

import io.linklab.counters.Finding;
import io.linklab.engine.RunHandle;
import io.linklab.engine.RunListener;
import io.linklab.engine.RunOutcome;
import io.linklab.engine.SweepPoints;
import io.linklab.model.Direction;
import io.linklab.model.HostSpec;
import io.linklab.model.TestPlan;
import io.linklab.model.Topology;
import io.linklab.ui.bench.SyntheticRun;
import io.linklab.ui.runs.RunLauncher;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A stand-in for the engine in UI tests: each run plays tool-shaped intervals (and, for a sweep, seed 003-shaped
 * points) from a thread of its own, as the engine's readers do, then holds until {@link #finish()} so a test can
 * look at a run that is still live.
 */
public final class ScriptedRuns implements RunLauncher {

    public static final String RUN_ID = "20261202-120000-iperf3-4b1d";

    /** What the rules find after each point: as long as real ones, so the dashboard must wrap them. */
    static final List<Finding> FINDINGS = List.of(
            new Finding(
                    "",
                    Finding.WARNING,
                    "client",
                    "cpu-bound-one-core",
                    "CPU-bound on one core: cpu1 of the "
                            + "client (h1) was 99 % busy (31 % softirq) while its other 15 cores averaged 4 %, iperf3 (pid "
                            + "4242) using 97 % of it, with 1 iperf3 process; try 4 processes (--processes 4)",
                    ""),
            new Finding(
                    "",
                    Finding.INFO,
                    "",
                    "link-share",
                    "c2s reaches 96 % of 100 Gbit/s (the link speed of " + "ens1f0 and ens1f0)",
                    ""));

    private final int intervals;
    private final CountDownLatch finish = new CountDownLatch(1);

    /** @param intervals how many intervals each run (or sweep point) plays before it holds */
    public ScriptedRuns(int intervals) {
        this.intervals = intervals;
    }

    /** Lets every run end (finished), or end at once when it has not got that far yet. */
    public void finish() {
        finish.countDown();
    }

    @Override
    public RunHandle start(TestPlan plan, Topology topology, RunListener listener) {
        CountDownLatch done = new CountDownLatch(1);
        Thread feeder = new Thread(
                () -> {
                    listener.runStarted(SyntheticRun.info(RUN_ID, plan));
                    SyntheticRun run = new SyntheticRun(Math.max(1, plan.streams()), plan.intervalS(), 10e9);
                    Direction[] dirs = plan.mode() == TestPlan.Mode.BIDIR
                            ? new Direction[] {Direction.C2S, Direction.S2C}
                            : new Direction[] {Direction.C2S};
                    List<String> points = plan.isSweep() ? plan.sweep().values() : List.of("");
                    for (int p = 0; p < points.size(); p++) {
                        String label = plan.isSweep() ? "mtu=" + points.get(p) : "";
                        if (plan.isSweep()) {
                            listener.pointStarted(SweepPoints.of(plan).get(p), p, points.size());
                        }
                        for (int k = 1; k <= intervals; k++) {
                            run.interval(listener, label, k, dirs);
                        }
                        listener.findings(label, FINDINGS); // as the engine reports them after each repetition
                        if (plan.isSweep()) {
                            listener.pointFinished(
                                    label, SyntheticRun.seed003Point(label, Integer.parseInt(points.get(p))));
                        }
                    }
                    try {
                        finish.await(60, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    listener.runFinished(SyntheticRun.ok(RUN_ID));
                    done.countDown();
                },
                "scripted-run");
        feeder.setDaemon(true);
        feeder.start();
        return new RunHandle() {
            @Override
            public String runId() {
                return RUN_ID;
            }

            @Override
            public void cancel(String by) {
                finish();
            }

            @Override
            public Optional<RunOutcome> await(Duration timeout) throws InterruptedException {
                return done.await(timeout.toMillis(), TimeUnit.MILLISECONDS)
                        ? Optional.of(SyntheticRun.ok(RUN_ID))
                        : Optional.empty();
            }
        };
    }

    /** A plan like the wizard's for the Loopback lab: iperf3 between the two local ends. */
    public static TestPlan plan(int streams, TestPlan.Mode mode, TestPlan.Sweep sweep) {
        return TestPlan.defaults(
                        new TestPlan.End(HostSpec.LOCAL, "lo"), new TestPlan.End(HostSpec.LOCAL, "lo"), "127.0.0.1")
                .toBuilder()
                .durationS(30)
                .streams(streams)
                .mode(mode)
                .sweep(sweep)
                .build();
    }
}
