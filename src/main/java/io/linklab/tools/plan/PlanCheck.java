package io.linklab.tools.plan;

import io.linklab.model.HostSpec;
import io.linklab.model.InvalidValueException;
import io.linklab.model.TestPlan;
import io.linklab.model.Tool;
import io.linklab.model.Validators;
import io.linklab.remote.SshTarget;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Every check a plan must pass before any of its values reaches a command line. The GUI shows the
 * problems next to the fields they name; the CLI and the engine refuse a plan that has any.
 */
public final class PlanCheck {

    /**
     * One thing wrong with a plan.
     *
     * @param field the plan field, spelled as in plan files ("streams", "client.login", "sweep.values[2]")
     */
    public record Problem(String field, String value, String message) {
        @Override
        public String toString() {
            return field + ": '" + value + "' is not valid — " + message;
        }
    }

    private PlanCheck() {}

    /** Throws {@link InvalidValueException} for the first problem. */
    public static void require(TestPlan plan) {
        List<Problem> problems = problems(plan);
        if (!problems.isEmpty()) {
            Problem p = problems.get(0);
            throw new InvalidValueException(p.field(), p.value(), p.message());
        }
    }

    public static List<Problem> problems(TestPlan plan) {
        List<Problem> out = new ArrayList<>();
        if (plan.tool() == null) {
            out.add(new Problem("tool", "", "choose iperf3, iperf2 or netperf"));
            return out;
        }
        login(out, "client.login", plan.client() == null ? null : plan.client().login());
        login(out, "server.login", plan.server() == null ? null : plan.server().login());
        check(out, "target", plan.target(), Validators.hostOrAddress(plan.target()));
        if (plan.client() != null && plan.client().dataInterface() != null) {
            check(
                    out,
                    "client.interface",
                    plan.client().dataInterface(),
                    Validators.interfaceName(plan.client().dataInterface()));
        }
        if (plan.server() != null && plan.server().dataInterface() != null) {
            check(
                    out,
                    "server.interface",
                    plan.server().dataInterface(),
                    Validators.interfaceName(plan.server().dataInterface()));
        }
        if (plan.protocol() == null) {
            out.add(new Problem("protocol", "", "choose tcp or udp"));
        }
        if (plan.mode() == null) {
            out.add(new Problem("mode", "", "choose normal, reverse or bidir"));
        }
        check(out, "duration", String.valueOf(plan.durationS()), Validators.durationSeconds(plan.durationS()));
        check(out, "interval", String.valueOf(plan.intervalS()), Validators.intervalSeconds(plan.intervalS()));
        if (plan.omitS() < 0 || plan.omitS() > 600) {
            out.add(new Problem("omit", String.valueOf(plan.omitS()), "expected 0 to 600 seconds"));
        }
        check(out, "streams", String.valueOf(plan.streams()), Validators.streams(plan.streams()));
        check(out, "processes", String.valueOf(plan.processes()), Validators.processes(plan.processes()));
        check(out, "repetitions", String.valueOf(plan.repetitions()), Validators.repetitions(plan.repetitions()));
        check(out, "port", String.valueOf(plan.basePort()), Validators.port(plan.basePort()));
        int maxProcesses = plan.processes();
        if (plan.isSweep() && plan.sweep().kind() == TestPlan.SweepKind.PROCESSES) {
            for (String v : plan.sweep().values()) {
                maxProcesses = Math.max(maxProcesses, parseIntOr(v, 0));
            }
        }
        if (plan.basePort() >= 1 && plan.basePort() + maxProcesses - 1 > 65535) {
            out.add(new Problem(
                    "port",
                    String.valueOf(plan.basePort()),
                    maxProcesses + " processes need ports " + plan.basePort() + " to "
                            + (plan.basePort() + maxProcesses - 1) + "; choose a lower first port"));
        }
        if (plan.window() != null) {
            check(out, "window", plan.window(), Validators.size(plan.window()));
        }
        if (plan.messageSize() != null) {
            check(out, "message-size", plan.messageSize(), Validators.size(plan.messageSize()));
        }
        if (plan.udpBitrate() != null) {
            check(out, "bitrate", plan.udpBitrate(), Validators.rate(plan.udpBitrate()));
        }
        toolLimits(out, plan);
        sweep(out, plan);
        return out;
    }

