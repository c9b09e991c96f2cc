package io.linklab.ui.topology;

import io.linklab.model.HostSpec;
import io.linklab.model.InterfaceSpec;
import io.linklab.model.LinkSpec;
import io.linklab.model.SwitchSpec;
import io.linklab.model.Topology;
import io.linklab.store.SshConfigHosts;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Pure functions from one topology to the next; the editor's edits are built from these. */
public final class TopologyChanges {

    private TopologyChanges() {}

    public static Topology withHost(Topology t, HostSpec host) {
        List<HostSpec> hosts = new ArrayList<>(t.hosts());
        hosts.add(host);
        return new Topology(t.name(), hosts, t.switches(), t.links());
    }

    public static Topology withSwitch(Topology t, SwitchSpec sw) {
        List<SwitchSpec> switches = new ArrayList<>(t.switches());
        switches.add(sw);
        return new Topology(t.name(), t.hosts(), switches, t.links());
    }

    public static Topology withLink(Topology t, LinkSpec link) {
        List<LinkSpec> links = new ArrayList<>(t.links());
        links.add(link);
        return new Topology(t.name(), t.hosts(), t.switches(), links);
    }

    public static Topology renamed(Topology t, String name) {
        return new Topology(name, t.hosts(), t.switches(), t.links());
    }

    /** Replaces the host with the same id, keeping its place in the list (and so in the file). */
    public static Topology replaceHost(Topology t, HostSpec host) {
        List<HostSpec> hosts =
                t.hosts().stream().map(h -> h.id().equals(host.id()) ? host : h).toList();
        // A renamed interface keeps its links: rewrite link ends that named the old interface.
        HostSpec old = t.host(host.id()).orElseThrow();
        List<LinkSpec> links = t.links();
        if (old.interfaces().size() == host.interfaces().size()) {
            Map<String, String> renames = new HashMap<>();
            for (int i = 0; i < old.interfaces().size(); i++) {
                String was = old.interfaces().get(i).name();
                String now = host.interfaces().get(i).name();
                if (was != null && !was.equals(now)) {
                    renames.put(was, now);
                }
            }
            if (!renames.isEmpty()) {
                links = links.stream()
                        .map(l -> new LinkSpec(
                                l.id(),
                                renameEnd(l.a(), host.id(), renames),
                                renameEnd(l.b(), host.id(), renames),
                                l.nominalSpeed()))
                        .toList();
            }
        }
        return new Topology(t.name(), hosts, t.switches(), links);
    }

    private static LinkSpec.End renameEnd(LinkSpec.End end, String hostId, Map<String, String> renames) {
        if (end.nodeId().equals(hostId) && renames.containsKey(end.iface())) {
            return new LinkSpec.End(hostId, renames.get(end.iface()));
        }
        return end;
    }

    public static Topology replaceSwitch(Topology t, SwitchSpec sw) {
        List<SwitchSpec> switches =
                t.switches().stream().map(s -> s.id().equals(sw.id()) ? sw : s).toList();
        return new Topology(t.name(), t.hosts(), switches, t.links());
    }

    public static Topology replaceLink(Topology t, LinkSpec link) {
        List<LinkSpec> links =
                t.links().stream().map(l -> l.id().equals(link.id()) ? link : l).toList();
        return new Topology(t.name(), t.hosts(), t.switches(), links);
    }

    /** Removes nodes and links by id; links to a removed node go with it. */
    public static Topology without(Topology t, Collection<String> ids) {
        Set<String> gone = new HashSet<>(ids);
        List<HostSpec> hosts =
                t.hosts().stream().filter(h -> !gone.contains(h.id())).toList();
        List<SwitchSpec> switches =
                t.switches().stream().filter(s -> !gone.contains(s.id())).toList();
        List<LinkSpec> links = t.links().stream()
                .filter(l -> !gone.contains(l.id()) && !gone.contains(l.a().nodeId()) && !gone.contains(l.b().nodeId()))
                .toList();
        return new Topology(t.name(), hosts, switches, links);
    }

