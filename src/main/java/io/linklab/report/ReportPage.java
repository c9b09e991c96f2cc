package io.linklab.report;

import io.linklab.counters.CounterFiles;
import io.linklab.counters.Finding;
import io.linklab.matrix.HeatmapImage;
import io.linklab.matrix.MatrixFile;
import io.linklab.matrix.MatrixFindings;
import io.linklab.matrix.MatrixGrid;
import io.linklab.matrix.MatrixPlanFile;
import io.linklab.matrix.MatrixRow;
import io.linklab.model.Direction;
import io.linklab.model.Rates;
import io.linklab.model.Role;
import io.linklab.model.Sample;
import io.linklab.model.SweepRow;
import io.linklab.model.TestPlan;
import io.linklab.model.Verdict;
import io.linklab.store.AtomicFile;
import io.linklab.store.FileFormatException;
import io.linklab.store.RunRecord;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The report a lab hands over: one self-contained HTML page for a run, a sweep, a matrix or several runs side by
 * side. Verdict first, then the test and its exact commands, the hosts, the rates, the charts (inline SVG), the
 * findings and the run's files. It prints to A4 and Letter (nothing cut across pages, page numbers and the run id in
 * the footer) and reads on a phone. `linklab report` and the window's Export → Report both write it.
 */
public final class ReportPage {

