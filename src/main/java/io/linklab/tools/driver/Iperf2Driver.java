package io.linklab.tools.driver;

import io.linklab.model.TestPlan;
import io.linklab.remote.RemoteCommand;
import io.linklab.tools.LogFormat;
import io.linklab.tools.plan.PlanCheck;
import java.time.Duration;
import java.util.List;

/**
 * iperf 2: a server per process pair bounded by timeout(1) (iperf 2 has no one-off mode) and a client
 * with enhanced reports (-e: retransmits and cwnd per interval). Bidirectional uses --full-duplex on one
 * socket, so no connection back to the client is needed.
 */
public final class Iperf2Driver extends LiveTextDriver {

    public Iperf2Driver() {
        super(new Facts(
                LogFormat.IPERF2, RemoteCommand.of("iperf 2 version", "iperf", "--version"), "Server listening on"));
    }

    @Override
    public RemoteCommand server(TestPlan plan, int port, Duration lifetime) {
        PlanCheck.require(plan);
        List<String> argv = ToolDriver.bounded(
                lifetime, "iperf", "-s", "-p", String.valueOf(port), "-i", ToolDriver.interval(plan.intervalS()), "-e");
        if (plan.protocol() == TestPlan.Protocol.UDP) {
            argv.add("-u");
        }
        if (plan.window() != null) {
            argv.addAll(List.of("-w", plan.window()));
        }
        return new RemoteCommand(argv, false, "iperf 2 server on port " + port);
    }

    @Override
    public RemoteCommand client(TestPlan plan, int port) {
        PlanCheck.require(plan);
        List<String> argv = IperfClientOptions.connect(program(), plan, port);
        argv.add("-e");
        IperfClientOptions.add(argv, plan, "--full-duplex");
        return new RemoteCommand(argv, false, "iperf 2 client to " + plan.target() + " port " + port);
    }
}
