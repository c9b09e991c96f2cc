package io.linklab.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.jcraft.jsch.HostKeyRepository;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Host key decisions on known_hosts files as OpenSSH makes them, without a server: key blobs made here. */
class KnownHostsCheckTest {

    @TempDir
    Path tmp;

    private final Random random = new Random(13);
    private final List<NewHostKey> asked = new ArrayList<>();
    private final List<NewHostKey> added = new ArrayList<>();

    /** A public key blob as the server sends it: its type, then (here random) key material. */
    private byte[] key(String type) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        DataOutputStream d = new DataOutputStream(b);
        byte[] t = type.getBytes(StandardCharsets.US_ASCII);
        d.writeInt(t.length);
        d.write(t);
        byte[] material = new byte[32];
        random.nextBytes(material);
        d.writeInt(material.length);
        d.write(material);
        return b.toByteArray();
    }

    private static String line(String hosts, byte[] key) {
        return hosts + " " + KnownHostsFile.blobType(key) + " "
                + Base64.getEncoder().encodeToString(key) + "\n";
    }

    private Path file(String name, String... lines) throws IOException {
        Path f = tmp.resolve(name);
        Files.writeString(f, String.join("", lines));
        return f;
    }

    /** Records what is asked and added; answers the host key question with {@code accept}. */
    private LoginPrompts prompts(boolean accept) {
        return new LoginPrompts.Refusing() {
            @Override
            public boolean acceptNewHostKey(NewHostKey key) {
                asked.add(key);
                return accept;
            }

            @Override
            public void hostKeyAdded(NewHostKey key) {
                added.add(key);
            }
        };
    }

    private KnownHostsCheck check(Path user, Path system, boolean acceptNew) {
        return new KnownHostsCheck(
                List.of(user), system == null ? List.of() : List.of(system), "h1", acceptNew, false, prompts(true));
    }

    @Test
    void aKeyRecordedInTheSystemFilePasses() throws Exception {
        byte[] real = key("ssh-ed25519");
        Path user = file("known_hosts");
        Path system = file("ssh_known_hosts", line("198.18.0.11", real));
        assertEquals(HostKeyRepository.OK, check(user, system, false).check("198.18.0.11", real));
        assertEquals("", Files.readString(user), "nothing recorded for a host the system file knows");
    }

    @Test
    void aKeyThatDiffersFromTheSystemFileIsChangedNotNew() throws Exception {
        byte[] recorded = key("ssh-ed25519");
        byte[] presented = key("ssh-ed25519");
        Path user = file("known_hosts");
        Path system = file("ssh_known_hosts", "# managed by the admins\n", line("198.18.0.11", recorded));
        KnownHostsCheck c = check(user, system, true);
        assertEquals(HostKeyRepository.CHANGED, c.check("198.18.0.11", presented));
        String m = c.refusal();
        assertTrue(m.startsWith("WARNING: REMOTE HOST IDENTIFICATION HAS CHANGED!"), m);
        assertTrue(m.contains(KnownHostsCheck.fingerprint(presented)), m);
        assertTrue(m.contains("Offending ED25519 key in " + system.toAbsolutePath() + ":2"), m);
        assertTrue(m.contains("ssh-keygen -f " + system.toAbsolutePath() + " -R 198.18.0.11 (as root"), m);
        assertTrue(
                asked.isEmpty() && added.isEmpty(),
                "a changed key is never offered nor recorded, even with accept-new");
        assertEquals("", Files.readString(user));
    }

    @Test
    void aKeyOfAnotherTypeForAKnownHostIsChanged() throws Exception {
        byte[] known = key("ecdsa-sha2-nistp256");
        byte[] presented = key("ssh-ed25519");
        Path user = file("known_hosts", line("other", key("ssh-ed25519")), line("198.18.0.11", known));
        KnownHostsCheck c = check(user, null, true);
        assertEquals(HostKeyRepository.CHANGED, c.check("198.18.0.11", presented));
        assertTrue(
                c.refusal().contains("REMOTE HOST IDENTIFICATION HAS CHANGED")
                        && c.refusal().contains("known by a key of another type")
                        && c.refusal().contains("Offending ECDSA key in " + user.toAbsolutePath() + ":2")
                        && c.refusal().contains("ssh-keygen -f " + user.toAbsolutePath() + " -R 198.18.0.11 and"),
                c.refusal());
        assertTrue(asked.isEmpty() && added.isEmpty());
    }

    @Test
    void theSameKeyInTheUserFilePassesAndAChangedOneNamesItsLine() throws Exception {
        byte[] real = key("ssh-ed25519");
        Path user = file("known_hosts", "# lab\n", line("198.18.0.11", key("ssh-ed25519")), line("198.18.0.11", real));
        // OpenSSH accepts a host when any of its lines holds the presented key.
        assertEquals(HostKeyRepository.OK, check(user, null, false).check("198.18.0.11", real));
        KnownHostsCheck c = check(user, null, false);
        assertEquals(HostKeyRepository.CHANGED, c.check("198.18.0.11", key("ssh-ed25519")));
        assertTrue(
                c.refusal().contains(user.toAbsolutePath() + ":2")
                        && c.refusal().contains(user.toAbsolutePath() + ":3"),
                c.refusal());
    }

    @Test
    void aNonStandardPortMatchesOnlyItsBracketedEntry() throws Exception {
        byte[] port22 = key("ssh-ed25519");
        byte[] port2222 = key("ssh-ed25519");
        Path user = file("known_hosts", line("198.18.0.11", port22), line("[198.18.0.11]:2222", port2222));
        assertEquals(HostKeyRepository.OK, check(user, null, false).check("198.18.0.11", port22));
        assertEquals(HostKeyRepository.OK, check(user, null, false).check("[198.18.0.11]:2222", port2222));
        // Another port's key is not this port's: each is checked against its own entry only.
        assertEquals(HostKeyRepository.CHANGED, check(user, null, false).check("[198.18.0.11]:2222", port22));
        assertEquals(HostKeyRepository.CHANGED, check(user, null, false).check("198.18.0.11", port2222));
        // A port nobody recorded is a new host, not a changed one, whatever the plain entry says.
        assertEquals(HostKeyRepository.OK, check(user, null, true).check("[198.18.0.11]:2200", port22));
        assertEquals(1, added.size());
        assertEquals("[198.18.0.11]:2200", added.get(0).knownAs());
        assertTrue(Files.readString(user).endsWith(line("[198.18.0.11]:2200", port22)), Files.readString(user));
    }

    @Test
    void aPort22EntryWrittenWithBracketsIsNotTheHost() throws Exception {
        // OpenSSH writes port 22 as the plain name and never looks up [host]:22.
        Path user = file("known_hosts", line("[198.18.0.11]:22", key("ssh-ed25519")));
        KnownHostsCheck c = new KnownHostsCheck(List.of(user), List.of(), "h1", false, false, prompts(false));
        assertEquals(HostKeyRepository.NOT_INCLUDED, c.check("198.18.0.11", key("ssh-ed25519")));
        assertTrue(c.refusal().startsWith("unknown host key"), c.refusal());
        assertEquals(1, asked.size());
    }

    @Test
    void hashedEntriesWorkForBothForms() throws Exception {
        byte[] port22 = key("ssh-ed25519");
        byte[] port2222 = key("ecdsa-sha2-nistp256");
        Path user = file(
                "known_hosts",
                line(KnownHostsFile.hashedName("198.18.0.11"), port22),
                line(KnownHostsFile.hashedName("[198.18.0.11]:2222"), port2222));
        assertEquals(HostKeyRepository.OK, check(user, null, false).check("198.18.0.11", port22));
        assertEquals(HostKeyRepository.OK, check(user, null, false).check("[198.18.0.11]:2222", port2222));
        KnownHostsCheck c = check(user, null, true);
        assertEquals(HostKeyRepository.CHANGED, c.check("198.18.0.11", key("ssh-ed25519")));
        assertTrue(c.refusal().contains(user.toAbsolutePath() + ":1"), c.refusal());
        assertEquals(HostKeyRepository.OK, check(user, null, true).check("198.18.0.12", port22), "another host is new");
    }

    @Test
    void hashedNamesWrittenByOpenSshMatch() {
        // ssh-keygen -H of lines for "198.18.0.11" and "[198.18.0.11]:2222" (OpenSSH 9.2).
        String plain = "|1|Cvn7FPJ1JNwYwRyvlUmHh3yQuXU=|eXUn+FvRQpLLNAEY3huGVF2e4LE=";
        String bracketed = "|1|VQLYn+6U/p62T/PpR0XRaQ4ZEP8=|ieM0g/NETizk/xz/U4l2BfAQ4gM=";
        assertTrue(KnownHostsFile.hostsMatch(plain, "198.18.0.11"));
        assertFalse(KnownHostsFile.hostsMatch(plain, "[198.18.0.11]:2222"));
        assertFalse(KnownHostsFile.hostsMatch(plain, "198.18.0.12"));
        assertTrue(KnownHostsFile.hostsMatch(bracketed, "[198.18.0.11]:2222"));
        assertFalse(KnownHostsFile.hostsMatch(bracketed, "198.18.0.11"));
        assertFalse(KnownHostsFile.hostsMatch("|1|not base64|x", "198.18.0.11"));
    }

    @Test
    void patternListsNegationAndWildcards() {
        assertTrue(KnownHostsFile.hostsMatch("lab-h1,198.18.0.11", "198.18.0.11"));
        assertTrue(KnownHostsFile.hostsMatch("LAB-H1,other", "lab-h1"), "names compare without case");
        assertFalse(KnownHostsFile.hostsMatch("198.18.0.1", "198.18.0.11"), "no prefix matches");
        assertTrue(KnownHostsFile.hostsMatch("198.18.0.*", "198.18.0.11"));
        assertTrue(KnownHostsFile.hostsMatch("198.18.0.1?", "198.18.0.11"));
        assertFalse(KnownHostsFile.hostsMatch("198.18.0.1?", "198.18.0.1"));
        // a negated pattern that matches excludes the host whatever else matches, in any order
        assertFalse(KnownHostsFile.hostsMatch("198.18.0.*,!198.18.0.11", "198.18.0.11"));
        assertFalse(KnownHostsFile.hostsMatch("!198.18.0.11,198.18.0.*", "198.18.0.11"));
        assertTrue(KnownHostsFile.hostsMatch("198.18.0.*,!198.18.0.11", "198.18.0.12"));
        assertFalse(KnownHostsFile.hostsMatch("!198.18.0.11", "198.18.0.12"), "a negation alone matches nothing");
        // a wildcard matches the whole lookup name, so a bracketed port has to be written into the pattern
        assertFalse(KnownHostsFile.hostsMatch("198.18.0.*", "[198.18.0.11]:2222"));
        assertTrue(KnownHostsFile.hostsMatch("[198.18.0.*]:2222", "[198.18.0.11]:2222"));
        assertTrue(KnownHostsFile.hostsMatch("*", "[198.18.0.11]:2222"));
    }

    @Test
    void aNegatedEntryIsNotAChangedKey() throws Exception {
        Path user = file("known_hosts", line("198.18.0.*,!198.18.0.11", key("ssh-ed25519")));
        KnownHostsCheck c = check(user, null, true);
        assertEquals(HostKeyRepository.OK, c.check("198.18.0.11", key("ssh-ed25519")), "new, so accepted");
        assertEquals(1, added.size());
    }

    @Test
    void aRevokedKeyIsRefusedEvenWhenAlsoListed() throws Exception {
        byte[] k = key("ssh-ed25519");
        Path user = file("known_hosts", line("198.18.0.11", k));
        Path system = file("ssh_known_hosts", "@revoked " + line("*", k));
        KnownHostsCheck c = check(user, system, true);
        assertEquals(HostKeyRepository.CHANGED, c.check("198.18.0.11", k));
        assertTrue(
                c.refusal().contains("revoked") && c.refusal().contains(system.toAbsolutePath() + ":1"), c.refusal());
    }

    @Test
    void anAcceptedKeyCreatesAPrivateDirectoryAndFileAndIsAnnounced() throws Exception {
        Path user = tmp.resolve("home").resolve(".ssh").resolve("known_hosts");
        byte[] k = key("ssh-ed25519");
        KnownHostsCheck c = check(user, null, true);
        assertEquals(HostKeyRepository.OK, c.check("198.18.0.11", k));
        assertNull(c.refusal());
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(user.getParent())));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(user)));
        assertEquals(line("198.18.0.11", k), Files.readString(user));
        assertTrue(asked.isEmpty(), "accept-new does not ask");
        assertEquals(
                List.of("Warning: Permanently added '198.18.0.11' (ED25519) to the list of known hosts."),
                added.stream().map(NewHostKey::permanentlyAdded).toList());
        // Known from now on; a second acceptance of the same key (a parallel login) does not write it twice.
        assertEquals(HostKeyRepository.OK, check(user, null, false).check("198.18.0.11", k));
        assertEquals(1, Files.readAllLines(user).size());
    }

    @Test
    void aKeyIsRecordedHashedWhenTheConfigSaysSo() throws Exception {
        Path user = file("known_hosts", "198.18.0.1 ssh-ed25519 AAAA"); // no final newline
        byte[] k = key("ssh-ed25519");
        assertEquals(
                HostKeyRepository.OK,
                new KnownHostsCheck(List.of(user), List.of(), "h1", true, true, prompts(false))
                        .check("[198.18.0.11]:2222", k));
        List<String> lines = Files.readAllLines(user);
        assertEquals(2, lines.size());
        assertTrue(lines.get(1).startsWith("|1|") && !lines.get(1).contains("198.18.0.11"), lines.get(1));
        assertEquals(HostKeyRepository.OK, check(user, null, false).check("[198.18.0.11]:2222", k));
    }

    @Test
    void aRefusedNewKeyIsNotRecordedAndTheMessageSaysHowToAcceptIt() throws Exception {
        Path user = file("known_hosts");
        Path system = file("ssh_known_hosts");
        byte[] k = key("ssh-ed25519");
        KnownHostsCheck c = new KnownHostsCheck(List.of(user), List.of(system), "h1", false, false, prompts(false));
        assertEquals(HostKeyRepository.NOT_INCLUDED, c.check("198.18.0.11", k));
        assertEquals(1, asked.size());
        assertEquals(KnownHostsCheck.fingerprint(k), asked.get(0).fingerprint());
        assertTrue(
                c.refusal().contains("unknown host key")
                        && c.refusal().contains(KnownHostsCheck.fingerprint(k))
                        && c.refusal().contains("--accept-new-host-keys"),
                c.refusal());
        assertEquals("", Files.readString(user));
    }

    @Test
    void theKnownTypesAreOfferedForTheKeyExchange() throws Exception {
        byte[] ecdsa = key("ecdsa-sha2-nistp256");
        Path user = file("known_hosts", line("198.18.0.12", key("ssh-ed25519")), line("198.18.0.11", ecdsa));
        // what JSch asks to order its host key algorithms; a bad ECDSA blob is simply not offered
        assertEquals(0, check(user, null, false).getHostKey("[198.18.0.11]:2222", null).length);
        assertFalse(check(user, null, false).getHostKey("198.18.0.12", null).length == 0);
        assertEquals(
                "ssh-ed25519",
                check(user, null, false).getHostKey("198.18.0.12", null)[0].getType());
    }
}
