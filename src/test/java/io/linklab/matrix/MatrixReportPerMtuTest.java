package io.linklab.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.counters.CounterFiles;
import io.linklab.matrix.MatrixSchedule.Uplinks;
import io.linklab.model.Expectation;
import io.linklab.model.TestPlan;
import io.linklab.model.Topology;
import io.linklab.testing.MatrixRows;
import io.linklab.testing.ScriptedMatrixLab;
import io.linklab.tools.csv.CsvRows;
import java.awt.Color;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The files of a matrix that sweeps two MTUs: a heatmap per MTU, findings under the MTU they were seen at, and a
 * report section per MTU; a resumed folder (its matrix.json names the MTUs) writes the same files.
 */
class MatrixReportPerMtuTest {

    @TempDir
    Path dir;

    private static final Function<Double, String> GBIT = bps -> String.format(Locale.ROOT, "%.2f", bps / 1e9);
    private static final Topology LAB = ScriptedMatrixLab.lab("three", 3);
    private static final List<String> HOSTS = List.of("h1", "h2", "h3");

    @BeforeAll
    static void headless() {
        System.setProperty("java.awt.headless", "true");
    }

    private static MatrixRow row(String client, String server, double bps, Integer mtu) {
        return MatrixRows.ok(client, server, bps, 10e9, mtu);
    }

    /** Every ordered pair at 1500 near 2 Gbit/s (h2→h1 far below) and at 9000 near 9.5 (h3→h1 far below). */
    private static List<MatrixRow> twoMtus() {
        List<MatrixRow> rows = new ArrayList<>();
        int i = 0;
        for (String c : HOSTS) {
            for (String s : HOSTS) {
                if (!c.equals(s)) {
                    i++;
                    rows.add(row(c, s, c.equals("h2") && s.equals("h1") ? 0.5e9 : 2e9 + i * 1e7, 1500));
                    rows.add(row(c, s, c.equals("h3") && s.equals("h1") ? 1e9 : 9.5e9 - i * 1e7, 9000));
                }
            }
        }
        return rows;
    }

    /** Every ordered pair over its data interfaces, as an MTU sweep needs them. */
    private static List<MatrixPair> pairs() {
        List<MatrixPair> pairs = new ArrayList<>();
        for (String c : HOSTS) {
            for (String s : HOSTS) {
                if (!c.equals(s)) {
                    String target = "198.19.0." + s.substring(1);
                    pairs.add(new MatrixPair(c, "data0", s, "data0", target, "10G", List.of(), Expectation.DEFAULT));
                }
            }
        }
        return pairs;
    }

    /** matrix.json as a matrix with --mtu 9000,1500 writes it when it starts. */
    private void plan(String... mtus) throws Exception {
        TestPlan plan = ScriptedMatrixLab.plan().toBuilder()
                .sweep(new TestPlan.Sweep(TestPlan.SweepKind.MTU, List.of(mtus)))
                .build();
        MatrixPlanFile.write(
                dir,
                LAB,
                plan,
                pairs(),
                new MatrixRun.Options(1, false, Uplinks.TOGETHER),
                p -> p.client() + "-" + p.server());
    }

    private List<String> finish() throws Exception {
        List<String> problems = new CopyOnWriteArrayList<>();
        new MatrixReportFiles(dir, HOSTS, "rack", GBIT, problems::add).finish();
        return problems;
    }

