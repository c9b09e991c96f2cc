package io.linklab.cli;

import io.linklab.counters.CounterFiles;
import io.linklab.counters.Finding;
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
        try {
            findings = CounterFiles.readRunFindings(runDir);
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
        for (CounterFiles.RunFinding r : findings) {
            Finding f = r.finding();
            out.println("  " + (f.point().isEmpty() ? "" : f.point() + "  ")
                    + (repeated ? "rep " + r.repetition() + "  " : "") + f.severity() + "  " + f.message());
        }
    }
}
