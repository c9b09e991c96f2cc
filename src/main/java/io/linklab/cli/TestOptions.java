package io.linklab.cli;

import io.linklab.engine.SweepPoints;
import io.linklab.engine.store.FileFormatException;
import io.linklab.engine.store.PlanFiles;
import io.linklab.model.InvalidValueException;
import io.linklab.model.TestPlan;
import io.linklab.model.Tool;
import io.linklab.tools.driver.ToolDriver;
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
 * The options of `linklab test` but the SSH ones (a mixin of {@link RunTestCommand}) and the plan they make. Their
 * {@code order} puts them into --help's sections ({@link OptionSections}). iperf3's short options are aliases
 * with iperf3's meaning (-P -t -i -O -R -u -b -w -l -p, and -c for the address the client connects to).
 */
final class TestOptions {

    // ---- the two ends and the address between them (--help's section 1)

    @Option(
            order = 101,
            names = "--client",
            paramLabel = "LOGIN",
            description = {"the end that runs the " + "clients: USER@HOST[:PORT], an alias of the ssh config, or local"
            })
    String client;

    @Option(
            order = 102,
            names = "--server",
            paramLabel = "LOGIN",
            description = "the end that runs the servers, as --client")
    String server;

    @Option(
            order = 103,
            names = {"-c", "--target"},
            paramLabel = "ADDR",
            description = {
                "data address the "
                        + "client sends to, an address of the server's data interface (iperf3's -c HOST; the client's login "
                        + "is --client)"
            })
    String target;

    @Option(
            order = 104,
            names = "--client-if",
            paramLabel = "IF",
            description = "the client's data interface (for --mtu)")
    String clientInterface;

    @Option(
            order = 105,
            names = "--server-if",
            paramLabel = "IF",
            description = "the server's data interface (for --mtu)")
    String serverInterface;

    @Option(
            order = 106,
            names = "--client-cpus",
            paramLabel = "LIST",
            description = "pin client process i to CPU LIST[i] (taskset), e.g. 2,4,6-9")
    String clientCpus;

    @Option(order = 107, names = "--server-cpus", paramLabel = "LIST", description = "as --client-cpus, on the server")
    String serverCpus;

    // ---- what runs: the tool and its options (section 3; SSH is 2)

    @Option(
            order = 301,
            names = "--tool",
            paramLabel = "TOOL",
            completionCandidates = Tools.class,
            description = "${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE})")
    String tool;

    @Option(
            order = 302,
            names = {"-P", "--streams"},
            paramLabel = "N",
            description = {
                "parallel streams PER "
                        + "PROCESS (iperf3 and iperf2 -P): a test runs N x --processes streams in all (default: "
                        + "${DEFAULT-VALUE})"
            })
    Integer streams;

    @Option(
            order = 303,
            names = "--processes",
            paramLabel = "N",
            description = {
                "client/server process pairs "
                        + "at once, on consecutive ports from --port, merged into one SUM; several iperf3 processes fill 100G "
                        + "(default: ${DEFAULT-VALUE})"
            })
    Integer processes;

    @Option(
            order = 304,
            names = {"-p", "--port"},
            paramLabel = "PORT",
            description = "port of the first server (default: ${DEFAULT-VALUE})")
    Integer port;

    @Option(
            order = 305,
            names = {"-t", "--duration"},
            paramLabel = "SECONDS",
            description = "seconds each test measures (default: ${DEFAULT-VALUE})")
    Integer duration;

    @Option(
            order = 306,
            names = {"-i", "--interval"},
            paramLabel = "SECONDS",
            description = "seconds between reports (default: ${DEFAULT-VALUE})")
    Double interval;

    @Option(
            order = 307,
            names = {"-O", "--omit"},
            paramLabel = "SECONDS",
            description = "warm-up seconds left out of the totals, iperf3 only (default: ${DEFAULT-VALUE})")
    Integer omit;

    @Option(
            order = 308,
            names = {"-R", "--reverse"},
            description = "the server sends, the client receives")
    boolean reverse;

    @Option(order = 309, names = "--bidir", description = "both directions at once")
    boolean bidir;

    @Option(
            order = 310,
            names = {"-u", "--udp"},
            description = "UDP instead of TCP")
    boolean udp;

    @Option(
            order = 311,
            names = {"-b", "--bitrate"},
            paramLabel = "RATE",
            description = {
                "bits/s per stream "
                        + "such as 500M or 9.5G: UDP sends at it, TCP is paced to it (iperf3, iperf2; netperf cannot pace); "
                        + "0 for unlimited (default: UDP 1M, TCP unpaced)"
            })
    String bitrate;

    @Option(
            order = 312,
            names = {"-w", "--window"},
            paramLabel = "SIZE",
            description = "socket buffer / TCP window, e.g. 4M")
    String window;

    @Option(
            order = 313,
            names = {"-l", "--message-size"},
            paramLabel = "SIZE",
            description = "bytes per write (iperf -l, netperf -m), e.g. 128K")
    String messageSize;

    @Option(
            order = 314,
            names = "--repeat",
            paramLabel = "N",
            description = "runs of each point: mean, min and max (default: ${DEFAULT-VALUE})")
    Integer repeat;

    // ---- one sweep per run (section 4)

    @Option(
            order = 401,
            names = "--mtu",
            paramLabel = "LIST",
            description = {
                "MTU sweep: a list (1500,9000) "
                        + "or START:STOP:STEP (1500:9000:250 counts like seq 1500 250 9000); needs --client-if and --server-if"
            })
    String mtu;

