package io.linklab.remote;

import com.jcraft.jsch.HostKey;
import com.jcraft.jsch.HostKeyRepository;
import com.jcraft.jsch.JSchException;
import com.jcraft.jsch.UserInfo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * Host key verification as OpenSSH does it, for one connection attempt. The host is looked up in the user's
 * known_hosts files and the system-wide ones together: its key there passes; any other key recorded for it
 * — a different key of the same type, or a key of another type — is a changed key and always refused; a
 * host recorded nowhere passes only when the user accepts its key (or accept-new is on), which is then
 * recorded in the first user file. JSch runs with StrictHostKeyChecking=yes so it refuses whatever this
 * says is not OK; this class keeps the details for the message.
 */
final class KnownHostsCheck implements HostKeyRepository {

    private static final Map<Path, Object> FILE_LOCKS = new ConcurrentHashMap<>();

    private final List<Path> userFiles;
    private final List<Path> systemFiles;
    private final String hostLabel;
    private final boolean acceptNew;
    private final boolean hashNames;
    private final LoginPrompts prompts;
    private volatile String refusal;

    /**
     * @param userFiles   the user's known_hosts files; accepted keys go into the first
     * @param systemFiles the system-wide files (read only)
     * @param hostLabel   the host as the user named it, for messages
     * @param hashNames   record host names hashed (the ssh config's HashKnownHosts)
     */
    KnownHostsCheck(
            List<Path> userFiles,
            List<Path> systemFiles,
            String hostLabel,
            boolean acceptNew,
            boolean hashNames,
            LoginPrompts prompts) {
        if (userFiles.isEmpty()) {
            throw new IllegalArgumentException("a user known_hosts file is needed to record keys in");
        }
        this.userFiles = userFiles.stream().map(Path::toAbsolutePath).toList();
        this.systemFiles = systemFiles.stream().map(Path::toAbsolutePath).toList();
        this.hostLabel = hostLabel;
        this.acceptNew = acceptNew;
        this.hashNames = hashNames;
        this.prompts = prompts;
    }

    /** Why the host key was refused, for the user; null if it was not. */
    String refusal() {
        return refusal;
    }

    private Path recordFile() {
        return userFiles.get(0);
    }

    /** Every line naming this host, user files first, in file order. */
    private List<KnownHostsFile.Entry> entriesFor(String name) throws IOException {
        List<KnownHostsFile.Entry> found = new ArrayList<>();
        for (Path f : concat(userFiles, systemFiles)) {
            for (KnownHostsFile.Entry e : KnownHostsFile.read(f)) {
                if (e.matches(name)) {
                    found.add(e);
                }
            }
        }
        return found;
    }

    @Override
    public int check(String host, byte[] key) {
        // JSch hands the lookup name: HostKeyAlias, host, or [host]:port. OpenSSH compares names lower-cased.
        String name = host.toLowerCase(Locale.ROOT);
        List<KnownHostsFile.Entry> known;
        try {
            known = entriesFor(name);
        } catch (IOException e) {
            refusal = "cannot read the known_hosts file to check the host key of " + hostLabel + ": " + e
                    + ". LinkLab will not connect without checking it.";
            return NOT_INCLUDED;
        }
        String type = KnownHostsFile.blobType(key);
        type = type == null ? "unknown-type" : type;
        String fp = fingerprint(key);
        for (KnownHostsFile.Entry e : known) {
            if (e.marker().equals("@revoked") && e.sameKey(key)) {
                refusal = "the " + NewHostKey.displayType(type) + " host key of " + hostLabel + " (" + name
                        + "), fingerprint " + fp + ", is marked as revoked in " + e.where() + ". This could mean"
                        + " that a stolen key is being used to impersonate this host. LinkLab will not connect.";
                return CHANGED;
            }
        }
        List<KnownHostsFile.Entry> plain =
                known.stream().filter(e -> e.marker().isEmpty()).toList();
        if (plain.stream().anyMatch(e -> e.sameKey(key))) {
            return OK;
        }
        if (!plain.isEmpty()) {
            refusal = changed(name, type, fp, plain);
            return CHANGED;
        }
        NewHostKey seen = new NewHostKey(hostLabel, name, type, fp, recordFile());
        if (acceptNew || prompts.acceptNewHostKey(seen)) {
            try {
                record(name, type, key);
            } catch (IOException e) {
                refusal = "the host key of " + hostLabel + " was accepted but could not be recorded in " + recordFile()
                        + ": " + e.getMessage();
                return NOT_INCLUDED;
            }
            prompts.hostKeyAdded(seen);
            return OK;
        }
        refusal = "unknown host key: " + seen.describe() + " It is not in " + recordFile()
                + (systemFiles.isEmpty() ? "" : " nor in " + join(systemFiles)) + ". Check the fingerprint with"
                + " the host's administrator (ssh-keygen -lf /etc/ssh/ssh_host_"
                + NewHostKey.displayType(type).toLowerCase(Locale.ROOT) + "_key.pub on the host), then accept it"
                + " (--accept-new-host-keys on the command line, or the host key dialog) or add it to "
                + recordFile() + " yourself.";
        return NOT_INCLUDED;
    }

