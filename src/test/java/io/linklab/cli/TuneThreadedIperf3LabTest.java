package io.linklab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.lab.Lab;
import io.linklab.testing.LatestIperf3OnBothHosts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * `linklab tune` on hosts whose iperf3 is 3.21 (built by src/test/lab/iperf3-build.sh, made the hosts' iperf3 by
 * {@link Lab.Host#iperf3Is}): each stream is a thread of its own, so the search tries streams and pinning before
 * processes (docs/decisions/0900-tuner-order-on-threaded-iperf3.md).
 */
@Tag("lab")
class TuneThreadedIperf3LabTest {

    private final Lab lab = Lab.get();
    private final CliCapture cli = new CliCapture();

    @TempDir
    Path dir;

    @RegisterExtension
    final LatestIperf3OnBothHosts hostsRun321 = new LatestIperf3OnBothHosts(lab);

    @Test
    void onIperf3321TheSearchTriesStreamsAndPinningBeforeProcesses() throws Exception {
        Path tuneDir = dir.resolve("tune");
        // under a minute: probes of 1 s after 1 s, twice; after the logins time for about five of them
        List<String> tune = TuneCommandLabTest.iperf3Tune(lab, 5630, "59s", "processes,streams,pinning", tuneDir);
        int status = cli.run(tune);
        String out = cli.out();
        assertEquals(0, status, out + cli.err());

        List<String> reasons = Files.readAllLines(tuneDir.resolve("tune.csv")).stream()
                .skip(1)
                .map(l -> l.substring(l.lastIndexOf(',') + 1))
                .toList();
        int streams = first(reasons, "streams ");
        int pinning = first(reasons, "pinning -> ");
        int processes = first(reasons, "processes ");
        assertTrue(streams < pinning, "streams first, then pinning: " + reasons);
        assertTrue(pinning < reasons.size(), "pinning tried: " + reasons);
        assertTrue(pinning < processes, "processes only after pinning: " + reasons);
        assertEquals("", lab.leftRunning(), "nothing left running on the hosts");
    }

    private static int first(List<String> reasons, String prefix) {
        for (int i = 0; i < reasons.size(); i++) {
            if (reasons.get(i).startsWith(prefix)) {
                return i;
            }
        }
        return reasons.size();
    }
}