    private Set<String> pngs() throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".png"))
                    .collect(Collectors.toSet());
        }
    }

    /** Left of the cell's text, right of the red frame a cell below its expected rate has. */
    private static Color fill(BufferedImage image, Rectangle b) {
        return new Color(image.getRGB(b.x + 4, b.y + b.height / 2));
    }

    @Test
    void eachMtuHasAnImageWhoseCellsAreThatMtusRows() throws Exception {
        plan("9000", "1500");
        List<MatrixRow> rows = twoMtus();
        MatrixFile.write(dir, rows);
        assertEquals(List.of(), finish());

        assertEquals(Set.of("heatmap-mtu1500.png", "heatmap-mtu9000.png"), pngs(), "no heatmap.png mixing both");
        for (int mtu : List.of(1500, 9000)) {
            BufferedImage image =
                    ImageIO.read(dir.resolve(HeatmapImage.name(mtu)).toFile());
            List<MatrixRow> layer = rows.stream().filter(r -> r.mtu() == mtu).toList();
            HeatmapImage layout = new HeatmapImage(MatrixGrid.of(HOSTS, layer), GBIT, HeatmapImage.title(mtu));
            BufferedImage expected = layout.draw();
            assertEquals(expected.getWidth(), image.getWidth(), "laid out as this MTU's grid, under its title");
            assertEquals(expected.getHeight(), image.getHeight());
            for (MatrixRow r : layer) {
                Rectangle b = layout.cellBounds(HOSTS.indexOf(r.client()), HOSTS.indexOf(r.server()));
                assertEquals(
                        HeatmapImage.colour(r.fractionOfLink()),
                        fill(image, b),
                        r.client() + "→" + r.server() + " at MTU " + mtu + " is shaded by its own rate");
            }
        }
    }

    @Test
    void eachFindingIsUnderTheMtuItWasSeenAt() throws Exception {
        plan("1500", "9000");
        MatrixFile.write(dir, twoMtus());
        assertEquals(List.of(), finish());

        String header = Files.readAllLines(dir.resolve(CounterFiles.FINDINGS)).get(0);
        assertTrue(header.endsWith(",mtu"), header);
        Set<String> found = Set.copyOf(CsvRows.read(
                dir.resolve(CounterFiles.FINDINGS), r -> r.get("point") + " " + r.get("code") + " " + r.get("mtu")));
        assertEquals(
                Set.of(
                        "h2→h1 below-peers 1500",
                        "h2→h1 asymmetric 1500",
                        "h3→h1 below-peers 9000",
                        "h3→h1 asymmetric 9000"),
                found);
    }

    @Test
    void theReportHasASectionPerMtuWithItsRatesImageAndFindings() throws Exception {
        plan("1500", "9000");
        MatrixFile.write(dir, twoMtus());
        assertEquals(List.of(), finish());

        String md = Files.readString(dir.resolve(MatrixReport.NAME));
        int at1500 = md.indexOf("\n## MTU 1500\n");
        int at9000 = md.indexOf("\n## MTU 9000\n");
        int files = md.indexOf("\n## Files\n");
        assertTrue(0 < at1500 && at1500 < at9000 && at9000 < files, md);
        String low = md.substring(at1500, at9000);
        String high = md.substring(at9000, files);

        assertTrue(low.contains("| h1→h2 | c2s | 2.01 Gbit/s |"), low);
        assertTrue(high.contains("| h1→h2 | c2s | 9.49 Gbit/s |"), high);
        assertFalse(low.contains("9.49 Gbit/s"), "no rate of 9000 in the section of 1500:\n" + low);
        assertFalse(high.contains("2.01 Gbit/s"), "no rate of 1500 in the section of 9000:\n" + high);

        assertTrue(low.contains("![heatmap at MTU 1500](heatmap-mtu1500.png)"), low);
        assertTrue(high.contains("![heatmap at MTU 9000](heatmap-mtu9000.png)"), high);
        assertTrue(low.contains("- warning: h2→h1 at 25 % of the median"), low);
        assertFalse(low.contains("h3→h1 at"), low);
        assertTrue(high.contains("- warning: h3→h1 at 11 % of the median"), high);
        assertTrue(low.contains("Best: h3→h2 c2s at 2.06 Gbit/s; worst: h2→h1 c2s at 500 Mbit/s."), low);
        assertTrue(high.contains("Best: h1→h2 c2s at 9.49 Gbit/s; worst: h3→h1 c2s at 1.00 Gbit/s."), high);
        String listed = md.substring(files);
        assertTrue(listed.contains("[heatmap-mtu1500.png](heatmap-mtu1500.png)"), listed);
        assertTrue(listed.contains("[heatmap-mtu9000.png](heatmap-mtu9000.png)"), listed);
        assertFalse(md.contains("(heatmap.png)"), md);
    }

    @Test
    void aResumedFolderWritesAFileForEveryMtuOfItsMatrixJsonAndAPairThatFailedEarlyInEach() throws Exception {
        plan("1500", "9000");
        List<MatrixRow> rows = new ArrayList<>(twoMtus().stream()
                .filter(r -> r.mtu() == 1500 && !r.client().equals("h3"))
                .toList());
        // interrupted after the first MTU of h1's and h2's pairs; h3 could not be logged in to
        rows.add(MatrixRows.failed("h3", "h1", 10e9, "cannot connect to root@h3"));
        MatrixFile.write(dir, rows);
        Files.writeString(dir.resolve(HeatmapImage.NAME), "of a matrix before it swept MTUs");

        assertEquals(List.of(), finish());

        assertEquals(Set.of("heatmap-mtu1500.png", "heatmap-mtu9000.png"), pngs());
        String md = Files.readString(dir.resolve(MatrixReport.NAME));
        String high = md.substring(md.indexOf("\n## MTU 9000\n"), md.indexOf("\n## Files\n"));
        assertTrue(high.contains("Nothing measured at this MTU yet."), high);
        String low = md.substring(md.indexOf("\n## MTU 1500\n"), md.indexOf("\n## MTU 9000\n"));
        assertTrue(low.contains("| h3→h1 |  | "), low);
        assertTrue(high.contains("| h3→h1 |  | "), "a pair that failed before its first MTU is in each:\n" + high);

        byte[] firstReport = Files.readAllBytes(dir.resolve(MatrixReport.NAME));
        byte[] firstFindings = Files.readAllBytes(dir.resolve(CounterFiles.FINDINGS));
        assertEquals(List.of(), finish(), "the folder reopened: its files written again");
        assertEquals(new String(firstReport), Files.readString(dir.resolve(MatrixReport.NAME)));
        assertEquals(new String(firstFindings), Files.readString(dir.resolve(CounterFiles.FINDINGS)));
    }

    @Test
    void aMatrixOfOneMtuOrNoneKeepsOneHeatmapAndOneSection() throws Exception {
        plan("9000");
        MatrixFile.write(dir, twoMtus().stream().filter(r -> r.mtu() == 9000).toList());
        assertEquals(List.of(), finish());

        assertEquals(Set.of(HeatmapImage.NAME), pngs());
        String md = Files.readString(dir.resolve(MatrixReport.NAME));
        assertFalse(md.contains("## MTU"), md);
        assertTrue(md.contains("![heatmap](heatmap.png)"), md);
        assertEquals(Set.of("9000"), Set.copyOf(CsvRows.read(dir.resolve(CounterFiles.FINDINGS), r -> r.get("mtu"))));
    }
}