    private static void toolLimits(List<Problem> out, TestPlan plan) {
        if (plan.tool() == Tool.NETPERF) {
            if (plan.mode() == TestPlan.Mode.BIDIR) {
                out.add(new Problem(
                        "mode",
                        "bidir",
                        "netperf has no bidirectional test; use iperf3 or iperf2, "
                                + "or run TCP_STREAM and reverse (TCP_MAERTS) one after the other"));
            }
            if (plan.streams() > 1) {
                out.add(new Problem(
                        "streams",
                        String.valueOf(plan.streams()),
                        "netperf runs one stream per process; use processes instead"));
            }
            if (plan.omitS() > 0) {
                out.add(new Problem(
                        "omit", String.valueOf(plan.omitS()), "netperf cannot omit warm-up seconds; use 0"));
            }
            if (plan.udpBitrate() != null) {
                out.add(new Problem(
                        "bitrate",
                        plan.udpBitrate(),
                        "netperf has no pacing: its TCP and UDP tests "
                                + "send as fast as they can; leave the bitrate out or use iperf3/iperf2"));
            }
            if (plan.mode() == TestPlan.Mode.REVERSE && plan.protocol() == TestPlan.Protocol.UDP) {
                out.add(new Problem("mode", "reverse", "netperf has no reverse UDP test; use iperf3 -R"));
            }
            if (plan.isSweep() && plan.sweep().kind() == TestPlan.SweepKind.STREAMS) {
                out.add(new Problem("sweep.kind", "streams", "netperf runs one stream per process; sweep processes"));
            }
        }
        if (plan.tool() == Tool.IPERF2 && plan.omitS() > 0) {
            out.add(new Problem("omit", String.valueOf(plan.omitS()), "iperf 2 cannot omit warm-up seconds; use 0"));
        }
    }

    private static void sweep(List<Problem> out, TestPlan plan) {
        if (plan.sweep() == null) {
            return;
        }
        if (plan.sweep().kind() == null) {
            out.add(new Problem("sweep.kind", "", "choose mtu, streams, processes, window or message-size"));
            return;
        }
        if (plan.sweep().values().isEmpty()) {
            out.add(new Problem("sweep.values", "", "a sweep needs at least one value"));
        }
        if (plan.sweep().values().size() > 1000) {
            out.add(new Problem(
                    "sweep.values", String.valueOf(plan.sweep().values().size()), "at most 1000 sweep points"));
        }
        List<String> values = plan.sweep().values();
        for (int i = 0; i < values.size(); i++) {
            String field = "sweep.values[" + i + "]";
            String v = values.get(i);
            switch (plan.sweep().kind()) {
                case MTU -> {
                    Integer n = parseInt(v);
                    check(out, field, v, n == null ? Optional.of("expected an MTU such as 9000") : Validators.mtu(n));
                }
                case STREAMS -> {
                    Integer n = parseInt(v);
                    check(out, field, v, n == null ? Optional.of("expected a stream count") : Validators.streams(n));
                }
                case PROCESSES -> {
                    Integer n = parseInt(v);
                    check(out, field, v, n == null ? Optional.of("expected a process count") : Validators.processes(n));
                }
                case WINDOW, MESSAGE_SIZE -> check(out, field, v, Validators.size(v));
            }
        }
        if (plan.sweep().kind() == TestPlan.SweepKind.MTU) {
            if (plan.client() == null || plan.client().dataInterface() == null) {
                out.add(new Problem(
                        "client.interface",
                        "",
                        "an MTU sweep needs the client's data interface " + "(--client-if), whose MTU it changes"));
            }
            if (plan.server() == null || plan.server().dataInterface() == null) {
                out.add(new Problem(
                        "server.interface",
                        "",
                        "an MTU sweep needs the server's data interface " + "(--server-if), whose MTU it changes"));
            }
        }
    }

    private static void login(List<Problem> out, String field, String login) {
        Optional<String> problem = login == null || login.isBlank()
                ? Optional.of("a login is needed: user@host[:port] or local")
                : HostSpec.LOCAL.equals(login) ? Optional.empty() : SshTarget.problem(login);
        check(out, field, login, problem);
    }

    private static void check(List<Problem> out, String field, String value, Optional<String> problem) {
        problem.ifPresent(p -> out.add(new Problem(field, value == null ? "" : value, p)));
    }

    private static Integer parseInt(String v) {
        try {
            return Integer.parseInt(v.trim());
        } catch (NumberFormatException | NullPointerException e) {
            return null;
        }
    }

    private static int parseIntOr(String v, int fallback) {
        Integer n = parseInt(v);
        return n == null ? fallback : n;
    }
}
