package io.linklab.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
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

    private static final Set<String> KEYS = Set.of("format", "version", "name", "hosts", "switches", "links");
    private static final Set<String> HOST_KEYS =
            Set.of("id", "name", "management", "user", "port", "identity", "jump", "interfaces", "x", "y");
    private static final Set<String> IF_KEYS = Set.of("name", "address", "mtu", "speed");
    private static final Set<String> SWITCH_KEYS = Set.of("id", "name", "model", "maxMtu", "x", "y");
    private static final Set<String> LINK_KEYS = Set.of("id", "a", "b", "speed", "expect");
    private static final Set<String> LINK_END_KEYS = Set.of("node", "interface");

    private TopologyFiles() {}

    public static void write(Path file, Topology topology) throws IOException {
        JsonDocs.write(file, toJson(topology));
    }

    public static Topology read(Path file) throws FileFormatException {
        return fromJson(file.toString(), JsonDocs.read(file, FORMAT, VERSION));
    }

    public static ObjectNode toJson(Topology t) {
        ObjectNode root = JsonDocs.header(FORMAT, VERSION);
        root.put("name", t.name());
        ArrayNode hosts = root.putArray("hosts");
        for (HostSpec h : t.hosts()) {
            ObjectNode n = hosts.addObject();
            n.put("id", h.id());
            n.put("name", h.name());
            n.put("management", h.managementAddress());
            n.put("user", h.sshUser());
            n.put("port", h.sshPort());
            n.put("identity", h.identityFile());
            n.put("jump", h.jumpHost());
            ArrayNode ifs = n.putArray("interfaces");
            for (InterfaceSpec i : h.interfaces()) {
                ObjectNode in = ifs.addObject();
                in.put("name", i.name());
                in.put("address", i.address());
                in.put("mtu", i.mtu());
                in.put("speed", i.speed());
            }
            n.put("x", h.x());
            n.put("y", h.y());
        }
        ArrayNode switches = root.putArray("switches");
        for (SwitchSpec s : t.switches()) {
            ObjectNode n = switches.addObject();
            n.put("id", s.id());
            n.put("name", s.name());
            n.put("model", s.model());
            n.put("maxMtu", s.maxMtu());
            n.put("x", s.x());
            n.put("y", s.y());
        }
        ArrayNode links = root.putArray("links");
        for (LinkSpec l : t.links()) {
            ObjectNode n = links.addObject();
            n.put("id", l.id());
            n.set("a", linkEnd(l.a()));
            n.set("b", linkEnd(l.b()));
            n.put("speed", l.nominalSpeed());
            if (l.expect() != null) {
                n.put("expect", l.expect());
            }
        }
        return root;
    }

    private static ObjectNode linkEnd(LinkSpec.End e) {
        ObjectNode n = JsonDocs.MAPPER.createObjectNode();
        n.put("node", e.nodeId());
        n.put("interface", e.iface());
        return n;
    }

    public static Topology fromJson(String name, JsonNode root) throws FileFormatException {
        JsonDocs.onlyKeys(name, "", root, KEYS);
        Set<String> ids = new HashSet<>();
        List<HostSpec> hosts = new ArrayList<>();
        int i = 0;
        for (JsonNode n : array(name, root, "hosts")) {
            String at = "hosts[" + i++ + "]";
            JsonDocs.onlyKeys(name, at + ".", n, HOST_KEYS);
            String id = id(name, n, at, ids);
            String mgmt = required(name, n, at, "management");
            if (!HostSpec.LOCAL.equals(mgmt)) {
                check(name, at + ".management", mgmt, Validators.hostOrAddress(mgmt));
            }
            String user = JsonDocs.text(name, n, "user", null);
            if (user != null) {
                check(name, at + ".user", user, Validators.userName(user));
            }
            int port = JsonDocs.integer(name, n, "port", 22);
            check(name, at + ".port", String.valueOf(port), Validators.port(port));
            String identity = JsonDocs.text(name, n, "identity", null);
            if (identity != null) {
                check(name, at + ".identity", identity, Validators.identityFile(identity));
            }
            String jump = JsonDocs.text(name, n, "jump", null);
            if (jump != null) {
                check(name, at + ".jump", jump, SshTarget.jumpProblem(jump));
            }
            List<InterfaceSpec> ifs = new ArrayList<>();
            int j = 0;
            for (JsonNode in : array(name, n, "interfaces")) {
                String iat = at + ".interfaces[" + j++ + "]";
                JsonDocs.onlyKeys(name, iat + ".", in, IF_KEYS);
                String ifName = required(name, in, iat, "name");
                check(name, iat + ".name", ifName, Validators.interfaceName(ifName));
                String addr = JsonDocs.text(name, in, "address", null);
                if (addr != null) {
                    check(name, iat + ".address", addr, Validators.ipAddress(addr));
                }
                int mtu = JsonDocs.integer(name, in, "mtu", 0);
                // The loopback interface reports 65536, one more than any MTU LinkLab would set.
                if (mtu != 0 && (mtu < 68 || mtu > 65536)) {
                    check(name, iat + ".mtu", String.valueOf(mtu), Validators.mtu(mtu));
                }
                ifs.add(new InterfaceSpec(ifName, addr, mtu, JsonDocs.text(name, in, "speed", null)));
            }
            hosts.add(new HostSpec(
                    id,
                    JsonDocs.text(name, n, "name", id),
                    mgmt,
                    user,
                    port,
                    identity,
                    jump,
                    ifs,
                    JsonDocs.number(name, n, "x", 0),
                    JsonDocs.number(name, n, "y", 0)));
        }
        List<SwitchSpec> switches = new ArrayList<>();
        i = 0;
        for (JsonNode n : array(name, root, "switches")) {
            String at = "switches[" + i++ + "]";
            JsonDocs.onlyKeys(name, at + ".", n, SWITCH_KEYS);
            String id = id(name, n, at, ids);
            switches.add(new SwitchSpec(
                    id,
                    JsonDocs.text(name, n, "name", id),
                    JsonDocs.text(name, n, "model", null),
                    JsonDocs.integer(name, n, "maxMtu", 0),
                    JsonDocs.number(name, n, "x", 0),
                    JsonDocs.number(name, n, "y", 0)));
        }
        List<LinkSpec> links = new ArrayList<>();
        i = 0;
        for (JsonNode n : array(name, root, "links")) {
            String at = "links[" + i++ + "]";
            JsonDocs.onlyKeys(name, at + ".", n, LINK_KEYS);
            String expect = JsonDocs.text(name, n, "expect", null);
            if (expect != null) {
                check(name, at + ".expect", expect, Expectation.problem(expect));
            }
            links.add(new LinkSpec(
                    JsonDocs.text(name, n, "id", "link" + i),
                    end(name, n, at, "a", ids),
                    end(name, n, at, "b", ids),
                    JsonDocs.text(name, n, "speed", null),
                    expect));
        }
        return new Topology(JsonDocs.text(name, root, "name", "Untitled"), hosts, switches, links);
    }

    private static LinkSpec.End end(String name, JsonNode link, String at, String field, Set<String> ids)
            throws FileFormatException {
        JsonNode n = link.get(field);
        if (n == null || !n.isObject()) {
            throw new FileFormatException(
                    name + ": \"" + at + "." + field + "\" must be {\"node\": ID, \"interface\": IF}");
        }
        JsonDocs.onlyKeys(name, at + "." + field + ".", n, LINK_END_KEYS);
        String node = required(name, n, at + "." + field, "node");
        if (!ids.contains(node)) {
            throw new FileFormatException(name + ": \"" + at + "." + field + ".node\" is '" + Printable.brief(node)
                    + "', which is no host or switch of this topology");
        }
        return new LinkSpec.End(node, JsonDocs.text(name, n, "interface", null));
    }

    private static Iterable<JsonNode> array(String name, JsonNode node, String field) throws FileFormatException {
        JsonNode a = node.get(field);
        if (a == null || a.isNull()) {
            return List.of();
        }
        if (!a.isArray()) {
            throw new FileFormatException(name + ": \"" + field + "\" must be a list [ … ]");
        }
        for (JsonNode e : a) {
            if (!e.isObject()) {
                throw new FileFormatException(name + ": \"" + field + "\" must hold objects { … }, not " + e);
            }
        }
        return a;
    }

    private static String required(String name, JsonNode n, String at, String field) throws FileFormatException {
        String v = JsonDocs.text(name, n, field, null);
        if (v == null || v.isBlank()) {
            throw new FileFormatException(name + ": \"" + at + "." + field + "\" is missing");
        }
        return v;
    }

    /** A host's or switch's id: a name by {@link Validators#nodeId}, used once in the file. */
    private static String id(String name, JsonNode n, String at, Set<String> ids) throws FileFormatException {
        String id = required(name, n, at, "id");
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
