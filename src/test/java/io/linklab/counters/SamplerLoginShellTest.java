package io.linklab.counters;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.remote.RemoteCommand;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sampler hands itself to bash without running the login's ~/.bashrc again: inside an SSH session Debian's bash
 * reads it for any non-interactive bash whose shell level is below 2 (the login shell's exec leaves 0), and on a host
 * whose rc runs pyenv or conda that costs as much as another login, before every measurement.
 */
class SamplerLoginShellTest {

    @TempDir
    Path home;

    @Test
    void theSamplersBashDoesNotReadTheLoginsBashrc() throws Exception {
        Path marker = home.resolve("bashrc-ran");
        Files.writeString(home.resolve(".bashrc"), "echo ran >> '" + marker + "'\n");
        RemoteCommand sampler = SamplerScript.command("lo", 30, null, "linklab-counters-rc-test");
        ProcessBuilder pb = new ProcessBuilder(sampler.argv()).redirectErrorStream(true);
        // what sshd and the login shell leave for the commands they start
        pb.environment().put("HOME", home.toString());
        pb.environment().put("SSH_CLIENT", "198.18.0.1 40000 22");
        pb.environment().put("SSH_CONNECTION", "198.18.0.1 40000 198.18.0.11 22");
        pb.environment().put("SHLVL", "0");
        Process p = pb.start();
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            boolean snapshot = false;
            for (String line; (line = out.readLine()) != null; ) {
                if (line.equals(SamplerScript.END)) {
                    snapshot = true;
                    break;
                }
            }
            assertTrue(snapshot, "the sampler sent a whole snapshot");
        } finally {
            p.destroy();
            p.waitFor(5, TimeUnit.SECONDS);
        }
        assertFalse(Files.exists(marker), "the sampler's bash ran ~/.bashrc");
    }

    @Test
    void bashInThatEnvironmentReadsTheBashrcWithoutNorc() throws Exception {
        // the premise: without --norc this environment does make bash read ~/.bashrc (Debian's SSH_SOURCE_BASHRC)
        Path marker = home.resolve("bashrc-ran");
        Files.writeString(home.resolve(".bashrc"), "echo ran >> '" + marker + "'\n");
        ProcessBuilder pb = new ProcessBuilder("sh", "-c", "exec bash -c true");
        pb.environment().put("HOME", home.toString());
        pb.environment().put("SSH_CLIENT", "198.18.0.1 40000 22");
        pb.environment().put("SHLVL", "0");
        assertTrue(pb.start().waitFor(10, TimeUnit.SECONDS));
        assertTrue(Files.exists(marker), "bash did not read ~/.bashrc: the test above would prove nothing here");
    }
}
