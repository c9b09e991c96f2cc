package io.linklab.store;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.linklab.model.Expectation;
import io.linklab.model.HostSpec;
import io.linklab.model.InterfaceSpec;
import io.linklab.model.LinkSpec;
import io.linklab.model.Printable;
import io.linklab.model.SwitchSpec;
import io.linklab.model.Topology;
import io.linklab.model.Validators;
import io.linklab.remote.SshTarget;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Topologies as readable, versioned JSON files (format "linklab-topology", version 1). */
public final class TopologyFiles {

    public static final String FORMAT = "linklab-topology";
    public static final int VERSION = 1;

    /** A lab file, one record per JSON object, each with its fields in their order; null reads as the default. */
    private record LabFile(String name, List<HostEntry> hosts, List<SwitchEntry> switches, List<LinkEntry> links) {}

    private record HostEntry(
            String id,
            String name,
            String management,
            String user,
            Integer port,
            String identity,
            String jump,
            List<InterfaceEntry> interfaces,
            Double x,
            Double y) {}

    private record InterfaceEntry(String name, String address, Integer mtu, String speed) {}

    private record SwitchEntry(String id, String name, String model, Integer maxMtu, Double x, Double y) {}

    /** @param expect left out when the link has none, as files from before expected rates are */
    private record LinkEntry(
            String id,
            LinkEnd a,
            LinkEnd b,
            String speed,
            @JsonInclude(JsonInclude.Include.NON_NULL) String expect) {}

    private record LinkEnd(
            String node, @JsonProperty("interface") String iface) {}

    private TopologyFiles() {}

    public static void write(Path file, Topology topology) throws IOException {
        JsonDocs.write(file, toJson(topology));
    }

    public static ObjectNode toJson(Topology t) {
        return JsonDocs.document(FORMAT, VERSION, labFile(t));
    }

    private static LabFile labFile(Topology t) {
        return new LabFile(
                t.name(),
                t.hosts().stream()
                        .map(h -> new HostEntry(
                                h.id(),
                                h.name(),
                                h.managementAddress(),
                                h.sshUser(),
                                h.sshPort(),
                                h.identityFile(),
                                h.jumpHost(),
                                h.interfaces().stream()
                                        .map(i -> new InterfaceEntry(i.name(), i.address(), i.mtu(), i.speed()))
                                        .toList(),
                                h.x(),
                                h.y()))
                        .toList(),
                t.switches().stream()
                        .map(s -> new SwitchEntry(s.id(), s.name(), s.model(), s.maxMtu(), s.x(), s.y()))
                        .toList(),
                t.links().stream()
                        .map(l -> new LinkEntry(
                                l.id(),
                                new LinkEnd(l.a().nodeId(), l.a().iface()),
                                new LinkEnd(l.b().nodeId(), l.b().iface()),
                                l.nominalSpeed(),
                                l.expect()))
                        .toList());
    }

    public static Topology read(Path file) throws FileFormatException {
        return fromJson(file.toString(), JsonDocs.read(file, FORMAT, VERSION));
    }

    public static Topology fromJson(String name, JsonNode root) throws FileFormatException {
        LabFile file = JsonBinding.bindBody(name, root, LabFile.class);
        Set<String> ids = new HashSet<>();
        List<HostSpec> hosts = new ArrayList<>();
        List<HostEntry> hostEntries = JsonBinding.elements(name, "hosts", file.hosts(), HostEntry.class);
        for (int i = 0; i < hostEntries.size(); i++) {
            hosts.add(host(name, "hosts[" + i + "]", hostEntries.get(i), ids));
        }
        List<SwitchSpec> switches = new ArrayList<>();
        List<SwitchEntry> switchEntries = JsonBinding.elements(name, "switches", file.switches(), SwitchEntry.class);
        for (int i = 0; i < switchEntries.size(); i++) {
            SwitchEntry s = switchEntries.get(i);
            String id = id(name, "switches[" + i + "]", s.id(), ids);
            switches.add(
                    new SwitchSpec(id, or(s.name(), id), s.model(), or(s.maxMtu(), 0), or(s.x(), 0.0), or(s.y(), 0.0)));
        }
        List<LinkSpec> links = new ArrayList<>();
        List<LinkEntry> linkEntries = JsonBinding.elements(name, "links", file.links(), LinkEntry.class);
        for (int i = 0; i < linkEntries.size(); i++) {
            LinkEntry l = linkEntries.get(i);
            String at = "links[" + i + "]";
            if (l.expect() != null) {
                check(name, at + ".expect", l.expect(), Expectation.problem(l.expect()));
            }
            links.add(new LinkSpec(
                    or(l.id(), "link" + (i + 1)),
                    end(name, at + ".a", l.a(), ids),
                    end(name, at + ".b", l.b(), ids),
                    l.speed(),
                    l.expect()));
        }
        return new Topology(or(file.name(), "Untitled"), hosts, switches, links);
    }

