package io.linklab.cli;

import io.linklab.engine.CommandPreview;
import io.linklab.engine.ParserFactory;
import io.linklab.engine.RunHandle;
import io.linklab.engine.RunOutcome;
import io.linklab.engine.TestEngine;
import io.linklab.engine.TransportFactory;
import io.linklab.model.Expectation;
import io.linklab.model.InvalidValueException;
import io.linklab.model.SweepRow;
import io.linklab.model.TestPlan;
import io.linklab.model.Topology;
import io.linklab.model.Verdict;
import io.linklab.remote.LoginPrompts;
import io.linklab.remote.SshSettings;
import io.linklab.store.FileFormatException;
import io.linklab.store.PlanFiles;
import io.linklab.store.ResultsStore;
import io.linklab.store.RunFolder;
import io.linklab.store.RunRecord;
import io.linklab.tools.plan.PlanCheck;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** The `test` subcommand: runs a test or a sweep on two hosts and writes its CSVs and run.json into --out. */
@Command(
        name = "test",
        mixinStandardHelpOptions = true,
        versionProvider = Cli.Version.class,
        sortOptions = false,
        defaultValueProvider = MeasurementOptions.PlanDefaults.class,
        description = "run a test or a sweep (MTU, streams, processes…) on two hosts over SSH",
        customSynopsis = {
            "${COMMAND-FULL-NAME} --client LOGIN --server LOGIN --target ADDR --out DIR [OPTIONS]",
            "       ${COMMAND-FULL-NAME} --plan PLAN.json [OPTIONS] (--out DIR | --dry-run)"
        },
        descriptionHeading = "%n",
        optionListHeading = "%n",
        footer = {
            "",
            "Runs the tool's servers on --server and its clients on --client: --processes pairs on consecutive "
                    + "ports from --port, each with --streams streams, merged into one SUM. --mtu sets each MTU on both "
                    + "data interfaces, checks it with don't-fragment pings and restores the originals afterwards, "
                    + "also if LinkLab dies (each host restores by itself 15 s after LinkLab stops answering, or as "
                    + "long as --mtu-restore-after says). A restore that fails says on stderr which interface is left "
                    + "at which MTU and the ip link set command to run as root should the host not restore it itself.",
            "",
            "Writes into DIR: samples.csv, summary.csv, run.json, sweep.csv (sweeps), host_counters.csv (CPU, NIC "
                    + "and TCP counters of both hosts), findings.csv (what limited the test), journal.jsonl, raw/ "
                    + "(tool output per process) and its lock files .lock and .run.json.lock. DIR must be new or "
                    + "empty: an earlier run there is never written over unless --force says so (a run that failed "
                    + "before it measured anything is replaced, saying so). Progress goes to stderr, the result "
                    + "table to stdout.",
            "",
            "Exit status: 0 all measured, 1 a point or a host failed (what was measured is still written), 2 bad "
                    + "usage or input, 130 stopped by Ctrl-C (SIGINT), 143 by SIGTERM, 129 by SIGHUP (each stops the "
                    + "tools, restores the MTUs and writes what was measured first)."
        })
public final class RunTestCommand extends CliCommand {

    /** Maps a plan field of a {@link PlanCheck.Problem} to the flag that sets it. */
    private static final Map<String, String> FLAG_OF = Map.ofEntries(
            Map.entry("client.login", "--client"),
            Map.entry("server.login", "--server"),
            Map.entry("target", "--target"),
            Map.entry("client.interface", "--client-if"),
            Map.entry("server.interface", "--server-if"),
            Map.entry("duration", "--duration"),
            Map.entry("interval", "--interval"),
            Map.entry("omit", "--omit"),
            Map.entry("streams", "--streams"),
            Map.entry("processes", "--processes"),
            Map.entry("port", "--port"),
            Map.entry("window", "--window"),
            Map.entry("message-size", "--message-size"),
            Map.entry("bitrate", "--bitrate"),
            Map.entry("repetitions", "--repeat"),
            Map.entry("mode", "--bidir"),
            Map.entry("tool", "--tool"),
            Map.entry("cpus", "--client-cpus or --server-cpus"));

    /** How the CLI reaches hosts; the default opens SSH (or local) transports with the given settings. */
    interface Transports {
        /** Logins with these settings, looked up in {@code lab} first where a command has one (else null). */
        TransportFactory create(SshSettings settings, LoginPrompts prompts, Topology lab);
    }

