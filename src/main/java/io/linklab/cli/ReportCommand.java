package io.linklab.cli;

import io.linklab.report.ReportPage;
import io.linklab.store.AtomicFile;
import io.linklab.store.FileFormatException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The `report` subcommand: one self-contained HTML page for run, sweep and matrix folders (several: a comparison). */
@Command(
        name = "report",
        mixinStandardHelpOptions = true,
        versionProvider = Cli.Version.class,
        sortOptions = false,
        description = "write one HTML page for runs, sweeps and matrices: verdict, test, hosts, rates, charts",
        customSynopsis = {"${COMMAND-FULL-NAME} RUN_OR_MATRIX_DIR... --out REPORT.html"},
        descriptionHeading = "%n",
        optionListHeading = "%n",
        footer = {
            "",
            "The page holds everything (charts as inline SVG, no file or network fetched): the verdict first, the "
                    + "test and the exact commands per host, the hosts, the rates per direction and point, the charts, "
                    + "the findings and the run's files. Several folders make a comparison. It prints to A4 and Letter "
                    + "(page numbers and the run id in the footer) and reads on a phone.",
            "",
            "Exit status: 0 written; 2 bad usage, or a folder that is not a run or matrix folder (named)."
        })
public final class ReportCommand extends CliCommand {

    @Parameters(paramLabel = "RUN_OR_MATRIX_DIR", arity = "0..*", description = "a run folder or a matrix folder")
    List<Path> dirs = new ArrayList<>();

    @Option(names = "--out", paramLabel = "REPORT.html", description = "the page to write (replaced if it exists)")
    Path out;

    @Override
    public Integer call() {
        if (dirs.isEmpty()) {
            throw new UsageException("name at least one run or matrix folder (the --out DIR of `linklab "
                    + "test` or `linklab matrix`)");
        }
        if (out == null) {
            throw new UsageException("--out is required: the HTML file to write, such as report.html");
        }
        for (Path d : dirs) {
            if (!Files.isDirectory(d)) {
                throw new UsageException(d + " is not a folder; give a run or matrix folder");
            }
        }
        if (Files.isDirectory(out)) {
            throw new UsageException("--out: " + out + " is a folder; give the HTML file to write, such as "
                    + out.resolve("report.html"));
        }
        String page;
        try {
            page = ReportPage.html(dirs);
        } catch (FileFormatException e) {
            throw new UsageException(e.getMessage());
        } catch (IOException e) {
            throw new UsageException("cannot read "
                    + String.join(", ", dirs.stream().map(Path::toString).toList()) + ": " + e.getMessage());
        }
        try {
            AtomicFile.writeString(out, page);
        } catch (IOException e) {
            throw new UsageException("--out: cannot write " + out + ": " + e.getMessage());
        }
        err.println("report written to " + out);
        return Cli.OK;
    }
}
