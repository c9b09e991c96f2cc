package io.linklab.tune;

import static io.linklab.testing.ScriptedTune.CLIENT;
import static io.linklab.testing.ScriptedTune.SERVER;
import static io.linklab.testing.ScriptedTune.TOTALS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.engine.ParserFactory;
import io.linklab.engine.PointHooks;
import io.linklab.engine.RunOutcome;
import io.linklab.engine.TestEngine;
import io.linklab.model.Tool;
import io.linklab.store.ResultsStore;
import io.linklab.testing.ScriptedTransport;
import io.linklab.testing.ScriptedTransport.Script;
import io.linklab.testing.ScriptedTune;
import io.linklab.ui.tune.TuneModel;
import io.linklab.ui.tune.TuneRun;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tune as the window starts it (TuneRun) against scripted hosts: each probe reaches the view-model as it ends, the
 * result and the winner arrive at the end, and the run's folder holds the files a reopened tune is read from.
 */
class TuneRunScriptedTest {

    @TempDir
    Path workspace;

    @Test
    void eachProbeReachesTheModelAndTheResultIsKeptInTheRunFolder() throws Exception {
        ScriptedTransport c = ScriptedTune.host(CLIENT, "198.19.0.1").on("iperf3 -c", Script.prints(TOTALS));
        ScriptedTransport s = ScriptedTune.host(SERVER, "198.19.0.2").on("iperf3 -s", ScriptedTune.listening(c));
        Map<String, ScriptedTransport> hosts = Map.of(CLIENT, c, SERVER, s);
        ResultsStore store = new ResultsStore(workspace);
        TestEngine engine =
                new TestEngine(store, hosts::get, ParserFactory.live(), PointHooks.NONE, ScriptedTune.TIMINGS);
        TuneRequest request = new TuneRequest(
                ScriptedTune.base(null, null),
                List.of(Tool.IPERF3),
                2,
                List.of(),
                EnumSet.of(Dimension.PROCESSES, Dimension.STREAMS),
                10e9,
                ScriptedTune.QUICK_BUDGET,
                List.of());
        TuneModel model = new TuneModel(login -> Optional.empty(), request.linkSpeedBps());
        List<Integer> seen = new CopyOnWriteArrayList<>();
        model.setOnChange(() -> seen.add(model.steps().size()));
        CompletableFuture<RunOutcome> ended = new CompletableFuture<>();
        TuneRun.start(
                (r, driver, listener) -> engine.start(r.firstPlan(), driver, listener, store.newRunDir("tune")),
                request,
                model,
                ended::complete);
        RunOutcome o = ended.get(120, TimeUnit.SECONDS);

        assertEquals(RunOutcome.Status.OK, o.status(), o.message());
        assertTrue(model.ended());
        int probes = model.steps().size();
        assertTrue(probes >= 3, "start, processes and streams, and the confirmation: " + model.steps());
        assertEquals(probes + 1, seen.size(), "told of each probe and of the end: " + seen);
        assertEquals(1, seen.get(0), "the first probe as it ended");
        assertTrue(model.resultText().startsWith("best: iperf3"), model.resultText());
        assertTrue(model.resultText().contains("of the link's 10.00 Gbit/s"), model.resultText());
        assertTrue(model.winnerPlan().isPresent());

        TuneFiles.Stored stored = TuneFiles.read(o.runDir());
        assertEquals(model.steps(), stored.steps());
        assertEquals(model.resultText(), String.join("\n", stored.report()));
        assertEquals(model.winnerPlan().get(), stored.winner());
        assertFalse(c.running("iperf3") || s.running("iperf3"), "nothing left running");
    }
}
