package io.linklab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.lab.Lab;
import io.linklab.tune.TuneFiles;
import io.linklab.tune.TuneStep;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `linklab tune --vary mtu` between the namespace hosts, with netperf (the tune's one lab run of it; iperf3 is
 * TuneCommandLabTest's): the MTU of --mtu-list is probed on both data interfaces, both are back at 1500 when it ends,
 * nothing is left running, and the window's files (tune.txt, tune-winner.json) read back.
 */
@Tag("lab")
class TuneMtuLabTest {

    private final Lab lab = Lab.get();
    private final CliCapture cli = new CliCapture();

    @TempDir
    Path dir;

    @Test
    void eachMtuIsProbedWithNetperfAndBothHostsAreRestored() throws Exception {
        assertEquals(1500, lab.h1().mtu(), "lab h1 data MTU must start at 1500");
        assertEquals(1500, lab.h2().mtu(), "lab h2 data MTU must start at 1500");
        Path runDir = dir.resolve("tune");
        List<String> tune = TuneCommandLabTest.hosts(lab, "tune", 5931);
        tune.addAll(List.of(
                "--client-if",
                lab.h1().dataIf(),
                "--server-if",
                lab.h2().dataIf(),
                "--tools",
                "netperf",
                "--vary",
                "mtu",
                "--mtu-list",
                "9000",
                // probes of 1 s after 1 s, twice: the start and 9000 fit, the confirmation does not (it needs time for
                // two probes besides), so the tune ends once 9000 is measured
                "--budget",
                "16s",
                "--out",
                runDir.toString()));
        int status = cli.run(tune);
        assertEquals(0, status, cli.both());
        assertEquals(1500, lab.h1().mtu(), "h1 restored: " + cli.err());
        assertEquals(1500, lab.h2().mtu(), "h2 restored: " + cli.err());
        assertEquals("", lab.leftRunning(), "nothing left running on the hosts");

        TuneFiles.Stored stored = TuneFiles.read(runDir);
        List<Integer> mtus = stored.steps().stream()
                .filter(s -> s.probe().ok())
                .map(s -> s.probe().settings().mtu())
                .toList();
        assertTrue(mtus.contains(9000), "9000 measured: " + stored.steps());
        for (TuneStep s : stored.steps()) {
            assertTrue(s.probe().ok(), "every probe measured: " + s);
            assertTrue(s.probe().rate() > 0, "netperf's rate read: " + s);
        }
        assertTrue(
                stored.report().get(0).startsWith("best: netperf"),
                stored.report().toString());
        assertTrue(
                stored.report().stream()
                        .anyMatch(l -> l.contains("netperf -H " + lab.h2().data())),
                "the winner's script: " + stored.report());
        assertTrue(stored.winner() != null, "the winner as a plan");
        assertTrue(Files.readString(runDir.resolve("run.json")).contains("restored 1500"), "run.json says so");
    }
}
