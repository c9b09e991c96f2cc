package io.linklab.ui.dashboard;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.engine.RunInfo;
import io.linklab.engine.RunOutcome;
import io.linklab.engine.SweepPoint;
import io.linklab.engine.SweepPoints;
import io.linklab.model.Direction;
import io.linklab.model.PlanDuration;
import io.linklab.model.Role;
import io.linklab.model.Sample;
import io.linklab.model.SweepRow;
import io.linklab.model.TestPlan;
import io.linklab.testing.TcpRows;
import io.linklab.ui.charts.LiveChartContent;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class LiveRunModelTest {

    private final AtomicLong clock = new AtomicLong();
    private final LiveRunModel model = new LiveRunModel(clock::get);

    private static TestPlan plan(int streams, int processes, TestPlan.Mode mode, TestPlan.Sweep sweep) {
        return TestPlan.defaults(
                        new TestPlan.End("root@198.18.5.11", null),
                        new TestPlan.End("root@198.18.5.12", null),
                        "198.19.5.2")
                .toBuilder()
                .streams(streams)
                .processes(processes)
                .mode(mode)
                .sweep(sweep)
                .build();
    }

    private void start(TestPlan plan, List<String> points) {
        model.runStarted(new RunInfo("r1", plan, Path.of("/tmp/r1"), points, Map.of("h1", List.of("iperf3 -c x"))));
    }

    private static Sample s(String process, String stream, Direction d, double end, double bps, long retr) {
        return TcpRows.sample(process, stream, d, end - 1, end, (long) (bps / 8), bps, retr, 100_000L);
    }

    /** The line of this label in a chart's content (the dashboard's lab test reads its charts the same way). */
    static LiveChartContent.Entry entry(LiveChartContent c, String label) {
        return c.entries().stream()
                .filter(e -> e.label().equals(label))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no line " + label + " in "
                        + c.entries().stream()
                                .map(LiveChartContent.Entry::label)
                                .toList()));
    }

    @Test
    void bidirectionalRunDrawsEachStreamAndABoldSumPerDirection() {
        start(plan(2, 1, TestPlan.Mode.BIDIR, null), List.of(""));
        for (int t = 1; t <= 3; t++) {
            for (Direction d : Direction.values()) {
                model.sample("", s(null, "5", d, t, 400e6 + t, 1));
                model.sample("", s(null, "7", d, t, 500e6, 0));
                model.sample("", s(null, Sample.SUM, d, t, 900e6 + t, 1));
            }
        }
        List<String> labels = model.bitrate().entries().stream()
                .map(LiveChartContent.Entry::label)
                .toList();
        assertEquals(6, labels.size(), labels.toString());
        LiveChartContent.Entry sum = entry(model.bitrate(), "SUM c2s");
        assertTrue(sum.width() > 2, "SUM is bold");
        assertArrayEquals(
                new double[] {900e6 + 1, 900e6 + 2, 900e6 + 3}, sum.series().points()[1]);
        assertTrue(entry(model.bitrate(), "stream 5 s2c").dashed(), "the reverse direction is dashed");
        assertEquals(3, entry(model.retransmits(), "stream 5 c2s").series().size());

        LiveRunModel.Snapshot snap = model.takeSnapshot();
        assertEquals(6, snap.rows().size());
        LiveRunModel.StreamRow row5 = snap.rows().stream()
                .filter(r -> r.key().equals(new LiveRunModel.StreamKey(null, "5", Direction.C2S)))
                .findFirst()
                .orElseThrow();
        assertEquals(400e6 + 3, row5.bitsPerSecond());
        assertEquals(3, row5.totalRetransmits());
    }

    @Test
    void eachRowKeepsItsAverageAndTheSumTakesThePointsMeanOnceItEnds() {
        start(plan(2, 1, TestPlan.Mode.NORMAL, null), List.of(""));
        double[] last = {3e9, 1e9, 2e9};
        for (int t = 1; t <= 3; t++) {
            model.sample("", s(null, "5", Direction.C2S, t, last[t - 1], 0));
            model.sample("", s(null, "7", Direction.C2S, t, 1e9, 0));
            model.sample("", s(null, Sample.SUM, Direction.C2S, t, last[t - 1] + 1e9, 0));
        }
        LiveRunModel.StreamRow stream5 = row("5");
        assertEquals(2e9, stream5.bitsPerSecond(), 1, "the table's bitrate is the last interval's");
        assertEquals(2e9, stream5.averageBitsPerSecond(), 1, "(3 + 1 + 2) / 3 Gbit/s");
        // the point's mean receiver rate, as the findings quote it, replaces the SUM's interval mean
        model.pointFinished(
                "", List.of(new SweepRow("", null, 2, 1, null, Direction.C2S, 2.9e9, 2.9e9, 2.9e9, 0L, 1.0, "ok")));
        assertEquals(3e9, row(Sample.SUM).bitsPerSecond(), 1);
        assertEquals(2.9e9, row(Sample.SUM).averageBitsPerSecond(), 1);
    }

    private LiveRunModel.StreamRow row(String stream) {
        return model.takeSnapshot().rows().stream()
                .filter(r -> r.key().stream().equals(stream))
                .findFirst()
                .orElseThrow();
    }

    /**
     * The bold SUM is the engine's SUM row as it is: a single stream's SUM (IntervalRows) or the tool's own, even
     * where the streams do not add up to it (the tool's SUM counts a stream that reported late, or rounds).
     */
    @Test
    void theSumIsTheEnginesSumRowEvenWhereTheStreamsDoNotAddUpToIt() {
        start(plan(1, 1, TestPlan.Mode.NORMAL, null), List.of(""));
        model.sample("", s(null, "5", Direction.C2S, 1, 941e6, 0));
        model.sample("", s(null, Sample.SUM, Direction.C2S, 1, 941.4e6, 1));
        model.sample("", s(null, "5", Direction.C2S, 2, 940e6, 2));
        model.sample("", s(null, Sample.SUM, Direction.C2S, 2, 950e6, 3));
        assertArrayEquals(
                new double[] {941.4e6, 950e6},
                entry(model.bitrate(), "SUM").series().points()[1]);
        assertArrayEquals(
                new double[] {1, 3}, entry(model.retransmits(), "SUM").series().points()[1]);
        assertEquals(950e6, row(Sample.SUM).bitsPerSecond());
        assertEquals(4, row(Sample.SUM).totalRetransmits());
    }

    @Test
    void noSumLineComesFromStreamsAlone() {
        start(plan(1, 1, TestPlan.Mode.NORMAL, null), List.of(""));
        model.sample("", s(null, "5", Direction.C2S, 1, 941e6, 0));
        model.sample("", s(null, "5", Direction.C2S, 2, 940e6, 2));
        assertEquals(
                List.of("stream 5"),
                model.bitrate().entries().stream()
                        .map(LiveChartContent.Entry::label)
                        .toList());
        assertTrue(
                model.retransmits().entries().stream().noneMatch(e -> e.label().equals("SUM")));
    }

    /** A log of two titled iperf3 processes has no SUM of both: each one's SUM is drawn, none is made up here. */
    @Test
    void aLogsProcessesAreNotAddedUpIntoASumOfAll() {
        model.runStarted(new RunInfo("log", null, Path.of("/tmp/log"), List.of(""), Map.of()));
        for (int t = 1; t <= 2; t++) {
            for (String proc : List.of("5201", "5202")) {
                model.sample("", s(proc, "5", Direction.C2S, t, 10e9, 0));
                model.sample("", s(proc, Sample.SUM, Direction.C2S, t, 10e9, 0));
            }
        }
        assertEquals(
                List.of("5201/stream 5", "5201/SUM", "5202/stream 5", "5202/SUM"),
                model.bitrate().entries().stream()
                        .map(LiveChartContent.Entry::label)
                        .toList());
    }

    /**
     * Seed 000: four iperf3 processes on ports 5201-5204, each with two streams. Each process's streams and its
     * own SUM are drawn; the bold SUM is the engine's merge over processes (process null), not added again.
     */
    @Test
    void multiProcessRunGetsPerProcessLinesAndTheEnginesMergedSum() {
        start(plan(2, 4, TestPlan.Mode.NORMAL, null), List.of(""));
        for (int t = 1; t <= 2; t++) {
            for (int p = 0; p < 4; p++) {
                String proc = "520" + (p + 1);
                model.sample("", s(proc, "5", Direction.C2S, t, 12e9, 0));
                model.sample("", s(proc, "7", Direction.C2S, t, 12.5e9, 0));
                model.sample("", s(proc, Sample.SUM, Direction.C2S, t, 24.5e9, 0));
            }
            model.sample("", s(null, Sample.SUM, Direction.C2S, t, 98e9 + t, 0));
        }
        LiveChartContent.Entry sum = entry(model.bitrate(), "SUM");
        assertEquals(2, sum.series().size());
        assertEquals(98e9 + 2, sum.series().lastY());
        assertNotNull(entry(model.bitrate(), "5203/stream 5"));
        assertTrue(entry(model.bitrate(), "5203/SUM").width() > 1.5f, "a process's SUM is half-bold");
    }

    /** The engine says when a repetition starts: the charts start over then, whatever the samples' clock does. */
    @Test
    void aNewRepetitionStartsTheChartsOver() {
        TestPlan p = plan(1, 1, TestPlan.Mode.NORMAL, null);
        start(p, List.of(""));
        SweepPoint point = SweepPoints.of(p).get(0);
        model.pointStarted(point, 0, 1);
        model.repetitionStarted(point, 1, 2);
        for (int t = 1; t <= 3; t++) {
            model.sample("", s(null, "5", Direction.C2S, t, 1e9, 0));
        }
        assertEquals(3, entry(model.bitrate(), "stream 5").series().size(), "the first repetition keeps its own");
        model.repetitionStarted(point, 2, 2);
        // a repetition whose first interval ends after the last one of the previous: no clock going back to see
        model.sample("", s(null, "5", Direction.C2S, 4, 2e9, 0));
        model.sample("", s(null, Sample.SUM, Direction.C2S, 4, 2e9, 0));
        assertEquals(1, entry(model.bitrate(), "stream 5").series().size());
        assertEquals(2e9, entry(model.bitrate(), "SUM").series().lastY());
    }

    @Test
    void omittedWarmUpIntervalsAreNotDrawn() {
        start(plan(1, 1, TestPlan.Mode.NORMAL, null), List.of(""));
        model.sample(
                "",
                new Sample(
                        null,
                        "5",
                        Direction.C2S,
                        0,
                        1,
                        1L,
                        1e6,
                        0L,
                        1L,
                        null,
                        null,
                        null,
                        null,
                        true,
                        null,
                        null,
                        null,
                        null,
                        null));
        assertTrue(model.bitrate().entries().isEmpty());
    }

    @Test
    void consoleKeepsTheNewestLinesAndHandsNewOnesOverOnce() {
        start(plan(1, 1, TestPlan.Mode.NORMAL, null), List.of(""));
        for (int i = 0; i < LiveRunModel.CONSOLE_LINES + 50; i++) {
            model.output("h1", "line " + i);
        }
        List<String> kept = model.console("h1");
        assertEquals(LiveRunModel.CONSOLE_LINES, kept.size());
        assertEquals("line " + (LiveRunModel.CONSOLE_LINES + 49), kept.get(kept.size() - 1));
        assertEquals(
                LiveRunModel.CONSOLE_LINES,
                model.takeSnapshot().newConsoleLines().get("h1").size());
        assertTrue(model.takeSnapshot().newConsoleLines().isEmpty());
    }

    @Test
    void progressEstimatesTheWholeSweepAndLearnsFromFinishedPoints() {
        TestPlan p = plan(
                1,
                1,
                TestPlan.Mode.NORMAL,
                new TestPlan.Sweep(TestPlan.SweepKind.MTU, List.of("1500", "4000", "9000")));
        start(p, List.of("mtu=1500", "mtu=4000", "mtu=9000"));
        model.pointStarted(SweepPoints.of(p).get(0), 0, 3);
        clock.addAndGet(Duration.ofSeconds(5).toNanos());
        LiveRunModel.Progress early = model.takeSnapshot().progress();
        assertEquals(5, early.elapsed().toSeconds());
        // the wizard's estimate: 10 s + 3 s overhead + 4 s MTU change per point, 51 s in all, 5 s gone
        assertEquals(PlanDuration.seconds(p) - 5, early.remaining().toSeconds());
        assertEquals(46, early.remaining().toSeconds());
        clock.addAndGet(Duration.ofSeconds(15).toNanos());
        model.pointFinished("mtu=1500", List.of());
        model.pointStarted(SweepPoints.of(p).get(1), 1, 3);
        LiveRunModel.Progress later = model.takeSnapshot().progress();
        // the first point took 20 s, so two more take 40 s
        assertEquals(40, later.remaining().toSeconds());
        assertEquals(1.0 / 3, later.fraction(), 1e-9);
        assertNotNull(model.sweep());
        model.runFinished(new RunOutcome(RunOutcome.Status.CANCELLED, "stopped by the user", Path.of("/tmp/r1")));
        LiveRunModel.Snapshot end = model.takeSnapshot();
        assertEquals(1.0, end.progress().fraction());
        assertEquals("stopped", end.status());
    }

    /** A UDP interval as one end printed it: the client sends (datagram counts), the server receives. */
    private static Sample udp(
            String stream, Role role, double end, double bps, Double jitter, Long lost, long packets) {
        return new Sample(
                null,
                stream,
                Direction.C2S,
                end - 1,
                end,
                (long) (bps / 8),
                bps,
                null,
                null,
                null,
                jitter,
                lost,
                packets,
                false,
                role,
                Sample.SUM.equals(stream) ? null : 1,
                null,
                null,
                null);
    }

    @Test
    void theServersViewOfAUdpRunGivesJitterAndLossWithoutDrawingTheFlowTwice() {
        start(plan(1, 1, TestPlan.Mode.NORMAL, null), List.of(""));
        for (int t = 1; t <= 2; t++) {
            model.sample("", udp("5", Role.SENDER, t, 100e6, null, null, 382));
            model.sample("", udp(Sample.SUM, Role.SENDER, t, 100e6, null, null, 382));
            // The server numbers the same stream "6"; its stream number says which flow it is.
            model.sample("", udp("6", Role.RECEIVER, t + 0.01, 99e6, 0.05 * t, 4L * t, 400));
            model.sample("", udp(Sample.SUM, Role.RECEIVER, t + 0.01, 99e6, 0.05 * t, 4L * t, 400));
        }
        assertEquals(
                List.of("stream 5", "SUM"),
                model.bitrate().entries().stream()
                        .map(LiveChartContent.Entry::label)
                        .toList(),
                "one line per flow, the client's view");
        assertArrayEquals(
                new double[] {100e6, 100e6},
                entry(model.bitrate(), "SUM").series().points()[1]);
        assertArrayEquals(
                new double[] {1.0, 2.0},
                entry(model.loss(), "stream 5").series().points()[1],
                1e-9,
                "loss % per interval: 4 and 8 of 400 datagrams");
        assertArrayEquals(
                new double[] {0.05, 0.1},
                entry(model.jitter(), "stream 5").series().points()[1],
                1e-9);
        LiveRunModel.StreamRow row = model.takeSnapshot().rows().stream()
                .filter(r -> r.key().stream().equals("5"))
                .findFirst()
                .orElseThrow();
        assertEquals(0.1, row.jitterMs(), 1e-9);
        assertEquals(2.0, row.lossPercent(), 1e-9);
        assertEquals(100e6, row.bitsPerSecond());
    }

    @Test
    void theServersViewOfAReverseRunGivesTheSendersRetransmitsAndWindow() {
        start(plan(1, 1, TestPlan.Mode.REVERSE, null), List.of(""));
        for (int t = 1; t <= 2; t++) {
            // The client receives: no retransmits or window of its own.
            model.sample(
                    "",
                    TcpRows.sample(null, "5", Direction.S2C, t - 1, t, 1000L, 8e9, null, null)
                            .withRole(Role.RECEIVER)
                            .withStreamIndex(1));
            model.sample(
                    "",
                    TcpRows.sample(null, Sample.SUM, Direction.S2C, t - 1, t, 1000L, 8e9, null, null)
                            .withRole(Role.RECEIVER));
            model.sample(
                    "",
                    TcpRows.sample(null, "7", Direction.S2C, t - 1, t, 1000L, 8.1e9, 3L * t, 65536L * t)
                            .withRole(Role.SENDER)
                            .withStreamIndex(1));
        }
        assertArrayEquals(
                new double[] {3, 6},
                entry(model.retransmits(), "stream 5").series().points()[1]);
        assertArrayEquals(
                new double[] {65536, 131072},
                entry(model.cwnd(), "stream 5").series().points()[1]);
        assertEquals(
                List.of("stream 5", "SUM"),
                model.bitrate().entries().stream()
                        .map(LiveChartContent.Entry::label)
                        .toList());
        LiveRunModel.StreamRow row = model.takeSnapshot().rows().stream()
                .filter(r -> r.key().stream().equals("5"))
                .findFirst()
                .orElseThrow();
        assertEquals(6, row.retransmits());
        assertEquals(9, row.totalRetransmits());
        assertEquals(131072L, row.cwndBytes());
        assertEquals(8e9, row.bitsPerSecond(), "the client's own rate");
    }

    @Test
    void theServersFirstIntervalThatComesBeforeTheClientsIsKeptToo() {
        // Both ends print each interval at about the same moment: the server's can come first (an EngineLabTest
        // run lost its first loss point that way and had one point where two were due).
        start(plan(1, 1, TestPlan.Mode.NORMAL, null), List.of(""));
        model.sample("", udp("6", Role.RECEIVER, 1.01, 99e6, 0.05, 4L, 400));
        model.sample("", udp("5", Role.SENDER, 1, 100e6, null, null, 382));
        model.sample("", udp(Sample.SUM, Role.SENDER, 1, 100e6, null, null, 382));
        model.sample("", udp("5", Role.SENDER, 2, 100e6, null, null, 382));
        model.sample("", udp("6", Role.RECEIVER, 2.01, 99e6, 0.1, 8L, 400));
        assertArrayEquals(
                new double[] {1.0, 2.0},
                entry(model.loss(), "stream 5").series().points()[1],
                1e-9,
                "both intervals' loss %");
        assertEquals(
                List.of("stream 5", "SUM"),
                model.bitrate().entries().stream()
                        .map(LiveChartContent.Entry::label)
                        .toList(),
                "the server's view is still not drawn as a flow");
    }
}
