package io.linklab.ui;

import javafx.geometry.Rectangle2D;
import javafx.stage.Screen;
import javafx.stage.Stage;

/**
 * Where and how big the main window opens: as the user left it (size, position, maximised), or on a first start
 * at {@value #FIRST_START_SHARE} of the screen, centred; never smaller than {@value #MIN_WIDTH}×{@value #MIN_HEIGHT}
 * unless the screen itself is.
 */
final class WindowGeometry {

    static final double MIN_WIDTH = 1024;
    static final double MIN_HEIGHT = 700;
    static final double FIRST_START_SHARE = 0.85;

    private WindowGeometry() {}

    /**
     * The scene size to open at: the remembered one, else a share of the primary screen. The scene, not the stage:
     * the first layout then happens at the real size (split panes keep their proportions), and a window with
     * decorations does not grow by their size at every start.
     */
    static double[] sceneSize(Settings settings) {
        double w = settings.get(Settings.WINDOW_WIDTH);
        double h = settings.get(Settings.WINDOW_HEIGHT);
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        if (Double.isNaN(w) || Double.isNaN(h) || w <= 0 || h <= 0) {
            w = Math.max(Math.min(MIN_WIDTH, screen.getWidth()), Math.round(screen.getWidth() * FIRST_START_SHARE));
            h = Math.max(Math.min(MIN_HEIGHT, screen.getHeight()), Math.round(screen.getHeight() * FIRST_START_SHARE));
        }
        return new double[] {Math.min(w, screen.getWidth()), Math.min(h, screen.getHeight())};
    }

    /** Minimum size, position and maximised state; call after the scene is set and before the stage shows. */
    static void restore(Stage stage, Settings settings) {
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        // On a screen smaller than the minimum (a laptop at 200 %), the window may still fit the screen.
        stage.setMinWidth(Math.min(MIN_WIDTH, screen.getWidth()));
        stage.setMinHeight(Math.min(MIN_HEIGHT, screen.getHeight()));
        double x = settings.get(Settings.WINDOW_X);
        double y = settings.get(Settings.WINDOW_Y);
        // Only restore a position that is still on a screen (a monitor may have gone since).
        if (!Double.isNaN(x)
                && !Double.isNaN(y)
                && !Screen.getScreensForRectangle(x, y, 100, 60).isEmpty()) {
            stage.setX(x);
            stage.setY(y);
        } else {
            stage.centerOnScreen();
        }
        stage.setMaximized(settings.get(Settings.WINDOW_MAXIMIZED));
    }

    /** Remembers the window as it is now; the size and position of a maximised window are left as they were. */
    static void remember(Stage stage, Settings settings) {
        settings.put(Settings.WINDOW_MAXIMIZED, stage.isMaximized());
        if (!stage.isMaximized()) {
            settings.put(Settings.WINDOW_X, stage.getX());
            settings.put(Settings.WINDOW_Y, stage.getY());
            settings.put(Settings.WINDOW_WIDTH, stage.getScene().getWidth());
            settings.put(Settings.WINDOW_HEIGHT, stage.getScene().getHeight());
        }
    }
}
