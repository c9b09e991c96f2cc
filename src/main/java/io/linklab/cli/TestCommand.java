package io.linklab.cli;

import io.linklab.engine.CommandPreview;
import io.linklab.engine.LoginTransports;
import io.linklab.engine.ParserFactory;
import io.linklab.engine.ResultsStore;
import io.linklab.engine.RunHandle;
import io.linklab.engine.RunInfo;
import io.linklab.engine.RunListener;
import io.linklab.engine.RunOutcome;
import io.linklab.engine.SweepPoints;
import io.linklab.engine.TestEngine;
import io.linklab.engine.TransportFactory;
import io.linklab.engine.files.FileFormatException;
import io.linklab.engine.files.PlanFiles;
import io.linklab.model.InvalidValueException;
import io.linklab.model.SweepRow;
import io.linklab.model.TestPlan;
import io.linklab.model.Tool;
import io.linklab.model.ToolEvent;
import io.linklab.remote.LoginPrompts;
import io.linklab.remote.SshSettings;
import io.linklab.tools.command.PlanCheck;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The `test` subcommand: runs a test or a sweep on two hosts and writes its CSVs and run.json into --out. */
public final class TestCommand implements CliCommand {

    private static final Set<String> VALUE_FLAGS = Set.of("--client", "--server", "--target", "--client-if",
            "--server-if", "--tool", "--streams", "--processes", "--port", "--duration", "--interval", "--omit",
            "--bitrate", "--window", "--message-size", "--mtu", "--repeat", "--out", "--plan", "--save-plan",
            "--sweep", "--client-cpus", "--server-cpus");
    private static final Set<String> SWITCHES = Set.of("--reverse", "--bidir", "--udp", SshOptions.ACCEPT_NEW,
            "--dry-run");

    /** Maps a plan field of a {@link PlanCheck.Problem} to the flag that sets it. */
    private static final Map<String, String> FLAG_OF = Map.ofEntries(Map.entry("client.login", "--client"),
            Map.entry("server.login", "--server"), Map.entry("target", "--target"),
            Map.entry("client.interface", "--client-if"), Map.entry("server.interface", "--server-if"),
            Map.entry("duration", "--duration"), Map.entry("interval", "--interval"), Map.entry("omit", "--omit"),
            Map.entry("streams", "--streams"), Map.entry("processes", "--processes"), Map.entry("port", "--port"),
            Map.entry("window", "--window"), Map.entry("message-size", "--message-size"),
            Map.entry("bitrate", "--bitrate"), Map.entry("repetitions", "--repeat"), Map.entry("mode", "--bidir"),
            Map.entry("tool", "--tool"), Map.entry("cpus", "--client-cpus or --server-cpus"));

    /** How the CLI reaches hosts; the default opens SSH (or local) transports with the given settings. */
    interface Transports {
        TransportFactory create(SshSettings settings, LoginPrompts prompts);
    }

    private final Transports transports;

    public TestCommand() {
        this(LoginTransports::new);
    }

    TestCommand(Transports transports) {
        this.transports = transports;
    }

    @Override
    public String name() {
        return "test";
    }

    @Override
    public String summary() {
        return "run a test or a sweep (MTU, streams, processes…) on two hosts over SSH";
    }

