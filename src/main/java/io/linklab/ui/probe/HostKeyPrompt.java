package io.linklab.ui.probe;

/**
 * Asks the user whether to trust a host key SSH has never seen. Called on a probe's background
 * thread, which waits for the answer; the GUI's implementation shows a dialog on the FX thread.
 */
@FunctionalInterface
public interface HostKeyPrompt {

    /**
     * @param host        the host as the user named it
     * @param keyType     e.g. "ssh-ed25519"
     * @param fingerprint "SHA256:…" as ssh-keygen -l prints it
     * @return true to accept and remember the key, false to refuse (the login is then abandoned)
     */
    boolean accept(String host, String keyType, String fingerprint) throws InterruptedException;

    HostKeyPrompt REFUSE = (host, keyType, fingerprint) -> false;
}
