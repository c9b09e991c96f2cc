package io.linklab.cli;

import io.linklab.counters.HostCounterRow;
import io.linklab.engine.ParserFactory;
import io.linklab.engine.RunHandle;
import io.linklab.engine.RunListener;
import io.linklab.engine.RunOutcome;
import io.linklab.engine.TestEngine;
import io.linklab.model.InvalidValueException;
import io.linklab.model.TestPlan;
import io.linklab.store.ResultsStore;
import io.linklab.tune.Dimension;
import io.linklab.tune.TuneBudget;
import io.linklab.tune.TuneCsv;
import io.linklab.tune.TuneDriver;
import io.linklab.tune.TuneFiles;
import io.linklab.tune.TuneInputs;
import io.linklab.tune.TuneReport;
import io.linklab.tune.TuneRequest;
import io.linklab.tune.TuneResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The `tune` subcommand: searches the settings that fill the link within a time budget, as one run in --out. */
@Command(
        name = "tune",
        mixinStandardHelpOptions = true,
        versionProvider = Cli.Version.class,
        sortOptions = false,
        description = "find the tool, processes, streams, pinning and window that fill the link, within a time budget",
        descriptionHeading = "%n",
        optionListHeading = "%n",
        footer = {
            "",
            "Runs short probes (2 s after 1 s of warm-up, twice; 1 s after 1 s for a budget under a minute) between "
                    + "--client and --server, each chosen from what the earlier ones measured: processes and streams are "
                    + "added while the sum grows, then the other tools, pinning (spread: process i on CPU i; numa: on "
                    + "the CPUs of the data NIC's NUMA node, where the host reports one) and windows are tried on the "
                    + "best so far. A step counts only "
                    + "when it gains more than the spread between the repetitions of a probe; time left over measures "
                    + "the settings within that spread of the best again. The winner is confirmed "
                    + "with 3 runs of 10 s (shorter for a budget under 2 minutes: a twelfth of it, at least 3 s; under 30 s "
                    + "2 runs of 2 s); the "
                    + "time for that is kept back from the budget (when it also has time for two probes), which is a "
                    + "hard limit: after a probe that overran it, the winner is confirmed by the runs that still fit.",
            "",
            "Prints each probe on stderr, then the winner, its rate with min and max, the share of --link-speed, why "
                    + "the search stopped (line rate reached; CPU-bound on the receiver; no further gain; budget used "
                    + "up) and the winner's commands per host as a shell script. Writes into DIR tune.csv (one row per "
                    + "probe) and the usual run files (samples.csv, summary.csv, sweep.csv with one point per probe, "
                    + "run.json …). DIR must be new or empty unless --force.",
            "",
            "With mtu in --vary (not by default: it changes the hosts), --mtu-list names the MTUs to try on "
                    + "--client-if and --server-if, inside the same MTU transaction as test --mtu: both ends are set "
                    + "back to their own MTU at the end, also after a stop or a lost host.",
            "",
            "Exit status: 0 a winner was found, 1 nothing could be measured, 2 bad usage or input, 130/143/129 "
                    + "stopped by a signal (the best so far is still reported)."
        })
public final class TuneCommand extends CliCommand {

    private final RunTestCommand.Transports transports;

    @Mixin
    SshOptions ssh = new SshOptions();

    @Option(
            order = 101,
            names = "--client",
            required = true,
            paramLabel = "LOGIN",
            description = "the end that runs the clients: USER@HOST[:PORT], an alias of the ssh config, or local")
    String client;

    @Option(
            order = 102,
            names = "--server",
            required = true,
            paramLabel = "LOGIN",
            description = "the end that runs the servers, as --client")
    String server;

    @Option(
            order = 103,
            names = {"-c", "--target"},
            required = true,
            paramLabel = "ADDR",
            description = "data address the client sends to, an address of the server's data interface")
    String target;

    @Option(
            order = 104,
            names = {"-p", "--port"},
            paramLabel = "PORT",
            defaultValue = "5201",
            description = "port of the first server (default: ${DEFAULT-VALUE})")
    int port;

    @Option(
            order = 105,
            names = "--client-if",
            paramLabel = "IF",
            description = "the client's data interface (for --vary mtu, and numa pinning)")
    String clientIf;

    @Option(
            order = 106,
            names = "--server-if",
            paramLabel = "IF",
            description = "the server's data interface (for --vary mtu; default for numa pinning: the one holding "
                    + "--target)")
    String serverIf;

    @Option(
            order = 301,
            names = "--budget",
            paramLabel = "TIME",
            defaultValue = "2m",
            description = "the most the whole tune may take: 90s, 2m, 1h (default: ${DEFAULT-VALUE})")
    String budget;

    @Option(
            order = 302,
            names = "--vary",
            paramLabel = "LIST",
            defaultValue = "tool,processes,streams,pinning,window",
            description = "what may change (default: ${DEFAULT-VALUE})")
    String vary;

    @Option(
            order = 303,
            names = "--tools",
            paramLabel = "LIST",
            defaultValue = "iperf3,iperf2,netperf",
            description = "tools to try, the first to start with; one missing on a host is skipped with its reason "
                    + "(default: ${DEFAULT-VALUE})")
    String tools;

    @Option(
            order = 304,
            names = "--max-streams",
            paramLabel = "N",
            defaultValue = "8",
            description = "the most streams per process to try (default: ${DEFAULT-VALUE})")
    int maxStreams;

