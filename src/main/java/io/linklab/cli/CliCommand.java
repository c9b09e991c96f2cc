package io.linklab.cli;

import java.io.PrintStream;
import java.util.List;

/** A headless subcommand of the jar (CONTRACTS.md). */
public interface CliCommand {

    String name();

    /** One line for --help. */
    String summary();

    /** Full usage text for `linklab NAME --help`. */
    String usage();

    /** @return the exit status: 0 ok, 1 the work ran but something failed, 2 bad usage or input */
    int run(List<String> args, PrintStream out, PrintStream err);
}
