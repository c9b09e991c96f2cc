package io.linklab.ui.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.engine.RunHandle;
import io.linklab.engine.RunListener;
import io.linklab.engine.RunOutcome;
import io.linklab.model.Direction;
import io.linklab.model.HostSpec;
import io.linklab.model.TestPlan;
import io.linklab.model.Verdict;
import io.linklab.remote.SshSettings;
import io.linklab.store.ResultsStore;
import io.linklab.testing.RecordedRuns;
import io.linklab.ui.runs.EngineWiring;
import io.linklab.ui.tasks.TaskRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The history view-model over a real results store holding a real iperf3 run on this machine (loopback). */
class HistoryViewModelTest {

    @TempDir
    Path tmp;

    @Test
    void theVerdictIsListedAndFiltered() throws Exception {
        Path root = tmp.resolve("runs");
        RecordedRuns.copy(RecordedRuns.SINGLE, root.resolve("passed"));
        RecordedRuns.copy(RecordedRuns.SWEEP, root.resolve("on-loopback"));
        RecordedRuns.copy(RecordedRuns.SINGLE, root.resolve("failed"));
        Path failed = root.resolve("failed").resolve("run.json");
        Files.writeString(
                failed,
                Files.readString(failed)
                        .replace("\"verdict\" : \"pass\"", "\"verdict\" : \"fail\"")
                        .replace("\"id\" : \"20261204-204811-iperf3-5e5a\"", "\"id\" : \"failed\""));
        HistoryViewModel vm = new HistoryViewModel(new StoreLibrary(new ResultsStore(root)), TaskRunner.sameThread());
        vm.refresh();
        assertEquals(3, vm.shown().size(), vm.messageProperty().get());
        vm.verdictFilterProperty().set(Verdict.Outcome.FAIL);
        assertEquals(List.of("failed"), vm.shown().stream().map(PastRun::id).toList());
        vm.verdictFilterProperty().set(Verdict.Outcome.PASS);
        assertEquals(
                List.of(Verdict.Outcome.PASS),
                vm.shown().stream().map(PastRun::verdict).toList());
        vm.verdictFilterProperty().set(Verdict.Outcome.NONE);
        assertEquals(1, vm.shown().size());
        assertTrue(vm.shown().get(0).isSweep(), "the loopback sweep has no verdict");
        vm.filterProperty().set("iperf2");
        assertEquals(0, vm.shown().size(), "both filters apply");
        vm.verdictFilterProperty().set(null);
        vm.filterProperty().set("");
        assertEquals(3, vm.shown().size());
    }

    @Test
    void listsFiltersRenamesAnnotatesOpensAndDeletesARealRun() throws Exception {
        ResultsStore store = new ResultsStore(tmp.resolve("runs"));
        TestPlan plan = TestPlan.defaults(
                        new TestPlan.End(HostSpec.LOCAL, null), new TestPlan.End(HostSpec.LOCAL, null), "127.0.0.1")
                .toBuilder()
                .durationS(1)
                .intervalS(0.5)
                .streams(2)
                .basePort(5391)
                .build();
        RunHandle handle = EngineWiring.launcher(store, SshSettings.defaults()).start(plan, null, new RunListener() {});
        Optional<RunOutcome> outcome = handle.await(Duration.ofSeconds(60));
        assertTrue(outcome.isPresent() && outcome.get().ok(), outcome.toString());

        HistoryViewModel vm = new HistoryViewModel(new StoreLibrary(store), TaskRunner.sameThread());
        vm.refresh();
        assertEquals(1, vm.shown().size(), vm.messageProperty().get());
        PastRun listed = vm.shown().get(0);
        assertEquals("iperf3", listed.tool());
        assertEquals(List.of("local", "local"), listed.hosts());
        assertTrue(listed.headline().get(Direction.C2S) > 1e6, listed.headline().toString());

        vm.filterProperty().set("iperf3 2 streams");
        assertEquals(1, vm.shown().size());
        vm.filterProperty().set("iperf2");
        assertEquals(0, vm.shown().size());
        vm.filterProperty().set("");

        vm.rename(listed.id(), "loopback baseline");
        vm.annotate(listed.id(), "before the MTU change");
        PastRun renamed = vm.shown().get(0);
        assertEquals("loopback baseline", renamed.title());
        assertEquals("before the MTU change", renamed.note());
        vm.filterProperty().set("baseline");
        assertEquals(1, vm.shown().size());

        AtomicReference<PastRun> opened = new AtomicReference<>();
        vm.open(listed.id(), opened::set);
        assertFalse(opened.get().samples().isEmpty(), "opening reads every interval back");
        assertTrue(
                opened.get().environment().keySet().stream().anyMatch(k -> k.startsWith("client ")),
                opened.get().environment().keySet().toString());

        vm.delete(List.of(listed.id()));
        vm.filterProperty().set("");
        assertEquals(0, vm.shown().size());
        vm.open(listed.id(), opened::set);
        assertTrue(
                vm.messageProperty().get().startsWith("cannot open run " + listed.id()),
                vm.messageProperty().get());
    }

    @Test
    void aRunWithDamagedJournalLinesOpensAndSaysSoOnce() throws Exception {
        Path dir = tmp.resolve("runs").resolve("20261202-050000-iperf3-1a2b");
        Files.createDirectories(dir);
        Files.writeString(
                dir.resolve("run.json"),
                "{\"format\":\"linklab-run\",\"version\":1,"
                        + "\"id\":\"20261202-050000-iperf3-1a2b\",\"status\":\"ok\",\"started\":\"2026-12-02T05:00:00Z\"}");
        String sample = "{\"type\":\"sample\",\"point\":\"\",\"rep\":1,\"stream\":\"5\",\"direction\":\"c2s\","
                + "\"start\":0,\"end\":1,\"bytes\":5,\"bps\":40}\n";
        Files.writeString(
                dir.resolve("journal.jsonl"),
                sample + "garbage\n" + sample + "{\"type\":\"event\",\"severity\":\"LOUD\"}\n" + sample
                        + "{\"type\":\"sam");

        HistoryViewModel vm =
                new HistoryViewModel(new StoreLibrary(new ResultsStore(tmp.resolve("runs"))), TaskRunner.sameThread());
        AtomicReference<PastRun> opened = new AtomicReference<>();
        vm.open("20261202-050000-iperf3-1a2b", opened::set);

        // the three rows read (a run this old has no SUM rows: the one it gets on opening is not counted)
        assertEquals(
                3,
                opened.get().samples().stream().filter(s -> !s.sample().isSum()).count(),
                vm.messageProperty().get());
        String said = vm.messageProperty().get();
        assertTrue(said.contains("3 damaged lines were skipped (the first is line 2)"), said);
        assertEquals(said.indexOf("damaged"), said.lastIndexOf("damaged"), "said once: " + said);
    }
}
