package io.linklab.tools.driver;

import io.linklab.model.MeasurementSink;
import io.linklab.model.TestPlan;
import io.linklab.remote.RemoteCommand;
import io.linklab.tools.LogFormat;
import io.linklab.tools.StreamingParser;
import io.linklab.tools.iperf3.Iperf3LiveParser;
import io.linklab.tools.iperf3.Iperf3Version;
import io.linklab.tools.plan.PlanCheck;
import java.time.Duration;
import java.util.List;

/**
 * iperf3: a one-off server per process pair (-1, idle timeout) and a client flushed per interval, whose output is
 * text or, where the client's iperf3 has it (3.17+), {@code --json-stream}: each interval as one JSON line with every
 * stream's RTT, RTT variance and congestion window, which the text never prints. The server stays text: its
 * "Server listening on" line is how the run knows it accepts connections, and a JSON server prints nothing until a
 * client comes.
 */
public final class Iperf3Driver extends LiveTextDriver {

    /** A server nobody connects to gives up after this long, even without timeout(1). */
    static final int IDLE_TIMEOUT_S = 20;

    private final boolean jsonStream;

    /** The text client every iperf3 has. */
    public Iperf3Driver() {
        this(false);
    }

    private Iperf3Driver(boolean jsonStream) {
        super(new Facts(
                LogFormat.IPERF3, RemoteCommand.of("iperf3 version", "iperf3", "--version"), "Server listening on"));
        this.jsonStream = jsonStream;
    }

    /** The client with --json-stream when the client host's iperf3 (its version line) has it, else text. */
    @Override
    public ToolDriver forClientVersion(String versionLine) {
        boolean json = Iperf3Version.hasJsonStream(versionLine);
        return json == jsonStream ? this : new Iperf3Driver(json);
    }

    /** Reads text and --json-stream alike, so a process's parser need not know which client it reads. */
    @Override
    public StreamingParser liveParser(MeasurementSink sink) {
        return new Iperf3LiveParser(sink);
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
        if (jsonStream) {
            argv.add("--json-stream");
        }
        return new RemoteCommand(argv, false, "iperf3 client to " + plan.target() + " port " + port);
    }
}
