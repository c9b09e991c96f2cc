package io.linklab.matrix;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.linklab.matrix.MatrixSchedule.Uplinks;
import io.linklab.model.Expectation;
import io.linklab.model.InvalidValueException;
import io.linklab.model.Printable;
import io.linklab.model.TestPlan;
import io.linklab.model.Topology;
import io.linklab.store.FileFormatException;
import io.linklab.store.JsonDocs;
import io.linklab.store.PlanFiles;
import io.linklab.store.TopologyFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * matrix.json (format "linklab-matrix", version 1): what a matrix folder was started with — the lab as it was then,
 * the test, every pair with its drawn path, and the schedule's options — so the folder alone is enough to show the
 * matrix again and to resume it (the window's File → Open Whole-Lab Test…), however the lab file changed since.
 * Written when a matrix starts in the folder, before its first pair.
 */
public final class MatrixPlanFile {

    public static final String NAME = "matrix.json";
    public static final String FORMAT = "linklab-matrix";
    public static final int VERSION = 1;

    private static final Set<String> KEYS =
            Set.of("format", "version", "lab", "test", "pairs", "concurrency", "shareHosts", "uplinks");
    private static final Set<String> PAIR_KEYS = Set.of(
            "client",
            "clientInterface",
            "server",
            "serverInterface",
            "target",
            "linkSpeed",
            "uplinks",
            "folder",
            "expect");

    /**
     * What a matrix was started with.
     *
     * @param test the first pair's test as a plan file holds it; every pair runs it between its own ends
     */
    public record Stored(Topology lab, TestPlan test, List<MatrixPair> pairs, MatrixRun.Options options) {}

    private MatrixPlanFile() {}

    /** Whether {@code dir} holds a matrix.json (a matrix folder written by this LinkLab or a later one). */
    public static boolean isIn(Path dir) {
        return Files.isRegularFile(dir.resolve(NAME));
    }

    /**
     * @param folders each pair's folder under {@code pairs/} (matrix.json keeps the map, so that a folder is never
     *                derived from host ids again)
     */
    public static void write(
            Path dir,
            Topology lab,
            TestPlan base,
            List<MatrixPair> pairs,
            MatrixRun.Options options,
            Function<MatrixPair, String> folders)
            throws IOException {
        ObjectNode root = JsonDocs.header(FORMAT, VERSION);
        root.set("lab", TopologyFiles.toJson(lab));
        root.set("test", PlanFiles.toJson(firstPairsTest(lab, base, pairs)));
        ArrayNode list = root.putArray("pairs");
        for (MatrixPair p : pairs) {
            ObjectNode n = list.addObject();
            n.put("client", p.client());
            n.put("clientInterface", p.clientIface());
            n.put("server", p.server());
            n.put("serverInterface", p.serverIface());
            n.put("target", p.target());
            n.put("linkSpeed", p.linkSpeed());
            n.put("expect", p.expectation().text());
            ArrayNode uplinks = n.putArray("uplinks");
            p.uplinks().forEach(uplinks::add);
            n.put("folder", folders.apply(p));
        }
        root.put("concurrency", options.concurrency());
        root.put("shareHosts", options.shareHosts());
        root.put("uplinks", options.uplinks() == Uplinks.TOGETHER ? "together" : "one");
        JsonDocs.write(dir.resolve(NAME), root);
    }

    /** Reads and checks {@code dir}'s matrix.json; every problem names the file and the field. */
    public static Stored read(Path dir) throws FileFormatException {
        Path file = dir.resolve(NAME);
        String name = file.toString();
        ObjectNode root = JsonDocs.read(file, FORMAT, VERSION);
        JsonDocs.onlyKeys(name, "", root, KEYS);
        Topology lab = TopologyFiles.fromJson(name + " \"lab\"", object(name, root, "lab"));
        TestPlan test = PlanFiles.fromJson(name + " \"test\"", object(name, root, "test"));
        JsonNode list = root.get("pairs");
        if (list == null || !list.isArray() || list.isEmpty()) {
            throw new FileFormatException(name + ": \"pairs\" must be a list of the matrix's pairs");
        }
        List<MatrixPair> pairs = new ArrayList<>();
        int i = 0;
        for (JsonNode n : list) {
            pairs.add(pair(name, "pairs[" + i++ + "]", n, lab));
        }
        int concurrency = JsonDocs.integer(name, root, "concurrency", 1);
        if (concurrency < 1) {
            throw new FileFormatException(name + ": \"concurrency\" must be 1 or more, not " + concurrency);
        }
        JsonNode share = root.get("shareHosts");
        if (share != null && !share.isBoolean()) {
            throw new FileFormatException(name + ": \"shareHosts\" must be true or false, not " + share);
        }
        String uplinks = JsonDocs.text(name, root, "uplinks", "one");
        if (!uplinks.equals("one") && !uplinks.equals("together")) {
            throw new FileFormatException(name + ": \"uplinks\" is '" + uplinks + "'; expected one or together");
        }
        return new Stored(
                lab,
                test,
                pairs,
                new MatrixRun.Options(
                        concurrency,
                        share != null && share.booleanValue(),
                        uplinks.equals("together") ? Uplinks.TOGETHER : Uplinks.ONE_AT_A_TIME));
    }

    /**
     * The pair → folder map of {@code dir}'s matrix.json, by {@link MatrixFolders#key}; empty when there is none,
     * when it was written before the map, or when it cannot be read (the folders are then found as an earlier
     * LinkLab named them).
     */
    static Map<String, String> folders(Path dir) {
        Map<String, String> map = new HashMap<>();
        if (!isIn(dir)) {
            return map;
        }
        try {
            JsonNode list = JsonDocs.read(dir.resolve(NAME), FORMAT, VERSION).get("pairs");
            if (list != null && list.isArray()) {
                for (JsonNode n : list) {
                    if (n.path("client").isTextual()
                            && n.path("server").isTextual()
                            && n.path("folder").isTextual()) {
                        map.put(
                                MatrixFolders.key(
                                        n.get("client").asText(),
                                        n.get("server").asText()),
                                n.get("folder").asText());
                    }
                }
            }
        } catch (FileFormatException e) {
            map.clear();
        }
        return map;
    }

    private static MatrixPair pair(String name, String at, JsonNode n, Topology lab) throws FileFormatException {
        if (!n.isObject()) {
            throw new FileFormatException(name + ": \"" + at + "\" must be an object with \"client\" and \"server\"");
        }
        JsonDocs.onlyKeys(name, at + ".", n, PAIR_KEYS);
        String client = host(name, at + ".client", n, lab);
        String server = host(name, at + ".server", n, lab);
        if (client.equals(server)) {
            throw new FileFormatException(name + ": \"" + at + "\" names " + client + " twice; a pair needs two hosts");
        }
        String folder = JsonDocs.text(name, n, "folder", null);
        if (folder != null && !MatrixFolders.isName(folder)) {
            throw new FileFormatException(name + ": \"" + at + ".folder\" is '" + Printable.brief(folder)
                    + "', which is no folder name (one name of letters, digits, '_', '-' or '.', not a path)");
        }
        List<String> uplinks = new ArrayList<>();
        JsonNode u = n.get("uplinks");
        if (u != null && !u.isNull()) {
            if (!u.isArray()) {
                throw new FileFormatException(name + ": \"" + at + ".uplinks\" must be a list of link ids");
            }
            u.forEach(x -> uplinks.add(x.asText()));
        }
        return new MatrixPair(
                client,
                JsonDocs.text(name, n, "clientInterface", null),
                server,
                JsonDocs.text(name, n, "serverInterface", null),
                JsonDocs.text(name, n, "target", null),
                JsonDocs.text(name, n, "linkSpeed", null),
                uplinks,
                expectation(name, at, n));
    }

    /** A pair's expected rate as written; none (a matrix.json from before verdicts): the default. */
    private static Expectation expectation(String name, String at, JsonNode n) throws FileFormatException {
        String text = JsonDocs.text(name, n, "expect", null);
        if (text == null) {
            return Expectation.DEFAULT;
        }
        try {
            return Expectation.parse(at + ".expect", text);
        } catch (InvalidValueException e) {
            throw new FileFormatException(name + ": " + e.getMessage());
        }
    }

    private static String host(String name, String at, JsonNode n, Topology lab) throws FileFormatException {
        String field = at.substring(at.lastIndexOf('.') + 1);
        String id = JsonDocs.text(name, n, field, null);
        if (id == null || lab.host(id).isEmpty()) {
            throw new FileFormatException(
                    name + ": \"" + at + "\" is '" + Printable.brief(id) + "', which is no host of its \"lab\"");
        }
        return id;
    }

    private static JsonNode object(String name, JsonNode root, String field) throws FileFormatException {
        JsonNode n = root.get(field);
        if (n == null || !n.isObject()) {
            throw new FileFormatException(name + ": \"" + field + "\" must be an object");
        }
        return n;
    }

    /**
     * The first pair's test (the first with a target), so that it is a plan file's whole plan: a plan file needs
     * logins and a target, and the base test's ends are placeholders that each pair replaces with its own.
     */
    private static TestPlan firstPairsTest(Topology lab, TestPlan base, List<MatrixPair> pairs) {
        MatrixPair p =
                pairs.stream().filter(q -> q.target() != null).findFirst().orElse(pairs.get(0));
        TestPlan plan = MatrixRun.planFor(lab, base, p);
        return p.target() != null
                ? plan
                : plan.toBuilder()
                        .target(lab.host(p.server()).orElseThrow().managementAddress())
                        .build();
    }
}
