package io.linklab.cli;

import io.linklab.engine.LabLogins;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.Writer;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * The headless subcommands on picocli: one command line with the options of every subcommand, on which their
 * help, shell completion and usage errors are all based. Exit status 0 ok, 1 the work ran but something failed,
 * 2 bad usage or input (a message naming the flag, never a stack trace).
 */
public final class Cli {

    public static final int OK = 0;
    public static final int FAILED = 1;
    public static final int USAGE = 2;

    /** How the usage texts write the command when nothing else says how it was started. */
    static final String JAR_COMMAND = "java -jar linklab.jar";

    private Cli() {}

    /**
     * The root of the command line: only subcommands, --help and --version. Made in code, unlike the subcommands:
     * reading annotations is most of picocli's start-up, which `--version` then does not pay.
     */
    private static CommandSpec root() {
        Callable<Integer> noCommand = () -> {
            // only with no arguments at all, which the launcher answers with the GUI
            throw new UsageException("name a command: import, test, probe or completion (--help lists them)");
        };
        CommandSpec root = CommandSpec.wrapWithoutInspection(noCommand).versionProvider(new Version());
        root.addOption(OptionSpec.builder("-h", "--help")
                .usageHelp(true)
                .type(boolean.class)
                .arity("0")
                .description("Show this help message and exit.")
                .build());
        root.addOption(OptionSpec.builder("-V", "--version")
                .versionHelp(true)
                .type(boolean.class)
                .arity("0")
                .description("Print version information and exit.")
                .build());
        root.usageMessage()
                .synopsisHeading("Usage:%n")
                .commandListHeading("%nCommands:%n")
                .optionListHeading("%nOptions:%n");
        return root;
    }

    /** --version, on the root and on every subcommand. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"LinkLab " + version()};
        }
    }

    /** The subcommands by name, in the order --help lists them. */
    private static final Map<String, Class<?>> SUBCOMMANDS = subcommands();

    private static Map<String, Class<?>> subcommands() {
        Map<String, Class<?>> all = new LinkedHashMap<>();
        all.put("import", ImportCommand.class);
        all.put("test", RunTestCommand.class);
        all.put("tune", TuneCommand.class);
        all.put("matrix", MatrixCommand.class);
        all.put("probe", ProbeCommand.class);
        all.put("report", ReportCommand.class);
        all.put("completion", CompletionCommand.class);
        all.put("help", HelpCommand.class);
        return all;
    }

    public static int run(String[] args, PrintStream out, PrintStream err) {
        return run(args, out, err, LabLogins::new);
    }

    /** The jar's entry for a headless command. */
    public static int runInOwnJvm(String[] args, PrintStream out, PrintStream err) {
        return execute(args, out, err, LabLogins::new);
    }

    /** As {@link #run(String[], PrintStream, PrintStream)}, with `test` reaching its hosts through {@code hosts}. */
    static int run(String[] args, PrintStream out, PrintStream err, RunTestCommand.Transports hosts) {
        return execute(args, out, err, hosts);
    }

    private static int execute(String[] args, PrintStream out, PrintStream err, RunTestCommand.Transports hosts) {
        // text from hosts and from others' files reaches the terminal in many messages: all of it passes here
        return commandLine(TerminalText.of(out), TerminalText.of(err), hosts, invocation(), needed(args))
                .execute(args);
    }

    /**
     * The subcommands a command line needs: `linklab test …` only `test`, `--version` none; --help, `help`,
     * and a name that is none of them (for "did you mean") all. picocli reads each subcommand's annotations when
     * it is added, which a start-up should not pay for commands it does not run.
     */
    private static Collection<Class<?>> needed(String[] args) {
        String first = args.length == 0 ? "" : args[0];
        if (first.equals("-V") || first.equals("--version")) {
            return List.of();
        }
        Class<?> named = SUBCOMMANDS.get(first);
        return named == null || named == HelpCommand.class ? SUBCOMMANDS.values() : List.of(named);
    }

