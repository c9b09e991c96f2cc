package io.linklab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.prefs.Preferences;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SettingsTest {

    private final Preferences node = UiTestSupport.freshPreferences();
    private final Settings settings = new Settings(node);

    @AfterEach
    void cleanUp() {
        UiTestSupport.remove(node);
    }

    @Test
    void typedKeysFallBackToTheirDefaults() {
        assertTrue(settings.get(Settings.WINDOW_WIDTH).isNaN(), "no size stored: a first start sizes to the screen");
        assertEquals(false, settings.get(Settings.RUNS_IN_OWN_WINDOW));
        node.put(Settings.THEME.name(), "PURPLE");
        assertEquals(Settings.Theme.LIGHT, settings.get(Settings.THEME), "a bad stored value is not fatal");
        settings.put(Settings.THEME, Settings.Theme.DARK);
        assertEquals(Settings.Theme.DARK, new Settings(node).get(Settings.THEME));
    }

    @Test
    void recentFilesAreMostRecentFirstWithoutDuplicatesAndBounded() {
        for (int i = 0; i < 12; i++) {
            settings.addRecentTopology(Path.of("/labs/lab" + i + ".json"));
        }
        settings.addRecentTopology(Path.of("/labs/lab5.json"));
        var recent = settings.recentTopologies();
        assertEquals(Settings.RECENT_LIMIT, recent.size());
        assertEquals(Path.of("/labs/lab5.json"), recent.get(0));
        assertEquals(Path.of("/labs/lab11.json"), recent.get(1));
        assertEquals("/labs/lab5.json", settings.get(Settings.LAST_TOPOLOGY));
    }
}
