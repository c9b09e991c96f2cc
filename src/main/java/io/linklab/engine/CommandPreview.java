package io.linklab.engine;

import io.linklab.model.TestPlan;
import io.linklab.remote.RemoteCommand;
import io.linklab.remote.SshTarget;
import io.linklab.tools.driver.ToolDriver;
import io.linklab.tools.plan.PlanCheck;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The exact commands a plan runs on each end, as the wizard's review page and run.json show them.
 * The engine starts these very argument vectors; only the dead-man switch's keep-alive is left out.
 */
public final class CommandPreview {

    /** Extra life a server gets beyond warm-up and test time, for connection set-up and the final report. */
    static final Duration SERVER_MARGIN = Duration.ofSeconds(30);

    private CommandPreview() {}

    /** Map key for the client end's commands. */
    public static String clientKey(TestPlan plan) {
        return "client " + plan.client().login();
    }

    /** Map key for the server end's commands. */
    public static String serverKey(TestPlan plan) {
        return "server " + plan.server().login();
    }

    /**
     * The commands of one sweep point (label empty outside sweeps), as argument vectors in the order they
     * run: the servers start while the MTU changes, the clients once both ends have the point's MTU.
     */
    public record PointCommands(
            String label,
            List<RemoteCommand> servers,
            List<RemoteCommand> serverMtu,
            List<RemoteCommand> clientMtu,
            List<RemoteCommand> clients) {}

    /**
     * The commands a plan runs, point by point, as structured commands: what the preview lines and the
     * exported shell script ({@link PlanScript}) are both made from.
     *
     * @throws io.linklab.model.InvalidValueException when the plan has a value that cannot run
     */
    public static List<PointCommands> points(TestPlan plan) {
        PlanCheck.require(plan);
        return points(plan, SweepPoints.of(plan));
    }

    /** {@link #points(TestPlan)} for a plan that was checked, with its points as the run runs them. */
    static List<PointCommands> points(TestPlan plan, List<SweepPoint> sweepPoints) {
        return points(plan, sweepPoints, ToolDriver.forTool(plan.tool()));
    }

    /** The same with {@code tool}'s commands: the driver of the release preflight found (iperf3 3.17+: JSON). */
    private static List<PointCommands> points(TestPlan plan, List<SweepPoint> sweepPoints, ToolDriver tool) {
        List<PointCommands> out = new ArrayList<>();
        for (SweepPoint point : sweepPoints) {
            List<RemoteCommand> servers = new ArrayList<>();
            List<RemoteCommand> clients = new ArrayList<>();
            for (int i = 0; i < point.plan().processes(); i++) {
                servers.add(ToolDriver.pinned(
                        tool.server(point.plan(), plan.basePort() + i, serverLifetime(point.plan())),
                        plan.server(),
                        i));
                clients.add(ToolDriver.pinned(tool.client(point.plan(), plan.basePort() + i), plan.client(), i));
            }
            List<RemoteCommand> serverMtu = point.mtu() == null
                    ? List.of()
                    : List.of(MtuCommands.set(plan.server().dataInterface(), point.mtu()));
            List<RemoteCommand> clientMtu = point.mtu() == null
                    ? List.of()
                    : List.of(
                            MtuCommands.set(plan.client().dataInterface(), point.mtu()),
                            MtuCommands.verify(plan.target(), point.mtu()));
            out.add(new PointCommands(point.label(), List.copyOf(servers), serverMtu, clientMtu, List.copyOf(clients)));
        }
        return out;
    }

    /**
     * Command lines per end ("client LOGIN", "server LOGIN"), in the order they run, with "# point"
     * comment lines between sweep points. Privileged commands show the sudo they run with.
     *
     * @throws io.linklab.model.InvalidValueException when the plan has a value that cannot run
     */
    public static Map<String, List<String>> forPlan(TestPlan plan) {
        return lines(plan, points(plan));
    }

    /** {@link #forPlan} for a plan that was checked, with its points as the run runs them. */
    static Map<String, List<String>> forPoints(TestPlan plan, List<SweepPoint> sweepPoints) {
        return lines(plan, points(plan, sweepPoints));
    }

    /** {@link #forPoints(TestPlan, List)} as {@code tool} builds them. */
    static Map<String, List<String>> forPoints(TestPlan plan, List<SweepPoint> sweepPoints, ToolDriver tool) {
        return lines(plan, points(plan, sweepPoints, tool));
    }

    private static Map<String, List<String>> lines(TestPlan plan, List<PointCommands> points) {
        List<String> client = new ArrayList<>();
        List<String> server = new ArrayList<>();
        boolean clientRoot = isRoot(plan.client().login());
        boolean serverRoot = isRoot(plan.server().login());
        for (PointCommands point : points) {
            if (!point.label().isEmpty()) {
                client.add("# point " + point.label());
                server.add("# point " + point.label());
            }
            point.servers().forEach(c -> server.add(line(c, serverRoot)));
            point.serverMtu().forEach(c -> server.add(line(c, serverRoot)));
            point.clientMtu().forEach(c -> client.add(line(c, clientRoot)));
            point.clients().forEach(c -> client.add(line(c, clientRoot)));
        }
        if (points.stream().anyMatch(p -> !p.serverMtu().isEmpty())) {
            client.add("# afterwards: the original MTU of " + plan.client().dataInterface() + " is restored");
            server.add("# afterwards: the original MTU of " + plan.server().dataInterface() + " is restored");
        }
        Map<String, List<String>> out = new LinkedHashMap<>();
        out.put(serverKey(plan), List.copyOf(server));
        out.put(clientKey(plan), List.copyOf(client));
        return out;
    }

    static Duration serverLifetime(TestPlan plan) {
        return Duration.ofSeconds(plan.omitS() + plan.durationS()).plus(SERVER_MARGIN);
    }

    /** A command as it is typed on the host: privileged ones through sudo unless the login is root. */
    static String line(RemoteCommand command, boolean root) {
        return command.lineAsRun(command.privileged() && !root);
    }

    static boolean isRoot(String login) {
        return SshTarget.runsAsRoot(login);
    }
}
