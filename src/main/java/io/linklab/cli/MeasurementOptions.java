package io.linklab.cli;

import io.linklab.engine.SweepPoints;
import io.linklab.model.TestPlan;
import io.linklab.model.Tool;
import io.linklab.tools.driver.ToolDriver;
import java.util.Arrays;
import java.util.Iterator;
import java.util.function.Predicate;
import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;

/**
 * What a test runs and how, and its sweep: the options `test` and `matrix` share (a mixin). Their {@code order}
 * puts them into --help's sections ({@link OptionSections}). iperf3's short options are aliases with iperf3's
 * meaning (-P -t -i -O -R -u -b -w -l -p).
 */
final class MeasurementOptions {
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

    /** --mtu: each command declares it, as what it needs differs (test: --client-if, matrix: --lab). */
    String mtu;

    @Option(
            order = 402,
            names = "--sweep",
            paramLabel = "KIND=LIST",
            description = {"a sweep of mtu, streams, processes, window or message-size, e.g. streams=1,2,4,8"})
    String sweep;

    /**
     * The plan with these options over {@code base}'s values: an option with a default takes the base's value
     * unless {@code flag} says it is on the command line.
     */
    TestPlan plan(TestPlan base, Predicate<String> flag, TestPlan.End client, TestPlan.End server, String target) {
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
                client,
                server,
                target,
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

    private TestPlan.Sweep sweep(TestPlan.Sweep base) {
        if (mtu != null && sweep != null) {
            throw new UsageException("--mtu and --sweep exclude each other: one sweep per run");
        }
        if (mtu != null) {
            return new TestPlan.Sweep(
                    TestPlan.SweepKind.MTU, UsageException.parsed(() -> SweepPoints.expand("--mtu", mtu)));
        }
        if (sweep == null) {
            return base;
        }
        int eq = sweep.indexOf('=');
        if (eq > 0) {
            for (TestPlan.SweepKind k : TestPlan.SweepKind.values()) {
                if (SweepPoints.label(k).equals(sweep.substring(0, eq).trim())) {
                    return new TestPlan.Sweep(
                            k, UsageException.parsed(() -> SweepPoints.expand("--sweep", sweep.substring(eq + 1))));
                }
            }
        }
        throw new UsageException("--sweep: expected KIND=LIST with KIND one of mtu, streams, processes, "
                + "window, message-size (e.g. --sweep streams=1,2,4,8)");
    }

    private static String or(String given, String fallback) {
        return given != null ? given : fallback;
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
