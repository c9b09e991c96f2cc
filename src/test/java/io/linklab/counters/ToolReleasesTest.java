package io.linklab.counters;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.linklab.model.Tool;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which ends' CPU findings advise streams and pinning: those whose iperf3 runs each stream as a thread. */
class ToolReleasesTest {

    @TempDir
    Path dir;

    @Test
    void onlyAnIperf3Of316OrNewerRunsStreamsAsThreads() throws Exception {
        try (HostCounters counters = HostCounters.open(dir, w -> {}, (p, rows) -> {}, (p, found) -> {})) {
            assertEquals(Set.of(), counters.threadedEnds(), "before preflight nothing is known");
            counters.toolReleases(Tool.IPERF3, "iperf 3.21 (cJSON 1.7.15)", "iperf 3.12 (cJSON 1.7.15)");
            assertEquals(Set.of("client"), counters.threadedEnds());
            counters.toolReleases(Tool.IPERF3, "iperf 3.15", "iperf 3.16");
            assertEquals(Set.of("server"), counters.threadedEnds());
            counters.toolReleases(Tool.IPERF3, null, "not a version");
            assertEquals(Set.of(), counters.threadedEnds(), "a release not read is not assumed threaded");
            counters.toolReleases(Tool.IPERF2, "iperf 3.21", "iperf 3.21");
            assertEquals(Set.of(), counters.threadedEnds(), "only iperf3's releases count");
        }
    }
}
