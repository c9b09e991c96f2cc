package io.linklab.cli;

import java.io.PrintStream;
import java.util.List;

/** The `test` subcommand; its implementation lands with its issue, until then it says so. */
public final class TestCommand implements CliCommand {

    @Override
    public String name() {
        return "test";
    }

    @Override
    public String summary() {
        return "test (not implemented yet)";
    }

    @Override
    public String usage() {
        return "linklab test: not implemented yet\n";
    }

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) {
        err.println("linklab test: not implemented yet");
        return Cli.USAGE;
    }
}
