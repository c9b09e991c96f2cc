package io.linklab.engine;

import io.linklab.model.HostSpec;
import io.linklab.model.TestPlan;
import io.linklab.model.Validators;
import io.linklab.remote.RemoteCommand;
import io.linklab.remote.ShellQuote;
import io.linklab.remote.SshTarget;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * A plan's commands as a shell script to run from this machine over ssh ("Copy as shell script"): per point,
 * the servers started in the background, the MTU set, the clients (at the same time when there are several
 * processes), then a wait. Made from {@link CommandPreview#points}, the same argument vectors a run starts,
 * quoted by the same {@link ShellQuote}.
 */
public final class PlanScript {

    private PlanScript() {}

    /**
     * @param hosts the topology's host of a login, for its key file and jump host (empty when it has none)
     * @throws io.linklab.model.InvalidValueException when the plan has a value that cannot run
     */
    public static String of(TestPlan plan, Function<String, Optional<HostSpec>> hosts) {
        return of(plan, hosts, List.of());
    }

    /**
     * As {@link #of(TestPlan, Function)}, each ssh with {@code sshOptions} first: the login the run itself used
     * (`-F CONFIG`, `-i KEY`, `-o UserKnownHostsFile=FILE`), so that the script reaches the hosts as it did.
     */
    public static String of(TestPlan plan, Function<String, Optional<HostSpec>> hosts, List<String> sshOptions) {
        List<CommandPreview.PointCommands> points = CommandPreview.points(plan);
        String client = plan.client().login();
        String server = plan.server().login();
        boolean clientRoot = SshTarget.runsAsRoot(client);
        boolean serverRoot = SshTarget.runsAsRoot(server);
        StringBuilder sb = new StringBuilder("#!/bin/sh\n");
        sb.append("# LinkLab test plan: ")
                .append(plan.tool().id())
                .append(' ')
                .append(plan.protocol())
                .append(", client ")
                .append(client)
                .append(", server ")
                .append(server)
                .append(", target ")
                .append(plan.target())
                .append('\n');
        sb.append("# Unlike a LinkLab run, this script does not restore MTUs or stop servers if it is interrupted.\n");
        sb.append("set -e\n");
        for (CommandPreview.PointCommands point : points) {
            sb.append('\n');
            if (!point.label().isEmpty()) {
                sb.append("# point ").append(point.label()).append('\n');
            }
            for (RemoteCommand c : point.servers()) {
                sb.append(remote(server, c, serverRoot, hosts, sshOptions)).append(" &\n");
            }
            for (RemoteCommand c : point.serverMtu()) {
                sb.append(remote(server, c, serverRoot, hosts, sshOptions)).append('\n');
            }
            sb.append("sleep 1  # let the servers start listening\n");
            for (RemoteCommand c : point.clientMtu()) {
                sb.append(remote(client, c, clientRoot, hosts, sshOptions)).append('\n');
            }
            // Several processes run at the same time, one per port, as LinkLab runs them.
            boolean together = point.clients().size() > 1;
            for (RemoteCommand c : point.clients()) {
                sb.append(remote(client, c, clientRoot, hosts, sshOptions)).append(together ? " &\n" : "\n");
            }
            sb.append("wait\n");
        }
        return sb.toString();
    }

    /** The command as one ssh line: the remote command line is one quoted argument after "--". */
    private static String remote(
            String login,
            RemoteCommand command,
            boolean root,
            Function<String, Optional<HostSpec>> hosts,
            List<String> sshOptions) {
        String line = command.lineAsRun(command.privileged() && !root);
        if (HostSpec.LOCAL.equals(login)) {
            return line;
        }
        SshTarget target = SshTarget.parse(login);
        List<String> ssh = new ArrayList<>(List.of("ssh"));
        ssh.addAll(sshOptions);
        HostSpec h = hosts.apply(login).orElse(null);
        // checked again here: a script is run by whoever copies it, and ssh runs -J's hops through a shell
        String leftOut = "";
        if (h != null && h.identityFile() != null) {
            if (Validators.identityFile(h.identityFile()).isEmpty()) {
                ssh.addAll(List.of("-i", h.identityFile()));
            } else {
                leftOut += "# " + login + ": its key file is left out, it is not a plain path\n";
            }
        }
        if (h != null && h.jumpHost() != null) {
            if (SshTarget.jumpProblem(h.jumpHost()).isEmpty()) {
                ssh.addAll(List.of("-J", h.jumpHost()));
            } else {
                leftOut += "# " + login + ": its jump host is left out, it is not [user@]host[:port]\n";
            }
        }
        if (target.port() != 0) {
            ssh.addAll(List.of("-p", String.valueOf(target.port())));
        }
        ssh.add(target.user() == null ? target.host() : target.user() + "@" + target.host());
        ssh.add("--");
        return leftOut + ShellQuote.join(ssh) + " " + ShellQuote.quote(line);
    }
}
