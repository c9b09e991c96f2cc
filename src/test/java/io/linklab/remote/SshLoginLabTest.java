package io.linklab.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.lab.Lab;
import io.linklab.model.InvalidValueException;
import io.linklab.testing.Await;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Logging in like OpenSSH: config, keys, agent, jump hosts, host keys, and the refusals. */
@Tag("lab")
class SshLoginLabTest {

    private final Lab lab = Lab.get();

    @TempDir
    Path tmp;

    private SshSettings settings() {
        return lab.sshSettings();
    }

    private static String sh(String... cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0, String.join(" ", cmd) + ": " + out);
        return out;
    }

    private Path newKey(String type, String passphrase, String... extra) throws Exception {
        Path key = tmp.resolve("id_" + type + System.nanoTime());
        List<String> cmd = new ArrayList<>(
                List.of("ssh-keygen", "-q", "-t", type, "-N", passphrase, "-C", "linklab-test", "-f", key.toString()));
        cmd.addAll(List.of(extra));
        sh(cmd.toArray(String[]::new));
        return key;
    }

    /** Runs body with the key's public half authorized on the lab hosts, and restores authorized_keys. */
    private void withAuthorized(Path key, ThrowingRunnable body) throws Exception {
        Path auth = Path.of(lab.value("LAB_DIR"), "authorized_keys");
        String before = Files.readString(auth);
        try {
            Files.writeString(auth, before + Files.readString(Path.of(key + ".pub")));
            body.run();
        } finally {
            Files.writeString(auth, before);
        }
    }

    interface ThrowingRunnable {
        void run() throws Exception;
    }

    private static String whoami(SshTransport t) throws Exception {
        CommandResult r =
                t.run(RemoteCommand.of("who", "sh", "-c", "id -un; echo $SSH_CONNECTION"), Duration.ofSeconds(10));
        assertEquals(0, r.exitStatus(), r.stderr());
        return r.stdout();
    }

    @Test
    void sshConfigAliasGivesHostNameUserKeyAndKnownHosts() throws Exception {
        SshSettings s = SshSettings.defaults().withSshConfig(lab.sshConfig()).withAgent(false);
        try (SshTransport t = new SshConnector(s, LoginPrompts.NONE).connect(SshTarget.parse("h1"))) {
            assertEquals("root@" + lab.h1().mgmt() + ":22", t.resolvedLogin());
            assertEquals("h1", t.hostLabel());
            String who = whoami(t);
            assertTrue(who.startsWith("root\n") && who.contains(" " + lab.h1().mgmt() + " 22"), who);
        }
    }

    @Test
    void proxyJumpGoesThroughTheJumpHost() throws Exception {
        Path config = tmp.resolve("config");
        Files.writeString(
                config,
                "Host viajump\n  HostName " + lab.h1().mgmt() + "\n  ProxyJump jumper\n"
                        + "Host jumper\n  HostName " + lab.h2().mgmt() + "\n"
                        + "Host *\n  User root\n  IdentityFile " + lab.identity() + "\n  UserKnownHostsFile "
                        + lab.knownHosts() + "\n");
        SshSettings s = SshSettings.defaults().withSshConfig(config).withAgent(false);
        try (SshTransport t = new SshConnector(s, LoginPrompts.NONE).connect(SshTarget.parse("viajump"))) {
            // h1 sees the connection coming from h2's address, not from the bridge.
            assertTrue(whoami(t).contains(lab.h2().mgmt() + " "), whoami(t));
        }
    }

    @Test
    void ecdsaAndRsaKeysWork() throws Exception {
        for (Path key : List.of(
                newKey("ecdsa", ""), newKey("rsa", "", "-b", "3072"), newKey("rsa", "", "-b", "3072", "-m", "PEM"))) {
            withAuthorized(key, () -> {
                try (SshTransport t = new SshConnector(settings().withIdentity(key), LoginPrompts.NONE)
                        .connect(SshTarget.parse(lab.h2().login()))) {
                    assertTrue(whoami(t).startsWith("root"));
                }
            });
        }
    }

    @Test
    void aPassphraseIsAskedOnceAndKeptInMemoryForFurtherLogins() throws Exception {
        Path key = newKey("ed25519", "correct horse");
        AtomicInteger asked = new AtomicInteger();
        LoginPrompts prompts = new LoginPrompts.Refusing() {
            @Override
            public char[] passphrase(String login, String keyFile) {
                asked.incrementAndGet();
                assertEquals(key.toString(), keyFile);
                return "correct horse".toCharArray();
            }
        };
        withAuthorized(key, () -> {
            SshConnector c = new SshConnector(settings().withIdentity(key), prompts);
            try (SshTransport a = c.connect(SshTarget.parse(lab.h1().login()));
                    SshTransport b = c.connect(SshTarget.parse(lab.h2().login()))) {
                assertTrue(whoami(a).startsWith("root") && whoami(b).startsWith("root"));
            }
            assertEquals(1, asked.get());
        });
    }

    @Test
    void aRefusedPassphraseEndsInAClearMessage() throws Exception {
        Path key = newKey("ed25519", "secret");
        withAuthorized(key, () -> {
            // only the encrypted key: the lab key is not offered
            SshSettings s = settings().withIdentity(key);
            SshConnector c = new SshConnector(s, new LoginPrompts.Refusing());
            TransportException e = assertThrows(
                    TransportException.class,
                    () -> c.connect(new SshTarget("root", lab.h1().mgmt(), 0, null, null)));
            assertTrue(
                    e.getMessage().contains("login as root") && e.getMessage().contains(key.toString()),
                    e.getMessage());
        });
    }

    @Test
    void sshAgentKeysAreUsed() throws Exception {
        Path sock = tmp.resolve("agent.sock");
        String out = sh("ssh-agent", "-a", sock.toString(), "-s");
        String pid = out.replaceAll("(?s).*SSH_AGENT_PID=(\\d+).*", "$1");
        try {
            ProcessBuilder pb = new ProcessBuilder("ssh-add", lab.identity().toString()).redirectErrorStream(true);
            pb.environment().put("SSH_AUTH_SOCK", sock.toString());
            Process p = pb.start();
            assertEquals(0, p.waitFor());
            // no key file at all: only the agent can log in
            SshSettings s = settings().withIdentity(tmp.resolve("none")).withAgent(true, sock);
            try (SshTransport t = new SshConnector(s, LoginPrompts.NONE)
                    .connect(new SshTarget("root", lab.h1().mgmt(), 0, null, null))) {
                assertTrue(whoami(t).startsWith("root"));
            }
        } finally {
            sh("kill", pid);
        }
    }

    @Test
    void passwordLoginIsTheFallbackAskedThroughThePrompt() throws Exception {
        // A second sshd in h1's namespace, on port 2222, that takes passwords only, for a user that has a
        // password only during this test.
        String user = lab.value("NOPW_USER");
        String password = "lab-" + System.nanoTime();
        String hash = sh("openssl", "passwd", "-6", password).trim();
        Path config = tmp.resolve("sshd_config");
        Files.writeString(
                config,
                "ListenAddress " + lab.h1().mgmt() + "\nPort 2222\nHostKey " + lab.value("LAB_DIR")
                        + "/h1/ssh_host_ed25519_key\nPidFile " + tmp.resolve("sshd.pid")
                        + "\nPasswordAuthentication yes\n"
                        + "PubkeyAuthentication no\nKbdInteractiveAuthentication no\nUsePAM no\nAllowUsers " + user
                        + "\nStrictModes no\n");
        sh("usermod", "-p", hash, user);
        Process sshd = new ProcessBuilder(
                        "ip", "netns", "exec", lab.h1().namespace(), "/usr/sbin/sshd", "-D", "-f", config.toString())
                .redirectErrorStream(true)
                .start();
        try {
            // the second sshd listens once a connection to its port is accepted
            boolean listening = Await.poll(
                    () -> {
                        try (Socket probe = new Socket()) {
                            probe.connect(new InetSocketAddress(lab.h1().mgmt(), 2222), 200);
                            return true;
                        } catch (IOException notYet) {
                            return false;
                        }
                    },
                    up -> up,
                    Duration.ofSeconds(5),
                    Duration.ofMillis(100));
            assertTrue(listening, "the password sshd on port 2222 of h1 never listened");
            AtomicInteger asked = new AtomicInteger();
            LoginPrompts prompts = new LoginPrompts.Refusing() {
                @Override
                public char[] password(String login) {
                    asked.incrementAndGet();
                    assertEquals(user + "@" + lab.h1().mgmt() + ":2222", login);
                    return password.toCharArray();
                }
            };
            SshSettings s =
                    settings().withKnownHosts(tmp.resolve("known_hosts")).withAcceptNewHostKeys(true);
            SshConnector c = new SshConnector(s, prompts);
            try (SshTransport t =
                    c.connect(SshTarget.parse(user + "@" + lab.h1().mgmt() + ":2222"))) {
                assertTrue(whoami(t).startsWith(user + "\n"), whoami(t));
                // a second connection of the pool reuses the password kept in memory
                t.reconnect();
                assertTrue(whoami(t).startsWith(user + "\n"));
            }
            assertEquals(1, asked.get());

            LoginPrompts wrong = new LoginPrompts.Refusing() {
                private int n;

                @Override
                public char[] password(String login) {
                    return n++ < 2 ? "wrong".toCharArray() : null;
                }
            };
            TransportException e = assertThrows(
                    TransportException.class,
                    () -> new SshConnector(s, wrong)
                            .connect(SshTarget.parse(user + "@" + lab.h1().mgmt() + ":2222")));
            assertEquals(TransportException.Kind.LOGIN_REFUSED, e.kind());
            assertTrue(e.getMessage().contains("login as " + user), e.getMessage());
        } finally {
            sshd.destroy();
            sshd.waitFor(10, TimeUnit.SECONDS);
            sh("usermod", "-p", "*", user);
        }
    }

    @Test
    void unknownHostKeyIsRefusedWithItsFingerprintUnlessAccepted() throws Exception {
        Path known = tmp.resolve("known_hosts");
        Files.writeString(known, "");
        String fp = sh("ssh-keygen", "-lf", lab.value("LAB_DIR") + "/h1/ssh_host_ed25519_key.pub")
                .split(" ")[1];
        List<NewHostKey> shown = new ArrayList<>();
        LoginPrompts refuse = new LoginPrompts.Refusing() {
            @Override
            public boolean acceptNewHostKey(NewHostKey key) {
                shown.add(key);
                return false;
            }
        };
        SshSettings s = settings().withKnownHosts(known);
        TransportException e = assertThrows(
                TransportException.class,
                () -> new SshConnector(s, refuse)
                        .connect(SshTarget.parse(lab.h1().login())));
        assertEquals(1, shown.size());
        assertEquals(fp, shown.get(0).fingerprint());
        assertEquals("ssh-ed25519", shown.get(0).keyType());
        assertTrue(
                e.getMessage().contains(fp)
                        && e.getMessage().contains("unknown host key")
                        && e.getMessage().contains(known.toString()),
                e.getMessage());
        assertEquals("", Files.readString(known));

        // A decision in the dialog accepts and records it, like OpenSSH's accept-new.
        LoginPrompts accept = new LoginPrompts.Refusing() {
            @Override
            public boolean acceptNewHostKey(NewHostKey key) {
                return true;
            }
        };
        new SshConnector(s, accept).connect(SshTarget.parse(lab.h1().login())).close();
        assertTrue(Files.readString(known).startsWith(lab.h1().mgmt() + " ssh-ed25519 AAAA"), Files.readString(known));
        // ... and from then on the key is simply known.
        new SshConnector(s, LoginPrompts.NONE)
                .connect(SshTarget.parse(lab.h1().login()))
                .close();
    }

    @Test
    void acceptNewRecordsUnknownKeysWithoutAsking() throws Exception {
        Path known = tmp.resolve("sub").resolve("known_hosts");
        SshConnector c =
                new SshConnector(settings().withKnownHosts(known).withAcceptNewHostKeys(true), LoginPrompts.NONE);
        for (SshConnector.Outcome o : c.connectAll(List.of(
                SshTarget.parse(lab.h1().login()), SshTarget.parse(lab.h2().login())))) {
            assertTrue(o.ok(), o.error());
            o.transport().close();
        }
        String recorded = Files.readString(known);
        assertTrue(
                recorded.contains(lab.h1().mgmt() + " ssh-ed25519 ")
                        && recorded.contains(lab.h2().mgmt() + " ssh-ed25519 "),
                recorded);
        assertEquals(2, recorded.lines().count());
    }

    @Test
    void aChangedHostKeyIsAlwaysRefusedNamingTheFileToFix() throws Exception {
        Path other = newKey("ed25519", "");
        Path known = tmp.resolve("known_hosts");
        String impostor = lab.h1().mgmt() + " "
                + Files.readString(Path.of(other + ".pub")).split(" ")[0] + " "
                + Files.readString(Path.of(other + ".pub")).split(" ")[1] + "\n";
        Files.writeString(known, "# lab\n" + impostor);
        SshSettings s = settings().withKnownHosts(known).withAcceptNewHostKeys(true);
        TransportException e = refusedAsChanged(s, neverOffered("a changed key must never be offered for acceptance"));
        assertTrue(
                e.getMessage().contains("Offending ED25519 key in " + known + ":2")
                        && e.getMessage()
                                .contains(sh("ssh-keygen", "-lf", lab.value("LAB_DIR") + "/h1/ssh_host_ed25519_key.pub")
                                        .split(" ")[1])
                        && e.getMessage()
                                .contains("ssh-keygen -f " + known + " -R "
                                        + lab.h1().mgmt()),
                e.getMessage());
        assertEquals("# lab\n" + impostor, Files.readString(known));
    }

    /** Prompts that fail the test if a host key is offered for acceptance. */
    private static LoginPrompts neverOffered(String why) {
        return new LoginPrompts.Refusing() {
            @Override
            public boolean acceptNewHostKey(NewHostKey key) {
                throw new AssertionError(why);
            }
        };
    }

    /** The refusal of a login to h1 whose host key differs from the one recorded, as OpenSSH words it. */
    private TransportException refusedAsChanged(SshSettings s, LoginPrompts prompts) {
        TransportException e = assertThrows(
                TransportException.class,
                () -> new SshConnector(s, prompts)
                        .connect(SshTarget.parse(lab.h1().login())));
        assertEquals(TransportException.Kind.HOST_KEY, e.kind());
        assertTrue(e.getMessage().contains("REMOTE HOST IDENTIFICATION HAS CHANGED"), e.getMessage());
        return e;
    }

    /** known_hosts lines "NAME TYPE BASE64" for a public key file. */
    private static String knownLine(String name, Path pub) throws IOException {
        String[] f = Files.readString(pub).trim().split(" ");
        return name + " " + f[0] + " " + f[1] + "\n";
    }

    private Path hostKey(String type) {
        return Path.of(lab.value("LAB_DIR"), "h1", "ssh_host_" + type + "_key.pub");
    }

    @Test
    void aKeyDifferingFromTheSystemKnownHostsIsRefusedNotOfferedAsNew() throws Exception {
        Path user = tmp.resolve("known_hosts");
        Files.writeString(user, "");
        Path system = tmp.resolve("ssh_known_hosts");
        String impostor = knownLine(lab.h1().mgmt(), Path.of(newKey("ed25519", "") + ".pub"));
        Files.writeString(system, impostor);
        SshSettings s =
                settings().withKnownHosts(user).withSystemKnownHosts(system).withAcceptNewHostKeys(true);
        LoginPrompts wouldAccept = neverOffered("a key that differs from the system file is not new");
        TransportException e = refusedAsChanged(s, wouldAccept);
        assertTrue(e.getMessage().contains(system + ":1"), e.getMessage());
        assertEquals("", Files.readString(user), "nothing recorded");

        // With the host's real key in the system file the login passes, and nothing is recorded either.
        Files.writeString(system, knownLine(lab.h1().mgmt(), hostKey("ed25519")));
        new SshConnector(s, wouldAccept)
                .connect(SshTarget.parse(lab.h1().login()))
                .close();
        assertEquals("", Files.readString(user));
    }

    @Test
    void aHostKnownByAKeyOfAnotherTypeIsAChangedHost() throws Exception {
        // h1 has no RSA key: recorded with one, it can only present another type.
        Path known = tmp.resolve("known_hosts");
        Files.writeString(known, knownLine(lab.h1().mgmt(), Path.of(newKey("rsa", "", "-b", "2048") + ".pub")));
        TransportException e =
                refusedAsChanged(settings().withKnownHosts(known).withAcceptNewHostKeys(true), LoginPrompts.NONE);
        assertTrue(
                e.getMessage().contains("another type")
                        && e.getMessage().contains("Offending RSA key in " + known + ":1"),
                e.getMessage());
        assertEquals(1, Files.readAllLines(known).size());
    }

    @Test
    void aHostKnownOnlyByItsEcdsaKeyIsAskedForThatKey() throws Exception {
        // The known type is proposed first, as OpenSSH does, so the host is not "changed" for having an ED25519 key.
        Path known = tmp.resolve("known_hosts");
        Files.writeString(known, knownLine(lab.h1().mgmt(), hostKey("ecdsa")));
        new SshConnector(settings().withKnownHosts(known), LoginPrompts.NONE)
                .connect(SshTarget.parse(lab.h1().login()))
                .close();
    }

    @Test
    void hashedKnownHostsFromSshKeygenAreRead() throws Exception {
        Path known = tmp.resolve("known_hosts");
        Files.copy(lab.knownHosts(), known);
        sh("ssh-keygen", "-H", "-f", known.toString());
        assertTrue(Files.readString(known).startsWith("|1|")
                && !Files.readString(known).contains(lab.h1().mgmt()));
        new SshConnector(settings().withKnownHosts(known), LoginPrompts.NONE)
                .connect(SshTarget.parse(lab.h1().login()))
                .close();
    }

    @Test
    void port22IsThePlainNameAndAnotherPortsEntryIsNotConsulted() throws Exception {
        Path known = tmp.resolve("known_hosts");
        String mgmt = lab.h1().mgmt();
        // Another port's (different) key does not make port 22 "changed"; the plain entry is the one for 22.
        Files.writeString(
                known,
                knownLine("[" + mgmt + "]:2222", Path.of(newKey("ed25519", "") + ".pub"))
                        + knownLine(mgmt, hostKey("ed25519")));
        new SshConnector(settings().withKnownHosts(known), LoginPrompts.NONE)
                .connect(SshTarget.parse("root@" + mgmt))
                .close();
        // [host]:22 is not how port 22 is written, so it is not found: the key is unknown (and refused headless).
        Files.writeString(known, knownLine("[" + mgmt + "]:22", hostKey("ed25519")));
        TransportException e = assertThrows(
                TransportException.class,
                () -> new SshConnector(settings().withKnownHosts(known), LoginPrompts.NONE)
                        .connect(SshTarget.parse("root@" + mgmt + ":22")));
        assertTrue(e.getMessage().startsWith("unknown host key"), e.getMessage());
    }

    @Test
    void wrongUserIsRefusedClearly() {
        TransportException e = assertThrows(
                TransportException.class,
                () -> new SshConnector(settings(), LoginPrompts.NONE)
                        .connect(SshTarget.parse("nosuchuser@" + lab.h1().mgmt())));
        assertTrue(
                e.getMessage().contains("login as nosuchuser") && e.getMessage().contains("refused"), e.getMessage());
    }

    @Test
    void wrongKeyIsRefusedClearly() throws Exception {
        Path key = newKey("ed25519", "");
        TransportException e = assertThrows(
                TransportException.class,
                () -> new SshConnector(settings().withIdentity(key), LoginPrompts.NONE)
                        .connect(new SshTarget("root", lab.h1().mgmt(), 0, null, null)));
        assertTrue(e.getMessage().contains("refused") && e.getMessage().contains(key.toString()), e.getMessage());
    }

    @Test
    void unreachableAddressFailsWithinTheConnectTimeout() {
        long t0 = System.nanoTime();
        TransportException e = assertThrows(
                TransportException.class,
                () -> new SshConnector(settings(), LoginPrompts.NONE)
                        .connect(SshTarget.parse("root@" + lab.value("UNUSED_MGMT_ADDR"))));
        long ms = (System.nanoTime() - t0) / 1_000_000;
        System.out.println("unreachable address reported after " + ms + " ms: " + e.getMessage());
        assertTrue(e.getMessage().contains(lab.value("UNUSED_MGMT_ADDR")), e.getMessage());
        assertTrue(e.getMessage().contains("no route") || e.getMessage().contains("did not answer"), e.getMessage());
    }

    @Test
    void noSshServerOnThePortIsSaidPlainly() {
        TransportException e = assertThrows(
                TransportException.class,
                () -> new SshConnector(settings(), LoginPrompts.NONE)
                        .connect(SshTarget.parse("root@" + lab.h1().mgmt() + ":2222")));
        assertTrue(
                e.getMessage().contains("connection refused") && e.getMessage().contains("sshd"), e.getMessage());
    }

    @Test
    void hostileLoginsAreRefusedBeforeAnyConnection() {
        for (String login : List.of(
                "root@198.18.0.1;touch /tmp/x",
                "root@$(reboot)",
                "-oProxyCommand=sh@x",
                "ro`id`ot@h1",
                "root@h1:99999",
                "root@h1\nid")) {
            InvalidValueException e = assertThrows(InvalidValueException.class, () -> SshTarget.parse(login), login);
            assertTrue(e.getMessage().startsWith("SSH "), e.getMessage());
        }
    }
}
