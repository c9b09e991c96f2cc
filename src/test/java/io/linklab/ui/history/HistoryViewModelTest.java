package io.linklab.ui.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.engine.ResultsStore;
import io.linklab.engine.RunHandle;
import io.linklab.engine.RunListener;
import io.linklab.engine.RunOutcome;
import io.linklab.model.HostSpec;
import io.linklab.model.TestPlan;
import io.linklab.model.Tool;
import io.linklab.remote.SshSettings;
import io.linklab.ui.runs.EngineWiring;
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
    void listsFiltersRenamesAnnotatesOpensAndDeletesARealRun() throws Exception {
        ResultsStore store = new ResultsStore(tmp.resolve("runs"));
        TestPlan plan = new TestPlan(Tool.IPERF3, new TestPlan.End(HostSpec.LOCAL, null),
                new TestPlan.End(HostSpec.LOCAL, null), "127.0.0.1", TestPlan.Protocol.TCP, null, 1, 0.5, 0, 2, 1,
                5391, TestPlan.Mode.NORMAL, null, null, 1, null);
        RunHandle handle = EngineWiring.launcher(store, SshSettings.defaults()).start(plan, null, new RunListener() { });
        Optional<RunOutcome> outcome = handle.await(Duration.ofSeconds(60));
        assertTrue(outcome.isPresent() && outcome.get().ok(), outcome.toString());

        HistoryViewModel vm = new HistoryViewModel(new StoreLibrary(store), Runnable::run, Runnable::run);
        vm.refresh();
        assertEquals(1, vm.shown().size(), vm.messageProperty().get());
        RecordedRun listed = vm.shown().get(0);
        assertEquals("iperf3", listed.tool());
        assertEquals(List.of("local", "local"), listed.hosts());
        assertTrue(listed.headline().get(io.linklab.model.Direction.C2S) > 1e6, listed.headline().toString());

        vm.filterProperty().set("iperf3 2 streams");
        assertEquals(1, vm.shown().size());
        vm.filterProperty().set("iperf2");
        assertEquals(0, vm.shown().size());
        vm.filterProperty().set("");

        vm.rename(listed.id(), "loopback baseline");
        vm.annotate(listed.id(), "before the MTU change");
        RecordedRun renamed = vm.shown().get(0);
        assertEquals("loopback baseline", renamed.title());
        assertEquals("before the MTU change", renamed.note());
        vm.filterProperty().set("baseline");
        assertEquals(1, vm.shown().size());

        AtomicReference<RecordedRun> opened = new AtomicReference<>();
        vm.open(listed.id(), opened::set);
        assertFalse(opened.get().samples().isEmpty(), "opening reads every interval back");
        assertTrue(opened.get().environment().keySet().stream().anyMatch(k -> k.startsWith("client ")),
                opened.get().environment().keySet().toString());

        vm.delete(List.of(listed.id()));
        vm.filterProperty().set("");
        assertEquals(0, vm.shown().size());
        vm.open(listed.id(), opened::set);
        assertTrue(vm.messageProperty().get().startsWith("cannot open run " + listed.id()), vm.messageProperty().get());
    }
}
