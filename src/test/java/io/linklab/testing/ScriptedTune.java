package io.linklab.testing;

import io.linklab.engine.ParserFactory;
import io.linklab.engine.PointHooks;
import io.linklab.engine.RunHandle;
import io.linklab.engine.RunListener;
import io.linklab.engine.RunOutcome;
import io.linklab.engine.RunTimings;
import io.linklab.engine.TestEngine;
import io.linklab.model.TestPlan;
import io.linklab.store.ResultsStore;
import io.linklab.testing.ScriptedTransport.Script;
import io.linklab.tune.ProbeLength;
import io.linklab.tune.TuneBudget;
import io.linklab.tune.TuneDriver;
import io.linklab.tune.TuneRequest;
import io.linklab.tune.TuneResult;
import io.linklab.tune.TuneStep;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;

/** A tune as one engine run against two scripted hosts, h1 sending to h2's 198.19.0.2: what the tune tests share. */
public final class ScriptedTune {

    public static final String CLIENT = "root@h1";
    public static final String SERVER = "root@h2";
    public static final String TOTALS = ScriptedIperf3.IPERF3_CLIENT_INTERVALS + ScriptedIperf3.IPERF3_CLIENT_TOTALS;

    /** Probes and confirmation of 2 runs of 1 s each, within 2 minutes. */
    public static final TuneBudget QUICK_BUDGET = new TuneBudget(
            Duration.ofMinutes(2), new ProbeLength(1, 0, 2), new ProbeLength(1, 0, 2), Duration.ofSeconds(1));

    /**
     * {@link ScriptedIperf3#QUICK}'s waits, but none for the hosts' counter samplers, which the scripted hosts do not
     * run (their command is not scripted): waiting for a first snapshot that never comes would add its 200 ms to
     * every repetition of every probe.
     */
    public static final RunTimings TIMINGS = new RunTimings(
            ScriptedIperf3.QUICK.serverStart(),
            ScriptedIperf3.QUICK.clientGrace(),
            ScriptedIperf3.QUICK.silence(),
            ScriptedIperf3.QUICK.contactTimeout(),
            ScriptedIperf3.QUICK.mtuSettle(),
            Duration.ZERO);

    /** How a tune ended: the run's outcome, the search's result and every step as the driver reported it. */
    public record Tune(RunOutcome outcome, TuneResult result, List<TuneStep> steps) {}

    private ScriptedTune() {}

    /** A host of one core with iperf3, data0 at MTU 1500 holding {@code address}. */
    public static ScriptedTransport host(String label, String address) {
        return host(label, address, 1);
    }

    /**
     * A host of {@code cpus} cores with iperf3, data0 at MTU 1500 holding {@code address}, and {@code records} of the
     * probe besides ("numa\tdata0\t1").
     */
    public static ScriptedTransport host(String label, String address, int cpus, String... records) {
        return new ScriptedTransport(label)
                .on("linklab-probe brief", Script.prints(briefProbe("h", cpus, address, records)));
    }

    /**
     * What the brief probe prints for a Linux host named {@code hostname} of {@code cpus} cores with iperf3, data0 at
     * MTU 1500 holding {@code address}, and {@code records} besides.
     */
    public static String briefProbe(String hostname, int cpus, String address, String... records) {
        List<String> facts = new ArrayList<>(List.of(
                "uname\tLinux 6.1.0\tx86_64",
                "hostname\t" + hostname,
                "cpus\t" + cpus + "\t" + cpus,
                "uid\t0",
                "user\troot",
                "tool\tiperf3\t/usr/bin/iperf3\tiperf 3.12 (cJSON 1.7.15)",
                "if\tlo\t65536\t\tunknown\t\t00:00:00:00:00:00\t772",
                "if\tdata0\t1500\t10000\tup\t\t\t1",
                "addr\tlo\t127.0.0.1/8",
                "addr\tdata0\t" + address + "/24",
                "listen\ttcp\t0.0.0.0:22",
                "has\tping",
                "has\ttaskset"));
        facts.addAll(Arrays.asList(records));
        return String.join("\n", facts) + "\n";
    }

    /**
     * An iperf3 server (iperf3 -s -1) that ends after its client on {@code client} has ended, or when it is
     * stopped: the run's wait for a one-off server to end by itself costs no time.
     */
    public static Script listening(ScriptedTransport client) {
        return Script.prints("Server listening on 5201 (test #1)\n").servingOneClientOf(client, "iperf3 -c");
    }

    /** iperf3 from h1 to h2's 198.19.0.2, with these data interfaces (null: none named). */
    public static TestPlan base(String clientIf, String serverIf) {
        return TuneFixtures.base(CLIENT, clientIf, SERVER, serverIf, "198.19.0.2", 1);
    }

    /**
     * What stops a tune once {@code reached} holds (waited for up to 30 s; the test fails naming {@code what} if it
     * never does): for {@link #run}'s {@code whileRunning}.
     */
    public static Consumer<RunHandle> stopWhen(BooleanSupplier reached, Supplier<String> what) {
        return h -> {
            Await.until(reached, Duration.ofSeconds(30), what);
            h.cancel("test");
        };
    }

    /**
     * Runs {@code request} between {@code client} and {@code server} until it ends.
     *
     * @param events      hears of each host's connection and commands
     * @param whileRunning gets the run's handle once it started (to stop it), or null
     */
    public static Tune run(
            Path workspace,
            ScriptedTransport client,
            ScriptedTransport server,
            TuneRequest request,
            List<String> events,
            Consumer<RunHandle> whileRunning)
            throws Exception {
        Map<String, ScriptedTransport> hosts = Map.of(CLIENT, client, SERVER, server);
        TestEngine engine = new TestEngine(
                new ResultsStore(workspace),
                login -> new RecordingTransport(hosts.get(login), events),
                ParserFactory.live(),
                PointHooks.NONE,
                TIMINGS);
        List<TuneStep> steps = new CopyOnWriteArrayList<>();
        TuneDriver driver = new TuneDriver(request, System.nanoTime(), steps::add);
        RunHandle h = engine.start(request.firstPlan(), driver, new RunListener() {}, workspace.resolve("tune"));
        if (whileRunning != null) {
            whileRunning.accept(h);
        }
        RunOutcome o = h.await(Duration.ofSeconds(120))
                .orElseThrow(() -> new AssertionError("the tune never ended: " + steps));
        return new Tune(o, driver.result(), steps);
    }
}
