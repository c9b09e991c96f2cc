package io.linklab.ui.export;

import io.linklab.counters.CounterFiles;
import io.linklab.counters.Finding;
import io.linklab.model.Direction;
import io.linklab.model.Markdown;
import io.linklab.model.Rates;
import io.linklab.report.Html;
import io.linklab.store.LinkFreeCopy;
import io.linklab.ui.dashboard.LiveRunModel;
import io.linklab.ui.dashboard.RunReplay;
import io.linklab.ui.history.PastRun;
import io.linklab.ui.sweep.SweepModel;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One folder per run for a lab report: the run's CSV files (as the engine wrote them, columns of
 * CONTRACTS.md), a PNG of each chart, and a short summary as Markdown and HTML that reference them.
 */
public final class ReportFolder {

    /** The CSV files a run folder holds, copied as they are: the one CSV writer is the engine's. */
    public static final List<String> CSV_FILES = List.of("samples.csv", "summary.csv", "sweep.csv");
    /** Files only a test with host counters has (not an import): copied where they exist, never "missing". */
    static final List<String> COUNTER_FILES = List.of(CounterFiles.HOST_COUNTERS, CounterFiles.FINDINGS);

    private static final DateTimeFormatter WHEN =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC);

    private ReportFolder() {}

    /** Writes the report into {@code folder} (created); returns the files written. */
    public static List<Path> write(PastRun run, Path folder, int width, int height) throws IOException {
        return write(run, folder, width, height, 1);
    }

    /**
     * Writes the report into {@code folder} (created), its charts laid out at {@code width}×{@code height} and
     * painted at {@code scale} (the screen's output scale); returns the files written.
     */
    public static List<Path> write(PastRun run, Path folder, int width, int height, double scale) throws IOException {
        Files.createDirectories(folder);
        List<Path> written = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        written.addAll(copyCsv(run, folder, missing));

        LiveRunModel model = new LiveRunModel();
        RunReplay.replay(run, model);
        List<String[]> images = new ArrayList<>();
        if (model.sweep() != null) {
            images.add(new String[] {"sweep.png", "Throughput per sweep point"});
            written.add(ChartImages.writePng(model.sweep(), width, height, scale, folder.resolve("sweep.png")));
        }
        if (!model.bitrate().entries().isEmpty()) {
            images.add(
                    new String[] {"bitrate.png", "Bitrate per stream and SUM" + (run.isSweep() ? " (last point)" : "")
                    });
            written.add(ChartImages.writePng(model.bitrate(), width, height, scale, folder.resolve("bitrate.png")));
        }
        if (!model.retransmits().entries().isEmpty()) {
            images.add(new String[] {"retransmits.png", "Retransmits per interval"});
            written.add(ChartImages.writePng(
                    model.retransmits(), width, height / 2 + 100, scale, folder.resolve("retransmits.png")));
        }
        if (!model.cwnd().entries().isEmpty()) {
            images.add(new String[] {"cwnd.png", "Congestion window"});
            written.add(ChartImages.writePng(model.cwnd(), width, height / 2 + 100, scale, folder.resolve("cwnd.png")));
        }
        String md = markdown(run, model.sweep(), images, missing);
        Path mdFile = folder.resolve("report.md");
        Files.writeString(mdFile, md, StandardCharsets.UTF_8);
        written.add(mdFile);
        Path html = folder.resolve("report.html");
        Files.writeString(html, html(run, model.sweep(), images, missing), StandardCharsets.UTF_8);
        written.add(html);
        return written;
    }

    /** Copies the run's CSV files into {@code folder}; names those the run does not have. */
    public static List<Path> copyCsv(PastRun run, Path folder, List<String> missing) throws IOException {
        List<Path> out = new ArrayList<>();
        Files.createDirectories(folder);
        for (String name : CSV_FILES) {
            Path src = run.dir() == null ? null : run.dir().resolve(name);
            if (src != null && LinkFreeCopy.isRegularFile(src)) {
                Path dst = folder.resolve(name);
                if (!src.toAbsolutePath()
                        .normalize()
                        .equals(dst.toAbsolutePath().normalize())) {
                    LinkFreeCopy.copy(src, dst);
                }
                out.add(dst);
            } else if (!name.equals("sweep.csv") || run.isSweep()) {
                missing.add(name);
            }
        }
        for (String name : counterFiles(run)) {
            Path dst = folder.resolve(name);
            if (!run.dir()
                    .resolve(name)
                    .toAbsolutePath()
                    .normalize()
                    .equals(dst.toAbsolutePath().normalize())) {
                LinkFreeCopy.copy(run.dir().resolve(name), dst);
            }
            out.add(dst);
        }
        return out;
    }

    private static List<String[]> facts(PastRun run) {
        List<String[]> f = new ArrayList<>();
        f.add(new String[] {"run", run.id()});
        if (run.name() != null) {
            f.add(new String[] {"name", run.name()});
        }
        if (run.started() != null) {
            f.add(new String[] {"started", WHEN.format(run.started())});
        }
        if (run.ended() != null) {
            f.add(new String[] {"ended", WHEN.format(run.ended())});
        }
        f.add(new String[] {"state", run.stateText()});
        f.add(new String[] {"tool", run.tool() == null ? "" : run.tool()});
        f.add(new String[] {"hosts", String.join(" → ", run.hosts())});
        f.add(new String[] {"plan", run.planSummary()});
        for (Map.Entry<Direction, Double> e : run.headline().entrySet()) {
            f.add(new String[] {"headline " + e.getKey().csv(), Rates.text(e.getValue())});
        }
        if (run.note() != null && !run.note().isBlank()) {
            f.add(new String[] {"note", run.note()});
        }
        return f;
    }

    static String markdown(PastRun run, SweepModel sweep, List<String[]> images, List<String> missing) {
        StringBuilder sb = new StringBuilder("# ").append(md(run.title())).append("\n\n");
        sb.append("| | |\n|---|---|\n");
        for (String[] f : facts(run)) {
            sb.append("| ").append(md(f[0])).append(" | ").append(md(f[1])).append(" |\n");
        }
        if (sweep != null) {
            sb.append("\n## Sweep\n\n| point | c2s (send) | s2c (receive) | sum | gain | retransmits | status |\n")
                    .append("|---|---|---|---|---|---|---|\n");
            for (SweepModel.TableRow r : sweep.table()) {
                sb.append("| ")
                        .append(md(r.point()))
                        .append(" | ")
                        .append(rate(r.c2s()))
                        .append(" | ")
                        .append(rate(r.s2c()))
                        .append(" | ")
                        .append(rate(r.sum()))
                        .append(" | ")
                        .append(r.gain() == null ? "" : String.format(Locale.ROOT, "%.2f", r.gain()))
                        .append(" | ")
                        .append(r.retransmits() == null ? "" : r.retransmits())
                        .append(" | ")
                        .append(md(r.flag() != null && r.ok() ? "ok — " + r.flag() : r.status()))
                        .append(" |\n");
            }
        }
        if (!run.environment().isEmpty()) {
            sb.append("\n## Environment\n\n| fact | value |\n|---|---|\n");
            run.environment().entrySet().stream()
                    .sorted(Map.Entry.comparingByKey())
                    .forEach(e -> sb.append("| ")
                            .append(md(e.getKey()))
                            .append(" | ")
                            .append(md(e.getValue()))
                            .append(" |\n"));
        }
        sb.append("\n## Charts\n\n");
        for (String[] img : images) {
            sb.append("![").append(md(img[1])).append("](").append(img[0]).append(")\n\n");
        }
        sb.append("## Data\n\n");
        for (String name : CSV_FILES) {
            if (!missing.contains(name) && (!name.equals("sweep.csv") || run.isSweep())) {
                sb.append("- [").append(name).append("](").append(name).append(")\n");
            }
        }
        for (String name : counterFiles(run)) {
            sb.append("- [").append(name).append("](").append(name).append(")\n");
        }
        for (String name : missing) {
            sb.append("- ").append(name).append(": not recorded for this run\n");
        }
        List<Finding> findings = findings(run);
        if (!findings.isEmpty()) {
            sb.append("\n## Findings\n\n");
            for (Finding f : findings) {
                sb.append("- ").append(md(findingLine(f))).append("\n");
            }
        }
        return sb.toString();
    }

    static String html(PastRun run, SweepModel sweep, List<String[]> images, List<String> missing) {
        StringBuilder sb = new StringBuilder("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>")
                .append(Html.esc(run.title()))
                .append("</title><style>body{font-family:sans-serif;max-width:1100px;"
                        + "margin:2em auto}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:3px 8px;"
                        + "text-align:left}.warn{color:#b06000}.fail{color:#c62828}</style></head><body>\n<h1>")
                .append(Html.esc(run.title()))
                .append("</h1>\n<table>\n");
        for (String[] f : facts(run)) {
            sb.append("<tr><th>")
                    .append(Html.esc(f[0]))
                    .append("</th><td>")
                    .append(Html.esc(f[1]))
                    .append("</td></tr>\n");
        }
        sb.append("</table>\n");
        if (sweep != null) {
            sb.append("<h2>Sweep</h2>\n<table><tr><th>point</th><th>c2s (send)</th><th>s2c (receive)</th><th>sum</th>"
                    + "<th>gain</th><th>retransmits</th><th>status</th></tr>\n");
            for (SweepModel.TableRow r : sweep.table()) {
                String cls = !r.ok() ? " class=\"fail\"" : r.flag() != null ? " class=\"warn\"" : "";
                sb.append("<tr")
                        .append(cls)
                        .append("><td>")
                        .append(Html.esc(r.point()))
                        .append("</td><td>")
                        .append(rate(r.c2s()))
                        .append("</td><td>")
                        .append(rate(r.s2c()))
                        .append("</td><td>")
                        .append(rate(r.sum()))
                        .append("</td><td>")
                        .append(r.gain() == null ? "" : String.format(Locale.ROOT, "%.2f", r.gain()))
                        .append("</td><td>")
                        .append(r.retransmits() == null ? "" : r.retransmits())
                        .append("</td><td>")
                        .append(Html.esc(r.flag() != null && r.ok() ? "ok — " + r.flag() : r.status()))
                        .append("</td></tr>\n");
            }
            sb.append("</table>\n");
        }
        for (String[] img : images) {
            sb.append("<h2>")
                    .append(Html.esc(img[1]))
                    .append("</h2>\n<img src=\"")
                    .append(img[0])
                    .append("\" alt=\"")
                    .append(Html.esc(img[1]))
                    .append("\" style=\"max-width:100%\">\n");
        }
        if (!run.environment().isEmpty()) {
            sb.append("<h2>Environment</h2>\n<table>\n");
            run.environment().entrySet().stream()
                    .sorted(Map.Entry.comparingByKey())
                    .forEach(e -> sb.append("<tr><th>")
                            .append(Html.esc(e.getKey()))
                            .append("</th><td>")
                            .append(Html.esc(e.getValue()))
                            .append("</td></tr>\n"));
            sb.append("</table>\n");
        }
        sb.append("<h2>Data</h2>\n<ul>\n");
        for (String name : CSV_FILES) {
            if (!missing.contains(name) && (!name.equals("sweep.csv") || run.isSweep())) {
                sb.append("<li><a href=\"")
                        .append(name)
                        .append("\">")
                        .append(name)
                        .append("</a></li>\n");
            }
        }
        for (String name : counterFiles(run)) {
            sb.append("<li><a href=\"").append(name).append("\">").append(name).append("</a></li>\n");
        }
        for (String name : missing) {
            sb.append("<li>").append(name).append(": not recorded for this run</li>\n");
        }
        sb.append("</ul>\n");
        List<Finding> findings = findings(run);
        if (!findings.isEmpty()) {
            sb.append("<h2>Findings</h2>\n<ul>\n");
            for (Finding f : findings) {
                sb.append("<li>").append(Html.esc(findingLine(f))).append("</li>\n");
            }
            sb.append("</ul>\n");
        }
        return sb.append("</body></html>\n").toString();
    }

    /** The counter files this run has. */
    private static List<String> counterFiles(PastRun run) {
        return run.dir() == null
                ? List.of()
                : COUNTER_FILES.stream()
                        .filter(n -> LinkFreeCopy.isRegularFile(run.dir().resolve(n)))
                        .toList();
    }

    private static List<Finding> findings(PastRun run) {
        try {
            return run.dir() == null ? List.of() : CounterFiles.readFindings(run.dir());
        } catch (IOException | RuntimeException e) {
            return List.of(); // a damaged findings.csv is still linked; the report does not fail for it
        }
    }

    private static String findingLine(Finding f) {
        return f.severity() + (f.point().isEmpty() ? "" : " (" + f.point() + ")") + ": " + f.message();
    }

    private static String rate(Double bps) {
        return Rates.textOrEmpty(bps);
    }

    /** Text from a run (names, notes, host facts, tool messages) as report.md shows it: {@link Markdown#text}. */
    static String md(String s) {
        return Markdown.text(s);
    }
}
