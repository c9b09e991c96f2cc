package io.linklab.tools.driver;

import io.linklab.model.MeasurementSink;
import io.linklab.model.TestPlan;
import io.linklab.model.Tool;
import io.linklab.remote.InstallCommands;
import io.linklab.remote.RemoteCommand;
import io.linklab.tools.LogFormat;
import io.linklab.tools.Parsers;
import io.linklab.tools.StreamingParser;
import io.linklab.tools.plan.PlanCheck;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * Everything LinkLab knows of one tool, so that adding a tool touches one class: how its server and client
 * are started for one process pair of a plan, which parser reads that output, how preflight checks that it is
 * there (program, version) and how to install it. Every value comes from a plan that passed {@link PlanCheck};
 * builders never see raw user text.
 */
public interface ToolDriver {

    Tool tool();

    /** The program name whose presence preflight checks. */
    String program();

    /** Prints the tool's version (on stdout or stderr, depending on the tool). */
    RemoteCommand version();

    /**
     * The server of process pair {@code index}, listening on {@code port}. It is bounded by
     * {@code timeout(1)} so that it ends by itself even if LinkLab can no longer reach the host;
     * {@code --foreground} keeps timeout in the transport's process group (plain timeout makes a group of
     * its own, which a group kill would miss).
     */
    RemoteCommand server(TestPlan plan, int port, Duration lifetime);

    /** The client of process pair {@code index}, sending to the server on {@code port}. */
    RemoteCommand client(TestPlan plan, int port);

    /** True for the server output line that means it accepts connections. */
    boolean serverReady(String line);

    /** The format of the output {@link #server} and {@link #client} ask for. */
    LogFormat liveFormat();

    /**
     * This driver for a client host whose {@link #version()} printed {@code versionLine} (first line, null when
     * not known): a tool whose output depends on its release gives the driver of that release.
     */
    default ToolDriver forClientVersion(String versionLine) {
        return this;
    }

    /** The parser of that output, fed line by line. */
    default StreamingParser liveParser(MeasurementSink sink) {
        return Parsers.forFormat(liveFormat(), sink);
    }

    /** How to install the tool on a host of a distribution (os-release ID and ID_LIKE). */
    default String installHint(String osId, String osLike, boolean root) {
        return InstallCommands.forDistribution(program(), osId, osLike, root);
    }

    /** How to install the tool where the host's distribution is not known. */
    default String installHint() {
        return InstallCommands.anyDistribution(program());
    }

    static ToolDriver forTool(Tool tool) {
        return switch (tool) {
            case IPERF3 -> new Iperf3Driver();
            case IPERF2 -> new Iperf2Driver();
            case NETPERF -> new NetperfDriver();
        };
    }

    /**
     * A server's argv inside timeout(1), so it ends by itself if LinkLab disappears. --foreground keeps timeout
     * in the transport's process group (plain timeout makes a group of its own, which the group kill missed);
     * -k 2 kills a server that ignores TERM. Returns a mutable list for tool-specific options.
     */
    static List<String> bounded(Duration lifetime, String... server) {
        List<String> argv = new ArrayList<>(List.of("timeout", "--foreground", "-k", "2", seconds(lifetime)));
        argv.addAll(List.of(server));
        return argv;
    }

    /**
     * The command of process pair {@code index} on {@code end}, pinned with taskset(1) to the CPU the end
     * gives that process (the same for every tool; the affinity passes on to what taskset starts), or
     * unchanged when the end pins nothing.
     */
    static RemoteCommand pinned(RemoteCommand command, TestPlan.End end, int index) {
        OptionalInt cpu = end == null ? OptionalInt.empty() : end.cpuOf(index);
        if (cpu.isEmpty()) {
            return command;
        }
        List<String> argv = new ArrayList<>(List.of("taskset", "-c", String.valueOf(cpu.getAsInt())));
        argv.addAll(command.argv());
        return new RemoteCommand(argv, command.privileged(), command.description() + " on CPU " + cpu.getAsInt());
    }

    /** Whole seconds for timeout(1), at least 1. */
    static String seconds(Duration d) {
        return String.valueOf(Math.max(1, (d.toMillis() + 999) / 1000));
    }

    /** An interval as the tools take it: "1" rather than "1.0", "0.5" stays. */
    static String interval(double seconds) {
        if (seconds == Math.rint(seconds)) {
            return String.valueOf((long) seconds);
        }
        return BigDecimal.valueOf(seconds).stripTrailingZeros().toPlainString();
    }
}
