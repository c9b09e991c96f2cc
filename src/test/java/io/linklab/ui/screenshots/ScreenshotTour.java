package io.linklab.ui.screenshots;

import io.linklab.ui.AppServices;
import io.linklab.ui.MainWindow;
import io.linklab.ui.Settings;
import io.linklab.ui.UiTestSupport;
import io.linklab.ui.tasks.BackgroundTasks;
import io.linklab.ui.topology.SampleLabs;
import io.linklab.ui.wizard.TestWizard;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.MenuBar;
import javafx.scene.control.TextInputControl;
import javafx.stage.Stage;

/**
 * Opens the real main window (run it under Xvfb with the GTK toolkit, not Monocle) on a 100 GbE lab
 * and saves PNGs of the editor and of each wizard page. Run by src/test/screenshots/editor-and-wizard.sh.
 */
public final class ScreenshotTour {

    private ScreenshotTour() {}

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args.length > 0 ? args[0] : "docs/screenshots");
        Files.createDirectories(out);
        Preferences prefs = Preferences.userRoot().node("io/linklab-screenshots/" + UUID.randomUUID());
        CompletableFuture<Void> started = new CompletableFuture<>();
        Platform.startup(() -> started.complete(null));
        started.get(30, TimeUnit.SECONDS);
        BackgroundTasks tasks = new BackgroundTasks("screenshots", 2);
        // The history shown is an empty one of its own, never the user's ~/LinkLab.
        Path home = Files.createTempDirectory("linklab-screenshots");
        MainWindow[] window = new MainWindow[1];
        Stage[] stage = new Stage[1];
        fx(() -> {
            window[0] = new MainWindow(AppServices.inFolder(home, new Settings(prefs), tasks));
            stage[0] = new Stage();
            window[0].install(stage[0]);
            stage[0].setWidth(1280);
            stage[0].setHeight(800);
            stage[0].show();
        });
        settle();
        fx(() -> {
            window[0].editor().newTopology(SampleLabs.connectX6Rack());
            window[0].editorView().canvas().fit();
            window[0].editor().select("host1", false);
        });
        settle();
        shoot(stage[0].getScene(), out.resolve("editor.png"));

        // an invalid value, marked where it is typed
        fx(() -> window[0].editorView().properties().input("Address").ifPresent(f -> {
            f.requestFocus();
            f.setText("198.19.0.300");
        }));
        settle();
        shoot(stage[0].getScene(), out.resolve("editor-invalid-address.png"));
        fx(() -> {
            window[0].editor().clearSelection();
            window[0].editor().select("link3", false);
        });
        settle();

        TestWizard[] wizard = new TestWizard[1];
        fx(() -> wizard[0] = window[0].newTest());
        settle();
        String[] names = {"wizard-1-ends.png", "wizard-2-options.png", "wizard-3-sweep.png", "wizard-4-review.png"};
        for (int i = 0; i < names.length; i++) {
            if (i == 1) {
                fx(() -> {
                    lookup(wizard[0], "#wizard-processes").ifPresent(n -> ((TextInputControl) n).setText("4"));
                });
            }
            if (i == 2) {
                fx(() -> {
                    lookup(wizard[0], "#wizard-sweep-kind").ifPresent(n -> ((ChoiceBox<String>) n).setValue("MTU"));
                    lookup(wizard[0], "#wizard-sweep-values")
                            .ifPresent(n -> ((TextInputControl) n).setText("1500:9000:1500"));
                });
            }
            settle();
            shoot(wizard[0].wizard().getDialog().getDialogPane().getScene(), out.resolve(names[i]));
            if (i < names.length - 1) {
                fx(() -> nextButton(wizard[0]).fire());
                settle();
            }
        }
        fx(() -> wizard[0].wizard().getDialog().close());

        fx(() -> {
            ((CheckMenuItem) ((MenuBar) stage[0].getScene().lookup(".menu-bar"))
                            .getMenus().get(2).getItems().stream()
                                    .filter(m -> "menu-dark-theme".equals(m.getId()))
                                    .findFirst()
                                    .orElseThrow())
                    .setSelected(true);
            window[0].editor().select("host2", false);
        });
        settle();
        shoot(stage[0].getScene(), out.resolve("editor-dark.png"));

        prefs.removeNode();
        tasks.close();
        Platform.exit();
        System.exit(0);
    }

    private static Button nextButton(TestWizard w) {
        return w.wizard().getDialog().getDialogPane().lookupAll(".button").stream()
                .filter(n -> n instanceof Button b && "Next".equals(b.getText()))
                .map(n -> (Button) n)
                .findFirst()
                .orElseThrow();
    }

    private static Optional<Node> lookup(TestWizard w, String selector) {
        return Optional.ofNullable(w.wizard().getDialog().getDialogPane().lookup(selector));
    }

    private static void fx(Runnable r) throws Exception {
        CompletableFuture<Void> done = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                r.run();
                done.complete(null);
            } catch (Throwable t) {
                done.completeExceptionally(t);
            }
        });
        done.get(30, TimeUnit.SECONDS);
    }

    /** Lets layout, CSS and a few pulses happen before a picture is taken. */
    private static void settle() throws Exception {
        for (int i = 0; i < 5; i++) {
            Thread.sleep(150);
            fx(() -> {});
        }
    }

    private static void shoot(Scene scene, Path file) throws Exception {
        System.out.println("wrote " + UiTestSupport.writePng(scene, file));
    }
}
