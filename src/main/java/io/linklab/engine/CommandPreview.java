package io.linklab.engine;

import io.linklab.model.TestPlan;
import io.linklab.remote.RemoteCommand;
import io.linklab.tools.command.Logins;
import io.linklab.tools.command.PlanCheck;
import io.linklab.tools.command.ShellWords;
import io.linklab.tools.command.ToolCommand;
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

    private CommandPreview() {
    }

    /** Map key for the client end's commands. */
    public static String clientKey(TestPlan plan) {
        return "client " + plan.client().login();
    }

    /** Map key for the server end's commands. */
    public static String serverKey(TestPlan plan) {
        return "server " + plan.server().login();
    }

    /**
     * Command lines per end ("client LOGIN", "server LOGIN"), in the order they run, with "# point"
     * comment lines between sweep points. Privileged commands show the sudo they run with.
     *
     * @throws io.linklab.model.InvalidValueException when the plan has a value that cannot run
     */
    public static Map<String, List<String>> forPlan(TestPlan plan) {
        PlanCheck.require(plan);
        return forPoints(plan, SweepPoints.of(plan));
    }

    /** {@link #forPlan} for a plan that was checked, with its points as the run runs them. */
    static Map<String, List<String>> forPoints(TestPlan plan, List<SweepPoint> points) {
        ToolCommand tool = ToolCommand.forTool(plan.tool());
        List<String> client = new ArrayList<>();
        List<String> server = new ArrayList<>();
        boolean clientRoot = isRoot(plan.client().login());
        boolean serverRoot = isRoot(plan.server().login());
        for (SweepPoint point : points) {
            if (!point.label().isEmpty()) {
                client.add("# point " + point.label());
                server.add("# point " + point.label());
            }
            // The order they run in: servers start while the MTU changes, clients once both are done.
            for (int i = 0; i < point.plan().processes(); i++) {
                server.add(line(ToolCommand.pinned(tool.server(point.plan(), plan.basePort() + i,
                        serverLifetime(point.plan())), plan.server(), i),
                        serverRoot));
            }
            if (point.mtu() != null) {
                client.add(line(MtuCommands.set(plan.client().dataInterface(), point.mtu()), clientRoot));
                server.add(line(MtuCommands.set(plan.server().dataInterface(), point.mtu()), serverRoot));
                client.add(line(MtuCommands.verify(plan.target(), point.mtu()), clientRoot));
            }
            for (int i = 0; i < point.plan().processes(); i++) {
                client.add(line(ToolCommand.pinned(tool.client(point.plan(), plan.basePort() + i), plan.client(), i),
                        clientRoot));
            }
        }
        if (points.stream().anyMatch(p -> p.mtu() != null)) {
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
        String words = ShellWords.join(command.argv());
        return command.privileged() && !root ? "sudo -n " + words : words;
    }

    static boolean isRoot(String login) {
        Logins.Login l = Logins.parse(login);
        String user = l.isLocal() || l.user() == null ? System.getProperty("user.name") : l.user();
        return "root".equals(user);
    }
}
