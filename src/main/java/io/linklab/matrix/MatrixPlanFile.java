package io.linklab.matrix;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.linklab.matrix.MatrixSchedule.Uplinks;
import io.linklab.model.Expectation;
import io.linklab.model.InvalidValueException;
import io.linklab.model.Printable;
import io.linklab.model.TestPlan;
import io.linklab.model.Topology;
import io.linklab.store.FileFormatException;
import io.linklab.store.JsonBinding;
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

    /**
     * matrix.json's body after its header, its fields in their order.
     *
     * @param lab  the lab file's document, read and checked as a lab file
     * @param test the plan file's document, likewise
     * @param shareHosts a node, not a Boolean: an explicit null is refused, while a file without it shares none
     */
    private record MatrixFile(
            JsonNode lab,
            JsonNode test,
            List<PairEntry> pairs,
            Integer concurrency,
            JsonNode shareHosts,
            String uplinks) {}

    /** @param uplinks link ids, each read as text whatever its JSON type, as before */
    private record PairEntry(
            String client,
            String clientInterface,
            String server,
            String serverInterface,
            String target,
            String linkSpeed,
            String expect,
            List<JsonNode> uplinks,
            String folder) {}

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
        List<PairEntry> entries = pairs.stream()
                .map(p -> new PairEntry(
                        p.client(),
                        p.clientIface(),
                        p.server(),
                        p.serverIface(),
                        p.target(),
                        p.linkSpeed(),
                        p.expectation().text(),
                        p.uplinks().stream().<JsonNode>map(TextNode::valueOf).toList(),
                        folders.apply(p)))
                .toList();
        MatrixFile file = new MatrixFile(
                TopologyFiles.toJson(lab),
                PlanFiles.toJson(firstPairsTest(lab, base, pairs)),
                entries,
                options.concurrency(),
                BooleanNode.valueOf(options.shareHosts()),
                options.uplinks() == Uplinks.TOGETHER ? "together" : "one");
        JsonDocs.write(dir.resolve(NAME), JsonDocs.document(FORMAT, VERSION, file));
    }

    /** Reads and checks {@code dir}'s matrix.json; every problem names the file and the field. */
    public static Stored read(Path dir) throws FileFormatException {
        Path file = dir.resolve(NAME);
        String name = file.toString();
        MatrixFile m = JsonBinding.bindBody(name, JsonDocs.read(file, FORMAT, VERSION), MatrixFile.class);
        Topology lab = TopologyFiles.fromJson(name + " \"lab\"", object(name, "lab", m.lab()));
        TestPlan test = PlanFiles.fromJson(name + " \"test\"", object(name, "test", m.test()));
        if (m.pairs() == null || m.pairs().isEmpty()) {
            throw new FileFormatException(name + ": \"pairs\" must be a list of the matrix's pairs");
        }
        List<PairEntry> entries = JsonBinding.elements(name, "pairs", m.pairs(), PairEntry.class);
        List<MatrixPair> pairs = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            pairs.add(pair(name, "pairs[" + i + "]", entries.get(i), lab));
        }
        int concurrency = m.concurrency() == null ? 1 : m.concurrency();
        if (concurrency < 1) {
            throw new FileFormatException(name + ": \"concurrency\" must be 1 or more, not " + concurrency);
        }
        JsonNode share = m.shareHosts();
        if (share != null && !share.isBoolean()) {
            throw new FileFormatException(name + ": \"shareHosts\" must be true or false, not " + share);
        }
        String uplinks = m.uplinks() == null ? "one" : m.uplinks();
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

    private static MatrixPair pair(String name, String at, PairEntry p, Topology lab) throws FileFormatException {
        String client = host(name, at + ".client", p.client(), lab);
        String server = host(name, at + ".server", p.server(), lab);
        if (client.equals(server)) {
            throw new FileFormatException(name + ": \"" + at + "\" names " + client + " twice; a pair needs two hosts");
        }
        if (p.folder() != null && !MatrixFolders.isName(p.folder())) {
            throw new FileFormatException(name + ": \"" + at + ".folder\" is '" + Printable.brief(p.folder())
                    + "', which is no folder name (one name of letters, digits, '_', '-' or '.', not a path)");
        }
        List<String> uplinks = p.uplinks() == null
                ? List.of()
                : p.uplinks().stream().map(JsonNode::asText).toList();
        return new MatrixPair(
                client,
                p.clientInterface(),
                server,
                p.serverInterface(),
                p.target(),
                p.linkSpeed(),
                uplinks,
                expectation(name, at, p.expect()));
    }

    /** A pair's expected rate as written; none (a matrix.json from before verdicts): the default. */
    private static Expectation expectation(String name, String at, String text) throws FileFormatException {
        if (text == null) {
            return Expectation.DEFAULT;
        }
        try {
            return Expectation.parse(at + ".expect", text);
        } catch (InvalidValueException e) {
            throw new FileFormatException(name + ": " + e.getMessage());
        }
    }

    private static String host(String name, String at, String id, Topology lab) throws FileFormatException {
        if (id == null || lab.host(id).isEmpty()) {
            throw new FileFormatException(
                    name + ": \"" + at + "\" is '" + Printable.brief(id) + "', which is no host of its \"lab\"");
        }
        return id;
    }

    private static JsonNode object(String name, String field, JsonNode n) throws FileFormatException {
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
