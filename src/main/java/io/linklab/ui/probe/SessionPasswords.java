package io.linklab.ui.probe;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The GUI's memory of SSH passwords, in memory only. A password typed into the prompt serves the login it
 * was asked for (that connection's own reconnects included); it is kept for the rest of the session only
 * when the user ticked "remember for this session" in the prompt, and forgotten as soon as the server
 * refuses it. Kept apart from the dialog so the rule is tested without a screen.
 */
public final class SessionPasswords {

    /** What the user typed, and whether they asked to keep it for the session. */
    public record Answer(char[] password, boolean remember) {}

    /** Asks the user for the password of a login; null when they cancel. */
    @FunctionalInterface
    public interface Asker {
        Answer ask(String login);
    }

    private final Map<String, char[]> kept = new ConcurrentHashMap<>();

    /** The password for a login: the one kept for the session, else asked (and kept only if the user says so). */
    public char[] password(String login, Asker asker) {
        char[] p = kept.get(login);
        if (p != null) {
            return p.clone();
        }
        Answer a = asker.ask(login);
        if (a == null || a.password() == null) {
            return null;
        }
        if (a.remember()) {
            kept.put(login, a.password().clone());
        }
        return a.password();
    }

    /** The server refused the password of a login: a kept one is wrong, so it is forgotten. */
    public void refused(String login) {
        char[] p = kept.remove(login);
        if (p != null) {
            Arrays.fill(p, '\0');
        }
    }

    /** Whether a password is kept for this login. */
    public boolean remembers(String login) {
        return kept.containsKey(login);
    }
}
