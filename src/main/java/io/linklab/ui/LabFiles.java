package io.linklab.ui;

import io.linklab.model.Topology;
import io.linklab.store.SshConfigHosts;
import io.linklab.ui.tasks.TaskRunner;
import io.linklab.ui.topology.TopologyEditorViewModel;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.stage.FileChooser;
import javafx.stage.Stage;

/**
 * The lab as files: new, open, open recent, save, save as, import hosts from an SSH config, and the
 * unsaved-changes guard before anything replaces the drawing. File reading and writing happens off the FX thread
 * (in the editor's view-model and the task runner).
 */
final class LabFiles {

    private final TopologyEditorViewModel editor;
    private final Settings settings;
    private final TaskRunner tasks;
    private final Supplier<Stage> stage;
    private final Consumer<String> say;
    private final Consumer<String> problem;
    private final Runnable fit;

    /**
     * @param say     puts a line in the status bar
     * @param problem shows a problem the user must read
     * @param fit     fits the drawing to the canvas (after a lab is opened or grows)
     */
    LabFiles(
            TopologyEditorViewModel editor,
            Settings settings,
            TaskRunner tasks,
            Supplier<Stage> stage,
            Consumer<String> say,
            Consumer<String> problem,
            Runnable fit) {
        this.editor = editor;
        this.settings = settings;
        this.tasks = tasks;
        this.stage = stage;
        this.say = say;
        this.problem = problem;
        this.fit = fit;
    }

    void newLab() {
        confirmDiscard(() -> editor.newTopology(new Topology("Untitled lab", List.of(), List.of(), List.of())));
    }

    void open() {
        confirmDiscard(() -> {
            File f = chooser("Open Topology").showOpenDialog(stage.get());
            if (f != null) {
                editor.open(f.toPath(), () -> {
                    say.accept("Opened " + f);
                    fit.run();
                });
            }
        });
    }

    /** Fills File → Open Recent as it opens. */
    void fillRecent(Menu recent) {
        recent.getItems().clear();
        for (Path p : settings.recentTopologies()) {
            MenuItem m = new MenuItem(p.toString());
            m.setMnemonicParsing(false);
            m.setOnAction(e -> confirmDiscard(() -> editor.open(p, fit)));
            recent.getItems().add(m);
        }
        if (recent.getItems().isEmpty()) {
            MenuItem none = new MenuItem("(none)");
            none.setDisable(true);
            recent.getItems().add(none);
        }
    }

    private FileChooser chooser(String title) {
        FileChooser fc = new FileChooser();
        fc.setTitle(title);
        fc.getExtensionFilters()
                .addAll(
                        new FileChooser.ExtensionFilter("LinkLab topology (*.json)", "*.json"),
                        new FileChooser.ExtensionFilter("All files", "*"));
        Path current = editor.fileProperty().get();
        if (current != null && current.getParent() != null) {
            fc.setInitialDirectory(current.getParent().toFile());
            fc.setInitialFileName(current.getFileName().toString());
        }
        return fc;
    }

    /** Saves, then runs {@code then} once the file is written (never when the save fails or is cancelled). */
    void save(Runnable then) {
        if (!editor.save(() -> {
            say.accept("Saved " + editor.fileProperty().get());
            then.run();
        })) {
            saveAs(then);
        }
    }

    void saveAs(Runnable then) {
        File f = chooser("Save Topology").showSaveDialog(stage.get());
        if (f != null) {
            Path p = f.getName().contains(".") ? f.toPath() : Path.of(f.getPath() + ".json");
            editor.saveAs(p, () -> {
                say.accept("Saved " + p);
                then.run();
            });
        }
    }

    /** The unsaved-changes guard: Save / Don't Save / Cancel before anything that replaces the topology. */
    void confirmDiscard(Runnable next) {
        if (!editor.isDirty()) {
            next.run();
            return;
        }
        ButtonType saveButton = new ButtonType("Save", ButtonBar.ButtonData.YES);
        ButtonType discard = new ButtonType("Don't Save", ButtonBar.ButtonData.NO);
        Alert a = new Alert(
                Alert.AlertType.CONFIRMATION,
                "The topology \"" + editor.topology().name() + "\" has unsaved changes. Save them first?",
                saveButton,
                discard,
                ButtonType.CANCEL);
        a.setHeaderText("Unsaved changes");
        a.initOwner(stage.get());
        a.getDialogPane().setId("unsaved-changes");
        a.showAndWait().ifPresent(b -> {
            if (b == saveButton) {
                save(next);
            } else if (b == discard) {
                next.run();
            }
        });
    }

    void importSshConfig() {
        Path config = Path.of(System.getProperty("user.home"), ".ssh", "config");
        FileChooser fc = new FileChooser();
        fc.setTitle("Import Hosts from SSH Config");
        if (Files.isDirectory(config.getParent())) {
            fc.setInitialDirectory(config.getParent().toFile());
            fc.setInitialFileName("config");
        }
        File f = fc.showOpenDialog(stage.get());
        if (f == null) {
            return;
        }
        tasks.run(
                () -> SshConfigHosts.read(f.toPath()),
                entries -> {
                    int n = editor.importHosts(entries);
                    say.accept(n == 0 ? "No new hosts in " + f : "Imported " + n + " hosts from " + f);
                    fit.run();
                },
                e -> problem.accept(f + ": cannot read the SSH config (" + e.getMessage() + ")"));
    }
}
