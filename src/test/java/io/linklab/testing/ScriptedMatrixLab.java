package io.linklab.testing;

import io.linklab.engine.ParserFactory;
import io.linklab.engine.PointHooks;
import io.linklab.engine.RunTimings;
import io.linklab.engine.TestEngine;
import io.linklab.engine.TransportFactory;
import io.linklab.model.HostSpec;
import io.linklab.model.InterfaceSpec;
import io.linklab.model.TestPlan;
import io.linklab.model.Topology;
import io.linklab.store.ResultsStore;
import io.linklab.testing.ScriptedTransport.Script;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A lab of scripted hosts h1…hN for matrix tests (no root, sshd or tools): host n has data0 at 198.19.0.n, answers
 * the probe, runs a one-off iperf3 server (it ends 50 ms after it listens) and an iperf3 client to any other host
 * that reports a one-second test at once.
 */
public final class ScriptedMatrixLab {

    private static final String TOTALS = """
            Connecting to host %1$s, port 5201
            [  5] local 198.19.0.250 port 47914 connected to %1$s port 5201
            [ ID] Interval           Transfer     Bitrate         Retr  Cwnd
            [  5]   0.00-1.00   sec   514 MBytes  4.29 Gbits/sec   27   1023 KBytes
            - - - - - - - - - - - - - - - - - - - - - - - - -
            [ ID] Interval           Transfer     Bitrate         Retr
            [  5]   0.00-1.00   sec   514 MBytes  4.31 Gbits/sec   27             sender
            [  5]   0.00-1.00   sec   512 MBytes  4.29 Gbits/sec                  receiver

            iperf Done.
            """;

    /**
     * Scripted hosts have no counter samplers: no wait for their first snapshot, which never comes (50 ms a pair
     * were 3 s of the 992-pair matrix's 67 rounds).
     */
    private static final RunTimings QUICK = new RunTimings(
            Duration.ofSeconds(10),
            Duration.ofSeconds(1),
            Duration.ofSeconds(8),
            Duration.ofSeconds(1),
            Duration.ofMillis(50),
            Duration.ZERO);

    private static final Duration SERVER_LIFE = Duration.ofMillis(50);

    private ScriptedMatrixLab() {}

    /** Hosts h1…h{@code hosts}, logged in to as root@hN, no links drawn. */
    public static Topology lab(String name, int hosts) {
        List<String> ids = new ArrayList<>();
        for (int n = 1; n <= hosts; n++) {
            ids.add("h" + n);
        }
        return lab(name, ids);
    }

    /** The hosts h1…hN under the ids given (the n-th id is hn, logged in to as root@hn), no links drawn. */
    public static Topology lab(String name, List<String> ids) {
        List<HostSpec> specs = new ArrayList<>();
        for (int n = 1; n <= ids.size(); n++) {
            specs.add(new HostSpec(
                    ids.get(n - 1),
                    "h" + n,
                    "h" + n,
                    "root",
                    22,
                    null,
                    null,
                    List.of(new InterfaceSpec("data0", "198.19.0." + n, 1500, null)),
                    0,
                    0));
        }
        return new Topology(name, specs, List.of(), List.of());
    }

    /** Host n of a lab of {@code hosts}, as its login "root@hN" reaches it. */
    public static ScriptedTransport host(int n, int hosts) {
        String facts = ScriptedTune.briefProbe("h" + n, 4, "198.19.0." + n, "session\t198.18.0." + n);
        ScriptedTransport t = new ScriptedTransport("root@h" + n)
                .on("linklab-probe brief", Script.prints(facts))
                // a one-off server (-1) ends with its test; the engine waits up to 0.5 s for it to, which a server
                // that runs until stopped would cost every pair
                .on(
                        "iperf3 -s",
                        Script.prints("Server listening on 5201 (test #1)\n\n").paced(SERVER_LIFE));
        for (int s = 1; s <= hosts; s++) {
            t.on("^iperf3 -c 198\\.19\\.0\\." + s + " ", Script.prints(String.format(TOTALS, "198.19.0." + s)));
        }
        return t;
    }

    /** Logins to the hosts of a {@link #lab} of {@code hosts}, as a command's transports make them. */
    public static TransportFactory logins(int hosts) {
        return login -> host(number(login), hosts);
    }

    /** The host a login of {@link #lab} names: "root@h7" is 7. */
    public static int number(String login) {
        return Integer.parseInt(login.substring("root@h".length()));
    }

    /** The matrix's test for every pair: one iperf3 TCP stream (the scripted client reports its totals at once). */
    public static TestPlan plan() {
        return TestPlan.defaults(new TestPlan.End("", null), new TestPlan.End("", null), "");
    }

    /** The engine a matrix runs its pairs with, on the quick timings. */
    public static TestEngine engine(ResultsStore store, TransportFactory logins) {
        return new TestEngine(store, logins, ParserFactory.live(), PointHooks.NONE, QUICK);
    }
}
