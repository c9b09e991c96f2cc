package io.linklab.cli;

import java.io.PrintStream;
import java.util.List;

/** The `import` subcommand; its implementation lands with its issue, until then it says so. */
public final class ImportCommand implements CliCommand {

    @Override
    public String name() {
        return "import";
    }

    @Override
    public String summary() {
        return "import (not implemented yet)";
    }

    @Override
    public String usage() {
        return "linklab import: not implemented yet\n";
    }

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) {
        err.println("linklab import: not implemented yet");
        return Cli.USAGE;
    }
}
