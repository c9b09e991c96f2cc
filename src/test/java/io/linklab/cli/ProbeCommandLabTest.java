package io.linklab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.lab.Lab;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("lab")
class ProbeCommandLabTest {

    private final Lab lab = Lab.get();
    private final CliCapture cli = new CliCapture();

    @TempDir
    Path dir;

    @Test
    void probesLabHostsAndReportsTheUnreachableOne() {
        int status = cli.run(
                "probe",
                "h1",
                lab.h2().login(),
                "root@" + lab.value("UNUSED_MGMT_ADDR"),
                "--ssh-config",
                lab.sshConfig().toString(),
                "--identity",
                lab.identity().toString(),
                "--known-hosts",
                lab.knownHosts().toString());
        String o = cli.out();
        assertEquals(1, status, "one host is unreachable");
        assertTrue(o.contains("h1: Debian") && o.contains(lab.h2().login() + ": Debian"), cli.both());
        assertTrue(o.contains("iperf3 3.12, iperf 2.1.8, netperf 2.7.0, netserver 2.7.0"), o);
        assertTrue(o.matches("(?s).*mgmt0 .*" + lab.h1().mgmt() + "/24.*\\(carries the SSH session\\).*"), o);
        assertTrue(o.contains("root@" + lab.value("UNUSED_MGMT_ADDR") + ": UNREACHABLE"), o);
        // a veth's /sys speed (10000) is no link speed, as the findings say: one rule for both
        assertTrue(o.matches("(?s).*data0 [^\\n]*speed \\?.*") && !o.contains("10 Gbit/s"), o);
        assertTrue(cli.err().contains("no route to host") || cli.err().contains("did not answer"), cli.err());
    }

    @Test
    void acceptedKeysAreAnnouncedLikeSshAndKeptPrivate() throws Exception {
        // The config's UserKnownHostsFile, in a .ssh directory that does not exist yet.
        Path known = dir.resolve("home").resolve(".ssh").resolve("known_hosts");
        Path config = dir.resolve("ssh_config");
        Files.writeString(
                config,
                Files.readString(lab.sshConfig()).replace(lab.knownHosts().toString(), known.toString()));
        int status = cli.run("probe", "h1", "h2", "--ssh-config", config.toString(), "--accept-new-host-keys");
        String e = cli.err();
        assertEquals(0, status, e);
        for (String addr : new String[] {lab.h1().mgmt(), lab.h2().mgmt()}) {
            assertTrue(
                    e.contains("Warning: Permanently added '" + addr + "' (ED25519) to the list of known hosts.\n"), e);
        }
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(known.getParent())));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(known)));
        assertEquals(2, Files.readAllLines(known).size());

        // Known from now on: nothing added, nothing said.
        assertEquals(0, cli.run("probe", "h1", "--ssh-config", config.toString()));
        assertTrue(!cli.err().contains("Permanently added"), cli.err());
        assertEquals(2, Files.readAllLines(known).size());
    }
}
