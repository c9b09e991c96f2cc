package io.linklab.tools.driver;

import io.linklab.model.TestPlan;
import io.linklab.remote.RemoteCommand;
import io.linklab.tools.LogFormat;
import io.linklab.tools.plan.PlanCheck;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * netperf: a netserver per process pair kept in the foreground (-D) and serving one test at a time (-f),
 * so killing it leaves no forked children; the client reports interim results (-D) and CPU on both ends.
 */
public final class NetperfDriver extends LiveTextDriver {

    public NetperfDriver() {
        super(new Facts(LogFormat.NETPERF, RemoteCommand.of("netperf version", "netperf", "-V"), "Starting netserver"));
    }

    @Override
    public RemoteCommand server(TestPlan plan, int port, Duration lifetime) {
        PlanCheck.require(plan);
        List<String> argv = ToolDriver.bounded(lifetime, "netserver", "-D", "-f", "-p", String.valueOf(port));
        return new RemoteCommand(argv, false, "netserver on port " + port);
    }

    /** The netperf test name for a plan. */
    static String testName(TestPlan plan) {
        if (plan.protocol() == TestPlan.Protocol.UDP) {
            return "UDP_STREAM";
        }
        return plan.mode() == TestPlan.Mode.REVERSE ? "TCP_MAERTS" : "TCP_STREAM";
    }

    @Override
    public RemoteCommand client(TestPlan plan, int port) {
        PlanCheck.require(plan);
        List<String> argv = new ArrayList<>(List.of(
                "netperf",
                "-H",
                plan.target(),
                "-p",
                String.valueOf(port),
                "-l",
                String.valueOf(plan.durationS()),
                "-D",
                ToolDriver.interval(plan.intervalS()),
                "-t",
                testName(plan),
                "-c",
                "-C"));
        List<String> testOptions = new ArrayList<>();
        if (plan.messageSize() != null) {
            testOptions.addAll(List.of("-m", plan.messageSize()));
        }
        if (plan.window() != null) {
            testOptions.addAll(List.of("-s", plan.window(), "-S", plan.window()));
        }
        if (!testOptions.isEmpty()) {
            argv.add("--");
            argv.addAll(testOptions);
        }
        return new RemoteCommand(argv, false, "netperf " + testName(plan) + " to " + plan.target() + " port " + port);
    }
}
