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

    /** Writes report.md into {@code dir}, whole or not at all. */
    public static void write(Path dir, String title, List<MatrixRow> rows, List<Finding> findings) throws IOException {
        AtomicFile.writeString(dir.resolve(NAME), markdown(title, rows, findings));
    }

    static String markdown(String title, List<MatrixRow> rows, List<Finding> findings) {
        StringBuilder sb = new StringBuilder("# ").append(md(title)).append("\n\n");
        long ok = rows.stream().filter(MatrixRow::ok).count();
        long failed =
                rows.stream().filter(r -> r.status().equals(MatrixRow.FAILED)).count();
        long stopped =
                rows.stream().filter(r -> r.status().equals(MatrixRow.STOPPED)).count();
        sb.append(String.format(
                Locale.ROOT,
                "%d rows so far: %d measured, %d failed, %d stopped. Data senders down the side of the heatmap, "
                        + "receivers across the top.%n%n",
                rows.size(),
                ok,
                failed,
                stopped));
        sb.append("![heatmap](").append(HeatmapImage.NAME).append(")\n\n## Findings\n\n");
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
        sb.append("\n## Pairs, worst first\n\n")
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
        sb.append("\n## Files\n\n")
                .append("- [")
                .append(MatrixFile.NAME)
                .append("](")
                .append(MatrixFile.NAME)
                .append("): one row per pair and direction\n")
                .append("- [")
                .append(CounterFiles.FINDINGS)
                .append("](")
                .append(CounterFiles.FINDINGS)
                .append("): the findings above\n")
                .append("- [")
                .append(HeatmapImage.NAME)
                .append("](")
                .append(HeatmapImage.NAME)
                .append("): the heatmap\n")
                .append("- [pairs](pairs/): a run folder per pair (samples.csv, summary.csv, run.json …)\n");
        return sb.toString();
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
