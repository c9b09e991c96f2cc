package io.linklab.engine;

import io.linklab.remote.probe.ProbeScript;
import io.linklab.tools.iperf3.Iperf3Version;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeSet;

/**
 * What preflight learnt about a host in one round trip: kernel, CPUs, the tool and its version,
 * the data interfaces' MTU and state, its addresses, listening ports, and the interface carrying the SSH session.
 */
public record PreflightFacts(
        Map<String, String> facts, Set<Integer> tcpListening, Set<Integer> udpListening, List<String> interfaces) {

    public String get(String key) {
        return facts.get(key);
    }

    public boolean hasTool() {
        return facts.containsKey("tool.path");
    }

    public boolean hasInterface(String iface) {
        return facts.containsKey("if." + iface + ".mtu");
    }

    public OptionalInt mtu(String iface) {
        String v = facts.get("if." + iface + ".mtu");
        try {
            return v == null ? OptionalInt.empty() : OptionalInt.of(Integer.parseInt(v.trim()));
        } catch (NumberFormatException e) {
            return OptionalInt.empty();
        }
    }

    /** The interface the SSH session arrives on, or null for local hosts and when it cannot be told. */
    public String sshInterface() {
        return facts.get("ssh.interface");
    }

    /** Every address of the host ("198.19.0.2", "fd00::2") with its interface, in the order `ip addr` lists them. */
    public Map<String, String> addresses() {
        Map<String, String> out = new LinkedHashMap<>();
        facts.forEach((k, v) -> {
            if (k.startsWith("addr.") && !v.isEmpty()) {
                out.put(k.substring("addr.".length()), v);
            }
        });
        return out;
    }

    /**
     * What the target name resolved to on this host (its own resolver, /etc/hosts included); empty if it resolved
     * to nothing, null if it was not looked up.
     */
    public List<String> targetAddresses() {
        String v = facts.get("target.addresses");
        return v == null ? null : v.isBlank() ? List.of() : List.of(v.trim().split("\\s+"));
    }

    public boolean root() {
        return "0".equals(facts.get("uid"));
    }

    /**
     * The facts from the brief {@link ProbeScript}'s records, under the keys run.json has always had ("kernel",
     * "tool.path", "if.data0.mtu", "addr.198.19.0.2", "ssh.interface", ...), and "if.eth2.numa", "node.1.cpus" where the
     * host has NUMA nodes.
     *
     * @param interfaces the data interfaces whose MTU, state and speed are kept
     */
    static PreflightFacts fromProbe(String output, List<String> interfaces) {
        StringBuilder kv = new StringBuilder();
        Map<String, String> addressInterfaces = new LinkedHashMap<>();
        String session = null;
        for (String[] f : ProbeScript.records(output)) {
            String a = value(f, 1);
            switch (f[0]) {
                case "uname" -> line(kv, "kernel", a);
                case "hostname", "uid", "user", "cpus" -> line(kv, f[0], a);
                case "tool" -> {
                    if (ProbeScript.field(f, 2) != null) {
                        line(kv, "tool.path", value(f, 2));
                        line(kv, "tool.version", value(f, 3));
                        // what the host's iperf3 release can do, so run.json says why a run ran as it did
                        Iperf3Version.parse(value(f, 3))
                                .filter(v -> a.equals("iperf3"))
                                .ifPresent(v -> line(kv, "tool.features", String.join(" ", v.features())));
                    }
                }
                case "if" -> {
                    line(kv, "if", a);
                    if (interfaces.contains(a)) {
                        line(kv, "if." + a + ".mtu", value(f, 2));
                        line(kv, "if." + a + ".state", value(f, 4));
                        line(kv, "if." + a + ".speed", value(f, 3));
                    }
                }
                // few per host, kept for every NIC: the tuner finds the server's interface by the target address
                case "numa" -> line(kv, "if." + a + ".numa", value(f, 2));
                case "node" -> line(kv, "node." + a + ".cpus", value(f, 2));
                case "addr" -> {
                    String address = value(f, 2).split("/")[0];
                    line(kv, "addr." + address, a);
                    addressInterfaces.putIfAbsent(address, a);
                }
                case "target" ->
                    line(
                            kv,
                            "target.addresses",
                            String.join(" ", Arrays.asList(f).subList(1, f.length)));
                case "listen" -> line(kv, "listen." + a, value(f, 2));
                case "has" -> line(kv, a, "yes");
                case "sudo" -> line(kv, "sudo", a);
                case "session" -> session = ProbeScript.field(f, 1);
                default -> {
                    // a record of the full probe, or of a newer one
                }
            }
        }
        if (session != null) {
            line(kv, "ssh.address", session);
            line(kv, "ssh.interface", addressInterfaces.getOrDefault(session, ""));
        }
        return parse(kv.toString());
    }

    private static String value(String[] f, int i) {
        return i < f.length ? f[i] : "";
    }

    private static void line(StringBuilder kv, String key, String value) {
        kv.append(key).append('=').append(value).append('\n');
    }

    /** Facts from "key=value" lines, as run.json keeps them. */
    static PreflightFacts parse(String output) {
        Map<String, String> facts = new LinkedHashMap<>();
        Set<Integer> tcp = new TreeSet<>();
        Set<Integer> udp = new TreeSet<>();
        List<String> ifs = new ArrayList<>();
        for (String line : output.split("\n")) {
            int eq = line.indexOf('=');
            if (eq <= 0) {
                continue;
            }
            String k = line.substring(0, eq).trim();
            String v = line.substring(eq + 1).trim();
            switch (k) {
                case "listen.tcp" -> port(v).ifPresent(tcp::add);
                case "listen.udp" -> port(v).ifPresent(udp::add);
                case "if" -> ifs.add(v);
                default -> facts.put(k, v);
            }
        }
        return new PreflightFacts(facts, tcp, udp, ifs);
    }

    /** The port of an ss "Local Address:Port" column: 0.0.0.0:5201, [::]:5201, *:5201, 127.0.0.1%lo:5201. */
    private static Optional<Integer> port(String local) {
        int colon = local.lastIndexOf(':');
        if (colon < 0) {
            return Optional.empty();
        }
        try {
            return Optional.of(Integer.parseInt(local.substring(colon + 1)));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
