package io.linklab.cli;

import io.linklab.model.TestPlan;
import io.linklab.store.FileFormatException;
import io.linklab.store.PlanFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import picocli.CommandLine.Mixin;
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

    // ---- what runs and the sweep (sections 3 and 4): the same options as `matrix` takes

    @Mixin
    MeasurementOptions measurement = new MeasurementOptions();

    @Option(
            order = 401,
            names = "--mtu",
            paramLabel = "LIST",
            description = {
                "MTU sweep: a list (1500,9000) "
                        + "or START:STOP:STEP (1500:9000:250 counts like seq 1500 250 9000); needs --client-if and --server-if"
            })
    void mtu(String list) {
        measurement.mtu = list;
    }

    @Option(
            order = 403,
            names = "--mtu-restore-after",
            paramLabel = "SECONDS",
            description = {
                "with --mtu: each host restores its original MTU by itself this long after LinkLab stops "
                        + "answering (4 to 3600; default: 15)"
            })
    Integer mtuRestoreAfter;

    @Option(
            order = 404,
            names = "--expect",
            paramLabel = "RATE|PCT%",
            description = {
                // picocli formats descriptions: %% is a per cent sign
                "the rate each direction and point must reach: 90G, or 90%% of the slower end's link speed "
                        + "(default: 90%%, no verdict where an end reports no speed); a point below it exits 1"
            })
    String expect;

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
        return measurement.plan(base, flag, clientEnd, serverEnd, or(target, base.target()));
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
        return UsageException.parsed(() -> TestPlan.End.parseCpus(flag, value));
    }
}
