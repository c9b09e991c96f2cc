package io.linklab.cli;

import io.linklab.model.Direction;
import io.linklab.model.Rates;
import io.linklab.model.ToolEvent;
import io.linklab.tools.LogFormat;
import io.linklab.tools.csv.CsvResultSink;
import io.linklab.tools.csv.CsvTableWriter;
import io.linklab.tools.csv.ResultTables;
import io.linklab.tools.importer.LogImporter;
import io.linklab.tools.importer.UnmappedSelectors;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The `import` subcommand: reads iperf3 / iperf2 / netperf logs into samples.csv and summary.csv. */
@Command(
        name = "import",
        mixinStandardHelpOptions = true,
        versionProvider = Cli.Version.class,
        sortOptions = false,
        description = "read iperf3/iperf2/netperf logs: a line per file, and samples.csv and summary.csv with "
                + "--samples and --summary",
        customSynopsis = {
            "${COMMAND-FULL-NAME} FILE... [--format FORMAT]",
            "       [--samples SAMPLES.csv] [--summary SUMMARY.csv] [--omni OMNI.csv]"
        },
        descriptionHeading = "%n",
        optionListHeading = "%n",
        footer = {
            "",
            "Reads logs of iperf3 (text, -J, --json-stream), iperf2 (text, -y C) and netperf and prints one line per "
                    + "file. The format is detected per file unless --format names it.",
            "",
            "Exit status: 0 every file read; 1 some file could not be read, was damaged or is the log of a test "
                    + "that failed (the others are still imported); 2 bad usage, or no file could be read."
        })
public final class ImportCommand extends CliCommand {

    @Parameters(paramLabel = "FILE", arity = "0..*", description = "a log of iperf3, iperf2 or netperf")
    List<Path> files = new ArrayList<>();

    @Option(
            names = "--format",
            paramLabel = "FORMAT",
            defaultValue = "auto",
            completionCandidates = Formats.class,
            description = "${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE})")
    String formatId;

    @Option(
            names = "--samples",
            paramLabel = "FILE",
            description = "write every interval of every stream (and SUM) to FILE")
    Path samplesFile;

    @Option(names = "--summary", paramLabel = "FILE", description = "write the end-of-test totals to FILE")
    Path summaryFile;

    @Option(
            names = "--omni",
            paramLabel = "FILE",
            description = "write the netperf omni selectors LinkLab gives no role (latency percentiles, confidence"
                    + " widths …) to FILE: a row per test, a column per selector as netperf printed it")
    Path omniFile;

