package io.linklab.ui;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;

/**
 * What LinkLab remembers between sessions, as typed keys over {@link java.util.prefs.Preferences}
 * (PDFsam's ApplicationPersistentSettings): window geometry, dividers, theme, recent files.
 */
public final class Settings {

    /** A setting's name, default, and how it is stored as text. */
    public record Key<T>(String name, T defaultValue, Function<String, T> parse, Function<T, String> format) {

        static Key<Double> ofDouble(String name, double defaultValue) {
            return new Key<>(name, defaultValue, Double::valueOf, String::valueOf);
        }

        static Key<Boolean> ofBoolean(String name, boolean defaultValue) {
            return new Key<>(name, defaultValue, Boolean::valueOf, String::valueOf);
        }

        static Key<String> ofString(String name, String defaultValue) {
            return new Key<>(name, defaultValue, s -> s, s -> s);
        }
    }

    public enum Theme {
        LIGHT,
        DARK
    }

    public static final Key<Double> WINDOW_X = Key.ofDouble("window.x", Double.NaN);
    public static final Key<Double> WINDOW_Y = Key.ofDouble("window.y", Double.NaN);
    /** The window's inside (scene) size; NaN until the window was first closed: a first start sizes it to the screen. */
    public static final Key<Double> WINDOW_WIDTH = Key.ofDouble("window.width", Double.NaN);

    public static final Key<Double> WINDOW_HEIGHT = Key.ofDouble("window.height", Double.NaN);
    public static final Key<Boolean> WINDOW_MAXIMIZED = Key.ofBoolean("window.maximized", false);
    /** Between the drawing and the property panel. */
    public static final Key<Double> EDITOR_DIVIDER = Key.ofDouble("divider.editor", 0.7);
    /** Between a run's charts and its table of current values. */
    public static final Key<Double> DASHBOARD_DIVIDER = Key.ofDouble("divider.dashboard", 0.68);
    /** Runs open in a window of their own rather than as a tab of the main window. */
    public static final Key<Boolean> RUNS_IN_OWN_WINDOW = Key.ofBoolean("runs.ownWindow", false);

    public static final Key<Theme> THEME = new Key<>("theme", Theme.LIGHT, Theme::valueOf, Theme::name);
    public static final Key<String> LAST_TOPOLOGY = Key.ofString("topology.last", "");
    public static final Key<String> RECENT_TOPOLOGIES = Key.ofString("topology.recent", "");
    public static final Key<String> LAST_PLAN = Key.ofString("plan.last", "");

    static final int RECENT_LIMIT = 8;

    private final Preferences node;

    public Settings(Preferences node) {
        this.node = node;
    }

    /** The user's settings node. */
    public static Settings user() {
        return new Settings(Preferences.userRoot().node("io/linklab"));
    }

    public <T> T get(Key<T> key) {
        String raw = node.get(key.name(), null);
        if (raw == null) {
            return key.defaultValue();
        }
        try {
            return key.parse().apply(raw);
        } catch (RuntimeException e) {
            return key.defaultValue(); // an old or hand-edited value: fall back rather than fail to start
        }
    }

    public <T> void put(Key<T> key, T value) {
        if (value == null) {
            node.remove(key.name());
        } else {
            node.put(key.name(), key.format().apply(value));
        }
    }

    public List<Path> recentTopologies() {
        String raw = get(RECENT_TOPOLOGIES);
        List<Path> out = new ArrayList<>();
        for (String s : raw.split("\n")) {
            if (!s.isBlank()) {
                out.add(Path.of(s));
            }
        }
        return out;
    }

    /** Puts the file first in the recent list (once), keeping at most {@value #RECENT_LIMIT}. */
    public void addRecentTopology(Path file) {
        List<Path> list = new ArrayList<>(recentTopologies());
        Path abs = file.toAbsolutePath().normalize();
        list.remove(abs);
        list.add(0, abs);
        while (list.size() > RECENT_LIMIT) {
            list.remove(list.size() - 1);
        }
        put(
                RECENT_TOPOLOGIES,
                String.join("\n", list.stream().map(Path::toString).toList()));
        put(LAST_TOPOLOGY, abs.toString());
    }

    public void flush() {
        try {
            node.flush();
        } catch (BackingStoreException e) {
            // Settings are a convenience: failing to store them must not stop the app from closing.
        }
    }

    /** Removes every stored value (tests, "reset settings"). */
    public void clear() {
        try {
            Arrays.stream(node.keys()).forEach(node::remove);
        } catch (BackingStoreException e) {
            // nothing stored, nothing to clear
        }
    }
}
