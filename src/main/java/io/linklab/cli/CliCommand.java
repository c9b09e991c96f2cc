package io.linklab.cli;

import java.io.PrintStream;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * A headless subcommand (docs/CLI.md): picocli fills its options from the command line, {@link #call} does the
 * work and returns the exit status (0 ok, 1 the work ran but something failed), or throws
 * {@link UsageException} for bad input (2).
 */
abstract class CliCommand implements Callable<Integer> {

    /** Results (tables, JSON). */
    PrintStream out;
    /** Progress and messages. */
    PrintStream err;

    /** The headings of --help's option sections, by the hundreds of the options' order; none by default. */
    Map<Integer, String> sections() {
        return Map.of();
    }

    final void streams(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }
}