    @Override
    public String usage() {
        return """
                Usage: java -jar linklab.jar test
                  --client LOGIN --server LOGIN                         USER@HOST[:PORT], an alias of the ssh
                                                                        config, or `local`
                  --target ADDR                                         data address the client sends to
                  [--client-if IF] [--server-if IF]                     data interfaces (needed for --mtu)
                  [--client-cpus LIST] [--server-cpus LIST]             pin process i to CPU LIST[i], e.g. 2,4,6-9
                  [--ssh-config FILE] [--identity KEYFILE] [--known-hosts FILE] [--accept-new-host-keys]
                  [--tool iperf3|iperf2|netperf] [--streams N] [--processes N] [--port P]
                  [--duration SECONDS] [--interval SECONDS] [--omit SECONDS]
                  [--reverse | --bidir] [--udp --bitrate RATE] [--window SIZE] [--message-size SIZE]
                  [--mtu LIST | --mtu START:STOP:STEP] [--repeat N]
                  [--sweep streams|processes|window|message-size=LIST]
                  [--plan PLAN.json] [--save-plan PLAN.json] [--dry-run]
                  --out DIR

                Runs the tool's servers on --server and its clients on --client, N processes on consecutive
                ports from --port (default 5201) merged into one SUM. --mtu sets each MTU on both data
                interfaces, checks it with don't-fragment pings and restores the originals afterwards, also
                if LinkLab dies (each host restores by itself 15 s after LinkLab stops answering).
                --mtu 1500:9000:250 counts like `seq 1500 250 9000`. --plan reads a saved plan; flags given
                as well override it. --dry-run prints the commands per host and exits.

                Hosts are reached as by `linklab probe`:
                """ + SshOptions.HELP + """

                Writes into DIR: samples.csv, summary.csv, run.json, sweep.csv (sweeps), journal.jsonl and
                raw/ (tool output per process). Progress goes to stderr, the result table to stdout.
                Exit status: 0 all measured, 1 a point or a host failed (what was measured is still
                written), 2 bad usage or input.
                """;
    }

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) {
        Map<String, String> opts = new HashMap<>();
        Set<String> switches = new java.util.HashSet<>();
        parse(args, opts, switches);

        TestPlan plan = buildPlan(opts, switches);
        List<PlanCheck.Problem> problems = PlanCheck.problems(plan);
        if (!problems.isEmpty()) {
            PlanCheck.Problem p = problems.get(0);
            String flag = FLAG_OF.getOrDefault(p.field(), p.field().startsWith("sweep") ? (opts.containsKey("--mtu")
                    ? "--mtu" : "--sweep") : p.field());
            throw new UsageException(flag + ": '" + p.value() + "' is not valid — " + p.message());
        }
        if (opts.containsKey("--save-plan")) {
            try {
                PlanFiles.write(Path.of(opts.get("--save-plan")), plan);
                err.println("plan saved to " + opts.get("--save-plan"));
            } catch (IOException e) {
                throw new UsageException("--save-plan: cannot write " + opts.get("--save-plan") + ": "
                        + e.getMessage());
            }
        }
        if (switches.contains("--dry-run")) {
            CommandPreview.forPlan(plan).forEach((host, lines) -> {
                out.println("[" + host + "]");
                lines.forEach(l -> out.println("  " + l));
            });
            return Cli.OK;
        }
        String outDir = opts.get("--out");
        if (outDir == null) {
            throw new UsageException("--out DIR is required: the folder that receives samples.csv, summary.csv, "
                    + "run.json" + (plan.isSweep() ? " and sweep.csv" : ""));
        }
        Path dir = Path.of(outDir);
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new UsageException("--out: " + dir + " exists and is not a folder");
        }
        SshSettings ssh = SshOptions.settings(opts, switches.contains(SshOptions.ACCEPT_NEW));
        TransportFactory factory = transports.create(ssh, SshOptions.prompts(err));
        TestEngine engine = new TestEngine(ResultsStore.defaultStore(), factory, ParserFactory.live());
        return execute(engine, plan, dir, out, err);
    }

    private static int execute(TestEngine engine, TestPlan plan, Path dir, PrintStream out, PrintStream err) {
        ProgressPrinter progress = new ProgressPrinter(err);
        RunHandle handle;
        try {
            handle = engine.start(plan, progress, dir);
        } catch (IOException e) {
            throw new UsageException("--out: cannot write into " + dir + ": " + e.getMessage());
        } catch (InvalidValueException e) {
            throw new UsageException(FLAG_OF.getOrDefault(e.field(), e.field()) + ": " + e.getMessage());
        }
        // Ctrl-C or a kill: stop the run properly (servers stopped, MTUs restored, files written).
        Thread hook = new Thread(() -> {
            handle.cancel();
            try {
                handle.await(Duration.ofSeconds(60));
            } catch (InterruptedException ignored) {
                // the JVM is going down anyway
            }
        }, "linklab-test-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        Optional<RunOutcome> outcome;
        try {
            do {
                outcome = handle.await(Duration.ofSeconds(1));
            } while (outcome.isEmpty());
        } catch (InterruptedException e) {
            handle.cancel();
            Thread.currentThread().interrupt();
            return Cli.FAILED;
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook is already running and finishes the clean-up
            }
        }
        RunOutcome o = outcome.get();
        printTable(out, progress.rows());
        err.println(switch (o.status()) {
            case OK -> "done: " + o.message();
            case CANCELLED -> "cancelled: " + o.message();
            case FAILED -> "failed: " + o.message();
        });
        err.println("results in " + o.runDir());
        return o.ok() ? Cli.OK : Cli.FAILED;
    }

    private static void printTable(PrintStream out, List<SweepRow> rows) {
        if (rows.isEmpty()) {
            return;
        }
        out.printf(Locale.ROOT, "%-18s %-4s %14s %14s %14s %8s %7s  %s%n", "point", "dir", "Gbit/s", "min", "max",
                "retr", "gain", "status");
        for (SweepRow r : rows) {
            out.printf(Locale.ROOT, "%-18s %-4s %14s %14s %14s %8s %7s  %s%n", r.point().isEmpty() ? "-" : r.point(),
                    r.direction().csv(), gbit(r.bitsPerSecond()), gbit(r.bitsPerSecondMin()),
                    gbit(r.bitsPerSecondMax()), r.retransmits() == null ? "" : r.retransmits(),
                    r.gain() == null ? "" : String.format(Locale.ROOT, "%.2f", r.gain()), r.status());
        }
    }

    private static String gbit(Double bps) {
        return bps == null ? "" : String.format(Locale.ROOT, "%.3f", bps / 1e9);
    }

    /** Progress lines on stderr, as a person watching a terminal wants them. */
    private static final class ProgressPrinter implements RunListener {
        private final PrintStream err;
        private final List<SweepRow> rows = new ArrayList<>();

        ProgressPrinter(PrintStream err) {
            this.err = err;
        }

        synchronized List<SweepRow> rows() {
            return List.copyOf(rows);
        }

        @Override
        public void runStarted(RunInfo info) {
            err.println("run " + info.runId() + " → " + info.runDir());
        }

        @Override
        public void progress(String message) {
            err.println(message);
        }

        @Override
        public void event(String point, ToolEvent event) {
            if (event.severity() != ToolEvent.Severity.INFO && !"point-failed".equals(event.kind())) {
                err.println((point.isEmpty() ? "" : point + ": ") + event.severity().name().toLowerCase(Locale.ROOT)
                        + ": " + event.message());
            }
        }

        @Override
        public void pointFinished(String point, List<SweepRow> pointRows) {
            synchronized (this) {
                rows.addAll(pointRows);
            }
            for (SweepRow r : pointRows) {
                err.println((point.isEmpty() ? "" : point + " ") + r.direction().csv() + ": "
                        + (r.bitsPerSecond() == null ? "-" : gbit(r.bitsPerSecond()) + " Gbit/s")
                        + (r.ok() ? "" : " (" + r.status() + ")"));
            }
        }
    }

    // ---- flags ------------------------------------------------------------------------------------------------

    private static void parse(List<String> args, Map<String, String> opts, Set<String> switches) {
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            String value = null;
            if (a.startsWith("--") && a.contains("=")) {
                value = a.substring(a.indexOf('=') + 1);
                a = a.substring(0, a.indexOf('='));
            }
            if (SWITCHES.contains(a)) {
                if (value != null) {
                    throw new UsageException(a + " takes no value");
                }
                switches.add(a);
            } else if (VALUE_FLAGS.contains(a) || SshOptions.VALUE_FLAGS.contains(a)) {
                if (value == null) {
                    if (i + 1 >= args.size()) {
                        throw new UsageException(a + " needs a value");
                    }
                    value = args.get(++i);
                }
                if (opts.put(a, value) != null) {
                    throw new UsageException(a + " is given twice");
                }
            } else {
                throw new UsageException("unknown option '" + a + "'. Run 'linklab test --help' for the options.");
            }
        }
    }

    static TestPlan buildPlan(Map<String, String> opts, Set<String> switches) {
        TestPlan base;
        if (opts.containsKey("--plan")) {
            try {
                base = PlanFiles.read(Path.of(opts.get("--plan")));
            } catch (FileFormatException e) {
                throw new UsageException("--plan: " + e.getMessage());
            }
        } else {
            for (String required : List.of("--client", "--server", "--target")) {
                if (!opts.containsKey(required)) {
                    throw new UsageException(required + " is required (or --plan FILE)");
                }
            }
            base = TestPlan.defaults(null, null, null);
        }
        TestPlan.End client = new TestPlan.End(opts.getOrDefault("--client", login(base.client())),
                opts.getOrDefault("--client-if", base.client() == null ? null : base.client().dataInterface()),
                cpus(opts, "--client-cpus", base.client()));
        TestPlan.End server = new TestPlan.End(opts.getOrDefault("--server", login(base.server())),
                opts.getOrDefault("--server-if", base.server() == null ? null : base.server().dataInterface()),
                cpus(opts, "--server-cpus", base.server()));
        Tool tool = base.tool();
        if (opts.containsKey("--tool")) {
            try {
                tool = Tool.fromId(opts.get("--tool"));
            } catch (IllegalArgumentException e) {
                throw new UsageException("--tool: " + e.getMessage());
            }
        }
        if (switches.contains("--reverse") && switches.contains("--bidir")) {
            throw new UsageException("--reverse and --bidir exclude each other; choose one");
        }
        TestPlan.Mode mode = switches.contains("--reverse") ? TestPlan.Mode.REVERSE
                : switches.contains("--bidir") ? TestPlan.Mode.BIDIR : base.mode();
        TestPlan.Protocol protocol = switches.contains("--udp") ? TestPlan.Protocol.UDP : base.protocol();
        TestPlan.Sweep sweep = base.sweep();
        if (opts.containsKey("--mtu") && opts.containsKey("--sweep")) {
            throw new UsageException("--mtu and --sweep exclude each other: one sweep per run");
        }
        if (opts.containsKey("--mtu")) {
            sweep = new TestPlan.Sweep(TestPlan.SweepKind.MTU, expand("--mtu", opts.get("--mtu")));
        } else if (opts.containsKey("--sweep")) {
            String s = opts.get("--sweep");
            int eq = s.indexOf('=');
            TestPlan.SweepKind kind = null;
            if (eq > 0) {
                for (TestPlan.SweepKind k : TestPlan.SweepKind.values()) {
                    if (SweepPoints.label(k).equals(s.substring(0, eq).trim())) {
                        kind = k;
                    }
                }
            }
            if (kind == null) {
                throw new UsageException("--sweep: expected KIND=LIST with KIND one of mtu, streams, processes, "
                        + "window, message-size (e.g. --sweep streams=1,2,4,8)");
            }
            sweep = new TestPlan.Sweep(kind, expand("--sweep", s.substring(eq + 1)));
        }
        return new TestPlan(tool, client, server, opts.getOrDefault("--target", base.target()), protocol,
                opts.getOrDefault("--bitrate", base.udpBitrate()),
                integer(opts, "--duration", base.durationS()),
                decimal(opts, "--interval", base.intervalS()),
                integer(opts, "--omit", base.omitS()),
                integer(opts, "--streams", base.streams()),
                integer(opts, "--processes", base.processes()),
                integer(opts, "--port", base.basePort()),
                mode,
                opts.getOrDefault("--window", base.window()),
                opts.getOrDefault("--message-size", base.messageSize()),
                integer(opts, "--repeat", base.repetitions()),
                sweep);
    }

    private static List<String> expand(String flag, String spec) {
        try {
            return SweepPoints.expand(flag, spec);
        } catch (InvalidValueException e) {
            throw new UsageException(e.getMessage());
        }
    }

    private static String login(TestPlan.End end) {
        return end == null ? null : end.login();
    }

    /** The CPU list a flag gives ("2,4,6-9"), else the plan's. */
    static List<Integer> cpus(Map<String, String> opts, String flag, TestPlan.End base) {
        String v = opts.get(flag);
        if (v == null) {
            return base == null ? List.of() : base.cpus();
        }
        try {
            return TestPlan.End.parseCpus(flag, v);
        } catch (InvalidValueException e) {
            throw new UsageException(e.getMessage());
        }
    }

    private static int integer(Map<String, String> opts, String flag, int fallback) {
        String v = opts.get(flag);
        if (v == null) {
            return fallback;
        }
        try {
            return Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            throw new UsageException(flag + ": '" + v + "' is not a whole number");
        }
    }

    private static double decimal(Map<String, String> opts, String flag, double fallback) {
        String v = opts.get(flag);
        if (v == null) {
            return fallback;
        }
        try {
            return Double.parseDouble(v.trim());
        } catch (NumberFormatException e) {
            throw new UsageException(flag + ": '" + v + "' is not a number of seconds such as 1 or 0.5");
        }
    }
}
