package io.linklab.cli;

import io.linklab.counters.CounterFiles;
import io.linklab.matrix.MatrixFile;
import io.linklab.matrix.MatrixFolderLock;
import io.linklab.matrix.MatrixPair;
import io.linklab.matrix.MatrixPairs;
import io.linklab.matrix.MatrixReport;
import io.linklab.matrix.MatrixReportFiles;
import io.linklab.matrix.MatrixRow;
import io.linklab.matrix.MatrixRun;
import io.linklab.matrix.MatrixSchedule.Uplinks;
import io.linklab.model.Expectation;
import io.linklab.model.HostSpec;
import io.linklab.model.InterfaceSpec;
import io.linklab.model.InvalidValueException;
import io.linklab.model.Printable;
import io.linklab.model.TestPlan;
import io.linklab.model.Topology;
import io.linklab.model.Validators;
import io.linklab.model.Verdict;
import io.linklab.remote.SshTarget;
import io.linklab.store.FileFormatException;
import io.linklab.store.TopologyFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** The `matrix` subcommand: the same test between many pairs of hosts, scheduled, into one folder. */
@Command(
        name = "matrix",
        mixinStandardHelpOptions = true,
        versionProvider = Cli.Version.class,
        sortOptions = false,
        defaultValueProvider = MeasurementOptions.PlanDefaults.class,
        description = "test many pairs of hosts: a lab's drawn links, every ordered pair, or a list",
        customSynopsis = {
            "${COMMAND-FULL-NAME} (--lab LAB.json | --hosts USER@HOST=DATA_ADDR,...) --out DIR [--pairs links|all|FILE]"
                    + " [OPTIONS]"
        },
        descriptionHeading = "%n",
        optionListHeading = "%n",
        footer = {
            "",
            "Runs the test that the Test and Sweep options describe between each pair (the pair's ends and data "
                    + "addresses come from --lab or --hosts), one SSH login per host for all its pairs. A host "
                    + "is in one test at a time (unless --share-hosts), at most --concurrency tests run at once, "
                    + "and pairs whose path crosses the same switch-to-switch link run one at a time unless "
                    + "--uplinks together. A host that cannot be logged in to fails its pairs with the reason; the "
                    + "rest run. Each pair's run goes into DIR/pairs/CLIENT-SERVER, its rows are added to "
                    + "DIR/matrix.csv as it ends, and DIR/heatmap.png (senders down, receivers across; with --mtu one per "
                    + "MTU, DIR/heatmap-mtuN.png) and DIR/findings.csv "
                    + "(directions well below their peers of the same link speed, asymmetric pairs) are drawn again: "
                    + "run the same "
                    + "command on the same DIR again to resume a matrix that was "
                    + "stopped or interrupted (pairs already measured are kept).",
            "",
            "Exit status: 0 every pair measured, 1 a pair failed or fell below --expect (the others are still "
                    + "written) or another LinkLab "
                    + "is writing DIR (nothing written), 2 bad usage or "
                    + "input, 130/143/129 stopped by a signal (the pairs measured so far are kept)."
        })
public final class MatrixCommand extends CliCommand {

    private final RunTestCommand.Transports transports;

    @Spec
    CommandSpec spec;

    @Option(order = 101, names = "--lab", paramLabel = "LAB.json", description = "the lab as LinkLab saved it")
    Path lab;

    @Option(
            order = 102,
            names = "--hosts",
            paramLabel = "LIST",
            split = ",",
            description = "hosts as USER@HOST[:PORT]=DATA_ADDR (the address the others test it at), instead of --lab")
    List<String> hosts;

    @Option(
            order = 103,
            names = "--pairs",
            paramLabel = "links|all|FILE",
            description = "the lab's drawn links (default with --lab), every ordered pair (default with --hosts), "
                    + "or a file of lines CLIENT SERVER")
    String pairs;

    @Option(
            order = 104,
            names = "--concurrency",
            paramLabel = "N",
            defaultValue = "1",
            description = "the most tests at once (default: ${DEFAULT-VALUE})")
    int concurrency;

    @Option(order = 105, names = "--share-hosts", description = "let a host be in several tests at once")
    boolean shareHosts;

    @Option(
            order = 106,
            names = "--uplinks",
            paramLabel = "one|together",
            defaultValue = "one",
            description = "pairs over one switch-to-switch link: one at a time, or together to load the fabric "
                    + "(default: ${DEFAULT-VALUE})")
    String uplinks;

    @Mixin
    SshOptions ssh = new SshOptions();

    @Mixin
    MeasurementOptions measurement = new MeasurementOptions();

    @Option(
            order = 401,
            names = "--mtu",
            paramLabel = "LIST",
            description = {
                "MTU sweep (with --lab only): a list (1500,9000) or START:STOP:STEP, set on both ends' data interfaces "
                        + "of each pair's drawn path and restored after the pair"
            })
    void mtu(String list) {
        measurement.mtu = list;
    }

    @Option(
            order = 502,
            names = "--expect",
            paramLabel = "RATE|PCT%",
            description = {
                // picocli formats descriptions: %% is a per cent sign
                "the rate each pair must reach: 90G, or 90%% of the slowest drawn speed on its path "
                        + "(default: the rate drawn on its links, else 90%%); a pair below it exits 1"
            })
    String expect;

