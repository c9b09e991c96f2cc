package io.linklab.remote;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * known_hosts lines read and matched the way OpenSSH does (sshd(8), "SSH_KNOWN_HOSTS FILE FORMAT"): a host
 * is looked up by one name, {@code host} for port 22 and {@code [host]:port} otherwise; a line's host field
 * is either one hashed name ({@code |1|salt|hmac}) or a comma list of patterns with {@code *} and {@code ?},
 * where a matching {@code !pattern} excludes the host whatever else matches.
 */
final class KnownHostsFile {

    private static final String HASH_MAGIC = "|1|";

    private KnownHostsFile() {}

    /**
     * One key line.
     *
     * @param marker  "" or the line's marker ({@code @revoked}, {@code @cert-authority})
     * @param hosts   the host field as written
     * @param keyType the type named inside the key blob (e.g. ssh-ed25519), which is what is compared
     */
    record Entry(Path file, int line, String marker, String hosts, String keyType, byte[] key) {

        boolean matches(String name) {
            return hostsMatch(hosts, name);
        }

        boolean sameKey(byte[] other) {
            return MessageDigest.isEqual(key, other);
        }

        /** FILE:LINE, as OpenSSH points at a line. */
        String where() {
            return file + ":" + line;
        }
    }

    /** The name a host is recorded and looked up under. */
    static String lookupName(String host, int port) {
        return port == 22 ? host : "[" + host + "]:" + port;
    }

    /** The key lines of a file; none when it does not exist. Lines OpenSSH would skip are skipped. */
    static List<Entry> read(Path file) throws IOException {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return List.of();
        }
        List<Entry> entries = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String[] f = lines.get(i).strip().split("\\s+");
            int at = f.length > 0 && f[0].startsWith("@") ? 1 : 0;
            if (f.length < at + 3 || f[0].startsWith("#")) {
                continue;
            }
            byte[] blob;
            try {
                blob = Base64.getDecoder().decode(f[at + 2]);
            } catch (IllegalArgumentException notBase64) {
                continue;
            }
            String type = blobType(blob);
            if (type != null) {
                entries.add(new Entry(file, i + 1, at == 1 ? f[0] : "", f[at], type, blob));
            }
        }
        return entries;
    }

    /** The key type a public key blob names in its first field, or null if it is not a key blob. */
    static String blobType(byte[] blob) {
        if (blob.length < 4) {
            return null;
        }
        int n = ByteBuffer.wrap(blob).getInt();
        if (n <= 0 || n > 64 || n > blob.length - 4) {
            return null;
        }
        return new String(blob, 4, n, StandardCharsets.US_ASCII);
    }

    /** Whether a line's host field names the lookup name (hashed, or patterns with negation). */
    static boolean hostsMatch(String hosts, String name) {
        if (hosts.startsWith(HASH_MAGIC)) {
            return hashedMatch(hosts, name);
        }
        String lower = name.toLowerCase(Locale.ROOT);
        boolean positive = false;
        for (String pattern : hosts.split(",")) {
            boolean negated = pattern.startsWith("!");
            String p = (negated ? pattern.substring(1) : pattern).toLowerCase(Locale.ROOT);
            if (!p.isEmpty() && glob(p, 0, lower, 0)) {
                if (negated) {
                    return false;
                }
                positive = true;
            }
        }
        return positive;
    }

    private static boolean glob(String p, int pi, String s, int si) {
        while (pi < p.length()) {
            char c = p.charAt(pi);
            if (c == '*') {
                for (int k = si; k <= s.length(); k++) {
                    if (glob(p, pi + 1, s, k)) {
                        return true;
                    }
                }
                return false;
            }
            if (si >= s.length() || (c != '?' && c != s.charAt(si))) {
                return false;
            }
            pi++;
            si++;
        }
        return si == s.length();
    }

    private static boolean hashedMatch(String entry, String name) {
        String[] p = entry.substring(HASH_MAGIC.length()).split("\\|");
        if (p.length != 2) {
            return false;
        }
        try {
            byte[] salt = Base64.getDecoder().decode(p[0]);
            return MessageDigest.isEqual(hmac(salt, name), Base64.getDecoder().decode(p[1]));
        } catch (IllegalArgumentException badBase64) {
            return false;
        }
    }

    /** The name hashed as OpenSSH's HashKnownHosts writes it: |1|base64(salt)|base64(HMAC-SHA1(salt, name)). */
    static String hashedName(String name) {
        byte[] salt = new byte[20];
        new SecureRandom().nextBytes(salt);
        Base64.Encoder b64 = Base64.getEncoder();
        return HASH_MAGIC + b64.encodeToString(salt) + "|" + b64.encodeToString(hmac(salt, name));
    }

    private static byte[] hmac(byte[] salt, String name) {
        try {
            Mac mac = Mac.getInstance("HmacSHA1");
            mac.init(new SecretKeySpec(salt, "HmacSHA1"));
            return mac.doFinal(name.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HMAC-SHA1 is part of every Java runtime", e);
        }
    }
}
