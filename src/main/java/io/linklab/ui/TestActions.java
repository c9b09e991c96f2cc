package io.linklab.ui;

import io.linklab.model.HostSpec;
import io.linklab.model.InterfaceSpec;
import io.linklab.model.TestPlan;
import io.linklab.model.Topology;
import io.linklab.store.PlanFiles;
import io.linklab.tune.TuneRequest;
import io.linklab.ui.runs.RunStarter;
import io.linklab.ui.runs.RunWarmUp;
import io.linklab.ui.tasks.TaskRunner;
import io.linklab.ui.topology.TopologyEditorViewModel;
import io.linklab.ui.tune.TuneDialog;
import io.linklab.ui.tune.TuneForm;
import io.linklab.ui.wizard.TestWizard;
import io.linklab.ui.wizard.TestWizardViewModel;
import java.io.File;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;
import javafx.beans.InvalidationListener;
import javafx.scene.Scene;
import javafx.stage.FileChooser;
import javafx.stage.Stage;

/**
 * The Test menu's plan actions: the wizard over the lab (starting from the last plan, with a selected link's
 * ends), its Run handed to the run starter, and plans saved to and opened from files off the FX thread.
 */
final class TestActions {

    private final MainWindowViewModel shell;
    private final TopologyEditorViewModel editor;
    private final RunStarter runStarter;
    private final TaskRunner tasks;
    private final Supplier<Stage> stage;
    private final Consumer<String> problem;
    private final BiConsumer<TuneRequest, Topology> tunes;
    private final Function<HostSpec, Optional<String>> iperf3Versions;

    /**
     * @param problem shows a problem the user must read
     * @param tunes   starts a tune ("Find best settings") over the lab
     * @param iperf3Versions a probed host's {@code iperf3 --version} line, empty for hosts not probed
     */
    TestActions(
            MainWindowViewModel shell,
            TopologyEditorViewModel editor,
            RunStarter runStarter,
            TaskRunner tasks,
            Supplier<Stage> stage,
            Consumer<String> problem,
            BiConsumer<TuneRequest, Topology> tunes,
            Function<HostSpec, Optional<String>> iperf3Versions) {
        this.shell = shell;
        this.editor = editor;
        this.runStarter = runStarter;
        this.tasks = tasks;
        this.stage = stage;
        this.problem = problem;
        this.tunes = tunes;
        this.iperf3Versions = iperf3Versions;
    }

    /** Opens the test wizard over the current topology; a selected link fills in the ends. */
    TestWizard newTest() {
        RunWarmUp.startOnce(tasks);
        TestWizardViewModel vm = new TestWizardViewModel(editor.topology());
        vm.knowIperf3Versions(iperf3Versions);
        shell.lastPlan().ifPresent(vm::load);
        for (String id : editor.selection()) {
            editor.topology().links().stream()
                    .filter(l -> l.id().equals(id))
                    .findFirst()
                    .ifPresent(vm::useLink);
        }
        TestWizard wizard = new TestWizard(stage.get(), vm, this::run, this::savePlan);
        wizard.offerTune(this::findBest);
        loginAheadOnEachChange(vm);
        wizard.onClosedWithoutRun(runStarter::dropEarlyLogins);
        Scene scene = stage.get() == null ? null : stage.get().getScene();
        if (scene != null) {
            wizard.wizard().getDialog().getDialogPane().getStylesheets().setAll(scene.getStylesheets());
        }
        wizard.show();
        return wizard;
    }

    /**
     * A person spends seconds in the wizard; the logins to its two ends are made meanwhile, so that Run does not
     * wait for them (on a host with a slow login shell that is about a second).
     */
    private void loginAheadOnEachChange(TestWizardViewModel vm) {
        Topology lab = editor.topology();
        InvalidationListener ends = o -> runStarter.loginAhead(
                Stream.of(vm.client.get(), vm.server.get())
                        .filter(Objects::nonNull)
                        .map(HostSpec::login)
                        .toList(),
                lab);
        vm.client.addListener(ends);
        vm.server.addListener(ends);
        ends.invalidated(null);
    }

    /** "Find best settings…" from the wizard: the tune's dialog over the wizard's ends; Start runs it. */
    TuneDialog findBest(TestPlan plan) {
        Topology lab = editor.topology();
        TuneDialog dialog = new TuneDialog(stage.get(), new TuneForm(plan, linkSpeed(lab, plan)), request -> {
            shell.rememberPlan(plan);
            tunes.accept(request, lab);
        });
        Scene scene = stage.get() == null ? null : stage.get().getScene();
        if (scene != null) {
            dialog.dialog().getDialogPane().getStylesheets().setAll(scene.getStylesheets());
        }
        dialog.show();
        return dialog;
    }

    /** The client's data interface's speed as the lab drawing says it ("25G"), or null. */
    private static String linkSpeed(Topology lab, TestPlan plan) {
        return lab.hosts().stream()
                .filter(h -> h.login().equals(plan.client().login()))
                .flatMap(h -> h.interfaces().stream())
                .filter(i -> i.name().equals(plan.client().dataInterface()) && i.speed() != null)
                .map(InterfaceSpec::speed)
                .filter(speed -> !speed.isBlank())
                .findFirst()
                .orElse(null);
    }

    /** A tune's "Save as test": the wizard opens with the winner's settings. */
    void saveAsTest(TestPlan winner) {
        shell.rememberPlan(winner);
        newTest();
    }

    private void run(TestPlan plan) {
        runStarter.start(plan, editor.topology());
        shell.runStarted(plan);
    }

    private static FileChooser planChooser(String title) {
        FileChooser fc = new FileChooser();
        fc.setTitle(title);
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("LinkLab plan (*.json)", "*.json"));
        return fc;
    }

    private void savePlan(TestPlan plan) {
        File f = planChooser("Save Test Plan").showSaveDialog(stage.get());
        if (f == null) {
            return;
        }
        shell.rememberPlan(plan);
        tasks.run(
                () -> {
                    PlanFiles.write(f.toPath(), plan);
                    return f;
                },
                done -> shell.say("Saved plan " + done),
                e -> problem.accept(f + ": cannot save the plan (" + e.getMessage() + ")"));
    }

    void openPlan() {
        File f = planChooser("Open Test Plan").showOpenDialog(stage.get());
        if (f == null) {
            return;
        }
        tasks.run(
                () -> PlanFiles.read(f.toPath()),
                plan -> {
                    shell.rememberPlan(plan);
                    newTest();
                },
                e -> problem.accept(e.getMessage()));
    }
}
