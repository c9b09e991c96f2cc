package io.linklab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.counters.CounterFiles;
import io.linklab.counters.FindingRules;
import io.linklab.lab.Lab;
import io.linklab.matrix.HeatmapImage;
import io.linklab.matrix.MatrixFile;
import io.linklab.matrix.MatrixReport;
import io.linklab.matrix.MatrixRow;
import io.linklab.model.LinkSpec;
import io.linklab.model.Topology;
import io.linklab.store.TopologyFiles;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 20's "How we will check": `linklab matrix --pairs all` over the lab's three hosts (at their management
 * addresses, the one network all three share) measures all six ordered pairs, leaves nothing running, and writes
 * its heatmap; with h3's sshd stopped exactly h3's four pairs fail naming it, the other two are measured, and a
 * second run on the same folder keeps those two and tries h3's again.
 */
@Tag("lab")
class MatrixCommandLabTest {

    /** The tools' port in this test: what it started is found by it on the hosts. */
    private static final String PORT = "5580";

    private final Lab lab = Lab.get();
    private final List<Lab.Host> hosts = List.of(lab.h1(), lab.h2(), lab.h3());
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @TempDir
    Path dir;

    private int matrix(Path o) {
        List<String> args = new ArrayList<>(List.of(
                "matrix",
                "--hosts",
                "h1=" + lab.h1().mgmt() + ",h2=" + lab.h2().mgmt() + ",h3="
                        + lab.h3().mgmt(),
                "--pairs",
                "all"));
        args.addAll(common(o));
        return run(args);
    }

