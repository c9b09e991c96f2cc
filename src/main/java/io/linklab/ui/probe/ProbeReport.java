package io.linklab.ui.probe;

import java.util.List;
import java.util.Map;

/**
 * What probing one host found, in the terms the badge and the detail view need.
 *
 * @param reachable  the management address answered (TCP connect to sshd, or "local")
 * @param loggedIn   the SSH login worked (always true for "local")
 * @param tools      tool id ("iperf3", "iperf2", "netperf") to version, for the tools found
 * @param interfaces interface name to what the host says about it
 * @param facts      everything else found, in display order (kernel, CPU, …)
 * @param problem    why the probe stopped early, for the user; null when it ran through
 */
public record ProbeReport(boolean reachable, boolean loggedIn, Map<String, String> tools,
                          Map<String, InterfaceFacts> interfaces, Map<String, String> facts, String problem) {

    public ProbeReport {
        tools = Map.copyOf(tools);
        interfaces = Map.copyOf(interfaces);
        facts = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(facts));
    }

    /**
     * @param mtu   current MTU, 0 when unknown
     * @param speed link speed as the host reports it ("100000Mb/s" → "100G"), null when unknown
     */
    public record InterfaceFacts(String name, int mtu, String speed, List<String> addresses, boolean up) {
        public InterfaceFacts {
            addresses = List.copyOf(addresses);
        }
    }

    public static ProbeReport failed(boolean reachable, String problem) {
        return new ProbeReport(reachable, false, Map.of(), Map.of(), Map.of(), problem);
    }
}