    private final Transports transports;

    @Spec
    CommandSpec spec;

    @Mixin
    TestOptions options = new TestOptions();

    @Mixin
    SshOptions ssh = new SshOptions();

    @Override
    Map<Integer, String> sections() {
        return Map.of(
                1,
                "Hosts:",
                2,
                "SSH (as for probe):",
                3,
                "Test (iperf3's short options mean what they mean in iperf3):",
                4,
                "Sweep:",
                5,
                "Plans and results:");
    }

    RunTestCommand(Transports transports) {
        this.transports = transports;
    }

    /** Runs `linklab test ARGS` with this command's way to the hosts (tests, the start-up training). */
    int run(List<String> args, PrintStream out, PrintStream err) {
        List<String> all = new ArrayList<>(List.of("test"));
        all.addAll(args);
        return Cli.run(all.toArray(String[]::new), out, err, transports);
    }

    @Override
    public Integer call() {
        TestPlan plan = options.plan(name -> spec.commandLine().getParseResult().hasMatchedOption(name));
        List<PlanCheck.Problem> problems = PlanCheck.problems(plan);
        List<PlanCheck.Problem> missing = problems.stream()
                .filter(p -> p.value().isEmpty() && FLAG_OF.containsKey(p.field()))
                .toList();
        if (!missing.isEmpty()) {
            // every option that is missing in one message, and no '' quoted that the user never typed
            throw new UsageException(
                    missing.stream().map(p -> FLAG_OF.get(p.field())).collect(Collectors.joining(" and "))
                            + (missing.size() == 1 ? " is" : " are") + " missing — "
                            + missing.stream().map(PlanCheck.Problem::message).collect(Collectors.joining("; ")));
        }
        if (!problems.isEmpty()) {
            PlanCheck.Problem p = problems.get(0);
            String flag = FLAG_OF.getOrDefault(
                    p.field(),
                    p.field().startsWith("sweep")
                            ? (options.measurement.mtu != null ? "--mtu" : "--sweep")
                            : p.field());
            throw new UsageException(flag + ": '" + p.value() + "' is not valid — " + p.message());
        }
        Expectation expectation = options.expect == null
                ? Expectation.DEFAULT
                : UsageException.parsed(() -> Expectation.parse("--expect", options.expect));
        if (options.savePlan != null) {
            try {
                PlanFiles.write(options.savePlan, plan);
                err.println("plan saved to " + options.savePlan);
            } catch (IOException e) {
                throw new UsageException("--save-plan: cannot write " + options.savePlan + ": " + e.getMessage());
            }
        }
        if (options.dryRun) {
            CommandPreview.forPlan(plan).forEach((host, lines) -> {
                out.println("[" + host + "]");
                lines.forEach(l -> out.println("  " + l));
            });
            return Cli.OK;
        }
        Path dir = options.out;
        List<String> there = entries(dir, options.force);
        SshSettings settings = ssh.settings();
        TransportFactory factory = transports.create(settings, SshOptions.prompts(err), null);
        TestEngine engine =
                new TestEngine(ResultsStore.defaultStore(), factory, ParserFactory.live()).withExpectation(expectation);
        if (options.mtuRestoreAfter != null) {
            try {
                engine = engine.withMtuRestoreAfter(Duration.ofSeconds(options.mtuRestoreAfter));
            } catch (IllegalArgumentException e) {
                throw new UsageException(
                        "--mtu-restore-after: '" + options.mtuRestoreAfter + "' is not valid — " + e.getMessage());
            }
        }
        if (!there.isEmpty()) {
            replaceEarlierRun(dir, err);
        }
        return execute(engine, plan, dir);
    }