    /** OpenSSH's warning for a changed key, with each offending line and how to remove it. */
    private String changed(String name, String type, String fp, List<KnownHostsFile.Entry> plain) {
        List<KnownHostsFile.Entry> sameType =
                plain.stream().filter(e -> e.keyType().equals(type)).toList();
        List<KnownHostsFile.Entry> offending = sameType.isEmpty() ? plain : sameType;
        String shown = NewHostKey.displayType(type);
        StringBuilder m = new StringBuilder("WARNING: REMOTE HOST IDENTIFICATION HAS CHANGED! ")
                .append(hostLabel)
                .append(" (")
                .append(name)
                .append(") sent the ")
                .append(shown)
                .append(" host key with fingerprint ")
                .append(fp)
                .append(", but ");
        if (sameType.isEmpty()) {
            m.append("it is known by a key of another type, and a host does not stop offering its known key by"
                    + " itself.");
        } else {
            m.append("a different ").append(shown).append(" key is recorded for it.");
        }
        for (KnownHostsFile.Entry e : offending) {
            m.append(" Offending ")
                    .append(NewHostKey.displayType(e.keyType()))
                    .append(" key in ")
                    .append(e.where())
                    .append('.');
        }
        m.append(" Someone could be eavesdropping on you right now (man-in-the-middle attack), or the host key has"
                + " just been changed (host reinstalled). LinkLab will not connect. If you know why the key changed,"
                + " remove the old key with: ");
        Set<Path> files =
                offending.stream().map(KnownHostsFile.Entry::file).collect(Collectors.toCollection(LinkedHashSet::new));
        m.append(files.stream()
                .map(f -> ShellQuote.join(List.of("ssh-keygen", "-f", f.toString(), "-R", name))
                        + (systemFiles.contains(f) && !userFiles.contains(f) ? " (as root: the system-wide file)" : ""))
                .collect(Collectors.joining(" and ")));
        return m.append(" and connect again to accept the new key.").toString();
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

    private void record(String name, String type, byte[] key) throws IOException {
        Path file = recordFile();
        Object lock = FILE_LOCKS.computeIfAbsent(file, f -> new Object());
        synchronized (lock) {
            // Another login of this run may have recorded the same key while this one was asking.
            for (KnownHostsFile.Entry e : KnownHostsFile.read(file)) {
                if (e.marker().isEmpty() && e.matches(name) && e.sameKey(key)) {
                    return;
                }
            }
            Path dir = file.getParent();
            if (dir != null && !Files.isDirectory(dir)) {
                // Like ssh creating ~/.ssh: private to the user, whatever the umask.
                Files.createDirectories(dir, posix(dir, "rwx------"));
            }
            if (!Files.exists(file)) {
                Files.createFile(file, posix(file, "rw-------"));
            }
            String line = (hashNames ? KnownHostsFile.hashedName(name) : name) + " " + type + " "
                    + Base64.getEncoder().encodeToString(key) + "\n";
            if (Files.size(file) > 0) {
                byte[] all = Files.readAllBytes(file);
                if (all[all.length - 1] != '\n') {
                    line = "\n" + line;
                }
            }
            Files.writeString(file, line, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        }
    }

    private static FileAttribute<?>[] posix(Path p, String permissions) {
        if (!p.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            return new FileAttribute<?>[0];
        }
        return new FileAttribute<?>[] {
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString(permissions))
        };
    }

    private static List<Path> concat(List<Path> a, List<Path> b) {
        List<Path> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    private static String join(List<Path> files) {
        return files.stream().map(Path::toString).collect(Collectors.joining(", "));
    }

    @Override
    public void add(HostKey hostkey, UserInfo ui) {
        // Recording is decided in check(); JSch never adds on its own with StrictHostKeyChecking=yes.
    }

    @Override
    public void remove(String host, String type) {}

    @Override
    public void remove(String host, String type, byte[] key) {}

    @Override
    public String getKnownHostsRepositoryID() {
        return recordFile().toString();
    }

    @Override
    public HostKey[] getHostKey() {
        return new HostKey[0];
    }

    @Override
    public HostKey[] getHostKey(String host, String type) {
        // JSch asks this before the key exchange to propose the key types already recorded for the host
        // first, as OpenSSH does; so a host with a known key is never asked for a key of another type.
        List<HostKey> keys = new ArrayList<>();
        List<KnownHostsFile.Entry> known;
        try {
            known = entriesFor(host.toLowerCase(Locale.ROOT));
        } catch (IOException e) {
            return new HostKey[0]; // no preference then; check() reports the unreadable file
        }
        for (KnownHostsFile.Entry e : known) {
            if (e.marker().isEmpty() && (type == null || type.equals(e.keyType()))) {
                try {
                    keys.add(new HostKey(host, HostKey.GUESS, e.key()));
                } catch (JSchException unknownToJsch) {
                    // a key type JSch cannot use: nothing to prefer
                }
            }
        }
        return keys.toArray(HostKey[]::new);
    }
}
