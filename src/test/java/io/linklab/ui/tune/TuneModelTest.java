package io.linklab.ui.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.TestPlan;
import io.linklab.model.Tool;
import io.linklab.testing.TuneFixtures;
import io.linklab.tune.Pinning;
import io.linklab.tune.Probe;
import io.linklab.tune.ProbeLength;
import io.linklab.tune.StopReason;
import io.linklab.tune.TuneFiles;
import io.linklab.tune.TunePlans;
import io.linklab.tune.TuneReport;
import io.linklab.tune.TuneResult;
import io.linklab.tune.TuneSettings;
import io.linklab.tune.TuneStep;
import io.linklab.ui.charts.ChartContent.HoverValues;
import io.linklab.ui.charts.PlotFrame;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tune's view-model: chart points from its steps, the result's text, and the winner as a test plan. */
class TuneModelTest {

    @TempDir
    Path dir;

    private static final TestPlan BASE = TuneFixtures.base("root@h1", "data0", "root@h2", "data0", "198.19.0.2", 10);

    private static final TuneSettings START = TuneSettings.start(Tool.IPERF3);
    private static final TuneSettings TWO = START.withProcesses(2);
    private static final TuneSettings FOUR = START.withProcesses(4).withPinning(Pinning.SPREAD);

    /** Four probes (one failed) and the confirmation of 4 processes. */
    private static List<TuneStep> steps() {
        return List.of(
                new TuneStep(1, Probe.of(START, List.of(9e9, 11e9), null), "start"),
                new TuneStep(2, Probe.of(TWO, List.of(19e9, 21e9), null), "processes 1 -> 2"),
                new TuneStep(3, Probe.failed(START.withTool(Tool.IPERF2), "iperf: not found"), "tool iperf3 -> iperf2"),
                new TuneStep(4, Probe.of(FOUR, List.of(23e9, 24e9), null), "pinning -> spread"),
                new TuneStep(5, Probe.of(FOUR, List.of(23.5e9, 23.7e9, 23.9e9), null), "confirm"));
    }

    private static TuneResult result() {
        return TuneFixtures.ended(steps(), FOUR, StopReason.NO_GAIN, "gain under 2 %");
    }

    private static TestPlan winnerPlan() {
        return TunePlans.test(BASE, FOUR, new ProbeLength(10, 1, 3), List.of(0, 1, 2, 3), List.of(0, 1, 2, 3));
    }

    private static TuneModel finished(Double linkSpeed) {
        TuneModel m = new TuneModel(login -> Optional.empty(), linkSpeed);
        steps().forEach(m::step);
        TestPlan winner = winnerPlan();
        m.finished(new TuneModel.Result(TuneReport.lines(result(), linkSpeed, winner), winner), null);
        return m;
    }

    @Test
    void eachMeasuredProbeIsAPointAtItsStepWithMinMaxBarsAndAFailedOneIsMarked() {
        TuneModel m = new TuneModel(login -> Optional.empty(), 25e9);
        steps().subList(0, 4).forEach(m::step);
        PlotFrame f = m.frame(800);

        PlotFrame.Line probes = f.lines().stream()
                .filter(l -> l.id().equals("probes"))
                .findFirst()
                .orElseThrow();
        assertEquals(3, probes.points().size(), "three probes measured");
        assertEquals(1, probes.points().x(0));
        assertEquals(10e9, probes.points().y(0), 1);
        assertEquals(4, probes.points().x(2));
        assertEquals(23.5e9, probes.points().y(2), 1);
        assertEquals(3, f.bars().size(), "each probe of two repetitions has its min-max bar");
        assertEquals(19e9, f.bars().get(1).yMin(), 1);
        assertEquals(21e9, f.bars().get(1).yMax(), 1);
        assertEquals(1, f.marks().size());
        assertEquals(3, f.marks().get(0).x());
        assertEquals(PlotFrame.Mark.Kind.FAILED, f.marks().get(0).kind());
        assertTrue(f.lines().stream().anyMatch(l -> l.id().equals("link")), "the link speed is drawn");
        assertTrue(f.y1() >= 25e9, "the link speed is on the chart: " + f.y1());
        assertTrue(f.lines().stream().noneMatch(l -> l.id().equals("winner")), "no winner while it runs");
        assertTrue(m.status().startsWith("Probe 4 done — step 4 pinning -> spread"), m.status());
    }