    /**
     * What --out holds now (nothing when it does not exist yet); refused unless empty, {@code force}, or a run that
     * failed before it measured anything (`test` and `tune` share the rule).
     */
    static List<String> entries(Path dir, boolean force) {
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new UsageException("--out: " + dir + " exists and is not a folder");
        }
        List<String> there;
        try {
            there = RunFolder.entries(dir);
        } catch (IOException e) {
            throw new UsageException("--out: cannot read " + dir + ": " + e.getMessage());
        }
        if (!there.isEmpty() && !force && !RunFolder.holdsARunThatMeasuredNothing(dir)) {
            throw new UsageException("--out: " + dir + " is not empty (" + listing(there) + "); choose a new "
                    + "folder, or pass --force to replace the earlier run's files there");
        }
        return there;
    }

    static void replaceEarlierRun(Path dir, PrintStream err) {
        String why = RunFolder.holdsARunThatMeasuredNothing(dir)
                ? "--out: " + dir + " holds a run that failed before it measured anything: "
                : "--force: ";
        RunFolder.Replacement r;
        try {
            r = RunFolder.replaceEarlierRun(dir);
        } catch (IOException e) {
            throw new UsageException("--out: cannot replace the earlier run in " + dir + ": " + e.getMessage());
        }
        err.println(why
                + (r.removed().isEmpty()
                        ? dir + " holds no earlier run"
                        : "replacing the earlier run in " + dir + ": removed " + String.join(", ", r.removed()))
                + (r.kept().isEmpty() ? "" : "; kept " + String.join(", ", r.kept()) + " (not a run's files)"));
    }

    private static String listing(List<String> entries) {
        int shown = Math.min(entries.size(), 6);
        return "it holds " + String.join(", ", entries.subList(0, shown))
                + (entries.size() > shown ? " and " + (entries.size() - shown) + " more" : "");
    }

    private int execute(TestEngine engine, TestPlan plan, Path dir) {
        TestProgress progress = new TestProgress(err);
        RunHandle handle;
        try {
            handle = engine.start(plan, progress, dir);
        } catch (IOException e) {
            throw new UsageException("--out: cannot write into " + dir + ": " + e.getMessage());
        } catch (InvalidValueException e) {
            throw new UsageException(FLAG_OF.getOrDefault(e.field(), e.field()) + ": " + e.getMessage());
        }
        // Ctrl-C, SIGTERM, SIGHUP: stop the run properly (servers stopped, MTUs restored, files written).
        StopSignals signals = StopSignals.install(handle, err);
        try {
            RunOutcome o = awaitEnd(handle);
            if (o == null) {
                handle.cancel();
                return Cli.FAILED;
            }
            Expectation.Expected expected = expected(o.runDir());
            printOutcome(o, progress, expected, out, err);
            boolean belowExpected = options.expect != null && belowExpected(progress.rows(), expected, err);
            return signals.exitStatus().orElse(o.ok() && !belowExpected ? Cli.OK : Cli.FAILED);
        } finally {
            signals.close();
        }
    }

    /** The run's outcome once it ended, or null if this thread was interrupted while waiting. */
    static RunOutcome awaitEnd(RunHandle handle) {
        try {
            Optional<RunOutcome> outcome;
            do {
                outcome = handle.await(Duration.ofSeconds(1));
            } while (outcome.isEmpty());
            return outcome.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** What the run judged its directions and points against, as its run.json says (no verdict if unreadable). */
    private static Expectation.Expected expected(Path runDir) {
        try {
            Expectation.Expected e = RunRecord.read(runDir).expected();
            return e != null ? e : Expectation.Expected.none("no verdict: the run recorded no expected rate");
        } catch (FileFormatException e) {
            return Expectation.Expected.none("no verdict: " + e.getMessage());
        }
    }

    /** Whether a point fell below the expected rate (each such one named on stderr); says why there is no verdict. */
    private static boolean belowExpected(List<SweepRow> rows, Expectation.Expected expected, PrintStream err) {
        if (expected.bitsPerSecond() == null) {
            err.println("--expect: " + expected.whyNone());
            return false;
        }
        boolean below = false;
        for (SweepRow r : rows) {
            Verdict v = expected.judge(r.bitsPerSecond());
            if (v.failed()) {
                below = true;
                err.println("below the expected rate: " + (r.point().isEmpty() ? "" : r.point() + " ")
                        + r.direction().csv() + " " + v.text());
            }
        }
        return below;
    }

    private static void printOutcome(
            RunOutcome o, TestProgress progress, Expectation.Expected expected, PrintStream out, PrintStream err) {
        TestProgress.printTable(out, progress.rows(), expected);
        FindingsBlock.print(out, err, o.runDir());
        err.println(
                switch (o.status()) {
                    case OK -> "done: " + o.message();
                    case CANCELLED -> "cancelled: " + o.message();
                    case FAILED -> "failed: " + o.message();
                });
        err.println("results in " + o.runDir());
    }
}
