package io.linklab.matrix;

import io.linklab.counters.CounterFiles;
import io.linklab.counters.Finding;
import io.linklab.counters.FindingRules;
import io.linklab.model.Markdown;
import io.linklab.model.TestPlan;
import io.linklab.model.Topology;
import io.linklab.store.AtomicFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * report.md of a matrix folder: what was tested, how many pairs ended which way, the heatmap, the findings across
 * the pairs, and every row worst first with a link to its pair's run folder. Links are relative, so the folder can
 * be moved or copied whole (the window's Export copies it).
 */
public final class MatrixReport {

    public static final String NAME = "report.md";

    private MatrixReport() {}

    /** "Whole lab rack 1: 6 pairs, iperf3 for 10 s, 1 stream(s), up to 2 at once": the window's and the report's. */
    public static String title(Topology lab, TestPlan base, int pairs, int concurrency) {
        return "Whole lab " + lab.name() + ": " + pairs + " pairs, "
                + base.tool().id() + " for " + base.durationS() + " s, " + base.streams() + " stream(s), up to "
                + concurrency + " at once";
    }

    /**
     * What report.md shows of one MTU of the matrix: its rows (with those of pairs that failed before their first
     * MTU) and its findings. A matrix that sets no MTU, or one, is one layer with a null MTU or that one.
     */
    public record Layer(Integer mtu, List<MatrixRow> rows, List<Finding> findings) {}

    /** Writes report.md into {@code dir}, a section per layer where there are several, whole or not at all. */
    public static void write(Path dir, String title, List<MatrixRow> rows, List<Layer> layers) throws IOException {
        AtomicFile.writeString(dir.resolve(NAME), markdownOfLayers(title, rows, layers));
    }

    static String markdown(String title, List<MatrixRow> rows, List<Finding> findings) {
        return markdownOfLayers(title, rows, List.of(new Layer(null, rows, findings)));
    }

    static String markdownOfLayers(String title, List<MatrixRow> rows, List<Layer> layers) {
        boolean perMtu = layers.size() > 1;
        StringBuilder sb = new StringBuilder("# ").append(md(title)).append("\n\n");
        long ok = rows.stream().filter(MatrixRow::ok).count();
        long failed =
                rows.stream().filter(r -> r.status().equals(MatrixRow.FAILED)).count();
        long stopped =
                rows.stream().filter(r -> r.status().equals(MatrixRow.STOPPED)).count();
        sb.append(String.format(
                Locale.ROOT,
                "%d rows so far: %d measured, %d failed, %d stopped. Data senders down the side of the heatmap, "
                        + "receivers across the top.",
                rows.size(),
                ok,
                failed,
                stopped));
        if (perMtu) {
            sb.append(" A section per MTU: its heatmap, findings and rows (a pair that failed before its first MTU is "
                    + "in each).");
        }
        sb.append("\n\n");
        if (!perMtu) {
            sb.append("![heatmap](").append(HeatmapImage.NAME).append(")\n\n");
            findings(sb, "## ", layers.get(0).findings());
            pairs(sb, "## ", layers.get(0).rows());
        }
        for (Layer layer : perMtu ? layers : List.<Layer>of()) {
            String image = HeatmapImage.name(layer.mtu());
            sb.append(layer == layers.get(0) ? "" : "\n")
                    .append("## MTU ")
                    .append(layer.mtu())
                    .append("\n\n");
            bestAndWorst(sb, layer.rows());
            sb.append("![heatmap at MTU ")
                    .append(layer.mtu())
                    .append("](")
                    .append(image)
                    .append(")\n\n");
            findings(sb, "### ", layer.findings());
            pairs(sb, "### ", layer.rows());
        }
        sb.append("\n## Files\n\n")
                .append("- [")
                .append(MatrixFile.NAME)
                .append("](")
                .append(MatrixFile.NAME)
                .append("): one row per pair")
                .append(perMtu ? ", MTU" : "")
                .append(" and direction\n")
                .append("- [")
                .append(CounterFiles.FINDINGS)
                .append("](")
                .append(CounterFiles.FINDINGS)
                .append(perMtu ? "): the findings above, each with its MTU\n" : "): the findings above\n");
        for (Layer layer : layers) {
            String image = perMtu ? HeatmapImage.name(layer.mtu()) : HeatmapImage.NAME;
            sb.append("- [")
                    .append(image)
                    .append("](")
                    .append(image)
                    .append(perMtu ? "): the heatmap at MTU " + layer.mtu() + "\n" : "): the heatmap\n");
        }
        sb.append("- [pairs](pairs/): a run folder per pair (samples.csv, summary.csv, run.json …)\n");
        return sb.toString();
    }

    private static void findings(StringBuilder sb, String heading, List<Finding> findings) {
        sb.append(heading).append("Findings\n\n");
        List<Finding> ordered = new ArrayList<>();
        findings.stream().filter(f -> Finding.WARNING.equals(f.severity())).forEach(ordered::add);
        findings.stream().filter(f -> !Finding.WARNING.equals(f.severity())).forEach(ordered::add);
        if (ordered.isEmpty()) {
            sb.append("None: no direction is well below its peers, and no pair is asymmetric.\n");
        }
        for (Finding f : ordered) {
            sb.append("- ")
                    .append(f.severity())
                    .append(": ")
                    .append(md(f.message()))
                    .append("\n");
        }
    }

    /** "Best: h1→h2 c2s at 9.40 Gbit/s; worst: …": what a reader compares across the MTUs first. */
    private static void bestAndWorst(StringBuilder sb, List<MatrixRow> rows) {
        List<MatrixRow> measured = rows.stream()
                .filter(r -> r.ok() && r.bitsPerSecond() != null)
                .sorted(MatrixRow.WORST_FIRST)
                .toList();
        if (measured.isEmpty()) {
            sb.append("Nothing measured at this MTU yet.\n\n");
            return;
        }
        sb.append("Best: ")
                .append(rowLabel(measured.get(measured.size() - 1)))
                .append("; worst: ")
                .append(rowLabel(measured.get(0)))
                .append(".\n\n");
    }

    private static String rowLabel(MatrixRow r) {
        return md(r.client() + "→" + r.server() + " " + r.direction()) + " at " + rate(r.bitsPerSecond());
    }

    private static void pairs(StringBuilder sb, String heading, List<MatrixRow> rows) {
        sb.append("\n")
                .append(heading)
                .append("Pairs, worst first\n\n")
                .append("| pair | dir | rate | min | max | retransmits | of link | status | run |\n")
                .append("|---|---|---|---|---|---|---|---|---|\n");
        rows.stream()
                .sorted(MatrixRow.WORST_FIRST)
                .forEach(r -> sb.append("| ")
                        .append(md(r.client() + "→" + r.server()))
                        .append(" | ")
                        .append(md(r.direction()))
                        .append(" | ")
                        .append(rate(r.bitsPerSecond()))
                        .append(" | ")
                        .append(rate(r.bitsPerSecondMin()))
                        .append(" | ")
                        .append(rate(r.bitsPerSecondMax()))
                        .append(" | ")
                        .append(r.retransmits() == null ? "" : r.retransmits())
                        .append(" | ")
                        .append(
                                r.fractionOfLink() == null
                                        ? ""
                                        : String.format(Locale.ROOT, "%.0f %%", 100 * r.fractionOfLink()))
                        .append(" | ")
                        .append(md(
                                r.ok() || r.reason() == null || r.reason().isBlank()
                                        ? r.status()
                                        : r.status() + ": " + r.reason()))
                        .append(" | ")
                        .append(runLink(r.run()))
                        .append(" |\n"));
    }

    private static String rate(Double bps) {
        return bps == null ? "" : FindingRules.bits(bps);
    }

    /** Text in a Markdown table cell or list, as every report shows it: {@link Markdown#text}. */
    private static String md(String s) {
        return Markdown.text(s);
    }

    /**
     * A link to a pair's run folder; the folder's name alone when it is no path inside the matrix folder (matrix.csv
     * is read back on a resume, and someone else's may name anything).
     */
    private static String runLink(String run) {
        if (run == null || run.isBlank()) {
            return "";
        }
        return Markdown.relativeTarget(run + "/")
                .map(target -> "[" + md(run) + "](" + target + ")")
                .orElse(md(run));
    }
}
