package io.linklab.cli;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;

/** Dispatches the headless subcommands and turns every user error into a message and an exit status. */
public final class Cli {

    public static final int OK = 0;
    public static final int FAILED = 1;
    public static final int USAGE = 2;

    private Cli() {
    }

    static List<CliCommand> commands() {
        return List.of(new ImportCommand(), new TestCommand(), new ProbeCommand());
    }

    public static int run(String[] args, PrintStream out, PrintStream err) {
        String first = args[0];
        if (first.equals("--help") || first.equals("-h") || first.equals("help")) {
            out.print(help());
            return OK;
        }
        if (first.equals("--version")) {
            out.println("LinkLab " + version());
            return OK;
        }
        List<String> rest = Arrays.asList(args).subList(1, args.length);
        for (CliCommand command : commands()) {
            if (command.name().equals(first)) {
                if (rest.contains("--help") || rest.contains("-h")) {
                    out.print(command.usage().replace(JAR_COMMAND, invocation()));
                    return OK;
                }
                try {
                    return command.run(rest, out, err);
                } catch (UsageException e) {
                    err.println("linklab " + command.name() + ": " + e.getMessage());
                    return USAGE;
                } catch (RuntimeException e) {
                    // A bug of ours, not the user's: say so plainly, keep the details for the report.
                    err.println("linklab " + command.name() + ": internal error: " + e);
                    return FAILED;
                }
            }
        }
        err.println("linklab: unknown subcommand '" + first + "'. Run 'linklab --help' for the list.");
        return USAGE;
    }

    /** How the usage texts write the command; {@link #invocation()} replaces it by what the user typed. */
    static final String JAR_COMMAND = "java -jar linklab.jar";

    /**
     * The command as the user starts it: the installed command scripts say which (system property
     * linklab.command: "linklab", "linklab-cli"), else the jar.
     */
    static String invocation() {
        String installed = System.getProperty("linklab.command");
        return installed == null || installed.isBlank() ? JAR_COMMAND : installed;
    }

    static String help() {
        return helpText().replace(JAR_COMMAND, invocation());
    }

    private static String helpText() {
        StringBuilder sb = new StringBuilder();
        sb.append("LinkLab ").append(version()).append(" — network link tests with iperf3, iperf2 and netperf\n\n");
        sb.append("Usage:\n");
        sb.append("  java -jar linklab.jar                 open the GUI\n");
        sb.append("  java -jar linklab.jar COMMAND [ARGS]  run headless\n\n");
        sb.append("Commands:\n");
        for (CliCommand c : commands()) {
            sb.append(String.format("  %-8s %s%n", c.name(), c.summary()));
        }
        sb.append("\nRun 'java -jar linklab.jar COMMAND --help' for the options of a command.\n");
        sb.append("Exit status: 0 success, 1 the work ran but something failed, 2 bad usage or input.\n");
        return sb.toString();
    }

    public static String version() {
        String v = Cli.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
