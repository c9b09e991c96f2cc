package io.linklab.tools.driver;

import io.linklab.model.TestPlan;
import io.linklab.remote.RemoteCommand;
import io.linklab.tools.LogFormat;
import java.time.Duration;
import java.util.List;

/** iperf3: a one-off server per process pair (-1, idle timeout) and a text-output client flushed per interval. */
public final class Iperf3Driver extends LiveTextDriver {

    /** A server nobody connects to gives up after this long, even without timeout(1). */
    static final int IDLE_TIMEOUT_S = 20;

    public Iperf3Driver() {
        super(new Facts(
                LogFormat.IPERF3, RemoteCommand.of("iperf3 version", "iperf3", "--version"), "Server listening on"));
    }

    @Override
    public RemoteCommand server(TestPlan plan, int port, Duration lifetime) {
        PlanCheck.require(plan);
        List<String> argv = ToolDriver.bounded(
                lifetime,
                "iperf3",
                "-s",
                "-1",
                "-p",
                String.valueOf(port),
                "-i",
                ToolDriver.interval(plan.intervalS()),
                "--idle-timeout",
                String.valueOf(IDLE_TIMEOUT_S),
                "--forceflush");
        return new RemoteCommand(argv, false, "iperf3 server on port " + port);
    }

    @Override
    public RemoteCommand client(TestPlan plan, int port) {
        PlanCheck.require(plan);
        List<String> argv = IperfClientOptions.connect(program(), plan, port);
        if (plan.omitS() > 0) {
            argv.addAll(List.of("-O", String.valueOf(plan.omitS())));
        }
        IperfClientOptions.add(argv, plan, "--bidir");
        // A dead or unreachable server fails in seconds instead of the kernel's TCP connect timeout.
        argv.addAll(List.of("--connect-timeout", "5000", "--forceflush"));
        return new RemoteCommand(argv, false, "iperf3 client to " + plan.target() + " port " + port);
    }
}
