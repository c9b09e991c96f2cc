package io.linklab.cli;

import io.linklab.engine.SweepPoints;
import io.linklab.engine.files.FileFormatException;
import io.linklab.engine.files.PlanFiles;
import io.linklab.model.InvalidValueException;
import io.linklab.model.TestPlan;
import io.linklab.model.Tool;
import io.linklab.tools.command.ToolCommand;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.function.Predicate;
import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;

/**
 * The options of `linklab test`, in the groups its --help shows. iperf3's short options are aliases with
 * iperf3's meaning (-P -t -i -O -R -u -b -w -l -p, and -c for the address the client connects to).
 */
final class TestOptions {

    private TestOptions() {
    }

    /** The two ends and the address between them. */
    static final class Hosts {
        @Option(names = "--client", paramLabel = "LOGIN",
                description = "the end that runs the clients: USER@HOST[:PORT], an alias of the ssh config, or local")
        String client;

        @Option(names = "--server", paramLabel = "LOGIN", description = "the end that runs the servers, as --client")
        String server;

        @Option(names = {"-c", "--target"}, paramLabel = "ADDR", description = {"data address the client sends to, "
            + "an address of the server's data interface (iperf3's -c HOST; the client's login is --client)"})
        String target;

        @Option(names = "--client-if", paramLabel = "IF", description = "the client's data interface (for --mtu)")
        String clientInterface;

        @Option(names = "--server-if", paramLabel = "IF", description = "the server's data interface (for --mtu)")
        String serverInterface;

        @Option(names = "--client-cpus", paramLabel = "LIST",
                description = "pin client process i to CPU LIST[i] (taskset), e.g. 2,4,6-9")
        String clientCpus;

        @Option(names = "--server-cpus", paramLabel = "LIST", description = "as --client-cpus, on the server")
        String serverCpus;
    }

    /** What runs: the tool and its options. */
    static final class Measurement {
        @Option(names = "--tool", paramLabel = "TOOL", completionCandidates = Tools.class,
                description = "${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE})")
        String tool;

        @Option(names = {"-P", "--streams"}, paramLabel = "N", description = {"parallel streams PER PROCESS (iperf3 "
            + "and iperf2 -P): a test runs N x --processes streams in all (default: ${DEFAULT-VALUE})"})
        Integer streams;

        @Option(names = "--processes", paramLabel = "N", description = {"client/server process pairs at once, "
            + "on consecutive ports from --port, merged into one SUM; several iperf3 processes fill 100G "
            + "(default: ${DEFAULT-VALUE})"})
        Integer processes;

        @Option(names = {"-p", "--port"}, paramLabel = "PORT", description = "port of the first server (default: ${DEFAULT-VALUE})")
        Integer port;

        @Option(names = {"-t", "--duration"}, paramLabel = "SECONDS", description = "seconds each test measures (default: ${DEFAULT-VALUE})")
        Integer duration;

        @Option(names = {"-i", "--interval"}, paramLabel = "SECONDS", description = "seconds between reports (default: ${DEFAULT-VALUE})")
        Double interval;

        @Option(names = {"-O", "--omit"}, paramLabel = "SECONDS",
                description = "warm-up seconds left out of the totals, iperf3 only (default: ${DEFAULT-VALUE})")
        Integer omit;

        @Option(names = {"-R", "--reverse"}, description = "the server sends, the client receives")
        boolean reverse;

        @Option(names = "--bidir", description = "both directions at once")
        boolean bidir;

        @Option(names = {"-u", "--udp"}, description = "UDP instead of TCP")
        boolean udp;

        @Option(names = {"-b", "--bitrate"}, paramLabel = "RATE", description = {"bits/s per stream such as 500M "
            + "or 9.5G: UDP sends at it, TCP is paced to it (iperf3, iperf2; netperf cannot pace); "
            + "0 for unlimited (default: UDP 1M, TCP unpaced)"})
        String bitrate;

        @Option(names = {"-w", "--window"}, paramLabel = "SIZE", description = "socket buffer / TCP window, e.g. 4M")
        String window;

