package io.linklab.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.ToIntBiFunction;

/** The command line run inside the test's JVM, each call's stdout and stderr kept for the test to read. */
public final class CliCapture {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    /** Runs one command line; what the previous one printed is forgotten first. */
    public int run(String... args) {
        return call((o, e) -> Cli.run(args, o, e));
    }

    /** Runs a command given the two streams (a subcommand built by the test, say), as {@link #run} does. */
    public int call(ToIntBiFunction<PrintStream, PrintStream> command) {
        out.reset();
        err.reset();
        return command.applyAsInt(
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    public int run(List<String> args) {
        return run(args.toArray(String[]::new));
    }

    public String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    public String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    /** Both streams, for an assertion message. */
    public String both() {
        return out() + "\n--- stderr ---\n" + err();
    }
}
