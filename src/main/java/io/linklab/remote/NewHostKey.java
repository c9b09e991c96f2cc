package io.linklab.remote;

import java.nio.file.Path;
import java.util.Locale;

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

    /** What ssh says on stderr when accept-new records a key, word for word. */
    public String permanentlyAdded() {
        return "Warning: Permanently added '" + knownAs + "' (" + displayType(keyType)
                + ") to the list of known hosts.";
    }

    /** The short upper-case name OpenSSH's messages use for a key type: ED25519, ECDSA, RSA, DSA. */
    public static String displayType(String keyType) {
        String t = keyType.toLowerCase(Locale.ROOT);
        String sk = t.startsWith("sk-") ? "-SK" : "";
        if (t.contains("ed25519")) {
            return "ED25519" + sk;
        }
        if (t.contains("ecdsa")) {
            return "ECDSA" + sk;
        }
        if (t.contains("rsa")) {
            return "RSA";
        }
        if (t.contains("dss")) {
            return "DSA";
        }
        return keyType;
    }
}
