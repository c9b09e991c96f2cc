package io.linklab.engine;

import io.linklab.model.TestPlan;
import io.linklab.model.Tool;
import io.linklab.tools.driver.ToolDriver;
import io.linklab.tools.iperf3.Iperf3Version;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Collectors;

/**
 * Whether a plan can run on two hosts as their probes found them: the tool, interfaces, CPUs, the target, free
 * ports and, for an MTU sweep, root and ping. Pure: it reads the facts and the plan and does no I/O, so every
 * refusal is unit-tested without a host.
 */
final class Preflight {

    /** A finding that does not stop the run; {@code kind} names it in the run's events. */
    record Warning(String kind, String message) {}

    /** What the check found: reasons to refuse the run (none: it may start), and warnings for a run that goes ahead. */
    record Findings(List<String> problems, List<Warning> warnings) {
        boolean refused() {
            return !problems.isEmpty();
        }
    }

    /** One end as the check sees it: the plan's end, the host's facts and the label messages name it by. */
    record End(TestPlan.End plan, PreflightFacts facts, String label) {}

    private Preflight() {}

    /**
     * @param points the plan's points (the most processes any point starts, whether an MTU changes)
     * @param client the client end; when both ends are one host probed once, {@code server.facts()} is the same object
     */
    static Findings check(TestPlan plan, List<SweepPoint> points, End client, End server) {
        ToolDriver tool = ToolDriver.forTool(plan.tool());
        PreflightFacts cFacts = client.facts();
        PreflightFacts sFacts = server.facts();
        List<String> problems = new ArrayList<>();
        checkTool(problems, plan.tool(), tool, client);
        checkRelease(problems, plan.tool(), points, client);
        if (sFacts != cFacts) {
            checkTool(problems, plan.tool(), tool, server);
            checkRelease(problems, plan.tool(), points, server);
        }
        checkInterface(problems, client);
        checkInterface(problems, server);
        checkCpus(problems, client);
        checkCpus(problems, server);
        TargetCheck.Findings target = TargetCheck.check(
                plan.target(),
                cFacts,
                client.label(),
                sFacts,
                server.label(),
                plan.client().login().equals(plan.server().login()));
        problems.addAll(target.problems());
        int maxProcesses =
                points.stream().mapToInt(p -> p.plan().processes()).max().orElse(1);
        for (int i = 0; i < maxProcesses; i++) {
            int port = plan.basePort() + i;
            boolean busy = plan.protocol() == TestPlan.Protocol.UDP && plan.tool() == Tool.IPERF2
                    ? sFacts.udpListening().contains(port)
                    : sFacts.tcpListening().contains(port);
            if (busy) {
                problems.add("port " + port + " is already in use on " + server.label() + " (another test server?); "
                        + "stop it or choose another first port (--port)");
            }
        }
        boolean changesMtu = points.stream().anyMatch(p -> p.mtu() != null);
        if (changesMtu) {
            refuseSessionInterface(problems, client);
            refuseSessionInterface(problems, server);
            for (End e : List.of(client, server)) {
                PreflightFacts f = e.facts();
                if (!f.root() && !"yes".equals(f.get("sudo"))) {
                    problems.add("changing the MTU on " + e.label() + " needs root: log in as root, or let this user"
                            + " run 'ip link set' through sudo without a password: run 'visudo -f "
                            + "/etc/sudoers.d/linklab' there and add the line: "
                            + MtuCommands.sudoersLine(f.get("user")));
                }
            }
            if (!"yes".equals(cFacts.get("ping"))) {
                problems.add("ping is not installed on " + client.label() + "; it checks each MTU with don't-fragment "
                        + "pings (apt-get install iputils-ping)");
            }
        }
        if (!problems.isEmpty()) {
            return new Findings(problems, List.of());
        }
        List<Warning> warnings = new ArrayList<>();
        target.warnings().forEach(w -> warnings.add(new Warning("target-on-session-interface", w)));
        String cIf = plan.client().dataInterface();
        String sIf = plan.server().dataInterface();
        if (cIf != null && sIf != null && !changesMtu) {
            OptionalInt cm = cFacts.mtu(cIf);
            OptionalInt sm = sFacts.mtu(sIf);
            if (cm.isPresent() && sm.isPresent() && cm.getAsInt() != sm.getAsInt()) {
                warnings.add(new Warning(
                        "mtu-mismatch",
                        "the MTUs differ: " + cIf + " on " + client.label() + " has "
                                + cm.getAsInt() + ", " + sIf + " on " + server.label() + " has " + sm.getAsInt()
                                + "; the path carries the smaller"));
            }
        }
        return new Findings(List.of(), warnings);
    }

    private static void checkTool(List<String> problems, Tool t, ToolDriver tool, End e) {
        if (!e.facts().hasTool()) {
            String pkg = switch (t) {
                case IPERF3 -> "iperf3";
                case IPERF2 -> "iperf";
                case NETPERF -> "netperf";
            };
            problems.add(tool.program() + " is not installed on " + e.label() + "; install it there (e.g. apt-get "
                    + "install " + pkg + " or dnf install " + pkg + ")");
        }
    }

    /**
     * Refuses an option the end's release of the tool does not have, naming the release that has it, before any
     * test process starts (the tool itself would fail with a usage message only once the run is under way).
     */
    private static void checkRelease(List<String> problems, Tool t, List<SweepPoint> points, End e) {
        if (t != Tool.IPERF3) {
            return;
        }
        Optional<Iperf3Version> release = Iperf3Version.parse(e.facts().get("tool.version"));
        boolean bidir = points.stream().anyMatch(p -> p.plan().mode() == TestPlan.Mode.BIDIR);
        release.flatMap(r -> r.refusesBidir(bidir, e.label())).ifPresent(problems::add);
    }

    private static void checkCpus(List<String> problems, End e) {
        if (e.plan().cpus().isEmpty()) {
            return;
        }
        if (!"yes".equals(e.facts().get("taskset"))) {
            problems.add("taskset is not installed on " + e.label() + "; it pins the processes to CPUs (apt-get "
                    + "install util-linux), or run without CPU pinning");
        }
        String online = e.facts().get("cpus");
        if (online != null && online.matches("\\d+")) {
            int n = Integer.parseInt(online);
            List<Integer> missing =
                    e.plan().cpus().stream().filter(c -> c >= n).distinct().toList();
            if (!missing.isEmpty()) {
                problems.add("CPU " + missing.stream().map(String::valueOf).collect(Collectors.joining(", "))
                        + " is not on " + e.label() + ", which has " + n + " CPU" + (n == 1 ? "" : "s") + " (0-"
                        + (n - 1) + "); pin to those");
            }
        }
    }

    private static void checkInterface(List<String> problems, End e) {
        String iface = e.plan().dataInterface();
        if (iface != null && !e.facts().hasInterface(iface)) {
            problems.add("interface " + iface + " does not exist on " + e.label() + " (it has: "
                    + String.join(", ", e.facts().interfaces()) + ")");
        }
    }

    private static void refuseSessionInterface(List<String> problems, End e) {
        String iface = e.plan().dataInterface();
        if (iface != null && iface.equals(e.facts().sshInterface())) {
            problems.add("refusing to change the MTU of " + iface + " on " + e.label() + ": it carries the SSH "
                    + "session LinkLab controls the host through (" + e.facts().get("ssh.address") + "); test over a "
                    + "separate data interface");
        }
    }
}
