package io.linklab.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import io.linklab.model.HostFacts;
import io.linklab.model.HostSpec;
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
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The `probe` subcommand: what each host offers for a test (tools, versions, interfaces, TCP settings). */
@Command(
        name = "probe",
        mixinStandardHelpOptions = true,
        versionProvider = Cli.Version.class,
        sortOptions = false,
        description = "check hosts: login, tools and versions, interfaces, TCP settings",
        customSynopsis = "${COMMAND-FULL-NAME} HOST... [--json] [SSH options]",
        descriptionHeading = "%n",
        parameterListHeading = "%n",
        optionListHeading = "%n",
        footer = {"", "Hosts are probed in parallel. Exit status 1 when a host cannot be reached or logged in to."})
public final class ProbeCommand extends CliCommand {

    @Parameters(
            paramLabel = "HOST",
            arity = "0..*",
            description = "USER@HOST[:PORT], an alias of the ssh config, or 'local'")
    List<String> hosts = new ArrayList<>();

    @Option(names = "--json", description = "print the facts as JSON instead of a summary")
    boolean json;

    @Mixin
    SshOptions ssh = new SshOptions();

    @Override
    Map<Integer, String> sections() {
        return Map.of(2, "SSH:");
    }

    @Override
    public Integer call() {
        SshSettings settings = ssh.settings();
        if (hosts.isEmpty()) {
            throw new UsageException("name at least one host to probe, e.g. root@198.18.0.11 or local");
        }
        List<SshTarget> targets = new ArrayList<>();
        for (String h : hosts) {
            if (!h.equals(HostSpec.LOCAL)) {
                targets.add(UsageException.parsed(() -> SshTarget.parse(h)));
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

    static void printSummary(PrintStream out, HostFacts f) {
        if (!f.ok()) {
            out.println(f.host() + ": " + (f.reachable() ? "LOGIN FAILED" : "UNREACHABLE"));
            return;
        }
        out.println(f.host() + ": " + f.osName() + ", " + f.kernel() + ", " + f.cpuCount() + " CPUs (" + f.cpuModel()
                + ")" + (f.root() ? ", root login" : ""));
        out.println("  tools:  "
                + f.tools().stream()
                        .filter(HostFacts.ToolFacts::present)
                        .map(t -> t.name() + " " + (t.version() == null ? "?" : t.version()))
                        .collect(Collectors.joining(", ")));
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
            String offloads = i.offloads().isEmpty()
                    ? ""
                    : "  "
                            + i.offloads().entrySet().stream()
                                    .filter(e -> List.of(
                                                    "tcp-segmentation-offload",
                                                    "generic-receive-offload",
                                                    "large-receive-offload")
                                            .contains(e.getKey()))
                                    .map(e -> abbreviation(e.getKey()) + (e.getValue() ? " on" : " off"))
                                    .sorted()
                                    .collect(Collectors.joining(", "));
            out.printf(
                    "    %-16s %-8s mtu %-6d %-11s %-12s %s%s%s%n",
                    i.name(),
                    i.operState(),
                    i.mtu(),
                    speed(i.speedMbps()),
                    i.driver() == null ? "" : i.driver(),
                    String.join(" ", i.addresses()),
                    offloads,
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
        ObjectMapper mapper = new ObjectMapper()
                .enable(SerializationFeature.INDENT_OUTPUT)
                .registerModule(new SimpleModule().addSerializer(Instant.class, ToStringSerializer.instance));
        try {
            out.println(mapper.writeValueAsString(facts));
        } catch (IOException e) {
            throw new IllegalStateException("cannot write the facts as JSON", e);
        }
    }
}
