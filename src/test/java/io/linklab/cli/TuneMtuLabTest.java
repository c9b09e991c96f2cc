package io.linklab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.lab.Lab;
import io.linklab.tune.TuneFiles;
import io.linklab.tune.TuneStep;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `linklab tune --vary mtu` between the namespace hosts: each MTU of --mtu-list is probed on both data
 * interfaces, both are back at 1500 when it ends, and the window's files (tune.txt, tune-winner.json) read back.
 */
@Tag("lab")
class TuneMtuLabTest {

    private final Lab lab = Lab.get();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @TempDir
    Path dir;

    @Test
    void eachMtuIsProbedAndBothHostsAreRestored() throws Exception {
        assertEquals(1500, lab.h1().mtu(), "lab h1 data MTU must start at 1500");
        assertEquals(1500, lab.h2().mtu(), "lab h2 data MTU must start at 1500");
        Path runDir = dir.resolve("tune");
        int status = Cli.run(
                new String[] {
                    "tune",
                    "--client",
                    "h1",
                    "--server",
                    "h2",
                    "-c",
                    lab.h2().data(),
                    "--ssh-config",
                    lab.sshConfig().toString(),
                    "--port",
                    "5931",
                    "--client-if",
                    lab.h1().dataIf(),
                    "--server-if",
                    lab.h2().dataIf(),
                    "--tools",
                    "iperf3",
                    "--vary",
                    "mtu",
                    "--mtu-list",
                    "9000,4000",
                    "--budget",
                    "60s",
                    "--out",
                    runDir.toString()
                },
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        String stdout = out.toString(StandardCharsets.UTF_8);
        String stderr = err.toString(StandardCharsets.UTF_8);
        assertEquals(0, status, stdout + stderr);
        assertEquals(1500, lab.h1().mtu(), "h1 restored: " + stderr);
        assertEquals(1500, lab.h2().mtu(), "h2 restored: " + stderr);

        TuneFiles.Stored stored = TuneFiles.read(runDir);
        List<Integer> mtus = stored.steps().stream()
                .filter(s -> s.probe().ok())
                .map(s -> s.probe().settings().mtu())
                .toList();
        assertTrue(mtus.contains(9000) && mtus.contains(4000), "both MTUs measured: " + stored.steps());
        for (TuneStep s : stored.steps()) {
            assertTrue(s.probe().ok(), "every probe measured: " + s);
        }
        assertTrue(
                stored.report().get(0).startsWith("best: iperf3"),
                stored.report().toString());
        assertTrue(stored.winner() != null, "the winner as a plan");
        assertTrue(Files.readString(runDir.resolve("run.json")).contains("restored 1500"), "run.json says so");
    }
}