        @Option(names = {"-l", "--message-size"}, paramLabel = "SIZE",
                description = "bytes per write (iperf -l, netperf -m), e.g. 128K")
        String messageSize;

        @Option(names = "--repeat", paramLabel = "N", description = "runs of each point: mean, min and max (default: ${DEFAULT-VALUE})")
        Integer repeat;
    }

    /** One sweep per run. */
    static final class Sweep {
        @Option(names = "--mtu", paramLabel = "LIST", description = {"MTU sweep: a list (1500,9000) or "
            + "START:STOP:STEP (1500:9000:250 counts like seq 1500 250 9000); needs --client-if and --server-if"})
        String mtu;

        @Option(names = "--sweep", paramLabel = "KIND=LIST", description = {"a sweep of streams, processes, window "
            + "or message-size, e.g. streams=1,2,4,8"})
        String sweep;
    }

    /** Plans read and written, and where the results go. */
    static final class Output {
        @Option(names = "--plan", paramLabel = "PLAN.json",
                description = "a saved plan; the options given as well override it")
        Path plan;

        @Option(names = "--save-plan", paramLabel = "PLAN.json", description = "save the plan as run")
        Path savePlan;

        @Option(names = "--dry-run", description = "print the commands per host and exit")
        boolean dryRun;

        @Option(names = "--out", paramLabel = "DIR", description = "the folder for the results: new or empty")
        Path out;

        @Option(names = "--force", description = {"use --out DIR although it holds files: an earlier run's files "
            + "there are removed (and named on stderr), others are kept"})
        boolean force;
    }

    /**
     * The plan the options ask for: a saved plan (--plan) with the options given overriding it, else the options
     * over a new plan's defaults. Every required option that is missing is named in one message.
     *
     * @param given whether an option (by its long name) is on the command line, not just at its default
     */
    static TestPlan plan(Hosts h, Measurement m, Sweep sw, Output o, Predicate<String> given) {
        requireAll(h, o);
        TestPlan base;
        if (o.plan != null) {
            try {
                base = PlanFiles.read(o.plan);
            } catch (FileFormatException e) {
                throw new UsageException("--plan: " + e.getMessage());
            }
        } else {
            base = TestPlan.defaults(null, null, null);
        }
        // an option with a default takes the plan's value unless it is on the command line
        Predicate<String> flag = name -> o.plan == null || given.test(name);
        TestPlan.End client = new TestPlan.End(or(h.client, login(base.client())),
                or(h.clientInterface, base.client() == null ? null : base.client().dataInterface()),
                cpus("--client-cpus", h.clientCpus, base.client()));
        TestPlan.End server = new TestPlan.End(or(h.server, login(base.server())),
                or(h.serverInterface, base.server() == null ? null : base.server().dataInterface()),
                cpus("--server-cpus", h.serverCpus, base.server()));
        Tool tool = base.tool();
        if (flag.test("--tool")) {
            try {
                tool = Tool.fromId(m.tool);
            } catch (IllegalArgumentException e) {
                throw new UsageException("--tool: " + e.getMessage());
            }
        }
        if (m.reverse && m.bidir) {
            throw new UsageException("--reverse and --bidir exclude each other; choose one");
        }
        TestPlan.Mode mode = m.reverse ? TestPlan.Mode.REVERSE : m.bidir ? TestPlan.Mode.BIDIR : base.mode();
        TestPlan.Protocol protocol = m.udp ? TestPlan.Protocol.UDP : base.protocol();
        return new TestPlan(tool, client, server, or(h.target, base.target()), protocol, or(m.bitrate,
                base.udpBitrate()),
                flag.test("--duration") ? m.duration : base.durationS(),
                flag.test("--interval") ? m.interval : base.intervalS(),
                flag.test("--omit") ? m.omit : base.omitS(),
                flag.test("--streams") ? m.streams : base.streams(),
                flag.test("--processes") ? m.processes : base.processes(),
                flag.test("--port") ? m.port : base.basePort(),
                mode, or(m.window, base.window()), or(m.messageSize, base.messageSize()),
                flag.test("--repeat") ? m.repeat : base.repetitions(),
                sweep(sw, base.sweep()));
    }

