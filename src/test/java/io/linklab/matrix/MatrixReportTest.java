package io.linklab.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.counters.CounterFiles;
import io.linklab.testing.MatrixRows;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A matrix's report folder: report.md worst first with the findings and links, and the window's export of it. */
class MatrixReportTest {

    @TempDir
    Path tmp;

    private static MatrixRow ok(String client, String server, double bps) {
        return MatrixRows.ok(client, server, bps, 10e9, null);
    }

    @Test
    void anExportedMatrixIsAFolderWithItsFilesItsPairsRunsAndAReportThatLinksThem() throws Exception {
        System.setProperty("java.awt.headless", "true");
        Path matrix = tmp.resolve("20261203-matrix-rack");
        List<MatrixRow> rows = new ArrayList<>();
        List<String> hosts = List.of("h1", "h2", "h3");
        for (String c : hosts) {
            for (String s : hosts) {
                if (!c.equals(s)) {
                    rows.add(ok(c, s, c.equals("h2") && s.equals("h1") ? 3.1e9 : 9.4e9));
                    Path run = matrix.resolve("pairs").resolve(c + "-" + s);
                    Files.createDirectories(run);
                    Files.writeString(run.resolve("summary.csv"), "direction,bits_per_second\n");
                }
            }
        }
        rows.set(
                rows.size() - 1,
                MatrixRows.failed("h3", "h2", 10e9, "cannot connect to root@h3: Connection | refused"));
        MatrixFile.write(matrix, rows);

        Path to = tmp.resolve("reports").resolve("20261203-matrix-rack");
        MatrixReportFiles.export(
                matrix, to, hosts, "Whole lab rack: 6 pairs", bps -> String.format(Locale.ROOT, "%.2f", bps / 1e9));

        assertEquals(rows, MatrixFile.read(to));
        assertNotNull(ImageIO.read(to.resolve(HeatmapImage.NAME).toFile()), "heatmap.png decodes");
        assertEquals(2, CounterFiles.readFindings(to).size(), "h2→h1 below its peers and asymmetric");
        assertTrue(Files.exists(to.resolve("pairs/h1-h2/summary.csv")), "the pairs' runs are in the folder");

        String md = Files.readString(to.resolve(MatrixReport.NAME));
        assertTrue(md.startsWith("# Whole lab rack: 6 pairs\n"), md);
        assertTrue(md.contains("6 rows so far: 5 measured, 1 failed, 0 stopped"), md);
        assertTrue(md.contains("![heatmap](heatmap.png)"), md);
        assertTrue(md.contains("- warning: h2→h1 at 33 % of the median"), md);
        int failed = md.indexOf("| h3→h2 |");
        int slow = md.indexOf("| h2→h1 |");
        int fast = md.indexOf("| h1→h2 |");
        assertTrue(failed > 0 && failed < slow && slow < fast, "worst first:\n" + md);
        assertTrue(md.contains("Connection \\| refused"), "a pipe in a reason does not end its cell");
        assertTrue(md.contains("| [pairs/h1-h2](pairs/h1-h2/) |"), md);
        assertTrue(md.contains("| 94 % |"), md);
    }
}