    @Option(
            order = 402,
            names = "--sweep",
            paramLabel = "KIND=LIST",
            description = {"a sweep of streams, " + "processes, window or message-size, e.g. streams=1,2,4,8"})
    String sweep;

    // ---- plans read and written, and where the results go (section 5)

    @Option(
            order = 501,
            names = "--plan",
            paramLabel = "PLAN.json",
            description = "a saved plan; the options given as well override it")
    Path plan;

    @Option(order = 502, names = "--save-plan", paramLabel = "PLAN.json", description = "save the plan as run")
    Path savePlan;

    @Option(order = 503, names = "--dry-run", description = "print the commands per host and exit")
    boolean dryRun;

    @Option(order = 504, names = "--out", paramLabel = "DIR", description = "the folder for the results: new or empty")
    Path out;

    @Option(
            order = 505,
            names = "--force",
            description = {
                "use --out DIR although it holds files: an earlier "
                        + "run's files there are removed (and named on stderr), others are kept"
            })
    boolean force;

    /**
     * The plan the options ask for: a saved plan (--plan) with the options given overriding it, else the options
     * over a new plan's defaults. Every required option that is missing is named in one message.
     *
     * @param given whether an option (by its long name) is on the command line, not just at its default
     */
    TestPlan plan(Predicate<String> given) {
        requireAll();
        TestPlan base;
        if (plan != null) {
            try {
                base = PlanFiles.read(plan);
            } catch (FileFormatException e) {
                throw new UsageException("--plan: " + e.getMessage());
            }
        } else {
            base = TestPlan.defaults(null, null, null);
        }
        // an option with a default takes the plan's value unless it is on the command line
        Predicate<String> flag = name -> plan == null || given.test(name);
        TestPlan.End clientEnd = new TestPlan.End(
                or(client, login(base.client())),
                or(clientInterface, base.client() == null ? null : base.client().dataInterface()),
                cpus("--client-cpus", clientCpus, base.client()));
        TestPlan.End serverEnd = new TestPlan.End(
                or(server, login(base.server())),
                or(serverInterface, base.server() == null ? null : base.server().dataInterface()),
                cpus("--server-cpus", serverCpus, base.server()));
        Tool chosenTool = base.tool();
        if (flag.test("--tool")) {
            try {
                chosenTool = Tool.fromId(tool);
            } catch (IllegalArgumentException e) {
                throw new UsageException("--tool: " + e.getMessage());
            }
        }
        if (reverse && bidir) {
            throw new UsageException("--reverse and --bidir exclude each other; choose one");
        }
        TestPlan.Mode mode = reverse ? TestPlan.Mode.REVERSE : bidir ? TestPlan.Mode.BIDIR : base.mode();
        TestPlan.Protocol protocol = udp ? TestPlan.Protocol.UDP : base.protocol();
        return new TestPlan(
                chosenTool,
                clientEnd,
                serverEnd,
                or(target, base.target()),
                protocol,
                or(bitrate, base.udpBitrate()),
                flag.test("--duration") ? duration : base.durationS(),
                flag.test("--interval") ? interval : base.intervalS(),
                flag.test("--omit") ? omit : base.omitS(),
                flag.test("--streams") ? streams : base.streams(),
                flag.test("--processes") ? processes : base.processes(),
                flag.test("--port") ? port : base.basePort(),
                mode,
                or(window, base.window()),
                or(messageSize, base.messageSize()),
                flag.test("--repeat") ? repeat : base.repetitions(),
                sweep(base.sweep()));
    }

    /** All the required options that are missing, in one message: hosts and target (or --plan), and --out. */
    private void requireAll() {
        List<String> missing = new ArrayList<>();
        if (plan == null) {
            if (client == null) {
                missing.add("--client");
            }
            if (server == null) {
                missing.add("--server");
            }
            if (target == null) {
                missing.add("--target");
            }
        }
        boolean hostsMissing = !missing.isEmpty();
        if (out == null && !dryRun) {
            missing.add("--out");
        }
        if (missing.isEmpty()) {
            return;
        }
        List<String> why = new ArrayList<>();
        if (hostsMissing) {
            why.add("--plan FILE can give --client, --server and --target");
        }
        if (out == null && !dryRun) {
            why.add("--out DIR is the folder that receives samples.csv, summary.csv, run.json (and sweep.csv); "
                    + "--dry-run only prints the commands");
        }
        String names = missing.size() == 1
                ? missing.get(0)
                : String.join(", ", missing.subList(0, missing.size() - 1)) + " and " + missing.get(missing.size() - 1);
        throw new UsageException(
                names + (missing.size() == 1 ? " is" : " are") + " required (" + String.join("; ", why) + ")");
    }

    private TestPlan.Sweep sweep(TestPlan.Sweep base) {
        if (mtu != null && sweep != null) {
            throw new UsageException("--mtu and --sweep exclude each other: one sweep per run");
        }
        if (mtu != null) {
            return new TestPlan.Sweep(TestPlan.SweepKind.MTU, expand("--mtu", mtu));
        }
        if (sweep == null) {
            return base;
        }
        int eq = sweep.indexOf('=');
        if (eq > 0) {
            for (TestPlan.SweepKind k : TestPlan.SweepKind.values()) {
                if (SweepPoints.label(k).equals(sweep.substring(0, eq).trim())) {
                    return new TestPlan.Sweep(k, expand("--sweep", sweep.substring(eq + 1)));
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
                case "--interval" -> ToolDriver.interval(d.intervalS());
                case "--omit" -> String.valueOf(d.omitS());
                case "--repeat" -> String.valueOf(d.repetitions());
                default -> null;
            };
        }
    }
}