    /** All the required options that are missing, in one message: hosts and target (or --plan), and --out. */
    private static void requireAll(Hosts h, Output o) {
        List<String> missing = new ArrayList<>();
        if (o.plan == null) {
            if (h.client == null) {
                missing.add("--client");
            }
            if (h.server == null) {
                missing.add("--server");
            }
            if (h.target == null) {
                missing.add("--target");
            }
        }
        boolean hostsMissing = !missing.isEmpty();
        if (o.out == null && !o.dryRun) {
            missing.add("--out");
        }
        if (missing.isEmpty()) {
            return;
        }
        List<String> why = new ArrayList<>();
        if (hostsMissing) {
            why.add("--plan FILE can give --client, --server and --target");
        }
        if (o.out == null && !o.dryRun) {
            why.add("--out DIR is the folder that receives samples.csv, summary.csv, run.json (and sweep.csv); "
                    + "--dry-run only prints the commands");
        }
        String names = missing.size() == 1 ? missing.get(0)
                : String.join(", ", missing.subList(0, missing.size() - 1)) + " and " + missing.get(missing.size() - 1);
        throw new UsageException(names + (missing.size() == 1 ? " is" : " are") + " required ("
                + String.join("; ", why) + ")");
    }

    private static TestPlan.Sweep sweep(Sweep sw, TestPlan.Sweep base) {
        if (sw.mtu != null && sw.sweep != null) {
            throw new UsageException("--mtu and --sweep exclude each other: one sweep per run");
        }
        if (sw.mtu != null) {
            return new TestPlan.Sweep(TestPlan.SweepKind.MTU, expand("--mtu", sw.mtu));
        }
        if (sw.sweep == null) {
            return base;
        }
        int eq = sw.sweep.indexOf('=');
        if (eq > 0) {
            for (TestPlan.SweepKind k : TestPlan.SweepKind.values()) {
                if (SweepPoints.label(k).equals(sw.sweep.substring(0, eq).trim())) {
                    return new TestPlan.Sweep(k, expand("--sweep", sw.sweep.substring(eq + 1)));
                }
            }
        }
        throw new UsageException("--sweep: expected KIND=LIST with KIND one of mtu, streams, processes, "
                + "window, message-size (e.g. --sweep streams=1,2,4,8)");
    }

    private static List<String> expand(String flag, String spec) {
        try {
            return SweepPoints.expand(flag, spec);
        } catch (InvalidValueException e) {
            throw new UsageException(e.getMessage());
        }
    }

    private static String or(String given, String fallback) {
        return given != null ? given : fallback;
    }

    private static String login(TestPlan.End end) {
        return end == null ? null : end.login();
    }

    /** The CPU list a flag gives ("2,4,6-9"), else the plan's. */
    private static List<Integer> cpus(String flag, String value, TestPlan.End base) {
        if (value == null) {
            return base == null ? List.of() : base.cpus();
        }
        try {
            return TestPlan.End.parseCpus(flag, value);
        } catch (InvalidValueException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /** The tools --tool takes, for --help and shell completion. */
    static final class Tools implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Arrays.stream(Tool.values()).map(Tool::id).iterator();
        }
    }

    /** The defaults --help shows are a new plan's, so that the help and a run never disagree. */
    static final class PlanDefaults implements IDefaultValueProvider {
        @Override
        public String defaultValue(ArgSpec arg) {
            if (!(arg instanceof OptionSpec option)) {
                return null;
            }
            TestPlan d = TestPlan.defaults(null, null, null);
            return switch (option.longestName()) {
                case "--tool" -> d.tool().id();
                case "--streams" -> String.valueOf(d.streams());
                case "--processes" -> String.valueOf(d.processes());
                case "--port" -> String.valueOf(d.basePort());
                case "--duration" -> String.valueOf(d.durationS());
                case "--interval" -> ToolCommand.interval(d.intervalS());
                case "--omit" -> String.valueOf(d.omitS());
                case "--repeat" -> String.valueOf(d.repetitions());
                default -> null;
            };
        }
    }
}
