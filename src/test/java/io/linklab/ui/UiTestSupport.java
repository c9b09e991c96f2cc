package io.linklab.ui;

import java.util.UUID;
import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;

/** A throwaway settings node per UI test, so tests never read or change the user's own settings. */
public final class UiTestSupport {

    private UiTestSupport() {
    }

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
}