    private static HostSpec host(String name, String at, HostEntry h, Set<String> ids) throws FileFormatException {
        String id = id(name, at, h.id(), ids);
        String mgmt = required(name, at + ".management", h.management());
        if (!HostSpec.LOCAL.equals(mgmt)) {
            check(name, at + ".management", mgmt, Validators.hostOrAddress(mgmt));
        }
        if (h.user() != null) {
            check(name, at + ".user", h.user(), Validators.userName(h.user()));
        }
        int port = or(h.port(), 22);
        check(name, at + ".port", String.valueOf(port), Validators.port(port));
        if (h.identity() != null) {
            check(name, at + ".identity", h.identity(), Validators.identityFile(h.identity()));
        }
        if (h.jump() != null) {
            check(name, at + ".jump", h.jump(), SshTarget.jumpProblem(h.jump()));
        }
        List<InterfaceSpec> ifs = new ArrayList<>();
        List<InterfaceEntry> entries =
                JsonBinding.elements(name, at + ".interfaces", h.interfaces(), InterfaceEntry.class);
        for (int j = 0; j < entries.size(); j++) {
            ifs.add(iface(name, at + ".interfaces[" + j + "]", entries.get(j)));
        }
        return new HostSpec(
                id,
                or(h.name(), id),
                mgmt,
                h.user(),
                port,
                h.identity(),
                h.jump(),
                ifs,
                or(h.x(), 0.0),
                or(h.y(), 0.0));
    }

    private static InterfaceSpec iface(String name, String at, InterfaceEntry i) throws FileFormatException {
        String ifName = required(name, at + ".name", i.name());
        check(name, at + ".name", ifName, Validators.interfaceName(ifName));
        if (i.address() != null) {
            check(name, at + ".address", i.address(), Validators.ipAddress(i.address()));
        }
        int mtu = or(i.mtu(), 0);
        // The loopback interface reports 65536, one more than any MTU LinkLab would set.
        if (mtu != 0 && (mtu < 68 || mtu > 65536)) {
            check(name, at + ".mtu", String.valueOf(mtu), Validators.mtu(mtu));
        }
        return new InterfaceSpec(ifName, i.address(), mtu, i.speed());
    }

    private static <T> T or(T read, T fallback) {
        return read == null ? fallback : read;
    }

    private static LinkSpec.End end(String name, String at, LinkEnd e, Set<String> ids) throws FileFormatException {
        if (e == null) {
            throw new FileFormatException(name + ": \"" + at + "\" must be {\"node\": ID, \"interface\": IF}");
        }
        String node = required(name, at + ".node", e.node());
        if (!ids.contains(node)) {
            throw new FileFormatException(name + ": \"" + at + ".node\" is '" + Printable.brief(node)
                    + "', which is no host or switch of this topology");
        }
        return new LinkSpec.End(node, e.iface());
    }

    private static String required(String name, String field, String value) throws FileFormatException {
        if (value == null || value.isBlank()) {
            throw new FileFormatException(name + ": \"" + field + "\" is missing");
        }
        return value;
    }

    /** A host's or switch's id: a name by {@link Validators#nodeId}, used once in the file. */
    private static String id(String name, String at, String value, Set<String> ids) throws FileFormatException {
        String id = required(name, at + ".id", value);
        check(name, at + ".id", id, Validators.nodeId(id));
        unique(name, ids, id, at);
        return id;
    }

    private static void unique(String name, Set<String> ids, String id, String at) throws FileFormatException {
        if (!ids.add(id)) {
            throw new FileFormatException(name + ": \"" + at + ".id\" '" + id + "' is used twice; ids must differ");
        }
    }

    private static void check(String name, String field, String value, Optional<String> problem)
            throws FileFormatException {
        if (problem.isPresent()) {
            throw new FileFormatException(
                    name + ": \"" + field + "\" is '" + Printable.brief(value) + "' — " + problem.get());
        }
    }
}
