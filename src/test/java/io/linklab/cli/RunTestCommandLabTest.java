package io.linklab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.lab.Lab;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `linklab test` against the lab reaches its hosts as `probe` does: through the ssh config. */
@Tag("lab")
class RunTestCommandLabTest {

    private final Lab lab = Lab.get();
    private final CliCapture cli = new CliCapture();

    @TempDir
    Path dir;

    @Test
    void aliasesOfTheSshConfigWithItsUserKeyAndKnownHosts() throws Exception {
        // Only the config names the user, the key and the lab's known_hosts (there is no ~/.ssh here):
        // before, `test` checked host keys against ~/.ssh/known_hosts whatever UserKnownHostsFile said.
        List<String> test = new ArrayList<>(lab.testThroughSshConfig());
        test.addAll(List.of(
                "--duration", "1", "--port", "5570", "--out", dir.resolve("run").toString()));
        cli.run(test);
        // The engine says this once both logins are open. What follows (preflight, the measurement) is the
        // engine's, tested in EngineLabTest; here only how the hosts were reached matters.
        assertTrue(
                cli.err().contains("connecting to h1 and h2\nchecking iperf3, interfaces and ports on both ends\n"),
                cli.err());
        assertTrue(!cli.err().contains("host key") && !cli.err().contains("cannot connect"), cli.err());
        // the lab's data links are veth pairs, which have no link speed: the default 90 % of it gives no verdict,
        // never one guessed from the 10000 Mbit/s a veth claims
        assertTrue(cli.out().lines().anyMatch(l -> l.startsWith("-  ") && l.contains("no verdict")), cli.out());
        assertTrue(
                Files.readString(dir.resolve("run").resolve("run.json")).contains("an end reports no link speed"),
                "run.json says why");
    }

    @Test
    void iperf3sOptionsPaceTcpOverSshAndTheOutFolderIsNeverWrittenOver() throws Exception {
        Path o = dir.resolve("paced");
        List<String> test = new ArrayList<>(lab.testThroughSshConfig());
        test.addAll(
                List.of("-P", "2", "-t", "2", "-b", "100M", "-p", "5572", "--expect", "150M", "--out", o.toString()));
        assertEquals(0, cli.run(test), cli.err());
        assertTrue(cli.out().lines().anyMatch(l -> l.startsWith("-  ") && l.contains(" pass ")), cli.out());
        // -b without -u paces TCP: 2 streams x 100 Mbit/s, where the unpaced veth carries gigabits
        String row = cli.out()
                .lines()
                .filter(l -> l.startsWith("-  "))
                .findFirst()
                .orElseThrow(() -> new AssertionError(cli.out()));
        double gbit = Double.parseDouble(row.trim().split("\\s+")[2]);
        assertTrue(gbit > 0.1 && gbit < 0.25, "paced to 2 x 100 Mbit/s: " + row);
        assertTrue(Files.readString(o.resolve("run.json")).contains("-P 2 -b 100M"), "the command as run");

        // the same --out again: refused before any host is contacted, the first run untouched
        String first = Files.readString(o.resolve("samples.csv"));
        assertEquals(2, cli.run(test));
        assertTrue(cli.err().contains(o + " is not empty") && cli.err().contains("--force"), cli.err());
        assertTrue(!cli.err().contains("connecting to"), cli.err());
        assertEquals(first, Files.readString(o.resolve("samples.csv")));
    }

    @Test
    void aChangedHostKeyStopsTheRunWithOpenSshsWarning() throws Exception {
        // The lab's known_hosts with h1's ED25519 line holding h2's key: h1 now "presents a different key".
        Path known = dir.resolve("known_hosts");
        String h2Key = Files.readAllLines(lab.knownHosts()).stream()
                .filter(l -> l.startsWith(lab.h2().mgmt() + " ssh-ed25519 "))
                .findFirst()
                .orElseThrow()
                .split(" ")[2];
        StringBuilder sb = new StringBuilder();
        for (String l : Files.readAllLines(lab.knownHosts())) {
            sb.append(l.startsWith(lab.h1().mgmt() + " ssh-ed25519 ") ? lab.h1().mgmt() + " ssh-ed25519 " + h2Key : l)
                    .append('\n');
        }
        Files.writeString(known, sb.toString());
        Path config = dir.resolve("ssh_config");
        Files.writeString(
                config,
                Files.readString(lab.sshConfig()).replace(lab.knownHosts().toString(), known.toString()));
        List<String> test = new ArrayList<>(lab.testThroughSshConfig(config));
        test.addAll(List.of(
                "--accept-new-host-keys",
                "--duration",
                "1",
                "--port",
                "5570",
                "--out",
                dir.resolve("run").toString()));
        int status = cli.run(test);
        assertEquals(1, status, cli.err());
        assertTrue(
                cli.err().contains("REMOTE HOST IDENTIFICATION HAS CHANGED")
                        && cli.err().contains(known + ":1"),
                cli.err());
        assertTrue(!cli.err().contains("Permanently added"), cli.err());
        assertEquals(sb.toString(), Files.readString(known), "a changed key is never recorded");
    }
}
