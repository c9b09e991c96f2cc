package io.linklab.ui.dashboard;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.linklab.tools.Fixtures;
import io.linklab.ui.history.ImportedLogRun;
import io.linklab.ui.history.PastRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A past run plays into the dashboard as it ran: each test of a log starts the charts over, as a repetition does. */
class RunReplayTest {

    @TempDir
    Path tmp;

    @Test
    void aLogOfTwoTestsIsTwoRepetitionsAndTheChartsShowTheLastOne() throws Exception {
        // a shell loop's output: the same 10-second test twice in one file
        String one = Files.readString(Fixtures.corpus("iperf3/vladger00_tcp_t10.txt"));
        Path log = tmp.resolve("loop.txt");
        Files.writeString(log, one + one);
        PastRun run = ImportedLogRun.importFile(log, tmp.resolve("imported"));
        assertEquals(
                List.of(1, 2),
                run.samples().stream()
                        .map(PastRun.PointSample::repetition)
                        .distinct()
                        .toList());

        LiveRunModel model = new LiveRunModel();
        RunReplay.replay(run, model);
        assertEquals(
                10, LiveRunModelTest.entry(model.bitrate(), "stream 5").series().size(), "one test's intervals");
        // one stream: its SUM is the engine's SUM row of each interval, as samples.csv has it
        double[] sums = run.samples().stream()
                .filter(s ->
                        s.repetition() == 2 && s.sample().isSum() && !s.sample().omitted())
                .mapToDouble(s -> s.sample().bitsPerSecond())
                .toArray();
        assertEquals(10, sums.length);
        assertArrayEquals(
                sums, LiveRunModelTest.entry(model.bitrate(), "SUM").series().points()[1]);
    }
}
