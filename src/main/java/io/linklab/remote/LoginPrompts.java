package io.linklab.remote;

/**
 * What an SSH login may have to ask the user: a key's passphrase, a password, a one-time code, whether to
 * trust a host key seen for the first time. The GUI answers with dialogs, the CLI from its flags. Answers
 * stay in memory only. Called on the connecting thread, never the FX thread: a GUI implementation must
 * hop to the FX thread and wait for the dialog.
 */
public interface LoginPrompts {

    /** The passphrase of an encrypted private key, or null to skip the key. */
    char[] passphrase(String login, String keyFile);

    /**
     * The password of a login (password authentication, or a keyboard-interactive prompt that asks for the
     * password), or null to give up.
     */
    char[] password(String login);

    /**
     * The server took a password given by {@link #password} as wrong: an implementation that keeps passwords
     * must forget this one.
     */
    default void passwordRefused(String login) {}

    /**
     * The answer to a keyboard-interactive prompt that is not the password (a one-time code, a token PIN),
     * shown with the server's own words; null to give up. Never answered from a remembered password.
     *
     * @param echo whether the server lets the answer be shown while typed
     */
    default char[] challenge(String login, String instruction, String prompt, boolean echo) {
        return null;
    }

    /** Whether to trust, and record in known_hosts, a host key never seen before. */
    boolean acceptNewHostKey(NewHostKey key);

    /** A new host key was recorded in known_hosts (accepted here or by accept-new). */
    default void hostKeyAdded(NewHostKey key) {}

    /** Asks nothing: no passphrases, no passwords, new host keys refused (headless default). */
    LoginPrompts NONE = new Refusing();

    /** Answers nothing and refuses new host keys; a subclass answers the questions it overrides. */
    class Refusing implements LoginPrompts {
        @Override
        public char[] passphrase(String login, String keyFile) {
            return null;
        }

        @Override
        public char[] password(String login) {
            return null;
        }

        @Override
        public boolean acceptNewHostKey(NewHostKey key) {
            return false;
        }
    }
}