    private int run(List<String> args) {
        out.reset();
        err.reset();
        return Cli.run(
                args.toArray(String[]::new),
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    /** SSH to the lab's hosts and a one-second test on this test's port: every command's own options. */
    private List<String> common(Path o) {
        return List.of(
                "--ssh-config",
                lab.sshConfig().toString(),
                "--identity",
                lab.identity().toString(),
                "--known-hosts",
                lab.knownHosts().toString(),
                "-t",
                "1",
                "--port",
                PORT,
                "--out",
                o.toString());
    }

    private String output() {
        return out.toString(StandardCharsets.UTF_8) + "\n--- stderr ---\n" + err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void everyOrderedPairOfTheThreeHostsIsMeasuredNothingIsLeftRunningAndTheHeatmapIsWritten() throws Exception {
        Path o = dir.resolve("m");

        assertEquals(Cli.OK, matrix(o), output());

        List<MatrixRow> rows = MatrixFile.read(o);
        assertEquals(
                Set.of("h1→h2", "h1→h3", "h2→h1", "h2→h3", "h3→h1", "h3→h2"),
                rows.stream().map(r -> r.client() + "→" + r.server()).collect(Collectors.toSet()),
                output());
        assertEquals(6, rows.size(), "one row per ordered pair and direction\n" + output());
        for (MatrixRow r : rows) {
            assertEquals(MatrixRow.OK, r.status(), r + "\n" + output());
            assertEquals("c2s", r.direction());
            assertTrue(r.bitsPerSecond() > 1e8, r.toString());
            assertTrue(Files.exists(o.resolve(r.run()).resolve("summary.csv")), r.run());
        }
        assertNothingLeftRunning();
        BufferedImage heatmap = heatmap(o);
        assertTrue(heatmap.getWidth() > 100 && heatmap.getHeight() > 100, heatmap.toString());
        assertNotNull(CounterFiles.readFindings(o), "findings.csv is written, with or without findings");
        String report = Files.readString(o.resolve(MatrixReport.NAME));
        for (MatrixRow r : rows) {
            assertTrue(report.contains("[" + r.run() + "](" + r.run() + "/)"), "report.md links " + r.run());
        }
        assertTrue(report.contains("6 rows so far: 6 measured, 0 failed"), report);
        assertTrue(output().contains("h3→h1"), output());
    }

    @Test
    void withH3sSshdStoppedExactlyItsFourPairsFailNamingItTheRestAreMeasuredAndAResumeKeepsThem() throws Exception {
        Path o = dir.resolve("m");
        lab.labSh("sshd-down", "h3");
        try {
            assertEquals(Cli.FAILED, matrix(o), output());

            List<MatrixRow> rows = MatrixFile.read(o);
            assertEquals(6, rows.size(), output());
            for (MatrixRow r : rows) {
                boolean withH3 = r.client().equals("h3") || r.server().equals("h3");
                assertEquals(withH3 ? MatrixRow.FAILED : MatrixRow.OK, r.status(), r + "\n" + output());
                if (withH3) {
                    assertTrue(r.reason().contains("h3"), r.reason());
                } else {
                    assertTrue(r.bitsPerSecond() > 1e8, r.toString());
                }
            }
            String table = out.toString(StandardCharsets.UTF_8);
            assertTrue(table.indexOf("failed: ") < table.indexOf("h1→h2"), "worst first:\n" + table);
            assertNothingLeftRunning();
            heatmap(o);

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
            assertNothingLeftRunning();
        } finally {
            lab.labSh("sshd-up", "h3");
        }
    }

    @Test
    void anMtuListSweepsEachPairOverItsDrawnDataLinkAndLeavesBothMtusAsTheyWere() throws Exception {
        assertEquals(1500, lab.h1().mtu(), "lab h1 data MTU must start at 1500");
        assertEquals(1500, lab.h2().mtu(), "lab h2 data MTU must start at 1500");
        // the three hosts, h1 and h2 joined by their data link as drawn; h3 (on the management network only) has
        // no drawn path, so only h1 and h2's two pairs can change an MTU
        Path labFile = dir.resolve("lab.json");
        TopologyFiles.write(
                labFile,
                new Topology(
                        "namespace lab",
                        List.of(
                                lab.h1().spec("h1"),
                                lab.h2().spec("h2"),
                                lab.h3().spec("h3")),
                        List.of(),
                        List.of(new LinkSpec(
                                "data",
                                new LinkSpec.End("h1", lab.h1().dataIf()),
                                new LinkSpec.End("h2", lab.h2().dataIf()),
                                "10G"))));
        Path pairs = Files.writeString(dir.resolve("pairs.txt"), "h1 h2\nh2 h1\n");
        Path o = dir.resolve("m");
        List<String> args = new ArrayList<>(
                List.of("matrix", "--lab", labFile.toString(), "--pairs", pairs.toString(), "--mtu", "1500,9000"));
        args.addAll(common(o));

        assertEquals(Cli.OK, run(args), output());
        List<MatrixRow> rows = MatrixFile.read(o);
        assertEquals(
                List.of("h1→h2", "h1→h2", "h2→h1", "h2→h1"),
                rows.stream().map(r -> r.client() + "→" + r.server()).toList(),
                "a row per pair and MTU, in the sweep's order\n" + output());
        for (MatrixRow r : rows) {
            assertEquals(MatrixRow.OK, r.status(), r + "\n" + output());
            assertTrue(r.bitsPerSecond() > 1e8, r.toString());
        }
        for (String pair : List.of("h1-h2", "h2-h1")) {
            String sweep = Files.readString(o.resolve("pairs").resolve(pair).resolve("sweep.csv"));
            assertTrue(sweep.contains("1500") && sweep.contains("9000"), pair + ": " + sweep);
        }
        assertEquals(1500, lab.h1().mtu(), "h1 restored after its pairs: " + output());
        assertEquals(1500, lab.h2().mtu(), "h2 restored after its pairs: " + output());
        assertNothingLeftRunning();

        // each MTU's figures in files of their own
        assertTrue(output().contains("heatmap-mtu1500.png, heatmap-mtu9000.png and findings.csv"), output());
        assertFalse(Files.exists(o.resolve(HeatmapImage.NAME)), "no heatmap mixing both MTUs");
        for (int mtu : List.of(1500, 9000)) {
            assertNotNull(ImageIO.read(o.resolve(HeatmapImage.name(mtu)).toFile()), mtu + ": its heatmap decodes");
        }
        assertTrue(
                Files.readAllLines(o.resolve(CounterFiles.FINDINGS)).get(0).endsWith(",mtu"),
                "findings.csv names each finding's MTU");
        String report = Files.readString(o.resolve(MatrixReport.NAME));
        int at1500 = report.indexOf("\n## MTU 1500\n");
        int at9000 = report.indexOf("\n## MTU 9000\n");
        assertTrue(0 < at1500 && at1500 < at9000, report);
        for (MatrixRow r : rows) {
            String section = r.mtu() == 1500
                    ? report.substring(at1500, at9000)
                    : report.substring(at9000, report.indexOf("\n## Files\n"));
            String line = "| " + r.client() + "→" + r.server() + " | " + r.direction() + " | "
                    + FindingRules.bits(r.bitsPerSecond()) + " |";
            assertTrue(section.contains(line), line + " under MTU " + r.mtu() + ":\n" + report);
        }
    }

    private static BufferedImage heatmap(Path o) throws Exception {
        BufferedImage image = ImageIO.read(o.resolve(HeatmapImage.NAME).toFile());
        assertNotNull(image, "heatmap.png decodes");
        return image;
    }

    /** No tool on this test's port and no counter sampler on any of the three hosts. */
    private void assertNothingLeftRunning() throws Exception {
        StringBuilder left = new StringBuilder();
        for (Lab.Host h : hosts) {
            for (String line : h.processes().split("\n")) {
                boolean tool = line.matches(".*\\b(iperf3|iperf|netserver|netperf)\\b.*") && line.contains(PORT);
                if (tool || line.contains("linklab-counters")) {
                    left.append(h.namespace()).append(": ").append(line).append('\n');
                }
            }
        }
        assertEquals("", left.toString(), "left running on the lab hosts");
    }
}
