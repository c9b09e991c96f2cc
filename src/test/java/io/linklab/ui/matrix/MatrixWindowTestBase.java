package io.linklab.ui.matrix;

import io.linklab.ui.MainWindow;
import io.linklab.ui.UiTestSupport;
import io.linklab.ui.tasks.BackgroundTasks;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The main window at 1280×800 over {@link StandInMatrices}, for the matrix's UI tests, and its clean-up: whatever
 * matrix still runs ends, the window shuts down, its preferences go. A test class's own {@code @Start} calls
 * {@link #open} (TestFX looks for it in the test class only).
 */
abstract class MatrixWindowTestBase {

    private final Preferences prefs = UiTestSupport.freshPreferences();
    private BackgroundTasks tasks;

    @TempDir
    Path tmp;

    StandInMatrices matrices;
    MainWindow window;

    void open(Stage stage, String name) {
        tasks = new BackgroundTasks(name, 2);
        matrices = new StandInMatrices(tmp);
        window = matrices.window(stage, prefs, tasks);
    }

    @AfterEach
    void closeWindow() throws Exception {
        matrices.release();
        fx(() -> {
            window.shutdown();
            return null;
        });
        tasks.close();
        UiTestSupport.remove(prefs);
    }

    static <T> T fx(Callable<T> c) throws Exception {
        return WaitForAsyncUtils.asyncFx(c).get(20, TimeUnit.SECONDS);
    }
}