    @Test
    void theConfirmedWinnerIsMarkedOnceTheTuneEnded() {
        TuneModel m = finished(null);
        PlotFrame.Line winner = m.frame(800).lines().stream()
                .filter(l -> l.id().equals("winner"))
                .findFirst()
                .orElseThrow();
        assertEquals(1, winner.points().size());
        assertEquals(5, winner.points().x(0), "at the confirmation");
        assertEquals(23.7e9, winner.points().y(0), 1);
        assertEquals(5, m.winnerStep().orElseThrow().step());
    }

    @Test
    void hoverShowsTheStepsSettingsAndRateOrWhyItFailed() {
        TuneModel m = finished(null);
        HoverValues two = m.valuesAt(2.2);
        assertEquals("step 2: processes 1 -> 2", two.xText());
        assertEquals("iperf3 p=2 s=1 pin=none w=default", two.entries().get(0).value());
        assertEquals("20 Gbit/s", two.entries().get(1).value());
        assertEquals("19 Gbit/s – 21 Gbit/s", two.entries().get(2).value());
        HoverValues failed = m.valuesAt(3);
        assertEquals("failed", failed.entries().get(1).label());
        assertEquals("iperf: not found", failed.entries().get(1).value());
    }

    @Test
    void theResultSaysTheWinnerItsRateWithMinMaxTheLinkShareWhyItStoppedAndTheCommands() {
        TuneModel m = finished(25e9);
        String text = m.resultText();
        assertTrue(text.contains("best: iperf3 p=4 s=1 pin=spread w=default"), text);
        assertTrue(text.contains("rate 23.70 Gbit/s, min 23.50, max 23.90 (confirmed over 3 runs of 10 s)"), text);
        assertTrue(text.contains("95 % of the link's 25.00 Gbit/s"), text);
        assertTrue(text.contains("stopped: no further gain (gain under 2 %)"), text);
        assertTrue(text.contains("iperf3 -c 198.19.0.2"), text);
        String script = m.script();
        assertTrue(script.startsWith("#!/bin/sh"), script);
        assertTrue(script.contains("ssh root@h1 -- "), script);
        assertTrue(script.contains("-p 5204"), "four processes on consecutive ports: " + script);
        assertTrue(script.contains("taskset"), "spread: pinned: " + script);
        assertTrue(m.status().startsWith("Tune ended after 5 probes — stopped: no further gain"), m.status());
    }

    @Test
    void saveAsTestIsTheWinnersSettingsAsAPlan() {
        TestPlan p = finished(null).winnerPlan().orElseThrow();
        assertEquals(Tool.IPERF3, p.tool());
        assertEquals(4, p.processes());
        assertEquals(1, p.streams());
        assertEquals(List.of(0, 1, 2, 3), p.client().cpus(), "spread: process i on CPU i");
        assertEquals(List.of(0, 1, 2, 3), p.server().cpus());
        assertEquals(null, p.window());
        assertEquals(null, p.sweep(), "the hosts' own MTU: no MTU change");
        assertEquals("root@h1", p.client().login());
        assertEquals("198.19.0.2", p.target());
        TestPlan atJumbo = TunePlans.test(BASE, FOUR.withMtu(9000), new ProbeLength(10, 1, 3), List.of(), List.of());
        assertEquals(TestPlan.SweepKind.MTU, atJumbo.sweep().kind());
        assertEquals(List.of("9000"), atJumbo.sweep().values());
    }

    @Test
    void aStoredTuneReadsBackAsItWasShown() throws Exception {
        TuneModel live = finished(25e9);
        TuneFiles.write(dir, result(), winnerPlan(), live.result().report());
        TuneFiles.Stored s = TuneFiles.read(dir);
        TuneModel stored = TuneModel.stored(s.steps(), s.report(), s.winner());

        assertEquals(live.steps(), stored.steps());
        assertEquals(live.resultText(), stored.resultText());
        assertEquals(live.winnerPlan(), stored.winnerPlan());
        assertEquals(
                live.ratePoints().stream().map(Arrays::toString).toList(),
                stored.ratePoints().stream().map(Arrays::toString).toList());
        assertTrue(Files.readString(dir.resolve("tune.csv")).contains("failed: iperf: not found"));
    }

    @Test
    void withoutAWinnerThereIsNothingToCopyOrSave() {
        TuneModel m = new TuneModel(login -> Optional.empty(), null);
        m.step(new TuneStep(1, Probe.failed(START, "iperf3: not found"), "start"));
        m.finished(new TuneModel.Result(List.of("no setting measured: iperf3: not found"), null), "failed");
        assertFalse(m.winnerPlan().isPresent());
        assertEquals("", m.script());
        assertTrue(m.status().contains("no setting measured"), m.status());
    }
}
