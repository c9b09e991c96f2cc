package io.linklab.matrix;

import io.linklab.model.Expectation;
import io.linklab.model.HostSpec;
import io.linklab.model.InterfaceSpec;
import io.linklab.model.InvalidValueException;
import io.linklab.model.LinkSpec;
import io.linklab.model.TestPlan;
import io.linklab.model.Topology;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The pairs of a matrix, read from the drawn lab: a pair's path is found through switches only (a host is never a
 * router here), its target is the server's address on the interface the path ends in, and its uplinks are the
 * switch-to-switch links it crosses.
 */
public final class MatrixPairs {

    private final Topology lab;
    private final Map<String, List<LinkSpec>> linksOf = new HashMap<>();

    public MatrixPairs(Topology lab) {
        this.lab = lab;
        for (LinkSpec l : lab.links()) {
            linksOf.computeIfAbsent(l.a().nodeId(), k -> new ArrayList<>()).add(l);
            linksOf.computeIfAbsent(l.b().nodeId(), k -> new ArrayList<>()).add(l);
        }
    }

    /** Two hosts joined by drawn links (directly or through switches): one pair each, the earlier host the client. */
    public List<MatrixPair> links() {
        List<MatrixPair> pairs = new ArrayList<>();
        List<HostSpec> hosts = lab.hosts();
        for (int i = 0; i < hosts.size(); i++) {
            for (int j = i + 1; j < hosts.size(); j++) {
                path(hosts.get(i).id(), hosts.get(j).id()).ifPresent(pairs::add);
            }
        }
        return pairs;
    }

    /** Every ordered pair of hosts; a pair without a drawn path connects to the server's first address. */
    public List<MatrixPair> all() {
        List<MatrixPair> pairs = new ArrayList<>();
        for (HostSpec c : lab.hosts()) {
            for (HostSpec s : lab.hosts()) {
                if (!c.id().equals(s.id())) {
                    pairs.add(pair(c.id(), s.id()));
                }
            }
        }
        return pairs;
    }

    /**
     * The pairs a list names, one "CLIENT SERVER" a line (host ids or names; blank lines and # comments skipped).
     *
     * @param source what the list is called in messages (its file name)
     */
    public List<MatrixPair> listed(String source, List<String> lines) {
        List<MatrixPair> pairs = new ArrayList<>();
        for (int n = 0; n < lines.size(); n++) {
            String line = lines.get(n).replaceFirst("#.*", "").trim();
            if (line.isEmpty()) {
                continue;
            }
            String[] words = line.split("\\s+");
            String where = source + " line " + (n + 1);
            if (words.length != 2) {
                throw new InvalidValueException(where, lines.get(n), "expected two hosts: CLIENT SERVER");
            }
            String c = hostId(where, words[0]);
            String s = hostId(where, words[1]);
            if (c.equals(s)) {
                throw new InvalidValueException(where, lines.get(n), "a pair needs two different hosts");
            }
            pairs.add(pair(c, s));
        }
        return pairs;
    }

