package io.linklab.tools.driver;

import io.linklab.model.TestPlan;
import io.linklab.model.Tool;
import io.linklab.remote.RemoteCommand;
import io.linklab.tools.LogFormat;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** iperf3: a one-off server per process pair (-1, idle timeout) and a text-output client flushed per interval. */
public final class Iperf3Driver implements ToolDriver {

    /** A server nobody connects to gives up after this long, even without timeout(1). */
    static final int IDLE_TIMEOUT_S = 20;

    @Override
    public Tool tool() {
        return Tool.IPERF3;
    }

    @Override
    public String program() {
        return "iperf3";
    }

    @Override
    public RemoteCommand version() {
        return RemoteCommand.of("iperf3 version", "iperf3", "--version");
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
        List<String> argv = new ArrayList<>(List.of(
                "iperf3",
                "-c",
                plan.target(),
                "-p",
                String.valueOf(port),
                "-t",
                String.valueOf(plan.durationS()),
                "-i",
                ToolDriver.interval(plan.intervalS())));
        if (plan.omitS() > 0) {
            argv.addAll(List.of("-O", String.valueOf(plan.omitS())));
        }
        IperfClientOptions.add(argv, plan, "--bidir");
        // A dead or unreachable server fails in seconds instead of the kernel's TCP connect timeout.
        argv.addAll(List.of("--connect-timeout", "5000", "--forceflush"));
        return new RemoteCommand(argv, false, "iperf3 client to " + plan.target() + " port " + port);
    }

    @Override
    public boolean serverReady(String line) {
        return line.startsWith("Server listening on");
    }

    @Override
    public LogFormat liveFormat() {
        return LogFormat.IPERF3;
    }
}
