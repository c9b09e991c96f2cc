package io.linklab.ui.bench;

import io.linklab.engine.RunInfo;
import io.linklab.engine.RunListener;
import io.linklab.engine.RunOutcome;
import io.linklab.model.Direction;
import io.linklab.model.Sample;
import io.linklab.model.SweepRow;
import io.linklab.model.TestPlan;
import io.linklab.testing.TcpRows;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * Made-up but tool-shaped intervals for benchmarks and screenshots: N streams whose rates wander around a
 * share of a line rate (per-stream swings, flat SUM, as in seed 001), with retransmits and cwnd.
 */
public final class SyntheticRun {

    private final int streams;
    private final double intervalS;
    private final double lineRate;
    private final Random random = new Random(42);
    private final double[] level;
    private final long[] cwnd;

    public SyntheticRun(int streams, double intervalS, double lineRate) {
        this.streams = streams;
        this.intervalS = intervalS;
        this.lineRate = lineRate;
        this.level = new double[streams];
        this.cwnd = new long[streams];
        for (int i = 0; i < streams; i++) {
            level[i] = 1.0 / streams;
            cwnd[i] = 256 * 1024;
        }
    }

    public static TestPlan plan(int streams, int durationS, double intervalS, TestPlan.Mode mode) {
        return TestPlan.defaults(
                        new TestPlan.End("root@198.18.5.11", "data0"),
                        new TestPlan.End("root@198.18.5.12", "data0"),
                        "198.19.5.2")
                .toBuilder()
                .durationS(durationS)
                .intervalS(intervalS)
                .streams(streams)
                .mode(mode)
                .build();
    }

    public static RunInfo info(String runId, TestPlan plan) {
        return new RunInfo(
                runId,
                plan,
                Path.of("/tmp", runId),
                plan.isSweep()
                        ? plan.sweep().values().stream()
                                .map(v -> plan.sweep().kind().name().toLowerCase(Locale.ROOT) + "=" + v)
                                .toList()
                        : List.of(""),
                Map.of(
                        "h1",
                        List.of("iperf3 -c 198.19.5.2 -P " + plan.streams() + " -t " + plan.durationS()),
                        "h2",
                        List.of("iperf3 -s -p 5201")));
    }

    /** Feeds interval number {@code k} (1-based) of every stream plus the SUM, in each direction given. */
    public void interval(RunListener l, String point, int k, Direction... directions) {
        double end = k * intervalS;
        double start = end - intervalS;
        for (Direction d : directions) {
            double sum = 0;
            long retrSum = 0;
            double total = 0;
            for (int i = 0; i < streams; i++) {
                level[i] = Math.max(0.02 / streams, level[i] * (1 + 0.25 * random.nextGaussian()));
                total += level[i];
            }
            for (int i = 0; i < streams; i++) {
                double bps = lineRate * 0.94 * level[i] / total * (1 + 0.01 * random.nextGaussian());
                long retr = random.nextInt(20) == 0 ? random.nextInt(40) : 0;
                cwnd[i] = Math.max(64 * 1024, cwnd[i] + (retr > 0 ? -cwnd[i] / 3 : 16 * 1024));
                sum += bps;
                retrSum += retr;
                long bytes = (long) (bps * intervalS / 8);
                l.output(
                        d == Direction.C2S ? "h1" : "h2",
                        "[" + (5 + 2 * i) + "]  " + (float) start + "-"
                                + (float) end + " sec  " + bytes / 1048576 + " MBytes  " + Math.round(bps / 1e6)
                                + " Mbits/sec  " + retr + "  " + cwnd[i] / 1024 + " KBytes");
                l.sample(
                        point,
                        TcpRows.sample(null, Integer.toString(5 + 2 * i), d, start, end, bytes, bps, retr, cwnd[i]));
            }
            if (streams > 1) {
                l.sample(
                        point,
                        TcpRows.sample(
                                null, Sample.SUM, d, start, end, (long) (sum * intervalS / 8), sum, retrSum, null));
            }
        }
    }

    /** A finished sweep point shaped like seed 003: receive collapses past MTU 6000. */
    public static List<SweepRow> seed003Point(String point, int mtu) {
        double send = 892e6 + (mtu - 1500) * 0.0115e6;
        double recv = mtu < 4500
                ? 852e6 + (mtu - 1500) * 0.015e6
                : mtu < 6000 ? 790e6 : 187e6 * Math.pow(0.55, (mtu - 6250) / 250.0);
        return List.of(
                new SweepRow(
                        point, mtu, 1, 1, (double) mtu, Direction.C2S, send, send * 0.98, send * 1.01, 12L, null, "ok"),
                new SweepRow(
                        point, mtu, 1, 1, (double) mtu, Direction.S2C, recv, recv * 0.9, recv * 1.05, 40L, null, "ok"));
    }

    public static RunOutcome ok(String runId) {
        return new RunOutcome(RunOutcome.Status.OK, "finished", Path.of("/tmp", runId));
    }
}