    @Option(order = 504, names = "--out", required = true, paramLabel = "DIR", description = "folder for the results")
    Path outDir;

    MatrixCommand(RunTestCommand.Transports transports) {
        this.transports = transports;
    }

    @Override
    Map<Integer, String> sections() {
        return Map.of(1, "Hosts and pairs:", 2, "SSH (as for probe):", 3, "Test:", 4, "Sweep:", 5, "Results:");
    }

    @Override
    public Integer call() {
        Topology topology = topology();
        List<MatrixPair> chosen = pairs(topology);
        if (chosen.isEmpty()) {
            throw new UsageException("--pairs: no pair to test in " + topology.name() + " (draw links between its "
                    + "hosts, or use --pairs all)");
        }
        if (expect != null) {
            Expectation e = UsageException.parsed(() -> Expectation.parse("--expect", expect));
            chosen = chosen.stream().map(p -> p.withExpectation(e)).toList();
        }
        if (concurrency < 1) {
            throw new UsageException("--concurrency: '" + concurrency + "' is not valid — expected 1 or more");
        }
        TestPlan base = measurement.plan(
                TestPlan.defaults(null, null, null),
                name -> spec.commandLine().getParseResult().hasMatchedOption(name),
                new TestPlan.End("", null),
                new TestPlan.End("", null),
                "");
        mtuNeedsInterfaces(base, chosen);
        // heatmap.png is drawn with java.awt on an image: no display, no window toolkit in a command
        System.setProperty("java.awt.headless", "true");
        MatrixReportFiles report = new MatrixReportFiles(
                outDir,
                topology.hosts().stream().map(HostSpec::id).toList(),
                MatrixReport.title(topology, base, chosen.size(), concurrency),
                TestProgress::gbit,
                err::println);
        MatrixRun run;
        try {
            run = new MatrixRun(
                    topology,
                    base,
                    chosen,
                    new MatrixRun.Options(concurrency, shareHosts, uplinks()),
                    transports.create(ssh.settings(), SshOptions.prompts(err), lab == null ? null : topology),
                    MatrixRun.Engines.LIVE,
                    outDir,
                    new MatrixRun.Listener() {
                        @Override
                        public void pairStarted(MatrixPair pair) {
                            err.println(
                                    pair.label() + ": running " + base.tool().id());
                        }

                        @Override
                        public void pairFinished(MatrixPair pair, List<MatrixRow> rows) {
                            rows.forEach(r -> err.println(pair.label() + ": " + summary(r)));
                            report.update();
                        }

                        @Override
                        public void allEnded(List<MatrixRow> rows) {
                            try {
                                report.finish();
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                        }
                    });
        } catch (MatrixFolderLock.BusyException e) {
            err.println("linklab matrix: " + e.getMessage());
            return Cli.FAILED;
        } catch (IOException e) {
            throw new UsageException("--out: cannot write into " + outDir + ": " + e.getMessage());
        }
        err.println(chosen.size() + (chosen.size() == 1 ? " pair" : " pairs") + "; results in "
                + outDir.resolve(MatrixFile.NAME) + ", " + String.join(", ", MatrixReportFiles.heatmaps(base)) + " and "
                + CounterFiles.FINDINGS);
        int kept = chosen.size() - run.pairsToRun();
        if (kept > 0) {
            err.println(
                    run.pairsToRun() == 0
                            ? "nothing left to run: all " + kept + " pairs measured in an earlier run of this folder "
                                    + "(their rows are kept); a new --out measures them again"
                            : kept + " of " + chosen.size() + " pairs measured in an earlier run of this folder are "
                                    + "kept; running the other " + run.pairsToRun());
        }
        run.start();
        StopSignals signals = StopSignals.install(run, err);
        try {
            var outcome = RunTestCommand.awaitEnd(run);
            if (outcome == null) {
                run.cancel();
                return Cli.FAILED;
            }
            List<MatrixRow> rows = run.done().join();
            table(rows);
            FindingsBlock.print(out, err, outDir);
            err.println((outcome.ok() ? "done: " : "failed: ") + outcome.message());
            boolean belowExpected = expect != null && belowExpected(rows);
            return signals.exitStatus().orElse(outcome.ok() && !belowExpected ? Cli.OK : Cli.FAILED);
        } finally {
            signals.close();
        }
    }

    /** Whether a pair fell below its expected rate, each such one named on stderr. */
    private boolean belowExpected(List<MatrixRow> rows) {
        boolean below = false;
        for (MatrixRow r : rows) {
            Verdict v = r.verdict();
            if (v.failed()) {
                below = true;
                err.println("below the expected rate: " + r.client() + "→" + r.server() + " " + r.direction() + " "
                        + v.text());
            }
        }
        return below;
    }

    /** The rows worst first: failed pairs, then the lowest rates (what a reader looks for). */
    private void table(List<MatrixRow> rows) {
        List<MatrixRow> sorted = new ArrayList<>(rows);
        sorted.sort(MatrixRow.WORST_FIRST);
        // a pair's rows at several MTUs would read as one pair measured twice
        boolean perMtu = rows.stream()
                        .map(MatrixRow::mtu)
                        .filter(Objects::nonNull)
                        .distinct()
                        .count()
                > 1;
        String format = "%-28s %-4s " + (perMtu ? "%5s " : "%s") + "%10s %10s %10s %7s %-10s  %s%n";
        out.printf(format, "pair", "dir", perMtu ? "mtu" : "", "Gbit/s", "min", "max", "retr", "verdict", "status");
        for (MatrixRow r : sorted) {
            out.printf(
                    format,
                    r.client() + "→" + r.server(),
                    r.direction(),
                    perMtu && r.mtu() != null ? r.mtu() : "",
                    TestProgress.gbit(r.bitsPerSecond()),
                    TestProgress.gbit(r.bitsPerSecondMin()),
                    TestProgress.gbit(r.bitsPerSecondMax()),
                    r.retransmits() == null ? "" : r.retransmits(),
                    r.verdict().outcome().word(),
                    r.ok() ? r.status() : r.status() + ": " + r.reason());
        }
    }

    private static String summary(MatrixRow r) {
        return r.ok()
                ? r.direction() + " " + TestProgress.gbit(r.bitsPerSecond()) + " Gbit/s"
                        + (r.mtu() == null ? "" : " at MTU " + r.mtu())
                : r.status() + ": " + r.reason();
    }

    /** --hosts names no data interface; the lab's pairs are checked where the window checks them too. */
    private void mtuNeedsInterfaces(TestPlan base, List<MatrixPair> chosen) {
        if (base.sweep() == null || base.sweep().kind() != TestPlan.SweepKind.MTU) {
            return;
        }
        if (lab == null) {
            throw new UsageException("--mtu: --hosts names no data interfaces to set the MTU on; give the hosts "
                    + "with --lab LAB.json, whose drawn links say each pair's interfaces");
        }
        MatrixPairs.mtuWithoutInterfaces(TestPlan.SweepKind.MTU, chosen).ifPresent(problem -> {
            throw new UsageException("--mtu: " + problem + ": draw their links in the lab, or leave them out of "
                    + "--pairs (the default, links, has only pairs with a drawn path)");
        });
    }

    private Uplinks uplinks() {
        return switch (uplinks) {
            case "one" -> Uplinks.ONE_AT_A_TIME;
            case "together" -> Uplinks.TOGETHER;
            default -> throw new UsageException("--uplinks: '" + uplinks + "' is not valid — expected one or together");
        };
    }

    private Topology topology() {
        if ((lab == null) == (hosts == null)) {
            throw new UsageException(
                    "give the hosts with --lab LAB.json or with --hosts USER@HOST=DATA_ADDR,... " + "(one of the two)");
        }
        if (lab != null) {
            try {
                return TopologyFiles.read(lab);
            } catch (FileFormatException e) {
                throw new UsageException("--lab: " + e.getMessage());
            }
        }
        List<HostSpec> specs = new ArrayList<>();
        for (String h : hosts) {
            int eq = h.lastIndexOf('=');
            if (eq <= 0 || eq == h.length() - 1) {
                throw new UsageException("--hosts: '" + h + "' is not valid — expected USER@HOST[:PORT]=DATA_ADDR");
            }
            SshTarget t;
            try {
                t = SshTarget.parse(h.substring(0, eq));
            } catch (IllegalArgumentException e) {
                throw new UsageException("--hosts: '" + h + "' is not valid — " + e.getMessage());
            }
            String id = t.host();
            Optional<String> badId = Validators.nodeId(id);
            if (badId.isPresent()) {
                throw new UsageException("--hosts: '" + Printable.brief(h) + "' cannot name a host of the matrix — "
                        + badId.get() + "; use a shorter name or an ssh config alias");
            }
            if (specs.stream().anyMatch(s -> s.id().equals(id))) {
                throw new UsageException("--hosts: " + id + " is named twice");
            }
            specs.add(new HostSpec(
                    id,
                    id,
                    t.host(),
                    t.user(),
                    t.port(),
                    null,
                    null,
                    List.of(new InterfaceSpec("data", h.substring(eq + 1), 0, null)),
                    0,
                    0));
        }
        if (specs.size() < 2) {
            throw new UsageException("--hosts: a matrix needs two hosts or more");
        }
        return new Topology("--hosts", specs, List.of(), List.of());
    }

    private List<MatrixPair> pairs(Topology topology) {
        MatrixPairs all = new MatrixPairs(topology);
        String p = pairs != null ? pairs : lab != null ? "links" : "all";
        try {
            return switch (p) {
                case "links" -> all.links();
                case "all" -> all.all();
                default -> all.listed(p, Files.readAllLines(Path.of(p)));
            };
        } catch (IOException e) {
            throw new UsageException("--pairs: cannot read " + p + " (" + e.getMessage() + "); expected links, all "
                    + "or a file of lines CLIENT SERVER");
        } catch (InvalidValueException e) {
            throw new UsageException("--pairs: " + e.getMessage());
        }
    }
}
