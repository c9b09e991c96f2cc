package io.linklab.remote;

import java.nio.file.Path;

/**
 * A host key seen for the first time, as the user must judge it.
 *
 * @param host        the host as the user named it
 * @param knownAs     the name it would be recorded under in known_hosts (address, or [address]:port)
 * @param keyType     e.g. ssh-ed25519
 * @param fingerprint OpenSSH style, e.g. SHA256:uS6Q...
 * @param knownHosts  the file it would be recorded in
 */
public record NewHostKey(String host, String knownAs, String keyType, String fingerprint, Path knownHosts) {

    public String describe() {
        return "The host key of " + host + " (" + knownAs + ") is not known. It is a " + keyType
                + " key with fingerprint " + fingerprint + ".";
    }
}
