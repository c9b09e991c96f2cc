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
        List<Finding> findings;
        try {
            findings = CounterFiles.readFindings(runDir);
        } catch (IOException | RuntimeException e) {
            err.println("cannot read " + runDir.resolve(CounterFiles.FINDINGS) + ": " + e.getMessage());
            return;
        }
        if (findings.isEmpty()) {
            return;
        }
        out.println();
        out.println("Findings");
        for (Finding f : findings) {
            out.println("  " + (f.point().isEmpty() ? "" : f.point() + "  ") + f.severity() + "  " + f.message());
        }
    }
}
