package io.linklab.model;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a probe found on a host: whether it answers, the system, the measurement tools and their
 * versions, the interfaces and the TCP settings. Shown by the GUI and recorded with every run.
 *
 * @param host             the host as the user named it
 * @param probedAt         when
 * @param reachable        something answered on the SSH port (always true for "local")
 * @param loginOk          the login worked and commands run
 * @param problem          why not, for the user; null when the probe worked
 * @param kernel           uname -srm
 * @param hostname         uname -n
 * @param osId             os-release ID (debian, ubuntu, rhel, ...), null if unknown
 * @param osLike           os-release ID_LIKE, null if none
 * @param osName           os-release PRETTY_NAME
 * @param cpuModel         first model name in /proc/cpuinfo
 * @param cpuCount         online CPUs, 0 if unknown
 * @param root             the login is root (privileged steps run without sudo)
 * @param tools            iperf3, iperf (2), netperf, netserver, ethtool: found or not
 * @param interfaces       every network interface
 * @param sysctls          TCP and socket buffer settings by sysctl name
 * @param sessionInterface the interface carrying the SSH session (never to be touched), null if none
 */
public record HostFacts(
        String host,
        Instant probedAt,
        boolean reachable,
        boolean loginOk,
        String problem,
        String kernel,
        String hostname,
        String osId,
        String osLike,
        String osName,
        String cpuModel,
        int cpuCount,
        boolean root,
        List<ToolFacts> tools,
        List<InterfaceFacts> interfaces,
        Map<String, String> sysctls,
        String sessionInterface) {

    public HostFacts {
        tools = List.copyOf(tools);
        interfaces = List.copyOf(interfaces);
        sysctls = Map.copyOf(sysctls);
    }

    /** A host the probe could not get into. */
    public static HostFacts failed(String host, Instant at, boolean reachable, String problem) {
        return new HostFacts(
                host, at, reachable, false, problem, null, null, null, null, null, null, 0, false, List.of(), List.of(),
                Map.of(), null);
    }

    public boolean ok() {
        return problem == null;
    }

    public Optional<ToolFacts> tool(String name) {
        return tools.stream().filter(t -> t.name().equals(name)).findFirst();
    }

    public Optional<InterfaceFacts> iface(String name) {
        return interfaces.stream().filter(i -> i.name().equals(name)).findFirst();
    }

    /** Measurement tools that are missing, each with the command that installs it on this host. */
    public List<ToolFacts> missingTools() {
        return tools.stream().filter(t -> !t.present()).toList();
    }

    /**
     * One program.
     *
     * @param name           iperf3, iperf, netperf, netserver or ethtool
     * @param path           where it was found, null when missing
     * @param version        the version number (3.12, 2.1.8, 2.7.0), null when missing or unreadable
     * @param versionLine    the tool's own version line, as printed
     * @param installCommand how to install it on this distribution, null when present
     */
    public record ToolFacts(String name, String path, String version, String versionLine, String installCommand) {
        public boolean present() {
            return path != null;
        }
    }

    /**
     * One network interface.
     *
     * @param addresses  address/prefix, IPv4 and IPv6
     * @param mtu        current MTU
     * @param speedMbps  link speed, null when the kernel does not know it (link down, some virtual links)
     * @param operState  up, down, unknown, ...
     * @param driver     kernel driver (mlx5_core, ixgbe, veth, ...), or the link type when there is none
     * @param offloads   ethtool -k features (tcp-segmentation-offload, generic-receive-offload, ...) → on
     */
    public record InterfaceFacts(
            String name,
            List<String> addresses,
            int mtu,
            Long speedMbps,
            String operState,
            String driver,
            String mac,
            Map<String, Boolean> offloads) {
        public InterfaceFacts {
            addresses = List.copyOf(addresses);
            offloads = Map.copyOf(offloads);
        }
    }
}