    /**
     * Why a sweep of {@code kind} cannot run over {@code pairs}, or empty when it can (or is no MTU sweep): an MTU one
     * sets the MTU of both ends' data interfaces and restores them, and those come from each pair's drawn path, so
     * a pair without one has no interface to set. Names the first five such pairs; the caller says what to do in
     * its own terms (the command's options, the dialog's choices). The command line and the window both ask here.
     */
    public static Optional<String> mtuWithoutInterfaces(TestPlan.SweepKind kind, List<MatrixPair> pairs) {
        if (kind != TestPlan.SweepKind.MTU) {
            return Optional.empty();
        }
        List<String> without = pairs.stream()
                .filter(p -> p.clientIface() == null || p.serverIface() == null)
                .map(MatrixPair::label)
                .toList();
        if (without.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("no drawn path between "
                + String.join(", ", without.subList(0, Math.min(5, without.size())))
                + (without.size() > 5 ? " and " + (without.size() - 5) + " more pairs" : "")
                + ", so no interface to set the MTU on");
    }

    private MatrixPair pair(String client, String server) {
        return path(client, server)
                .orElseGet(() -> new MatrixPair(
                        client,
                        null,
                        server,
                        null,
                        firstAddress(lab.host(server).orElseThrow()),
                        null,
                        List.of(),
                        Expectation.DEFAULT));
    }

    private String hostId(String where, String word) {
        return lab.hosts().stream()
                .filter(h -> h.id().equals(word) || word.equals(h.name()))
                .map(HostSpec::id)
                .findFirst()
                .orElseThrow(() -> new InvalidValueException(
                        where,
                        word,
                        "no such host in the lab " + lab.name() + " (its hosts: "
                                + String.join(
                                        ", ",
                                        lab.hosts().stream().map(HostSpec::id).toList()) + ")"));
    }

    /** Breadth first from the client through switches: the fewest cables, as a lab is usually cabled. */
    private Optional<MatrixPair> path(String client, String server) {
        Map<String, LinkSpec> cameBy = new LinkedHashMap<>();
        Deque<String> queue = new ArrayDeque<>(List.of(client));
        cameBy.put(client, null);
        while (!queue.isEmpty()) {
            String node = queue.poll();
            for (LinkSpec l : linksOf.getOrDefault(node, List.of())) {
                String next = l.a().nodeId().equals(node) ? l.b().nodeId() : l.a().nodeId();
                if (cameBy.containsKey(next)) {
                    continue;
                }
                cameBy.put(next, l);
                if (next.equals(server)) {
                    return Optional.of(along(client, server, cameBy));
                }
                if (lab.host(next).isEmpty()) {
                    queue.add(next);
                }
            }
        }
        return Optional.empty();
    }

    private MatrixPair along(String client, String server, Map<String, LinkSpec> cameBy) {
        List<String> uplinks = new ArrayList<>();
        LinkSpec last = cameBy.get(server);
        String clientIface = null;
        String speed = null;
        double slowest = Double.MAX_VALUE;
        String node = server;
        List<LinkSpec> path = new ArrayList<>();
        while (!node.equals(client)) {
            LinkSpec l = cameBy.get(node);
            path.add(l);
            String other = l.a().nodeId().equals(node) ? l.b().nodeId() : l.a().nodeId();
            if (lab.host(node).isEmpty() && lab.host(other).isEmpty()) {
                uplinks.add(0, l.id());
            }
            String s = l.nominalSpeed();
            Double bps = MatrixPair.bitsPerSecond(s);
            if (bps != null && bps < slowest) {
                slowest = bps;
                speed = s.trim();
            }
            if (other.equals(client)) {
                clientIface = (l.a().nodeId().equals(client) ? l.a() : l.b()).iface();
            }
            node = other;
        }
        LinkSpec.End serverEnd = last.a().nodeId().equals(server) ? last.a() : last.b();
        HostSpec s = lab.host(server).orElseThrow();
        String target = s.interfaces().stream()
                .filter(i -> i.name().equals(serverEnd.iface()))
                .map(InterfaceSpec::address)
                .filter(a -> a != null && !a.isBlank())
                .findFirst()
                .orElseGet(() -> firstAddress(s));
        Double pathSpeed = MatrixPair.bitsPerSecond(speed);
        Expectation expectation = path.stream()
                .filter(l -> l.expect() != null && !l.expect().isBlank())
                .map(l -> l.expectation(Expectation.DEFAULT))
                .min(Comparator.comparing(
                        e -> e.resolve(pathSpeed).bitsPerSecond(), Comparator.nullsLast(Comparator.naturalOrder())))
                .orElse(Expectation.DEFAULT);
        return new MatrixPair(client, clientIface, server, serverEnd.iface(), target, speed, uplinks, expectation);
    }

    private static String firstAddress(HostSpec h) {
        return h.interfaces().stream()
                .map(InterfaceSpec::address)
                .filter(a -> a != null && !a.isBlank())
                .findFirst()
                .orElse(null);
    }
}