    /** auto and the formats the importer reads, for --help and shell completion. */
    static final class Formats implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            List<String> ids = new ArrayList<>(List.of("auto"));
            ids.addAll(List.of(LogFormat.ids().split("\\|")));
            return ids.iterator();
        }
    }

    @Override
    public Integer call() {
        LogFormat format = null;
        if (!formatId.equals("auto")) {
            format = LogFormat.fromId(formatId);
            if (format == null) {
                throw new UsageException("--format " + formatId + ": unknown format; expected auto|" + LogFormat.ids());
            }
        }
        if (files.isEmpty()) {
            throw new UsageException("no FILE given. Usage: linklab import FILE... [--format …] "
                    + "[--samples S.csv] [--summary T.csv]");
        }
        refuseExisting("--samples", samplesFile);
        refuseExisting("--summary", summaryFile);
        refuseExisting("--omni", omniFile);
        CsvResultSink csv;
        try {
            csv = new CsvResultSink(
                    samplesFile == null ? null : CsvTableWriter.create(samplesFile, ResultTables.IMPORTED_SAMPLES),
                    summaryFile == null ? null : CsvTableWriter.create(summaryFile, ResultTables.IMPORTED_SUMMARY));
        } catch (IOException e) {
            throw new UsageException("cannot write " + describe(e) + "; check the directory exists and is writable");
        }
        List<LogImporter.FileResult> results = new ArrayList<>();
        UnmappedSelectors omni = new UnmappedSelectors(csv);
        try (csv) {
            for (Path file : files) {
                csv.beginSource(file.toString()); // the path as given, so that files of the same name stay apart
                omni.source(file.toString());
                LogImporter.FileResult r = LogImporter.importFile(file, format, omni);
                if (r.failed()) {
                    // Whatever a failed file gave before it failed (a read error midway) is not kept.
                    csv.discardSource();
                    omni.discardSource();
                }
                results.add(r);
                report(r, err);
            }
            if (omniFile != null) {
                omni.write(omniFile);
            } else if (!omni.names().isEmpty()) {
                err.println("netperf printed omni selectors LinkLab gives no role: " + String.join(", ", omni.names())
                        + "; --omni FILE keeps them, a column each");
            }
        } catch (IOException | UncheckedIOException e) {
            err.println("linklab import: cannot write the CSV output: " + e.getMessage());
            return Cli.FAILED;
        }
        printTable(results, out);
        int failed = 0;
        int unreadable = 0;
        int damaged = 0;
        for (LogImporter.FileResult r : results) {
            if (r.failed()) {
                failed++;
                if (!r.testFailed()) {
                    unreadable++;
                }
            } else if (r.damaged()) {
                damaged++;
            }
        }
        if (unreadable == results.size()) {
            return Cli.USAGE;
        }
        return failed + damaged > 0 ? Cli.FAILED : Cli.OK;
    }

    /** An earlier import's file is never written over, as `test --out` never writes over an earlier run. */
    private static void refuseExisting(String flag, Path file) {
        if (file != null && Files.exists(file)) {
            throw new UsageException(flag + ": " + file + " exists; name a new file, or remove it first (an earlier "
                    + "file is never written over)");
        }
    }

    private static String describe(IOException e) {
        if (e instanceof NoSuchFileException || e instanceof AccessDeniedException) {
            return ((FileSystemException) e).getFile();
        }
        return e.getMessage();
    }

    /** The per-file messages on stderr: failures, damage, and the tools' own errors. */
    private static void report(LogImporter.FileResult r, PrintStream err) {
        String name = r.file().toString();
        if (r.failed()) {
            err.println("linklab import: " + name + ": " + r.failure());
            return;
        }
        for (ToolEvent e : r.events()) {
            String where = e.lineNumber() > 0 && !e.message().startsWith("line") ? "line " + e.lineNumber() + ": " : "";
            String level = e.kind().startsWith("input-")
                    ? (e.severity() == ToolEvent.Severity.ERROR ? "damaged input" : "note")
                    : (e.severity() == ToolEvent.Severity.ERROR ? "the tool reported an error" : "the tool warned");
            err.println("linklab import: " + name + ": " + where + e.message() + " (" + level + ")");
        }
        if (r.eventCount() > r.events().size()) {
            err.println("linklab import: " + name + ": … and "
                    + (r.eventCount() - r.events().size()) + " more messages");
        }
    }

    private static void printTable(List<LogImporter.FileResult> results, PrintStream out) {
        int w = 4;
        for (LogImporter.FileResult r : results) {
            w = Math.max(w, r.file().toString().length());
        }
        w = Math.min(w, 60);
        String fmt = "%-" + w + "s  %-11s  %-7s  %4s  %8s  %9s  %-24s  %s%n";
        out.printf(
                Locale.ROOT,
                fmt,
                "FILE",
                "FORMAT",
                "VERSION",
                "RUNS",
                "SAMPLES",
                "SUMMARIES",
                "RECEIVED (last test)",
                "STATUS");
        for (LogImporter.FileResult r : results) {
            String name = r.file().toString();
            if (name.length() > w) {
                name = "…" + name.substring(name.length() - w + 1);
            }
            String status;
            if (r.testFailed()) {
                status = "test failed";
            } else if (r.failed()) {
                status = "failed";
            } else if (r.damaged()) {
                status = "damaged, read up to the damage";
            } else {
                status = "ok";
            }
            out.printf(
                    Locale.ROOT,
                    fmt,
                    name,
                    r.format() == null ? "?" : r.format().id(),
                    r.version() == null ? "" : r.version(),
                    r.failed() ? "" : Integer.toString(r.runs()),
                    r.failed() ? "" : Long.toString(r.samples()),
                    r.failed() ? "" : Long.toString(r.summaries()),
                    received(r),
                    status);
        }
    }

    private static String received(LogImporter.FileResult r) {
        StringBuilder sb = new StringBuilder();
        for (Direction d : Direction.values()) {
            Double v = r.receiverBitsPerSecond().get(d);
            if (v != null) {
                if (sb.length() > 0) {
                    sb.append(", ");
                }
                sb.append(d.csv()).append(' ').append(Rates.text(v));
            }
        }
        return sb.toString();
    }
}
