package io.linklab.ui;

import io.linklab.ui.tasks.TaskRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
import org.testfx.api.FxRobot;
import org.testfx.util.NodeQueryUtils;
import org.testfx.util.WaitForAsyncUtils;

/**
 * What UI tests share: a throwaway settings node per test, so tests never read or change the user's own settings,
 * the main window in a throwaway home at the size the product promises, and a click that cannot land on a dialog
 * that has already closed.
 */
public final class UiTestSupport {

    private UiTestSupport() {}

    public static Preferences freshPreferences() {
        return Preferences.userRoot().node("io/linklab-test/" + UUID.randomUUID());
    }

    public static void remove(Preferences node) {
        try {
            node.removeNode();
            node.flush();
        } catch (BackingStoreException | IllegalStateException e) {
            // already gone
        }
    }

    /** The main window with its runs, imports and reports in {@code home}, never the user's ~/LinkLab. */
    public static MainWindow mainWindowIn(Path home, Preferences prefs) {
        return new MainWindow(AppServices.inFolder(home, new Settings(prefs), TaskRunner.sameThread()));
    }

    /** Installs {@code window} in {@code stage} and shows it at 1280x800, where every text must be whole. */
    public static MainWindow showAt1280x800(MainWindow window, Stage stage) {
        window.install(stage);
        stage.setWidth(1280);
        stage.setHeight(800);
        stage.show();
        return window;
    }

    /**
     * The node the query finds that is visible (with its parents) in a showing window, waiting up to
     * {@code seconds} for one: a closed dialog's nodes can still be found by the same query. The choice is made on
     * the FX thread.
     */
    public static Node onScreen(FxRobot robot, String query, int seconds) throws Exception {
        AtomicReference<Node> shown = new AtomicReference<>();
        try {
            WaitForAsyncUtils.waitFor(
                    seconds,
                    TimeUnit.SECONDS,
                    () -> WaitForAsyncUtils.asyncFx(() -> robot.lookup(query)
                                    .match(NodeQueryUtils.isVisible())
                                    .tryQuery())
                            .get(10, TimeUnit.SECONDS)
                            .map(n -> {
                                shown.set(n);
                                return true;
                            })
                            .orElse(false));
        } catch (TimeoutException e) {
            throw new AssertionError("'" + query + "' was not on screen within " + seconds + " s", e);
        }
        return shown.get();
    }

    /** Clicks {@link #onScreen}'s node: the node that was checked is the node that is clicked. */
    public static void clickOnScreen(FxRobot robot, String query, int seconds) throws Exception {
        robot.clickOn(onScreen(robot, query, seconds));
    }

    /**
     * Writes what {@code scene} shows into {@code file} as a PNG, for a look by eye (the tests write theirs into
     * target/screenshots). Call it off the FX thread.
     */
    public static Path writePng(Scene scene, Path file) throws Exception {
        WritableImage img =
                WaitForAsyncUtils.asyncFx(() -> scene.snapshot(null)).get(30, TimeUnit.SECONDS);
        Files.createDirectories(file.toAbsolutePath().getParent());
        ImageIO.write(SwingFXUtils.fromFXImage(img, null), "png", file.toFile());
        return file;
    }
}
