package io.linklab.remote;

import com.jcraft.jsch.HostKey;
import com.jcraft.jsch.HostKeyRepository;
import com.jcraft.jsch.JSch;
import com.jcraft.jsch.JSchException;
import com.jcraft.jsch.UserInfo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Host key verification as OpenSSH does it, for one connection attempt: a key recorded in known_hosts
 * passes; a changed key is always refused; an unknown key passes only when the user accepts it (or
 * accept-new is on), and is then recorded. JSch runs with StrictHostKeyChecking=yes so it refuses
 * whatever this says is not OK; this class keeps the details for the message.
 */
final class KnownHostsCheck implements HostKeyRepository {

    private static final Path GLOBAL = Path.of("/etc/ssh/ssh_known_hosts");
    private static final Map<Path, Object> FILE_LOCKS = new ConcurrentHashMap<>();

    private final Path file;
    private final String hostLabel;
    private final boolean acceptNew;
    private final LoginPrompts prompts;
    private final HostKeyRepository user;
    private final HostKeyRepository global;
    private volatile String refusal;

    KnownHostsCheck(Path file, String hostLabel, boolean acceptNew, LoginPrompts prompts) throws JSchException {
        this.file = file.toAbsolutePath();
        this.hostLabel = hostLabel;
        this.acceptNew = acceptNew;
        this.prompts = prompts;
        this.user = load(this.file);
        this.global = Files.isReadable(GLOBAL) ? load(GLOBAL) : null;
    }

    private static HostKeyRepository load(Path p) throws JSchException {
        JSch jsch = new JSch();
        if (Files.isReadable(p)) {
            jsch.setKnownHosts(p.toString());
        }
        return jsch.getHostKeyRepository();
    }

    /** Why the host key was refused, for the user; null if it was not. */
    String refusal() {
        return refusal;
    }

    @Override
    public int check(String host, byte[] key) {
        int result = user.check(host, key);
        if (result == NOT_INCLUDED && global != null && global.check(host, key) == OK) {
            return OK;
        }
        if (result == OK) {
            return OK;
        }
        String type;
        try {
            type = new HostKey(host, key).getType();
        } catch (JSchException e) {
            type = "unknown-type";
        }
        String fp = fingerprint(key);
        if (result == CHANGED) {
            List<Integer> lines = linesFor(host);
            refusal = "REMOTE HOST IDENTIFICATION HAS CHANGED: the host key of " + hostLabel + " (" + host
                    + ") is now the " + type + " key " + fp + ", which does not match the one recorded in " + file
                    + (lines.isEmpty() ? "" : " (line " + join(lines) + ")")
                    + ". Someone could be intercepting the connection, or the host was reinstalled. LinkLab will not"
                    + " connect. If you know why the key changed, remove the old one with: ssh-keygen -R "
                    + knownHostsName(host) + " -f " + file + " and connect again to accept the new key.";
            return CHANGED;
        }
        NewHostKey seen = new NewHostKey(hostLabel, host, type, fp, file);
        if (acceptNew || prompts.acceptNewHostKey(seen)) {
            try {
                record(host, type, key);
                return OK;
            } catch (IOException e) {
                refusal = "the host key of " + hostLabel + " was accepted but could not be recorded in " + file
                        + ": " + e.getMessage();
                return NOT_INCLUDED;
            }
        }
        refusal = "unknown host key: " + seen.describe() + " It is not in " + file + ". Check the fingerprint with"
                + " the host's administrator (ssh-keygen -lf /etc/ssh/ssh_host_" + shortType(type)
                + "_key.pub on the host), then accept it (--accept-new-host-keys on the command line, or the host"
                + " key dialog) or add it to " + file + " yourself.";
        return NOT_INCLUDED;
    }

    /** OpenSSH's SHA256 fingerprint: unpadded base64 of the SHA-256 of the key blob. */
    static String fingerprint(byte[] key) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(key);
            return "SHA256:" + Base64.getEncoder().withoutPadding().encodeToString(d);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String shortType(String type) {
        if (type.contains("ed25519")) {
            return "ed25519";
        }
        if (type.contains("ecdsa")) {
            return "ecdsa";
        }
        return type.contains("rsa") ? "rsa" : "*";
    }

    // known_hosts names a non-22 port as [host]:port; ssh-keygen -R wants it quoted for the shell.
    private static String knownHostsName(String host) {
        return host.startsWith("[") ? "'" + host + "'" : host;
    }

    private void record(String host, String type, byte[] key) throws IOException {
        Object lock = FILE_LOCKS.computeIfAbsent(file, f -> new Object());
        synchronized (lock) {
            Path dir = file.getParent();
            if (dir != null && !Files.isDirectory(dir)) {
                Files.createDirectories(dir);
            }
            String line = host + " " + type + " " + Base64.getEncoder().encodeToString(key) + "\n";
            if (Files.exists(file) && Files.size(file) > 0) {
                byte[] all = Files.readAllBytes(file);
                if (all[all.length - 1] != '\n') {
                    line = "\n" + line;
                }
            }
            Files.writeString(file, line, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        }
    }

    /** Line numbers of known_hosts entries for this host (plain or hashed), for the changed-key message. */
    private List<Integer> linesFor(String host) {
        List<Integer> found = new ArrayList<>();
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return found;
        }
        for (int i = 0; i < lines.size(); i++) {
            String[] f = lines.get(i).trim().split("\\s+");
            if (f.length < 3 || f[0].startsWith("#")) {
                continue;
            }
            String names = f[0].startsWith("@") ? f[1] : f[0];
            if (names.startsWith("|1|") ? hashedMatch(names, host) : List.of(names.split(",")).contains(host)) {
                found.add(i + 1);
            }
        }
        return found;
    }

    private static boolean hashedMatch(String entry, String host) {
        String[] p = entry.split("\\|");
        if (p.length != 4) {
            return false;
        }
        try {
            Mac mac = Mac.getInstance("HmacSHA1");
            mac.init(new SecretKeySpec(Base64.getDecoder().decode(p[2]), "HmacSHA1"));
            byte[] h = mac.doFinal(host.getBytes(StandardCharsets.UTF_8));
            return MessageDigest.isEqual(h, Base64.getDecoder().decode(p[3]));
        } catch (Exception e) {
            return false;
        }
    }

    private static String join(List<Integer> l) {
        return String.join(", ", l.stream().map(String::valueOf).toList());
    }

    @Override
    public void add(HostKey hostkey, UserInfo ui) {
        // Recording is decided in check(); JSch never adds on its own with StrictHostKeyChecking=yes.
    }

    @Override
    public void remove(String host, String type) {
    }

    @Override
    public void remove(String host, String type, byte[] key) {
    }

    @Override
    public String getKnownHostsRepositoryID() {
        return file.toString();
    }

    @Override
    public HostKey[] getHostKey() {
        return user.getHostKey();
    }

    @Override
    public HostKey[] getHostKey(String host, String type) {
        // JSch asks this to prefer the key types already recorded for the host, as OpenSSH does.
        return user.getHostKey(host, type);
    }
}
