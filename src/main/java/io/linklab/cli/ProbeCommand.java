package io.linklab.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import io.linklab.model.HostFacts;
import io.linklab.model.HostSpec;
import io.linklab.model.InvalidValueException;
import io.linklab.remote.LocalTransport;
import io.linklab.remote.SshConnector;
import io.linklab.remote.SshSettings;
import io.linklab.remote.SshTarget;
import io.linklab.remote.TransportException;
import io.linklab.remote.probe.HostProbe;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** The `probe` subcommand: what each host offers for a test (tools, versions, interfaces, TCP settings). */
public final class ProbeCommand implements CliCommand {

    @Override
    public String name() {
        return "probe";
    }

    @Override
    public String summary() {
        return "check hosts: login, tools and versions, interfaces, TCP settings";
    }

    @Override
    public String usage() {
        return """
                Usage: java -jar linklab.jar probe HOST... [options]

                  HOST                      USER@HOST[:PORT], an alias of the ssh config, or 'local'
                """ + SshOptions.HELP + """
                  --json                    print the facts as JSON instead of a summary

                Hosts are probed in parallel. Exit status 1 when a host cannot be reached or logged in to.
                """;
    }

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) {
        List<String> hosts = new ArrayList<>();
        Map<String, String> sshValues = new HashMap<>();
        boolean acceptNew = false;
        boolean json = false;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (SshOptions.VALUE_FLAGS.contains(a)) {
                sshValues.put(a, value(args, ++i, a));
            } else if (a.equals(SshOptions.ACCEPT_NEW)) {
                acceptNew = true;
            } else if (a.equals("--json")) {
                json = true;
            } else if (a.startsWith("-")) {
                throw new UsageException("unknown option '" + a + "'. Run 'linklab probe --help' for the options.");
            } else {
                hosts.add(a);
            }
        }
        SshSettings settings = SshOptions.settings(sshValues, acceptNew);
        if (hosts.isEmpty()) {
            throw new UsageException("name at least one host to probe, e.g. root@198.18.0.11 or local");
        }
        List<SshTarget> targets = new ArrayList<>();
        for (String h : hosts) {
            if (!h.equals(HostSpec.LOCAL)) {
                try {
                    targets.add(SshTarget.parse(h));
                } catch (InvalidValueException e) {
                    throw new UsageException(e.getMessage());
                }
            }
        }
        List<HostFacts> facts = new ArrayList<>();
        try {
            HostProbe probe = new HostProbe();
            if (hosts.contains(HostSpec.LOCAL)) {
                try (LocalTransport local = new LocalTransport()) {
                    facts.add(probe.probe(local));
                }
            }
            if (!targets.isEmpty()) {
                facts.addAll(probe.probeAll(new SshConnector(settings, SshOptions.prompts(err)), targets));
            }
        } catch (TransportException e) {
            err.println("linklab probe: " + e.getMessage());
            return Cli.USAGE;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("linklab probe: interrupted");
            return Cli.FAILED;
        }
        if (json) {
            printJson(out, facts);
        } else {
            facts.forEach(f -> printSummary(out, f));
        }
        boolean allOk = facts.stream().allMatch(HostFacts::ok);
        for (HostFacts f : facts) {
            if (!f.ok()) {
                err.println("linklab probe: " + f.host() + ": " + f.problem());
            }
        }
        return allOk ? Cli.OK : Cli.FAILED;
    }

    private static String value(List<String> args, int i, String flag) {
        if (i >= args.size()) {
            throw new UsageException(flag + " needs a value");
        }
        return args.get(i);
    }

    static void printSummary(PrintStream out, HostFacts f) {
        if (!f.ok()) {
            out.println(f.host() + ": " + (f.reachable() ? "LOGIN FAILED" : "UNREACHABLE"));
            return;
        }
        out.println(f.host() + ": " + f.osName() + ", " + f.kernel() + ", " + f.cpuCount() + " CPUs (" + f.cpuModel() + ")"
                + (f.root() ? ", root login" : ""));
        out.println("  tools:  " + f.tools().stream().filter(HostFacts.ToolFacts::present)
                .map(t -> t.name() + " " + (t.version() == null ? "?" : t.version())).collect(Collectors.joining(", ")));
        for (HostFacts.ToolFacts t : f.missingTools()) {
            out.println("  missing: " + t.name() + " — install with: " + t.installCommand());
        }
        Map<String, String> s = f.sysctls();
        out.println("  tcp:    congestion control " + s.getOrDefault("net.ipv4.tcp_congestion_control", "?")
                + " (available: " + s.getOrDefault("net.ipv4.tcp_available_congestion_control", "?") + "), tcp_rmem "
                + s.getOrDefault("net.ipv4.tcp_rmem", "?") + ", tcp_wmem " + s.getOrDefault("net.ipv4.tcp_wmem", "?")
                + ", rmem_max " + s.getOrDefault("net.core.rmem_max", "?") + ", wmem_max "
                + s.getOrDefault("net.core.wmem_max", "?"));
        out.println("  interfaces:");
        for (HostFacts.InterfaceFacts i : f.interfaces()) {
            String offloads = i.offloads().isEmpty() ? "" : "  " + i.offloads().entrySet().stream()
                    .filter(e -> List.of("tcp-segmentation-offload", "generic-receive-offload", "large-receive-offload")
                            .contains(e.getKey()))
                    .map(e -> abbreviation(e.getKey()) + (e.getValue() ? " on" : " off")).sorted()
                    .collect(Collectors.joining(", "));
            out.printf("    %-16s %-8s mtu %-6d %-11s %-12s %s%s%s%n", i.name(), i.operState(), i.mtu(), speed(i.speedMbps()),
                    i.driver() == null ? "" : i.driver(), String.join(" ", i.addresses()), offloads,
                    i.name().equals(f.sessionInterface()) ? "  (carries the SSH session)" : "");
        }
    }

    private static String abbreviation(String feature) {
        return switch (feature) {
            case "tcp-segmentation-offload" -> "tso";
            case "generic-receive-offload" -> "gro";
            case "large-receive-offload" -> "lro";
            default -> feature;
        };
    }

    private static String speed(Long mbps) {
        if (mbps == null) {
            return "speed ?";
        }
        return mbps >= 1000 && mbps % 1000 == 0 ? mbps / 1000 + " Gbit/s" : mbps + " Mbit/s";
    }

    private static void printJson(PrintStream out, List<HostFacts> facts) {
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                .registerModule(new SimpleModule().addSerializer(Instant.class, ToStringSerializer.instance));
        try {
            out.println(mapper.writeValueAsString(facts));
        } catch (IOException e) {
            throw new IllegalStateException("cannot write the facts as JSON", e);
        }
    }
}
