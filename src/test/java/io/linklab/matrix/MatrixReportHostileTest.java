package io.linklab.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.counters.CounterFiles;
import io.linklab.model.Expectation;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A matrix folder or lab from someone else: report.md shows every value as text and links only inside the folder,
 * an export copies no link out of the folder, and the heatmap draws only the hosts in pairs, up to a size, falling
 * back to matrix.csv alone with a message.
 */
class MatrixReportHostileTest {

    private static final Function<Double, String> GBIT = bps -> String.format(Locale.ROOT, "%.2f", bps / 1e9);

    @TempDir
    Path tmp;

    private static MatrixRow row(String client, String server, String status, String reason, String run) {
        return new MatrixRow(
                client,
                server,
                "c2s",
                MatrixRow.OK.equals(status) ? 9e9 : null,
                null,
                null,
                null,
                10e9,
                status,
                reason,
                run,
                null,
                Expectation.DEFAULT);
    }

    @Test
    void valuesAreTextInReportMdAndLinksStayInsideTheFolder() {
        List<MatrixRow> rows = List.of(
                row("h1", "h2", MatrixRow.FAILED, "<img src=x onerror=alert(1)>", ""),
                row("h2", "h1", MatrixRow.FAILED, "see [this](javascript:alert(1))", ""),
                row("h*1_", "h3", MatrixRow.OK, "", "javascript:alert(1)"),
                row("h3", "h1", MatrixRow.OK, "", "pairs/h3 h1"));
        String md = MatrixReport.markdown("Whole lab <script>x</script>", rows, List.of());
        assertFalse(md.contains("<img") || md.contains("<script"), md);
        assertTrue(md.contains("&lt;img src=x onerror=alert(1)&gt;"), md);
        assertTrue(md.contains("see \\[this\\](javascript:alert(1))"), md);
        assertFalse(
                java.util.regex.Pattern.compile("(?<!\\\\)\\]\\(javascript:")
                        .matcher(md)
                        .find(),
                "no link to a scheme:\n" + md);
        assertTrue(md.contains("| h\\*1\\_→h3 |"), md);
        assertTrue(md.contains("[pairs/h3 h1](pairs/h3%20h1/)"), "a link target is percent-encoded:\n" + md);
    }

    @Test
    void anExportCopiesNoLinkOutOfTheFolder() throws Exception {
        System.setProperty("java.awt.headless", "true");
        Path secret = tmp.resolve("home/.ssh/id_ed25519");
        Files.createDirectories(secret.getParent());
        Files.writeString(secret, "PRIVATE KEY");
        Path matrix = tmp.resolve("shared-matrix");
        Path raw = Files.createDirectories(matrix.resolve("pairs/h1-h2/raw"));
        Files.writeString(raw.resolve("000.txt"), "iperf3 output");
        Files.createSymbolicLink(raw.resolve("001.txt"), secret);
        Files.createSymbolicLink(matrix.resolve("pairs/h2-h1"), secret.getParent());
        MatrixFile.write(matrix, List.of(row("h1", "h2", MatrixRow.OK, "", "pairs/h1-h2")));

        Path to = tmp.resolve("export");
        MatrixReportFiles.export(matrix, to, List.of("h1", "h2"), "rack", GBIT);

        assertEquals("iperf3 output", Files.readString(to.resolve("pairs/h1-h2/raw/000.txt")));
        assertFalse(Files.exists(to.resolve("pairs/h1-h2/raw/001.txt")), "a link to a file is left out");
        assertFalse(Files.exists(to.resolve("pairs/h2-h1/id_ed25519")), "a link to a folder is not followed");
        try (var all = Files.walk(to)) {
            assertFalse(
                    all.filter(Files::isRegularFile).anyMatch(p -> {
                        try {
                            return Files.readString(p).contains("PRIVATE KEY");
                        } catch (Exception e) {
                            return false;
                        }
                    }),
                    "the key is nowhere in the export");
        }
    }

    @Test
    void theHeatmapDrawsOnlyHostsInPairsAndATooLargeOneFallsBackToTheCsvWithAMessage() throws Exception {
        System.setProperty("java.awt.headless", "true");
        Path dir = Files.createDirectories(tmp.resolve("m"));
        List<String> lab = new ArrayList<>();
        for (int n = 1; n <= 1000; n++) {
            lab.add("host" + n);
        }
        MatrixFile.write(dir, List.of(row("host1", "host2", MatrixRow.OK, "", "pairs/host1-host2")));
        List<String> problems = new CopyOnWriteArrayList<>();
        new MatrixReportFiles(dir, lab, "rack", GBIT, problems::add).finish();
        assertEquals(List.of(), problems);
        BufferedImage image = ImageIO.read(dir.resolve(HeatmapImage.NAME).toFile());
        assertTrue(image.getWidth() < 2000 && image.getHeight() < 2000, image.getWidth() + " x " + image.getHeight());

        // 150 hosts all in pairs: about 10,000 x 4,000 pixels, more than it draws
        List<MatrixRow> rows = new ArrayList<>();
        for (int c = 1; c <= 150; c++) {
            for (int s = 1; s <= 150; s++) {
                if (c != s) {
                    rows.add(row("host" + c, "host" + s, MatrixRow.OK, "", ""));
                }
            }
        }
        MatrixFile.write(dir, rows);
        new MatrixReportFiles(dir, lab, "rack", GBIT, problems::add).finish();
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(
                problems.get(0).startsWith("heatmap.png is not drawn: the heatmap of 150 hosts would be "),
                problems.get(0));
        assertTrue(problems.get(0).endsWith("every value is in " + dir.resolve(MatrixFile.NAME)), problems.get(0));
        assertFalse(Files.exists(dir.resolve(HeatmapImage.NAME)), "no heatmap of an older matrix is left");
        assertTrue(Files.exists(dir.resolve(MatrixReport.NAME)), "report.md is still written");
        assertTrue(Files.exists(dir.resolve(CounterFiles.FINDINGS)), "findings.csv is still written");
    }
}
