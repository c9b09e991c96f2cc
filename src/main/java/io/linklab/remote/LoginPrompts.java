package io.linklab.remote;

/**
 * What an SSH login may have to ask the user: a key's passphrase, a password, whether to trust a host
 * key seen for the first time. The GUI answers with dialogs, the CLI from its flags. Answers stay in
 * memory only. Called on the connecting thread, never the FX thread: a GUI implementation must hop
 * to the FX thread and wait for the dialog.
 */
public interface LoginPrompts {

    /** The passphrase of an encrypted private key, or null to skip the key. */
    char[] passphrase(String login, String keyFile);

    /** The password of a login (password or keyboard-interactive authentication), or null to give up. */
    char[] password(String login);

    /** Whether to trust, and record in known_hosts, a host key never seen before. */
    boolean acceptNewHostKey(NewHostKey key);

    /** Asks nothing: no passphrases, no passwords, new host keys refused (headless default). */
    LoginPrompts NONE = new LoginPrompts() {
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
    };
}
