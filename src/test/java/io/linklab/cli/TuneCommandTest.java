package io.linklab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `tune` refused before it logs in: a budget that cannot measure anything is bad usage, not a failed tune. */
class TuneCommandTest {

    @TempDir
    Path dir;

    @Test
    void aBudgetTooShortForOneProbeIsRefusedBeforeConnecting() {
        CliCapture cli = new CliCapture();
        Path out = dir.resolve("t");
        long start = System.nanoTime();
        // 192.0.2.0/24 is for documentation: a login there would hang until its time-out, not fail at once
        int status = cli.run(
                "tune",
                "--client",
                "root@192.0.2.11",
                "--server",
                "root@192.0.2.12",
                "-c",
                "192.0.2.2",
                "--budget",
                "5s",
                "--out",
                out.toString());
        assertEquals(Cli.USAGE, status, cli.both());
        assertTrue(
                cli.err()
                        .contains("--budget: '5s' is not valid — too short for one probe and its confirmation "
                                + "(14 s, besides logging in); give 20s or more"),
                cli.err());
        assertTrue(Files.notExists(out), "nothing written");
        assertTrue((System.nanoTime() - start) / 1e9 < 5, "refused at once");
        assertEquals(
                Cli.USAGE,
                cli.run(
                        "tune",
                        "--client",
                        "h1",
                        "--server",
                        "h2",
                        "-c",
                        "10.0.0.2",
                        "--budget",
                        "13s",
                        "--out",
                        out.toString()),
                cli.both());
    }
}