    /** Moves the given nodes by (dx, dy) and then snaps each to the grid (0 = no snapping). */
    public static Topology moved(Topology t, Collection<String> ids, double dx, double dy, double grid) {
        Set<String> moving = new HashSet<>(ids);
        List<HostSpec> hosts = t.hosts().stream()
                .map(h -> !moving.contains(h.id()) ? h : h.at(snap(h.x() + dx, grid), snap(h.y() + dy, grid)))
                .toList();
        List<SwitchSpec> switches = t.switches().stream()
                .map(s -> !moving.contains(s.id())
                        ? s
                        : new SwitchSpec(
                                s.id(),
                                s.name(),
                                s.model(),
                                s.maxMtu(),
                                snap(s.x() + dx, grid),
                                snap(s.y() + dy, grid)))
                .toList();
        return new Topology(t.name(), hosts, switches, t.links());
    }

    public static double snap(double v, double grid) {
        return grid <= 0 ? v : Math.round(v / grid) * grid;
    }

    /** The lowest "prefixN" (N from 1) that no node or link of the topology uses as its id. */
    public static String freeId(Topology t, String prefix) {
        Set<String> used = allIds(t);
        for (int i = 1; ; i++) {
            if (!used.contains(prefix + i)) {
                return prefix + i;
            }
        }
    }

    public static String freeName(Topology t, String base) {
        Set<String> used = new HashSet<>();
        t.hosts().forEach(h -> used.add(h.name()));
        t.switches().forEach(s -> used.add(s.name()));
        if (!used.contains(base)) {
            return base;
        }
        for (int i = 2; ; i++) {
            if (!used.contains(base + "-" + i)) {
                return base + "-" + i;
            }
        }
    }

    public static Set<String> allIds(Topology t) {
        Set<String> used = new HashSet<>();
        t.hosts().forEach(h -> used.add(h.id()));
        t.switches().forEach(s -> used.add(s.id()));
        t.links().forEach(l -> used.add(l.id()));
        return used;
    }

    /**
     * Joins two nodes with a new link. A host end plugs into its first interface no link uses
     * yet; a host without a free one gets a new interface (eth0, eth1, …) in the same step.
     */
    public static Topology connected(Topology t, String aId, String bId, String linkId) {
        Topology next = t;
        String[] ifaces = new String[2];
        String[] ends = {aId, bId};
        for (int i = 0; i < 2; i++) {
            Optional<HostSpec> host = next.host(ends[i]);
            if (host.isEmpty()) {
                continue;
            }
            Set<String> used = new HashSet<>();
            for (LinkSpec l : next.links()) {
                for (LinkSpec.End e : List.of(l.a(), l.b())) {
                    if (e.nodeId().equals(ends[i]) && e.iface() != null) {
                        used.add(e.iface());
                    }
                }
            }
            HostSpec h = host.get();
            Optional<InterfaceSpec> free = h.interfaces().stream()
                    .filter(f -> !used.contains(f.name()))
                    .findFirst();
            if (free.isPresent()) {
                ifaces[i] = free.get().name();
            } else {
                String name = freeInterfaceName(h);
                List<InterfaceSpec> list = new ArrayList<>(h.interfaces());
                list.add(new InterfaceSpec(name, null, 1500, null));
                next = replaceHost(next, h.withInterfaces(list));
                ifaces[i] = name;
            }
        }
        String speed = null;
        Optional<HostSpec> ha = next.host(aId);
        if (ha.isPresent()) {
            String ia = ifaces[0];
            speed = ha.get().interfaces().stream()
                    .filter(f -> f.name().equals(ia))
                    .map(InterfaceSpec::speed)
                    .filter(s -> s != null && !s.isBlank())
                    .findFirst()
                    .orElse(null);
        }
        return withLink(
                next, new LinkSpec(linkId, new LinkSpec.End(aId, ifaces[0]), new LinkSpec.End(bId, ifaces[1]), speed));
    }

