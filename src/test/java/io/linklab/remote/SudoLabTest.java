package io.linklab.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.lab.Lab;
import io.linklab.testing.Await;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Privileged commands from non-root logins: sudo -n, its refusal explained, and kills that reach root's processes. */
@Tag("lab")
class SudoLabTest {

    private final Lab lab = Lab.get();

    private SshTransport login(String user) throws TransportException {
        return new SshConnector(lab.sshSettings(), LoginPrompts.NONE)
                .connect(new SshTarget(user, lab.h1().mgmt(), 0, null, null));
    }

    private RemoteCommand setMtu(int mtu) {
        return RemoteCommand.privileged(
                "set the MTU of " + lab.h1().dataIf(),
                "ip",
                "link",
                "set",
                "dev",
                lab.h1().dataIf(),
                "mtu",
                String.valueOf(mtu));
    }

    @Test
    void privilegedCommandsGoThroughSudoForNonRootLogins() throws Exception {
        int before = lab.h1().mtu();
        try (SshTransport t = login(lab.value("SUDO_USER"))) {
            assertFalse(t.isRoot());
            assertEquals("sudo -n -- linklab-mtu data0 1400", t.describe(setMtu(1400)));
            CommandResult r = t.run(setMtu(1400), Duration.ofSeconds(10));
            assertEquals(0, r.exitStatus(), r.stderr());
            assertEquals(1400, lab.h1().mtu());
            // An unprivileged command stays unprivileged.
            assertEquals(
                    "2\n",
                    t.run(
                                    RemoteCommand.of(
                                            "ip as user",
                                            "sh",
                                            "-c",
                                            "ip link set dev data0 mtu 1300 2>/dev/null; echo $?"),
                                    Duration.ofSeconds(10))
                            .stdout());
            // The helper sudo allows checks what it is given: no other ip link change gets through it.
            assertEquals(
                    "2\n",
                    t.run(
                                    RemoteCommand.of(
                                            "the helper with more than an MTU",
                                            "sh",
                                            "-c",
                                            "sudo -n linklab-mtu 'data0 down' 1500 2>/dev/null; echo $?"),
                                    Duration.ofSeconds(10))
                            .stdout());
        } finally {
            lab.h1().exec("ip", "link", "set", "dev", lab.h1().dataIf(), "mtu", String.valueOf(before));
        }
    }

    @Test
    void aRootProcessStartedThroughSudoIsKilledOnCancelAndCleanup() throws Exception {
        try (SshTransport t = login(lab.value("SUDO_USER"))) {
            RemoteProcess monitor = t.start(
                    RemoteCommand.privileged("watch links", "ip", "monitor", "link"),
                    LineSink.DISCARD,
                    LineSink.DISCARD);
            t.start(
                    RemoteCommand.privileged("watch addresses", "ip", "monitor", "address"),
                    LineSink.DISCARD,
                    LineSink.DISCARD);
            String running = Await.poll(
                    () -> lab.h1().processes(),
                    ps -> ps.contains("ip monitor link") && ps.contains("ip monitor address"),
                    Duration.ofSeconds(5),
                    Duration.ofMillis(100));
            assertTrue(running.contains("ip monitor link") && running.contains("ip monitor address"), running);
            monitor.cancel();
            assertFalse(monitor.isAlive());
            assertFalse(lab.h1().processes().contains("monitor link"), lab.h1().processes());
            List<String> killed = t.cleanup();
            assertEquals(1, killed.size(), killed.toString());
            assertTrue(killed.get(0).contains("watch addresses"), killed.toString());
        }
        assertEquals("", SshTransportLabTest.settledProcesses(lab.h1()));
    }

    @Test
    void sudoWantingAPasswordFailsWithTheSudoersRuleToAdd() throws Exception {
        int before = lab.h1().mtu();
        try (SshTransport t = login(lab.value("NOPW_USER"))) {
            TransportException e =
                    assertThrows(TransportException.class, () -> t.run(setMtu(1400), Duration.ofSeconds(10)));
            String m = e.getMessage();
            assertTrue(
                    m.contains("'set the MTU of data0' needs root")
                            && m.contains("sudo")
                            && m.contains("linklab-nopw ALL=(root) NOPASSWD: /usr/local/sbin/linklab-mtu, "
                                    + "/usr/local/sbin/linklab-kill"),
                    m);
            // started the other way, the failure is on the process
            RemoteProcess p = t.start(setMtu(1400), LineSink.DISCARD, LineSink.DISCARD);
            p.waitFor(Duration.ofSeconds(10));
            assertTrue(p.failure().orElse("").contains("NOPASSWD"), p.failure().toString());
        }
        assertEquals(before, lab.h1().mtu());
    }
}