    /**
     * The command line with every subcommand, named {@code name} in its help (`linklab`, `java -jar linklab.jar`).
     *
     * @param hosts how `test` reaches its hosts
     */
    static CommandLine commandLine(PrintStream out, PrintStream err, RunTestCommand.Transports hosts, String name) {
        return commandLine(out, err, hosts, name, SUBCOMMANDS.values());
    }

    private static CommandLine commandLine(
            PrintStream out,
            PrintStream err,
            RunTestCommand.Transports hosts,
            String name,
            Collection<Class<?>> subcommands) {
        CommandFactory factory = new CommandFactory(out, err, hosts);
        CommandLine cl = new CommandLine(root(), factory);
        for (Class<?> sub : subcommands) {
            try {
                cl.addSubcommand(factory.create(sub));
            } catch (Exception e) {
                throw new IllegalStateException("cannot make the subcommand " + sub.getSimpleName(), e);
            }
        }
        for (CommandLine sub : cl.getSubcommands().values()) {
            if (sub.getCommand() instanceof CliCommand command
                    && !command.sections().isEmpty()) {
                sub.getHelpSectionMap()
                        .put(UsageMessageSpec.SECTION_KEY_OPTION_LIST, OptionSections.renderer(command.sections()));
            }
        }
        cl.setCommandName(name);
        // a log named @notes.txt is a file to import, not a file of arguments
        cl.setExpandAtFiles(false);
        cl.setOut(writer(out));
        cl.setErr(writer(err));
        cl.setColorScheme(CommandLine.Help.defaultColorScheme(CommandLine.Help.Ansi.OFF));
        cl.setUsageHelpWidth(100);
        cl.setUsageHelpLongOptionsMaxWidth(24);
        cl.registerConverter(Integer.class, UsageErrors::wholeNumber);
        cl.registerConverter(Double.class, UsageErrors::seconds);
        cl.setParameterExceptionHandler(UsageErrors::badParameter);
        cl.setExecutionExceptionHandler(UsageErrors::failedCommand);
        cl.getCommandSpec()
                .usageMessage()
                .header("LinkLab " + version() + " — network link tests with iperf3, iperf2 and netperf", "")
                .customSynopsis(String.format("  %-" + (name.length() + 16) + "s open the GUI%n", name)
                        + String.format("  %s COMMAND [ARGS]  run headless", name))
                .footer(
                        "",
                        "Run '" + name + " COMMAND --help' for the options of a command.",
                        "Exit status: 0 success, 1 the work ran but something failed, 2 bad usage or input.");
        return cl;
    }

    /** Makes the subcommands, each writing to the given streams; `test` with the given way to its hosts. */
    private record CommandFactory(PrintStream out, PrintStream err, RunTestCommand.Transports hosts)
            implements CommandLine.IFactory {
        @Override
        public <K> K create(Class<K> cls) throws Exception {
            Object made = cls == RunTestCommand.class
                    ? new RunTestCommand(hosts)
                    : cls == TuneCommand.class
                            ? new TuneCommand(hosts)
                            : cls == MatrixCommand.class
                                    ? new MatrixCommand(hosts)
                                    : CommandLine.defaultFactory().create(cls);
            if (made instanceof CliCommand command) {
                command.streams(out, err);
            }
            return cls.cast(made);
        }
    }

    /** picocli prints through a Writer; this one hands the text to the stream, which encodes it as it does. */
    private static PrintWriter writer(PrintStream stream) {
        return new PrintWriter(
                new Writer() {
                    @Override
                    public void write(char[] chars, int offset, int length) {
                        stream.print(new String(chars, offset, length));
                    }

                    @Override
                    public void flush() {
                        stream.flush();
                    }

                    @Override
                    public void close() {
                        stream.flush();
                    }
                },
                true);
    }

    /**
     * The command as the user starts it: the installed command scripts say which (system property
     * linklab.command: "linklab", "linklab-cli"), else the jar.
     */
    static String invocation() {
        String installed = System.getProperty("linklab.command");
        return installed == null || installed.isBlank() ? JAR_COMMAND : installed;
    }

    public static String version() {
        String v = Cli.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