    @Option(
            order = 305,
            names = "--windows",
            paramLabel = "LIST",
            defaultValue = "4M",
            description = "windows to try besides the tool's default (default: ${DEFAULT-VALUE})")
    String windows;

    @Option(
            order = 307,
            names = "--mtu-list",
            paramLabel = "LIST",
            description = "MTUs to try with --vary ...,mtu, as --mtu of test takes them (1500,9000 or "
                    + "START:STOP:STEP); both ends are set back to their own MTU at the end")
    String mtuList;

    @Option(
            order = 306,
            names = "--link-speed",
            paramLabel = "RATE",
            description = "the link's speed in bits/s such as 25G: the search stops at 95 %% of it")
    String linkSpeed;

    @Option(
            order = 501,
            names = "--out",
            required = true,
            paramLabel = "DIR",
            description = "folder for the results, new or empty")
    Path outDir;

    @Option(order = 502, names = "--force", description = "replace an earlier run's files in --out")
    boolean force;

    TuneCommand(RunTestCommand.Transports transports) {
        this.transports = transports;
    }

    @Override
    Map<Integer, String> sections() {
        return Map.of(1, "Hosts:", 2, "SSH (as for probe):", 3, "Search:", 5, "Results:");
    }

    @Override
    public Integer call() {
        long start = System.nanoTime();
        TuneRequest request = request();
        TestPlan first = request.firstPlan();
        List<String> there = RunTestCommand.entries(outDir, force);
        TestEngine engine = new TestEngine(
                ResultsStore.defaultStore(),
                transports.create(ssh.settings(), SshOptions.prompts(err), null),
                ParserFactory.live());
        if (!there.isEmpty()) {
            RunTestCommand.replaceEarlierRun(outDir, err);
        }
        TuneDriver driver = new TuneDriver(request, start, step -> err.println(TuneReport.stepLine(step)));
        RunHandle handle;
        try {
            handle = engine.start(
                    first,
                    driver,
                    new RunListener() {
                        @Override
                        public void hostCounters(String point, List<HostCounterRow> rows) {
                            driver.hostCounters(rows);
                        }

                        @Override
                        public void progress(String message) {
                            if (!message.startsWith("point ")) {
                                err.println(message);
                            }
                        }
                    },
                    outDir);
        } catch (IOException e) {
            throw new UsageException("--out: cannot write into " + outDir + ": " + e.getMessage());
        } catch (InvalidValueException e) {
            throw new UsageException(e.getMessage());
        }
        StopSignals signals = StopSignals.install(handle, err);
        try {
            RunOutcome o = RunTestCommand.awaitEnd(handle);
            if (o == null) {
                handle.cancel();
                return Cli.FAILED;
            }
            return signals.exitStatus().orElse(report(driver, request, o));
        } finally {
            signals.close();
        }
    }

    private int report(TuneDriver driver, TuneRequest request, RunOutcome o) {
        TuneResult r = driver.result();
        if (r != null) {
            TestPlan winner = r.best() == null ? null : driver.fullLength(r.best());
            List<String> lines = TuneReport.lines(r, request.linkSpeedBps(), winner, ssh.scriptOptions());
            try {
                TuneFiles.write(o.runDir(), r, winner, lines);
            } catch (IOException e) {
                err.println("could not write " + TuneCsv.FILE + ": " + e.getMessage());
            }
            lines.forEach(out::println);
        }
        err.println((o.ok() ? "done: " : o.status() == RunOutcome.Status.CANCELLED ? "cancelled: " : "failed: ")
                + o.message());
        err.println("results in " + o.runDir());
        return r != null && r.best() != null ? Cli.OK : Cli.FAILED;
    }

    private TuneRequest request() {
        TestPlan base =
                TestPlan.defaults(new TestPlan.End(client, clientIf), new TestPlan.End(server, serverIf), target);
        base = new TestPlan(
                base.tool(),
                base.client(),
                base.server(),
                target,
                base.protocol(),
                null,
                10,
                1.0,
                0,
                1,
                1,
                port,
                base.mode(),
                null,
                null,
                1,
                null);
        TuneBudget tuneBudget = UsageException.parsed(() -> TuneBudget.of(TuneBudget.parseTime("--budget", budget)));
        if (tuneBudget.total().compareTo(tuneBudget.least()) < 0) {
            // refused before logging in: such a tune could only end with "no setting measured"
            throw new UsageException("--budget: '" + budget + "' is not valid — too short for one probe and its "
                    + "confirmation (" + tuneBudget.least().toSeconds() + " s, besides logging in); give 20s or "
                    + "more, and a minute or more to try settings beyond the first");
        }
        try {
            return new TuneRequest(
                    base,
                    TuneInputs.tools("--tools", tools),
                    TuneInputs.maxStreams("--max-streams", maxStreams),
                    TuneInputs.windows("--windows", windows),
                    Dimension.parseList("--vary", vary),
                    TuneInputs.linkSpeed("--link-speed", linkSpeed),
                    tuneBudget,
                    TuneInputs.mtus("--mtu-list", mtuList));
        } catch (InvalidValueException e) {
            if (e.field().equals("mtu")) {
                throw new UsageException("--vary mtu: " + e.expected()
                        + (e.expected().contains("interface") ? " (--client-if, --server-if)" : " (--mtu-list)"));
            }
            throw new UsageException(e.getMessage());
        }
    }
}
