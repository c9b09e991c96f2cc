package io.linklab.remote.probe;

import io.linklab.model.HostFacts;
import io.linklab.model.HostFacts.InterfaceFacts;
import io.linklab.model.HostFacts.ToolFacts;
import io.linklab.remote.CommandResult;
import io.linklab.remote.InstallCommands;
import io.linklab.remote.SshConnector;
import io.linklab.remote.SshTarget;
import io.linklab.remote.SshTransport;
import io.linklab.remote.Transport;
import io.linklab.remote.TransportException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds out what a host offers for a test, in one round trip of the full {@link ProbeScript}: system, CPU,
 * measurement tools and their versions, interfaces (addresses, MTU, speed, driver, offloads), TCP sysctls, and
 * which interface carries the SSH session. Missing tools come with the install command for the host's distribution.
 */
public final class HostProbe {

    /** The tools LinkLab drives, plus ethtool (speed and offloads). */
    public static final List<String> TOOLS = List.of("iperf3", "iperf", "netperf", "netserver", "ethtool");

    public static final Duration TIMEOUT = Duration.ofSeconds(30);

    private static final Pattern VERSION = Pattern.compile("(\\d+\\.\\d+(?:\\.\\d+)*)");

    /** Probes a host through a transport that is already logged in. */
    public HostFacts probe(Transport transport) {
        Instant at = Instant.now();
        try {
            CommandResult r = transport.run(ProbeScript.full(TOOLS), TIMEOUT);
            if (r.timedOut()) {
                return HostFacts.failed(
                        transport.hostLabel(),
                        at,
                        true,
                        "probing " + transport.hostLabel() + " took longer than " + TIMEOUT.toSeconds() + " s");
            }
            if (r.exitStatus() != 0) {
                return HostFacts.failed(
                        transport.hostLabel(),
                        at,
                        true,
                        "the probe failed on " + transport.hostLabel() + " (exit " + r.exitStatus() + "): "
                                + r.stderr().trim());
            }
            return parse(transport.hostLabel(), at, r.stdout());
        } catch (TransportException e) {
            return HostFacts.failed(
                    transport.hostLabel(), at, e.kind() != TransportException.Kind.UNREACHABLE, e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return HostFacts.failed(transport.hostLabel(), at, true, "probe interrupted");
        }
    }

    /** Logs in, probes and logs out; a host that cannot be reached or logged in to is reported, not thrown. */
    public HostFacts probe(SshConnector connector, SshTarget target) {
        Instant at = Instant.now();
        try (SshTransport t = connector.connect(target)) {
            return probe(t);
        } catch (TransportException e) {
            return HostFacts.failed(
                    target.label(), at, e.kind() != TransportException.Kind.UNREACHABLE, e.getMessage());
        }
    }

    /** Probes several hosts at once. */
    public List<HostFacts> probeAll(SshConnector connector, List<SshTarget> targets) throws InterruptedException {
        List<HostFacts> out = new ArrayList<>();
        for (SshConnector.Outcome o : connector.connectAll(targets)) {
            if (!o.ok()) {
                out.add(HostFacts.failed(
                        o.target().label(),
                        Instant.now(),
                        o.errorKind() != TransportException.Kind.UNREACHABLE,
                        o.error()));
            } else {
                try (SshTransport t = o.transport()) {
                    out.add(probe(t));
                }
            }
        }
        return out;
    }

    static HostFacts parse(String host, Instant at, String output) {
        String kernel = null;
        String hostname = null;
        String osId = null;
        String osLike = null;
        String osName = null;
        String cpuModel = null;
        int cpus = 0;
        boolean root = false;
        String sessionAddress = null;
        Map<String, String[]> tools = new LinkedHashMap<>();
        Map<String, String> sysctls = new LinkedHashMap<>();
        Map<String, String[]> ifs = new LinkedHashMap<>();
        Map<String, List<String>> addrs = new LinkedHashMap<>();
        Map<String, Map<String, Boolean>> offloads = new LinkedHashMap<>();
        for (String[] f : ProbeScript.records(output)) {
            switch (f[0]) {
                case "uname" -> kernel = field(f, 2) == null ? field(f, 1) : field(f, 1) + " " + field(f, 2);
                case "hostname" -> hostname = field(f, 1);
                case "os" -> {
                    osId = field(f, 1);
                    osLike = field(f, 2);
                    osName = field(f, 3);
                }
                case "cpus" -> cpus = parseInt(field(f, 2) == null ? field(f, 1) : field(f, 2));
                case "cpu" -> cpuModel = field(f, 1);
                case "uid" -> root = "0".equals(field(f, 1));
                case "tool" -> tools.put(field(f, 1), f);
                case "sysctl" -> sysctls.put(field(f, 1), field(f, 2));
                case "session" -> sessionAddress = field(f, 1);
                case "if" -> ifs.put(field(f, 1), f);
                case "addr" ->
                    addrs.computeIfAbsent(field(f, 1), k -> new ArrayList<>()).add(field(f, 2));
                case "offload" ->
                    offloads.computeIfAbsent(field(f, 1), k -> new LinkedHashMap<>())
                            .put(field(f, 2), "on".equals(field(f, 3)));
                default -> {
                    // an unknown line (a newer probe): ignored
                }
            }
        }
        List<ToolFacts> toolFacts = new ArrayList<>();
        for (String name : TOOLS) {
            String[] f = tools.get(name);
            String path = f == null ? null : field(f, 2);
            if (path == null) {
                toolFacts.add(new ToolFacts(
                        name, null, null, null, InstallCommands.forDistribution(name, osId, osLike, root)));
            } else {
                String line = field(f, 3);
                Matcher m = VERSION.matcher(line == null ? "" : line);
                toolFacts.add(new ToolFacts(name, path, m.find() ? m.group(1) : null, line, null));
            }
        }
        List<InterfaceFacts> interfaces = new ArrayList<>();
        String sessionIf = null;
        for (Map.Entry<String, String[]> e : ifs.entrySet()) {
            String[] f = e.getValue();
            String name = e.getKey();
            Long speed = null;
            String sp = field(f, 3);
            if (sp != null && sp.matches("\\d+") && Long.parseLong(sp) > 0) {
                speed = Long.parseLong(sp);
            }
            String driver = field(f, 5);
            if (driver == null) {
                driver = linkType(field(f, 7));
            }
            List<String> a = addrs.getOrDefault(name, List.of());
            for (String x : a) {
                if (x.split("/")[0].equals(sessionAddress)) {
                    sessionIf = name;
                }
            }
            interfaces.add(new InterfaceFacts(
                    name,
                    a,
                    parseInt(field(f, 2)),
                    speed,
                    field(f, 4),
                    driver,
                    field(f, 6),
                    offloads.getOrDefault(name, Map.of())));
        }
        return new HostFacts(
                host,
                at,
                true,
                true,
                null,
                kernel,
                hostname,
                osId,
                osLike,
                osName,
                cpuModel,
                cpus,
                root,
                toolFacts,
                interfaces,
                sysctls,
                sessionIf);
    }

    private static String linkType(String type) {
        if (type == null) {
            return null;
        }
        return switch (type) {
            case "1" -> null;
            case "32" -> "infiniband";
            case "772" -> "loopback";
            default -> "link type " + type;
        };
    }

    private static String field(String[] f, int i) {
        return ProbeScript.field(f, i);
    }

    private static int parseInt(String s) {
        try {
            return s == null ? 0 : Integer.parseInt(s.trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