    private static final DateTimeFormatter WHEN =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC);

    private ReportPage() {}

    /**
     * Writes the page for {@code dirs} (run folders or matrix folders) into {@code out}, whole or not at all.
     *
     * @throws IOException          when a folder cannot be read or the page cannot be written
     * @throws FileFormatException  when a folder is neither a run nor a matrix (names it)
     */
    public static void write(List<Path> dirs, Path out) throws IOException, FileFormatException {
        AtomicFile.writeString(out, html(dirs));
    }

    /** The page for {@code dirs}. */
    public static String html(List<Path> dirs) throws IOException, FileFormatException {
        List<RunFolderData> runs = new ArrayList<>();
        List<Path> matrices = new ArrayList<>();
        for (Path d : dirs) {
            if (Files.isRegularFile(d.resolve(MatrixFile.NAME))) {
                matrices.add(d);
            } else if (Files.isRegularFile(d.resolve(RunRecord.FILE))) {
                runs.add(RunFolderData.read(d));
            } else {
                throw new FileFormatException(d + ": neither a run folder (run.json) nor a whole-lab test folder "
                        + "(matrix.csv); give the folder `linklab test --out` or `linklab matrix --out` wrote");
            }
        }
        List<String> ids = new ArrayList<>();
        runs.forEach(r -> ids.add(r.id()));
        matrices.forEach(m -> ids.add(m.getFileName().toString()));
        String title = runs.size() + matrices.size() > 1
                ? "Comparison of " + (runs.size() + matrices.size()) + " runs"
                : !matrices.isEmpty() ? matrixTitle(matrices.get(0)) : runTitle(runs.get(0));
        StringBuilder sb = new StringBuilder();
        head(sb, title, String.join(", ", ids));
        sb.append("<header><h1>").append(Html.esc(title)).append("</h1>\n");
        sb.append("<p class=\"meta\">LinkLab report written ")
                .append(WHEN.format(Instant.now()))
                .append(" · ")
                .append(Html.esc(String.join(", ", ids)))
                .append("</p></header>\n");
        if (runs.size() > 1) {
            comparison(sb, runs);
        }
        for (Path m : matrices) {
            matrix(sb, m, matrices.size() + runs.size() > 1);
        }
        for (RunFolderData r : runs) {
            run(sb, r, runs.size() + matrices.size() > 1);
        }
        sb.append("<footer><p>LinkLab report · ")
                .append(Html.esc(String.join(", ", ids)))
                .append("</p></footer>\n</body>\n</html>\n");
        return sb.toString();
    }

    private static String runTitle(RunFolderData r) {
        RunRecord rec = r.run().record();
        if (rec.name() != null && !rec.name().isBlank()) {
            return rec.name();
        }
        TestPlan p = rec.plan();
        return (p == null ? "Test" : p.tool().id() + (r.sweep() ? " sweep" : " test")) + " " + r.id();
    }

    private static String matrixTitle(Path dir) {
        try {
            return "Whole lab " + MatrixPlanFile.read(dir).lab().name() + ": " + dir.getFileName();
        } catch (FileFormatException | RuntimeException e) {
            return "Whole-lab test " + dir.getFileName();
        }
    }

    private static void head(StringBuilder sb, String title, String ids) {
        // the footer's run id is CSS text: only characters that need no escaping there are kept
        String footer = ids.replaceAll("[^A-Za-z0-9 ._:,+-]", "_");
        sb.append("<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n")
                .append("<meta charset=\"utf-8\"/>\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n")
                .append("<title>")
                .append(Html.esc(title))
                .append("</title>\n<style>\n")
                .append("@page { margin: 16mm 14mm 18mm 14mm;\n")
                .append("  @bottom-left { content: \"LinkLab report · ")
                .append(footer)
                .append("\"; font: 8pt sans-serif; color: #555; }\n")
                .append(
                        "  @bottom-right { content: \"page \" counter(page) \" of \" counter(pages); font: 8pt sans-serif;"
                                + " color: #555; } }\n")
                .append(CSS)
                .append("</style>\n</head>\n<body>\n");
    }

    private static final String CSS = """
            body { font-family: "DejaVu Sans", Arial, sans-serif; color: #111; max-width: 1000px; margin: 0 auto;
                   padding: 12px; line-height: 1.35; font-size: 14px; }
            h1 { font-size: 22px; margin: 4px 0; } h2 { font-size: 18px; margin: 18px 0 6px; break-after: avoid; }
            h3 { font-size: 15px; margin: 12px 0 4px; break-after: avoid; }
            .meta { color: #555; margin: 0 0 8px; }
            .scroll { overflow-x: auto; max-width: 100%; }
            table { border-collapse: collapse; margin: 4px 0 12px; }
            th, td { border: 1px solid #bbb; padding: 3px 7px; text-align: left; vertical-align: top; }
            td.n { text-align: right; white-space: nowrap; }
            thead { display: table-header-group; }
            tr, figure, pre, .keep, .verdicts li { break-inside: avoid; page-break-inside: avoid; }
            figure { margin: 8px 0 14px; }
            svg.chart { width: 100%; max-width: 760px; height: auto; display: block; }
            svg text { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 12px; fill: #222; }
            svg .ct { font-size: 14px; font-weight: bold; } svg .yt { text-anchor: end; } svg .xt { text-anchor: middle; }
            svg .xa, svg .ya { text-anchor: middle; font-size: 12px; } svg .grid { stroke: #e3e3e3; }
            svg .frame { fill: none; stroke: #888; }
            pre { white-space: pre-wrap; word-break: break-all; font-size: 12px; background: #f4f4f4; padding: 6px;
                  margin: 4px 0 10px; }
            .badge { display: inline-block; padding: 3px 12px; border-radius: 4px; font-weight: bold; color: #fff;
                     -webkit-print-color-adjust: exact; print-color-adjust: exact; }
            .pass { background: #2e7d32; } .fail { background: #c62828; } .none { background: #616161; }
            .verdicts { padding-left: 18px; }
            .warning { color: #a04000; }
            section.run, section.matrix { break-before: auto; }
            footer { color: #555; font-size: 12px; margin-top: 20px; border-top: 1px solid #ccc; }
            .badge, td.n { white-space: nowrap; }
            @media print { body { max-width: none; padding: 0; font-size: 10pt; } .scroll { overflow: visible; }
                           table { font-size: 8.5pt; } th, td { padding: 2px 4px; } .badge { padding: 1px 6px; } }
            @media (max-width: 600px) { body { font-size: 15px; padding: 6px; } th, td { padding: 2px 4px; } }
            """;

    // ---- one run

    private static void run(StringBuilder sb, RunFolderData r, boolean several) {
        RunRecord rec = r.run().record();
        sb.append("<section class=\"run\">\n");
        if (several) {
            sb.append("<h2>").append(Html.esc(runTitle(r))).append("</h2>\n");
        }
        verdictSummary(sb, r);
        sb.append("<h2>The test</h2>\n<div class=\"scroll keep\"><table>\n");
        row(sb, "run", r.id());
        row(
                sb,
                "state",
                rec.state().name().toLowerCase(Locale.ROOT) + (rec.message().isBlank() ? "" : ": " + rec.message()));
        if (rec.started() != null) {
            row(sb, "started", WHEN.format(rec.started()));
        }
        if (rec.ended() != null) {
            row(sb, "ended", WHEN.format(rec.ended()));
        }
        TestPlan p = rec.plan();
        if (p != null) {
            row(
                    sb,
                    "client → server",
                    p.client().login() + " → " + p.server().login() + " (data to " + p.target() + ")");
            row(sb, "tool", p.tool().id() + " " + p.protocol().name().toLowerCase(Locale.ROOT));
            row(sb, "streams × processes", p.streams() + " × " + p.processes());
            row(
                    sb,
                    "duration",
                    p.durationS() + " s, reported every " + SvgChart.number(p.intervalS()) + " s"
                            + (p.omitS() > 0 ? ", first " + p.omitS() + " s omitted" : ""));
            row(sb, "direction", p.mode().name().toLowerCase(Locale.ROOT));
            if (p.window() != null) {
                row(sb, "window", p.window());
            }
            if (p.messageSize() != null) {
                row(sb, "message size", p.messageSize());
            }
            if (p.udpBitrate() != null) {
                row(sb, "bitrate", p.udpBitrate());
            }
            row(sb, "repetitions", String.valueOf(p.repetitions()));
            if (p.isSweep()) {
                row(
                        sb,
                        "sweep",
                        p.sweep().kind().name().toLowerCase(Locale.ROOT) + " "
                                + String.join(", ", p.sweep().values()));
            }
        }
        row(sb, "expected", expectedText(r));
        if (rec.name() != null) {
            row(sb, "name", rec.name());
        }
        if (rec.note() != null && !rec.note().isBlank()) {
            row(sb, "note", rec.note());
        }
        sb.append("</table></div>\n");
        if (!rec.commands().isEmpty()) {
            sb.append("<h3>Commands per host</h3>\n");
            rec.commands()
                    .forEach((host, lines) -> sb.append("<pre><b>")
                            .append(Html.esc(host))
                            .append("</b>\n")
                            .append(Html.esc(String.join("\n", lines)))
                            .append("</pre>\n"));
        }
        hosts(sb, rec);
        results(sb, r);
        charts(sb, r);
        findings(sb, r.findings());
        files(sb, r);
        if (!rec.warnings().isEmpty()) {
            sb.append("<h2>Warnings</h2>\n<ul>\n");
            rec.warnings().forEach(w -> sb.append("<li>").append(Html.esc(w)).append("</li>\n"));
            sb.append("</ul>\n");
        }
        sb.append("</section>\n");
    }

    private static String expectedText(RunFolderData r) {
        var e = r.expected();
        String asked = r.run().record().expectAsked();
        if (e.bitsPerSecond() == null) {
            return e.whyNone();
        }
        return Rates.gbit(e.bitsPerSecond(), 1) + " Gbit/s" + (asked == null ? "" : " (asked: " + asked + ")");
    }

    private static void verdictSummary(StringBuilder sb, RunFolderData r) {
        Verdict.Outcome overall = r.overall();
        sb.append("<div class=\"keep\"><p>Verdict: ").append(badge(overall)).append("</p>\n<ul class=\"verdicts\">\n");
        for (SweepRow row : r.run().rows()) {
            Verdict v = r.verdict(row);
            sb.append("<li>")
                    .append(Html.esc((row.point().isEmpty() ? "" : row.point() + " ")
                            + row.direction().csv()))
                    .append(": ")
                    .append(Html.esc(row.ok() ? v.text() : row.status()))
                    .append("</li>\n");
        }
        if (r.run().rows().isEmpty()) {
            sb.append("<li>nothing was measured: ")
                    .append(Html.esc(r.run().record().message()))
                    .append("</li>\n");
        }
        sb.append("</ul></div>\n");
    }

    static String badge(Verdict.Outcome o) {
        String cls = o == Verdict.Outcome.PASS ? "pass" : o == Verdict.Outcome.FAIL ? "fail" : "none";
        return "<span class=\"badge " + cls + "\">" + Html.esc(o.word().toUpperCase(Locale.ROOT)) + "</span>";
    }

    /**
     * Both ends' facts side by side: the system, the tool, and the data interfaces as preflight found them (MTU,
     * speed, state, addresses); the other interfaces' addresses and the listening ports are left in run.json.
     */
    private static void hosts(StringBuilder sb, RunRecord rec) {
        if (rec.hosts().isEmpty()) {
            return;
        }
        List<String> ends = new ArrayList<>(rec.hosts().keySet());
        Set<String> keys = new TreeSet<>();
        rec.hosts()
                .values()
                .forEach(facts -> facts.forEach((k, v) -> {
                    if (shown(facts, k, v)) {
                        keys.add(k);
                    }
                }));
        sb.append("<h2>The hosts</h2>\n<div class=\"scroll keep\"><table>\n<thead><tr><th>fact</th>");
        ends.forEach(e -> sb.append("<th>")
                .append(Html.esc(e + ": " + rec.hosts().get(e).getOrDefault("login", "")))
                .append("</th>"));
        sb.append("</tr></thead>\n<tbody>\n");
        for (String k : keys) {
            sb.append("<tr><th>").append(Html.esc(k)).append("</th>");
            ends.forEach(e -> sb.append("<td>")
                    .append(Html.esc(rec.hosts().get(e).getOrDefault(k, "")))
                    .append("</td>"));
            sb.append("</tr>\n");
        }
        sb.append("</tbody></table></div>\n");
    }

    private static boolean shown(Map<String, String> facts, String key, String value) {
        if (key.equals("login") || key.startsWith("listen.") || key.startsWith("node.")) {
            return false;
        }
        // an address is shown where it is on a data interface (whose MTU preflight read)
        return !key.startsWith("addr.") || facts.containsKey("if." + value + ".mtu");
    }

    private static void results(StringBuilder sb, RunFolderData r) {
        sb.append("<h2>Rates</h2>\n<div class=\"scroll\"><table>\n<thead><tr><th>point</th><th>direction</th>"
                + "<th>rate</th><th>min</th><th>max</th><th>retransmits</th><th>RTT</th><th>verdict</th><th>status</th>"
                + "</tr></thead>\n<tbody>\n");
        for (SweepRow row : r.run().rows()) {
            Verdict v = r.verdict(row);
            var rtt = r.rttMs(row.point(), row.direction());
            sb.append("<tr><td>")
                    .append(Html.esc(row.point().isEmpty() ? "-" : row.point()))
                    .append("</td><td>")
                    .append(row.direction().csv())
                    .append("</td><td class=\"n\">")
                    .append(rate(row.bitsPerSecond()))
                    .append("</td><td class=\"n\">")
                    .append(rate(row.bitsPerSecondMin()))
                    .append("</td><td class=\"n\">")
                    .append(rate(row.bitsPerSecondMax()))
                    .append("</td><td class=\"n\">")
                    .append(row.retransmits() == null ? "" : row.retransmits())
                    .append("</td><td class=\"n\">")
                    .append(rtt.isPresent() ? String.format(Locale.ROOT, "%.3f ms", rtt.getAsDouble()) : "not reported")
                    .append("</td><td>")
                    .append(badge(v.outcome()))
                    .append("</td><td>")
                    .append(Html.esc(row.status()))
                    .append("</td></tr>\n");
        }
        sb.append("</tbody></table></div>\n");
    }

    static String rate(Double bps) {
        return bps == null ? "" : Rates.gbit(bps, 3) + " Gbit/s";
    }

    private static void charts(StringBuilder sb, RunFolderData r) {
        sb.append("<h2>Charts</h2>\n");
        if (r.sweep()) {
            figure(sb, sweepChart(List.of(r)));
        }
        List<Integer> repetitions = r.repetitions();
        for (int rep : repetitions) {
            List<String> of = new ArrayList<>();
            if (r.sweep()) {
                of.add(RunFolderData.chartedPoint(r.run()) + ", the last point");
            }
            if (repetitions.size() > 1) {
                of.add("repetition " + rep + " of " + repetitions.size());
            }
            charts(sb, r, rep, of.isEmpty() ? "" : " (" + String.join(", ", of) + ")");
        }
    }

    /** The charts of one repetition of the charted point; {@code at} says which in each title. */
    private static void charts(StringBuilder sb, RunFolderData r, int rep, String at) {
        for (Direction d : r.directions()) {
            List<Sample> sender = r.samples(d, Role.SENDER, rep);
            List<Sample> bits = sender.isEmpty() ? r.samples(d, Role.RECEIVER, rep) : sender;
            List<SvgChart.Series> series = perStream(bits, Sample::bitsPerSecond, 1e-9);
            if (!series.isEmpty()) {
                figure(
                        sb,
                        SvgChart.lines(
                                "Bitrate " + d.csv() + " per stream and SUM" + at,
                                "time (s)",
                                "Gbit/s",
                                SvgChart::number,
                                series,
                                null));
            }
            List<SvgChart.Series> retr =
                    perStream(
                                    sender,
                                    s -> s.retransmits() == null
                                            ? null
                                            : s.retransmits().doubleValue(),
                                    1)
                            .stream()
                            .filter(SvgChart.Series::total)
                            .toList();
            if (!retr.isEmpty()) {
                figure(
                        sb,
                        SvgChart.lines(
                                "Retransmits " + d.csv() + " per interval" + at,
                                "time (s)",
                                "retransmits",
                                SvgChart::number,
                                retr,
                                null));
            }
            List<SvgChart.Series> cwnd =
                    perStream(
                                    sender,
                                    s -> s.cwndBytes() == null
                                            ? null
                                            : s.cwndBytes().doubleValue(),
                                    1.0 / 1024)
                            .stream()
                            .filter(s -> !s.total())
                            .toList();
            if (!cwnd.isEmpty()) {
                figure(
                        sb,
                        SvgChart.lines(
                                "Congestion window " + d.csv() + at, "time (s)", "KiB", SvgChart::number, cwnd, null));
            }
            List<SvgChart.Series> rtt = perStream(sender, Sample::rttMs, 1).stream()
                    .filter(s -> !s.total())
                    .toList();
            if (!rtt.isEmpty()) {
                figure(sb, SvgChart.lines("RTT " + d.csv() + at, "time (s)", "ms", SvgChart::number, rtt, null));
            }
        }
        for (String name : RunFolderData.LANE_COUNTERS) {
            Map<String, List<double[]>> byEnd = new TreeMap<>();
            r.counters().stream()
                    .filter(c -> c.repetition() == rep && c.name().equals(name))
                    .forEach(c -> byEnd.computeIfAbsent(c.end(), e -> new ArrayList<>())
                            .add(new double[] {c.timeS(), c.value()}));
            if (byEnd.isEmpty()) {
                continue;
            }
            List<SvgChart.Series> lanes = new ArrayList<>();
            byEnd.forEach((end, pts) -> lanes.add(new SvgChart.Series(end, pts, false, false)));
            String unit = name.startsWith("cpu.") ? "%" : "packets/s";
            figure(
                    sb,
                    SvgChart.lines(
                            "Host counter " + name + at,
                            "time (s), as the bitrate charts",
                            unit,
                            SvgChart::number,
                            lanes,
                            null));
        }
    }

    private static void figure(StringBuilder sb, String svg) {
        sb.append("<figure>\n").append(svg).append("</figure>\n");
    }

    /** One series per stream (numbered 1..N as in samples.csv) and the SUM of all processes, scaled by {@code k}. */
    private static List<SvgChart.Series> perStream(
            List<Sample> samples, java.util.function.Function<Sample, Double> value, double k) {
        Map<String, List<double[]>> by = new LinkedHashMap<>();
        for (Sample s : samples) {
            Double v = value.apply(s);
            if (v == null || s.isSum() && s.process() != null) {
                continue;
            }
            String key = s.isSum()
                    ? "SUM"
                    : (s.process() == null ? "" : "p" + s.process() + " ") + "stream "
                            + (s.streamIndex() == null ? s.stream() : s.streamIndex());
            by.computeIfAbsent(key, x -> new ArrayList<>()).add(new double[] {s.endS(), v * k});
        }
        List<SvgChart.Series> out = new ArrayList<>();
        by.forEach((name, pts) -> {
            if (!name.equals("SUM")) {
                out.add(new SvgChart.Series(name, pts, false, false));
            }
        });
        if (by.containsKey("SUM")) {
            out.add(new SvgChart.Series("SUM", by.get("SUM"), true, false));
        }
        return out;
    }

    /** Throughput per sweep point, one line per run and direction. */
    private static String sweepChart(List<RunFolderData> runs) {
        List<String> points = new ArrayList<>();
        for (RunFolderData r : runs) {
            r.run().rows().forEach(row -> {
                if (!points.contains(row.point())) {
                    points.add(row.point());
                }
            });
        }
        List<SvgChart.Series> series = new ArrayList<>();
        for (RunFolderData r : runs) {
            for (Direction d : r.directions()) {
                List<double[]> pts = new ArrayList<>();
                for (SweepRow row : r.run().rows()) {
                    if (row.direction() == d && row.bitsPerSecond() != null) {
                        pts.add(new double[] {points.indexOf(row.point()), row.bitsPerSecond() / 1e9});
                    }
                }
                series.add(new SvgChart.Series((runs.size() > 1 ? r.id() + " " : "") + d.csv(), pts, false, true));
            }
        }
        List<String> labels =
                points.stream().map(p -> p.isEmpty() ? "(no sweep)" : p).toList();
        return SvgChart.lines("Throughput per sweep point", "point", "Gbit/s", SvgChart::number, series, labels);
    }

    private static void findings(StringBuilder sb, List<Finding> findings) {
        findings(sb, "Findings", findings);
    }

    private static void findings(StringBuilder sb, String heading, List<Finding> findings) {
        sb.append("<h2>").append(Html.esc(heading)).append("</h2>\n");
        if (findings.isEmpty()) {
            sb.append("<p>None recorded.</p>\n");
            return;
        }
        sb.append("<ul>\n");
        for (Finding f : findings) {
            sb.append("<li class=\"")
                    .append(Finding.WARNING.equals(f.severity()) ? "warning" : "info")
                    .append("\">")
                    .append(Html.esc(
                            f.severity() + (f.point().isEmpty() ? "" : " (" + f.point() + ")") + ": " + f.message()))
                    .append("</li>\n");
        }
        sb.append("</ul>\n");
    }

    private static void files(StringBuilder sb, RunFolderData r) {
        sb.append("<h2>The run's files</h2>\n<p>In the run folder ")
                .append(Html.esc(r.run().dir().toString()))
                .append(
                        ":</p>\n<div class=\"scroll\"><table>\n<thead><tr><th>file</th><th>bytes</th></tr></thead>\n<tbody>\n");
        r.files()
                .forEach((name, size) -> sb.append("<tr><td>")
                        .append(Html.esc(name))
                        .append("</td><td class=\"n\">")
                        .append(size)
                        .append("</td></tr>\n"));
        sb.append("</tbody></table></div>\n");
    }

    private static void row(StringBuilder sb, String key, String value) {
        sb.append("<tr><th>")
                .append(Html.esc(key))
                .append("</th><td>")
                .append(Html.esc(value))
                .append("</td></tr>\n");
    }

    // ---- several runs

    private static void comparison(StringBuilder sb, List<RunFolderData> runs) {
        sb.append(
                "<section class=\"compare\">\n<h2>Side by side</h2>\n<div class=\"scroll\"><table>\n<thead><tr><th></th>");
        runs.forEach(r -> sb.append("<th>").append(Html.esc(r.id())).append("</th>"));
        sb.append("</tr></thead>\n<tbody>\n");
        compareRow(sb, runs, "verdict", r -> null, true);
        compareRow(
                sb,
                runs,
                "test",
                r -> r.run().record().plan() == null
                        ? ""
                        : r.run().record().plan().tool().id() + ", "
                                + r.run().record().plan().streams() + " stream(s) × "
                                + r.run().record().plan().processes(),
                false);
        compareRow(
                sb,
                runs,
                "hosts",
                r -> {
                    TestPlan p = r.run().record().plan();
                    return p == null
                            ? ""
                            : p.client().login() + " → " + p.server().login();
                },
                false);
        for (Direction d : Direction.values()) {
            compareRow(
                    sb,
                    runs,
                    d.csv(),
                    r -> {
                        Double v = r.run().headline().get(d);
                        return v == null ? "" : rate(v);
                    },
                    false);
        }
        sb.append("</tbody></table></div>\n");
        // the environment's differences: host facts that are not the same in every run
        Set<String> keys = new TreeSet<>();
        for (RunFolderData r : runs) {
            r.run().record().hosts().forEach((end, facts) -> facts.keySet().forEach(k -> keys.add(end + " " + k)));
        }
        List<String> differing = new ArrayList<>();
        for (String k : keys) {
            if (k.contains(" listen.")) {
                continue;
            }
            Set<String> values = new TreeSet<>();
            runs.forEach(r -> values.add(Objects.toString(fact(r, k), "")));
            if (values.size() > 1) {
                differing.add(k);
            }
        }
        sb.append("<h3>What differs between them</h3>\n");
        if (differing.isEmpty()) {
            sb.append("<p>The hosts' recorded facts are the same in every run.</p>\n");
        } else {
            sb.append("<div class=\"scroll\"><table>\n<thead><tr><th>fact</th>");
            runs.forEach(r -> sb.append("<th>").append(Html.esc(r.id())).append("</th>"));
            sb.append("</tr></thead>\n<tbody>\n");
            for (String k : differing) {
                sb.append("<tr><th>").append(Html.esc(k)).append("</th>");
                runs.forEach(r -> sb.append("<td>")
                        .append(Html.esc(Objects.toString(fact(r, k), "")))
                        .append("</td>"));
                sb.append("</tr>\n");
            }
            sb.append("</tbody></table></div>\n");
        }
        if (runs.stream().anyMatch(RunFolderData::sweep)) {
            figure(sb, sweepChart(runs));
        }
        for (Direction d : Direction.values()) {
            List<SvgChart.Series> overlay = new ArrayList<>();
            for (RunFolderData r : runs) {
                List<Integer> repetitions = r.repetitions();
                for (int rep : repetitions) {
                    String label = r.id() + (repetitions.size() > 1 ? " repetition " + rep : "") + " SUM";
                    List<Sample> s = r.samples(d, Role.SENDER, rep);
                    perStream(s.isEmpty() ? r.samples(d, Role.RECEIVER, rep) : s, Sample::bitsPerSecond, 1e-9).stream()
                            .filter(SvgChart.Series::total)
                            .forEach(x -> overlay.add(new SvgChart.Series(label, x.points(), false, false)));
                }
            }
            if (!overlay.isEmpty()) {
                figure(
                        sb,
                        SvgChart.lines(
                                "Bitrate " + d.csv() + ", SUM of each run",
                                "time (s)",
                                "Gbit/s",
                                SvgChart::number,
                                overlay,
                                null));
            }
        }
        sb.append("</section>\n");
    }

    private static String fact(RunFolderData r, String endAndKey) {
        int space = endAndKey.indexOf(' ');
        Map<String, String> facts = r.run().record().hosts().get(endAndKey.substring(0, space));
        return facts == null ? null : facts.get(endAndKey.substring(space + 1));
    }

    private static void compareRow(
            StringBuilder sb,
            List<RunFolderData> runs,
            String label,
            java.util.function.Function<RunFolderData, String> value,
            boolean verdict) {
        sb.append("<tr><th>").append(Html.esc(label)).append("</th>");
        for (RunFolderData r : runs) {
            sb.append("<td>")
                    .append(verdict ? badge(r.overall()) : Html.esc(value.apply(r)))
                    .append("</td>");
        }
        sb.append("</tr>\n");
    }

    // ---- a matrix

    private static void matrix(StringBuilder sb, Path dir, boolean several) throws IOException {
        List<MatrixRow> rows = MatrixFile.read(dir);
        sb.append("<section class=\"matrix\">\n");
        if (several) {
            sb.append("<h2>").append(Html.esc(matrixTitle(dir))).append("</h2>\n");
        }
        Verdict.Outcome overall =
                Verdict.overall(rows.stream().map(r -> r.verdict().outcome()).toList());
        long failed = rows.stream().filter(r -> r.verdict().failed()).count();
        long passed = rows.stream()
                .filter(r -> r.verdict().outcome() == Verdict.Outcome.PASS)
                .count();
        sb.append("<div class=\"keep\"><p>Verdict: ")
                .append(badge(overall))
                .append("</p>\n<p>")
                .append(Html.esc(rows.size() + " rows: " + passed + " pass, " + failed + " fail, "
                        + (rows.size() - passed - failed) + " without a verdict (not measured, or no link speed drawn "
                        + "in the lab: 90 % of the drawn speed is expected)."))
                .append("</p></div>\n");
        List<MatrixFindings.AtMtu> findings =
                Files.isRegularFile(dir.resolve(CounterFiles.FINDINGS)) ? MatrixFindings.read(dir) : List.of();
        List<Integer> mtus = rows.stream()
                .map(MatrixRow::mtu)
                .filter(Objects::nonNull)
                .distinct()
                .sorted()
                .toList();
        if (mtus.size() <= 1) {
            figure(sb, heatmap(MatrixGrid.of(List.of(), rows)));
            pairs(sb, "Pairs, worst first", rows);
            findings(
                    sb,
                    "Findings",
                    findings.stream().map(MatrixFindings.AtMtu::finding).toList());
        }
        // an MTU's rows apart from another's, as the matrix folder's report.md has them (a pair that failed before
        // its first MTU is in each)
        for (Integer mtu : mtus.size() > 1 ? mtus : List.<Integer>of()) {
            List<MatrixRow> layer = rows.stream()
                    .filter(r -> r.mtu() == null || r.mtu().equals(mtu))
                    .toList();
            sb.append("<h2>MTU ").append(mtu).append("</h2>\n");
            figure(sb, heatmap(MatrixGrid.of(List.of(), layer)));
            pairs(sb, "Pairs at MTU " + mtu + ", worst first", layer);
            findings(
                    sb,
                    "Findings at MTU " + mtu,
                    findings.stream()
                            .filter(f -> mtu.equals(f.mtu()))
                            .map(MatrixFindings.AtMtu::finding)
                            .toList());
        }
        sb.append("</section>\n");
    }

    private static void pairs(StringBuilder sb, String heading, List<MatrixRow> rows) {
        sb.append("<h2>")
                .append(Html.esc(heading))
                .append("</h2>\n<div class=\"scroll\"><table>\n<thead><tr><th>pair</th><th>dir</th>"
                        + "<th>rate</th><th>min</th><th>max</th><th>retransmits</th><th>of link</th><th>verdict</th>"
                        + "<th>status</th></tr></thead>\n<tbody>\n");
        rows.stream()
                .sorted(MatrixRow.WORST_FIRST)
                .forEach(r -> sb.append("<tr><td>")
                        .append(Html.esc(r.client() + " → " + r.server()))
                        .append("</td><td>")
                        .append(Html.esc(r.direction()))
                        .append("</td><td class=\"n\">")
                        .append(rate(r.bitsPerSecond()))
                        .append("</td><td class=\"n\">")
                        .append(rate(r.bitsPerSecondMin()))
                        .append("</td><td class=\"n\">")
                        .append(rate(r.bitsPerSecondMax()))
                        .append("</td><td class=\"n\">")
                        .append(r.retransmits() == null ? "" : r.retransmits())
                        .append("</td><td class=\"n\">")
                        .append(
                                r.fractionOfLink() == null
                                        ? ""
                                        : String.format(Locale.ROOT, "%.0f %%", 100 * r.fractionOfLink()))
                        .append("</td><td>")
                        .append(badge(r.verdict().outcome()))
                        .append("</td><td>")
                        .append(Html.esc(
                                r.ok() || r.reason() == null || r.reason().isBlank()
                                        ? r.status()
                                        : r.status() + ": " + r.reason()))
                        .append("</td></tr>\n"));
        sb.append("</tbody></table></div>\n");
    }

    /** The heatmap as SVG: senders down the side, receivers across the top; a failed verdict framed in red. */
    static String heatmap(MatrixGrid grid) {
        List<String> hosts = grid.hosts();
        int cell = 70;
        int left = 140;
        int top = 50;
        int w = left + hosts.size() * cell + 20;
        int h = top + hosts.size() * cell + 30;
        String title = "Heatmap: Gbit/s from each sender (rows) to each receiver (columns)";
        StringBuilder sb = new StringBuilder(String.format(
                Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"%s\" "
                        + "class=\"chart\" style=\"max-width:%dpx\">%n<title>%s</title>%n",
                w,
                h,
                Html.esc(title),
                w,
                Html.esc(title)));
        sb.append("<text x=\"4\" y=\"16\" class=\"ct\">")
                .append(Html.esc(title))
                .append("</text>\n");
        for (int i = 0; i < hosts.size(); i++) {
            sb.append(String.format(
                    Locale.ROOT,
                    "<text x=\"%d\" y=\"%d\" class=\"xt\">%s</text>%n<text x=\"%d\" y=\"%d\" class=\"yt\">%s</text>%n",
                    left + i * cell + cell / 2,
                    top - 8,
                    Html.esc(hosts.get(i)),
                    left - 6,
                    top + i * cell + cell / 2 + 4,
                    Html.esc(hosts.get(i))));
        }
        for (int s = 0; s < hosts.size(); s++) {
            for (int r = 0; r < hosts.size(); r++) {
                int x = left + r * cell;
                int y = top + s * cell;
                var c = s == r ? java.util.Optional.<MatrixGrid.Cell>empty() : grid.cell(hosts.get(s), hosts.get(r));
                var shade = c.flatMap(grid::shade);
                Color fill = s == r
                        ? new Color(0x9A9A9A)
                        : shade.isPresent()
                                ? HeatmapImage.colour(shade.get())
                                : c.isPresent() ? HeatmapImage.FAILED : new Color(0xF2F2F2);
                boolean below = c.map(x2 ->
                                x2.rows().stream().anyMatch(m -> m.verdict().failed()))
                        .orElse(false);
                sb.append(String.format(
                        Locale.ROOT,
                        "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#%06x\" stroke=\"%s\" stroke-width=\"%s\"/>%n",
                        x + 1,
                        y + 1,
                        cell - 2,
                        cell - 2,
                        fill.getRGB() & 0xFFFFFF,
                        below ? "#b71c1c" : "#ffffff",
                        below ? "4" : "1"));
                String text = c.map(x2 -> x2.bitsPerSecond() != null
                                ? SvgChart.number(Math.round(x2.bitsPerSecond() / 1e7) / 100.0)
                                : x2.failed() ? "failed" : "")
                        .orElse("");
                if (!text.isEmpty()) {
                    sb.append(String.format(
                            Locale.ROOT,
                            "<text x=\"%d\" y=\"%d\" class=\"xt\">%s</text>%n",
                            x + cell / 2,
                            y + cell / 2 + 4,
                            Html.esc(text + (below ? " fail" : ""))));
                }
            }
        }
        sb.append(String.format(
                Locale.ROOT,
                "<text x=\"4\" y=\"%d\">Framed in red: below 90 %% of the link speed drawn in the lab.</text>%n",
                h - 8));
        return sb.append("</svg>\n").toString();
    }
}