    static String freeInterfaceName(HostSpec h) {
        Set<String> names = new HashSet<>();
        h.interfaces().forEach(f -> names.add(f.name()));
        for (int i = 0; ; i++) {
            if (!names.contains("eth" + i)) {
                return "eth" + i;
            }
        }
    }

    /**
     * A copy of the selected part (nodes, and the links among them), with fresh ids and names,
     * shifted by (dx, dy), added to the topology. Returns the new topology and the ids of the copies.
     */
    public static Pasted pasted(Topology into, Topology fragment, double dx, double dy) {
        Topology next = into;
        Map<String, String> newIds = new HashMap<>();
        List<String> created = new ArrayList<>();
        for (HostSpec h : fragment.hosts()) {
            String id = freeId(next, "host");
            newIds.put(h.id(), id);
            next = withHost(next, h.renamed(id, freeName(next, h.name())).at(h.x() + dx, h.y() + dy));
            created.add(id);
        }
        for (SwitchSpec s : fragment.switches()) {
            String id = freeId(next, "switch");
            newIds.put(s.id(), id);
            next = withSwitch(
                    next, new SwitchSpec(id, freeName(next, s.name()), s.model(), s.maxMtu(), s.x() + dx, s.y() + dy));
            created.add(id);
        }
        for (LinkSpec l : fragment.links()) {
            if (newIds.containsKey(l.a().nodeId()) && newIds.containsKey(l.b().nodeId())) {
                String id = freeId(next, "link");
                next = withLink(
                        next,
                        new LinkSpec(
                                id,
                                new LinkSpec.End(newIds.get(l.a().nodeId()), l.a().iface()),
                                new LinkSpec.End(newIds.get(l.b().nodeId()), l.b().iface()),
                                l.nominalSpeed()));
                created.add(id);
            }
        }
        return new Pasted(next, created);
    }

    public record Pasted(Topology topology, List<String> createdIds) {}

    /** The selected nodes and the links whose both ends are selected: what Copy puts on the clipboard. */
    public static Topology fragment(Topology t, Collection<String> ids) {
        Set<String> sel = new HashSet<>(ids);
        List<HostSpec> hosts =
                t.hosts().stream().filter(h -> sel.contains(h.id())).toList();
        List<SwitchSpec> switches =
                t.switches().stream().filter(s -> sel.contains(s.id())).toList();
        Set<String> nodes = new HashSet<>();
        hosts.forEach(h -> nodes.add(h.id()));
        switches.forEach(s -> nodes.add(s.id()));
        List<LinkSpec> links = t.links().stream()
                .filter(l -> nodes.contains(l.a().nodeId()) && nodes.contains(l.b().nodeId()))
                .toList();
        return new Topology(t.name(), hosts, switches, links);
    }

    /**
     * The ssh config's hosts not already in {@code t} (same management address) added to it, four to a row from
     * {@code spot}.
     */
    static Topology withImportedHosts(Topology t, List<SshConfigHosts.Entry> entries, double[] spot) {
        Set<String> known = new LinkedHashSet<>();
        t.hosts().forEach(h -> known.add(h.managementAddress()));
        int added = 0;
        for (SshConfigHosts.Entry e : entries) {
            // The alias is what SSH (and its config) knows the host by, so keep it as the address.
            if (known.contains(e.alias()) || known.contains(e.address())) {
                continue;
            }
            String id = freeId(t, "host");
            HostSpec h = new HostSpec(
                    id,
                    freeName(t, e.alias()),
                    e.alias(),
                    e.user(),
                    e.port() == 0 ? 22 : e.port(),
                    e.identityFile(),
                    e.proxyJump(),
                    List.of(),
                    spot[0] + (added % 4) * (NodeGeometry.HOST_WIDTH + 40),
                    spot[1] + (added / 4) * 120.0);
            t = withHost(t, h);
            known.add(e.alias());
            added++;
        }
        return t;
    }
}
