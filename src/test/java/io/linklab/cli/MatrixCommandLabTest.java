package io.linklab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.lab.Lab;
import io.linklab.matrix.MatrixFile;
import io.linklab.matrix.MatrixRow;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `linklab matrix` over the lab's two hosts and a third that does not exist on the management network (an address
 * the lab leaves unused): every ordered pair, the third host's four failed with the reason, the other two measured,
 * nothing left running; run again on the same folder, it keeps the two measured pairs and tries the others again.
 */
@Tag("lab")
class MatrixCommandLabTest {

    private final Lab lab = Lab.get();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @TempDir
    Path dir;

    private int matrix(Path o) {
        out.reset();
        err.reset();
        String down = lab.value("UNUSED_MGMT_ADDR");
        return Cli.run(
                new String[] {
                    "matrix",
                    "--hosts",
                    "h1=" + lab.h1().data() + ",h2=" + lab.h2().data() + ",root@" + down + "=198.19.250.1",
                    "--pairs",
                    "all",
                    "--ssh-config",
                    lab.sshConfig().toString(),
                    "--identity",
                    lab.identity().toString(),
                    "--known-hosts",
                    lab.knownHosts().toString(),
                    "-t",
                    "1",
                    "--port",
                    "5580",
                    "--out",
                    o.toString()
                },
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String output() {
        return out.toString(StandardCharsets.UTF_8) + "\n--- stderr ---\n" + err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void everyOrderedPairTheDownHostsPairsFailedTheRestMeasuredAndAResumeKeepsThem() throws Exception {
        Path o = dir.resolve("m");
        String down = lab.value("UNUSED_MGMT_ADDR");

        assertEquals(Cli.FAILED, matrix(o), output());

        List<MatrixRow> rows = MatrixFile.read(o);
        assertEquals(6, rows.size(), output());
        for (MatrixRow r : rows) {
            boolean withDown = r.client().equals(down) || r.server().equals(down);
            assertEquals(withDown ? MatrixRow.FAILED : MatrixRow.OK, r.status(), r + "\n" + output());
            if (withDown) {
                assertTrue(r.reason().contains(down), r.reason());
            } else {
                assertEquals("c2s", r.direction());
                assertTrue(r.bitsPerSecond() > 1e8, r.toString());
                assertTrue(Files.exists(o.resolve(r.run()).resolve("summary.csv")), r.run());
            }
        }
        String table = out.toString(StandardCharsets.UTF_8);
        assertTrue(table.indexOf("failed: ") < table.indexOf("h1→h2"), "worst first:\n" + table);
        assertFalse(
                (lab.h1().processes() + lab.h2().processes()).matches("(?s).*\\b(iperf3|linklab-counters)\\b.*"),
                lab.h1().processes() + lab.h2().processes());

        Path kept = o.resolve("pairs/h1-h2/run.json");
        FileTime before = Files.getLastModifiedTime(kept);
        assertEquals(Cli.FAILED, matrix(o), output());
        List<MatrixRow> again = MatrixFile.read(o);
        assertEquals(
                rows.stream().filter(MatrixRow::ok).toList(),
                again.stream().filter(MatrixRow::ok).toList(),
                "the measured pairs are kept as they were");
        assertEquals(before, Files.getLastModifiedTime(kept), "and not run again");
        assertEquals(4, again.stream().filter(r -> !r.ok()).count(), output());
    }
}
