package io.linklab.ui;

import java.net.URL;
import java.util.List;
import javafx.scene.image.Image;
import javafx.stage.Stage;

/**
 * The LinkLab application icon as classpath resources, at the sizes window managers and dialogs pick from.
 * The PNGs are generated from icons/linklab.svg by icons/generate.sh; never edit them by hand.
 */
public final class AppIcon {

    /** The bundled sizes in pixels, smallest first. */
    public static final List<Integer> SIZES = List.of(16, 24, 32, 48, 64, 128, 256);

    private static final String RESOURCE_DIR = "/io/linklab/icons/";

    private AppIcon() {}

    /**
     * The classpath resource path (for {@code Class.getResource}) of the smallest bundled icon at least
     * {@code size} pixels wide, or of the largest one; for an About box or a dialog graphic.
     */
    public static String resourcePath(int size) {
        int chosen = SIZES.get(SIZES.size() - 1);
        for (int s : SIZES) {
            if (s >= size) {
                chosen = s;
                break;
            }
        }
        return RESOURCE_DIR + "linklab-" + chosen + ".png";
    }

    /** The icon of {@link #resourcePath(int)} as an image, loaded now (the files are a few kB). */
    public static Image image(int size) {
        return load(resourcePath(size));
    }

    /** Every bundled size, so the window manager can take the one that fits its title bar, task bar or switcher. */
    public static List<Image> windowIcons() {
        return SIZES.stream()
                .map(s -> load(RESOURCE_DIR + "linklab-" + s + ".png"))
                .toList();
    }

    /** Gives the stage every size of the icon; dialogs owned by it show the same icon. */
    public static void applyTo(Stage stage) {
        stage.getIcons().setAll(windowIcons());
    }

    private static Image load(String path) {
        URL url = AppIcon.class.getResource(path);
        if (url == null) {
            // A packaging fault, not a user error: the build left out what icons/generate.sh produced.
            throw new IllegalStateException("icon resource " + path + " is missing from the application");
        }
        Image image = new Image(url.toExternalForm());
        if (image.isError()) {
            throw new IllegalStateException("icon resource " + path + " cannot be read: " + image.getException());
        }
        return image;
    }
}
