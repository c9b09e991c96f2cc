package io.linklab.cli;

import io.linklab.counters.CounterFiles;
import io.linklab.counters.Finding;
import io.linklab.tools.csv.CsvRows;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/**
 * The "Findings" block `linklab test` and `linklab matrix` print after their results table: what the run's (or the
 * matrix's) findings.csv says, one line each.
 */
final class FindingsBlock {

    private FindingsBlock() {}

    static void print(PrintStream out, PrintStream err, Path runDir) {
        List<CounterFiles.RunFinding> findings;
        List<String> mtus;
        try {
            findings = CounterFiles.readRunFindings(runDir);
            // a matrix's findings.csv has the MTU each was seen at
            mtus = CsvRows.read(runDir.resolve(CounterFiles.FINDINGS), r -> r.isMapped("mtu") ? r.get("mtu") : "");
        } catch (IOException | RuntimeException e) {
            err.println("cannot read " + runDir.resolve(CounterFiles.FINDINGS) + ": " + e.getMessage());
            return;
        }
        if (findings.isEmpty()) {
            return;
        }
        out.println();
        out.println("Findings");
        // with --repeat, each repetition's findings are its own: say whose, or the same line twice reads as a slip
        boolean repeated = findings.stream().anyMatch(f -> f.repetition() > 1);
        // so are those of each MTU of a matrix that sweeps several
        boolean perMtu = mtus.stream().distinct().count() > 1;
        for (int i = 0; i < findings.size(); i++) {
            CounterFiles.RunFinding r = findings.get(i);
            Finding f = r.finding();
            out.println("  " + (f.point().isEmpty() ? "" : f.point() + "  ")
                    + (perMtu && !mtus.get(i).isEmpty() ? "mtu " + mtus.get(i) + "  " : "")
                    + (repeated ? "rep " + r.repetition() + "  " : "") + f.severity() + "  " + f.message());
        }
    }
}
