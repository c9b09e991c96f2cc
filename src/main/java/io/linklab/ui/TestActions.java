package io.linklab.ui;

import io.linklab.engine.store.PlanFiles;
import io.linklab.model.TestPlan;
import io.linklab.ui.runs.RunStarter;
import io.linklab.ui.tasks.TaskRunner;
import io.linklab.ui.topology.TopologyEditorViewModel;
import io.linklab.ui.wizard.TestWizard;
import io.linklab.ui.wizard.TestWizardViewModel;
import java.io.File;
import java.util.function.Consumer;
import java.util.function.Supplier;
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

    /** @param problem shows a problem the user must read */
    TestActions(
            MainWindowViewModel shell,
            TopologyEditorViewModel editor,
            RunStarter runStarter,
            TaskRunner tasks,
            Supplier<Stage> stage,
            Consumer<String> problem) {
        this.shell = shell;
        this.editor = editor;
        this.runStarter = runStarter;
        this.tasks = tasks;
        this.stage = stage;
        this.problem = problem;
    }

    /** Opens the test wizard over the current topology; a selected link fills in the ends. */
    TestWizard newTest() {
        TestWizardViewModel vm = new TestWizardViewModel(editor.topology());
        shell.lastPlan().ifPresent(vm::load);
        for (String id : editor.selection()) {
            editor.topology().links().stream()
                    .filter(l -> l.id().equals(id))
                    .findFirst()
                    .ifPresent(vm::useLink);
        }
        TestWizard wizard = new TestWizard(stage.get(), vm, this::run, this::savePlan);
        Scene scene = stage.get() == null ? null : stage.get().getScene();
        if (scene != null) {
            wizard.wizard().getDialog().getDialogPane().getStylesheets().setAll(scene.getStylesheets());
        }
        wizard.show();
        return wizard;
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
