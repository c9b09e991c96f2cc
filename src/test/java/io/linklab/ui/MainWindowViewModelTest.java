package io.linklab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.engine.RunOutcome;
import io.linklab.model.HostSpec;
import io.linklab.model.TestPlan;
import io.linklab.model.Topology;
import java.time.LocalTime;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.prefs.Preferences;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The shell's view-model without a screen: theme and last plan remembered, what the status line says. */
class MainWindowViewModelTest {

    private final Preferences prefs = UiTestSupport.freshPreferences();

    @AfterEach
    void cleanUp() {
        UiTestSupport.remove(prefs);
    }

    @Test
    void theThemeIsRememberedForTheNextStart() {
        MainWindowViewModel vm = new MainWindowViewModel(new Settings(prefs));
        assertEquals(Settings.Theme.LIGHT, vm.themeProperty().get());
        vm.themeProperty().set(Settings.Theme.DARK);
        assertEquals(
                Settings.Theme.DARK,
                new MainWindowViewModel(new Settings(prefs)).themeProperty().get());
    }

    @Test
    void aStartedRunIsSaidAndItsPlanIsTheNextTestsStart() {
        MainWindowViewModel vm = new MainWindowViewModel(new Settings(prefs));
        assertEquals(Optional.empty(), vm.lastPlan());
        TestPlan plan = ScriptedRuns.plan(4, TestPlan.Mode.NORMAL, null);
        vm.runStarted(plan);
        assertEquals(Optional.of(plan), new MainWindowViewModel(new Settings(prefs)).lastPlan());
        assertTrue(
                vm.statusProperty().get().startsWith("Started " + plan.tool().id() + " from "),
                vm.statusProperty().get());
    }

    @Test
    void aLastPlanThatNoLongerReadsStartsTheWizardFromItsDefaults() {
        new Settings(prefs).put(Settings.LAST_PLAN, "{\"tool\":\"no such tool\"}");
        assertEquals(Optional.empty(), new MainWindowViewModel(new Settings(prefs)).lastPlan());
    }

    @Test
    void theStatusLineSaysHowARunEnded() {
        MainWindowViewModel vm = new MainWindowViewModel(new Settings(prefs));
        vm.runEnded("r1", new RunOutcome(RunOutcome.Status.FAILED, "h2 refused", null), LocalTime.of(9, 5, 7));
        assertEquals(
                "Run r1 ended at 09:05:07, failed: h2 refused",
                vm.statusProperty().get());
        vm.runEnded(null, new RunOutcome(RunOutcome.Status.CANCELLED, "", null), LocalTime.of(23, 0));
        assertEquals("Run ended at 23:00:00, stopped", vm.statusProperty().get());
    }

    @Test
    void probingNothingSelectedSaysWhatToDo() {
        MainWindowViewModel vm = new MainWindowViewModel(new Settings(prefs));
        Topology lab = Topology.loopback();
        assertEquals(List.of(), vm.selectedHosts(lab, Set.of(), "probe it"));
        assertEquals("Select a host to probe it", vm.statusProperty().get());
        HostSpec first = lab.hosts().get(0);
        assertEquals(List.of(first), vm.selectedHosts(lab, Set.of(first.id()), "probe it"));
    }

    @Test
    void theFirstStartHintGoesOnceALabOfTheUsersIsShown() {
        MainWindowViewModel vm = new MainWindowViewModel(new Settings(prefs));
        vm.say(MainWindowViewModel.LOOPBACK_HINT);
        vm.topologyShown(Topology.loopback());
        assertEquals(MainWindowViewModel.LOOPBACK_HINT, vm.statusProperty().get());
        vm.topologyShown(new Topology("Rack 4", List.of(), List.of(), List.of()));
        assertEquals("", vm.statusProperty().get());
    }
}
