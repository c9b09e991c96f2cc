package io.linklab.engine;

import io.linklab.model.Validators;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Whether the address the client sends to (the target) is the server's, from both hosts' facts. A target on no
 * interface of the server (127.0.0.1 from another host, the client's own address, a typo) is refused before
 * anything starts, with the server's addresses to choose from: otherwise every client ends in "Connection
 * refused". A target on the interface that carries LinkLab's SSH session is allowed with a warning: the test
 * then measures the management link.
 */
final class TargetCheck {

    /** What the check found: reasons to refuse the run, and warnings for a run that goes ahead. */
    record Findings(List<String> problems, List<String> warnings) {}

    private TargetCheck() {}

    /**
     * @param target the plan's target: an address, or a name the client resolved in its probe
     * @param oneLogin whether client and server are one login (one host: its loopback is then a fine target); two
     *                 logins on one host are told by their identical addresses
     */
    static Findings check(
            String target,
            PreflightFacts client,
            String clientLabel,
            PreflightFacts server,
            String serverLabel,
            boolean oneLogin) {
        boolean sameHost =
                oneLogin || (!server.addresses().isEmpty() && server.addresses().equals(client.addresses()));
        List<String> problems = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        Map<String, Address> serverAddresses = normalized(server.addresses());
        if (target == null || serverAddresses.isEmpty()) {
            return new Findings(problems, warnings); // the server's addresses are not known (no `ip`): cannot tell
        }
        List<String> addresses;
        String named;
        if (Validators.ipAddress(target).isEmpty()) {
            addresses = List.of(normalize(target));
            named = "the target " + target;
        } else {
            List<String> resolved = client.targetAddresses();
            if (resolved == null) {
                return new Findings(problems, warnings); // not looked up (no getent on the client)
            }
            if (resolved.isEmpty()) {
                problems.add("the target " + target + " does not resolve to an address on the client " + clientLabel
                        + "; give the server's data address (" + listing(serverAddresses, sameHost) + ")");
                return new Findings(problems, warnings);
            }
            addresses = resolved.stream().map(TargetCheck::normalize).toList();
            named = "the target " + target + " (" + String.join(", ", resolved) + " on the client)";
        }
        // An address the client has too (its loopback, a docker0 both hosts have) takes the client to itself.
        Map<String, Address> clientAddresses = normalized(client.addresses());
        String onServer = addresses.stream()
                .filter(a ->
                        serverAddresses.containsKey(a) && (sameHost || !loopback(a) && !clientAddresses.containsKey(a)))
                .findFirst()
                .orElse(null);
        if (onServer == null) {
            problems.add(named + whyNot(addresses, serverAddresses, clientAddresses, serverLabel, clientLabel, sameHost)
                    + "; the server's addresses: " + listing(serverAddresses, sameHost) + " (use the address of its "
                    + "data interface)");
            return new Findings(problems, warnings);
        }
        String iface = serverAddresses.get(onServer).iface();
        if (iface.equals(server.sshInterface()) && !sameHost) {
            Map<String, Address> others = new LinkedHashMap<>(serverAddresses);
            others.values().removeIf(a -> a.iface().equals(iface));
            String alternatives = listing(others, false);
            warnings.add(named + " is on " + iface + " of " + serverLabel + ", the interface LinkLab's SSH session "
                    + "comes in on: the test measures the management link and shares it with the session"
                    + (alternatives.isEmpty() ? "" : "; for a data link, target " + alternatives));
        }
        return new Findings(problems, warnings);
    }

    /** An address as the host spells it, and its interface. */
    private record Address(String spelled, String iface) {}

    /** Why the target does not reach the server: a loopback, the client's own address, or simply not the server's. */
    private static String whyNot(
            List<String> addresses,
            Map<String, Address> serverAddresses,
            Map<String, Address> clientAddresses,
            String serverLabel,
            String clientLabel,
            boolean sameHost) {
        for (String a : addresses) {
            if (loopback(a) && !sameHost) {
                return " is a loopback address: the client " + clientLabel + " would connect to itself, not to the "
                        + "server " + serverLabel;
            }
            if (clientAddresses.containsKey(a)) {
                return serverAddresses.containsKey(a)
                        ? " is an address of the client " + clientLabel + " as well as of the server " + serverLabel
                                + " (" + clientAddresses.get(a).iface()
                                + " on both): the client would connect to itself"
                        : " is not an address of the server " + serverLabel + " but of the client " + clientLabel
                                + " itself (" + clientAddresses.get(a).iface() + ")";
            }
        }
        return " is not an address of the server " + serverLabel + ", so the client would not reach the test server";
    }

    /** "198.19.0.2 (data0), 198.18.0.12 (mgmt0)": the addresses a target may be, without loopback and link-local. */
    private static String listing(Map<String, Address> addresses, boolean withLoopback) {
        List<String> out = new ArrayList<>();
        addresses.forEach((a, spelled) -> {
            if ((withLoopback || !loopback(a)) && !linkLocal(a)) {
                out.add(spelled.spelled() + " (" + spelled.iface() + ")");
            }
        });
        return String.join(", ", out);
    }

    private static Map<String, Address> normalized(Map<String, String> byAddress) {
        Map<String, Address> out = new LinkedHashMap<>();
        byAddress.forEach((a, iface) -> out.putIfAbsent(normalize(a), new Address(a, iface)));
        return out;
    }

    /** One spelling per address ("fd00:0:0::2" and "fd00::2" alike), without an IPv6 zone; names unchanged. */
    static String normalize(String address) {
        String a = address.split("%", 2)[0];
        if (!a.contains(":")) {
            return a;
        }
        try {
            // a literal: no lookup happens
            return InetAddress.getByName("[" + a + "]").getHostAddress().split("%", 2)[0];
        } catch (UnknownHostException | SecurityException e) {
            return a;
        }
    }

    private static boolean loopback(String a) {
        return a.startsWith("127.") || a.equals("0:0:0:0:0:0:0:1");
    }

    private static boolean linkLocal(String a) {
        return a.startsWith("169.254.")
                || a.startsWith("fe8")
                || a.startsWith("fe9")
                || a.startsWith("fea")
                || a.startsWith("feb");
    }
}
