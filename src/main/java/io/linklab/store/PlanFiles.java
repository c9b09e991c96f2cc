package io.linklab.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.linklab.model.InvalidValueException;
import io.linklab.model.TestPlan;
import io.linklab.model.Tool;
import io.linklab.tools.plan.PlanCheck;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Test plans as readable, versioned JSON files (format "linklab-plan", version 1) that engineers keep
 * in version control next to their lab notes. Sizes and rates keep the user's spelling ("4M").
 */
public final class PlanFiles {

    public static final String FORMAT = "linklab-plan";
    public static final int VERSION = 1;

    private static final Set<String> KEYS = Set.of(
            "format",
            "version",
            "tool",
            "client",
            "server",
            "target",
            "protocol",
            "bitrate",
            "duration",
            "interval",
            "omit",
            "streams",
            "processes",
            "port",
            "mode",
            "window",
            "messageSize",
            "repetitions",
            "sweep");
    private static final Set<String> END_KEYS = Set.of("login", "interface", "cpus");
    private static final Set<String> SWEEP_KEYS = Set.of("kind", "values");

    private PlanFiles() {}

    public static void write(Path file, TestPlan plan) throws IOException {
        JsonDocs.write(file, toJson(plan));
    }

    /** Reads and checks a plan file; every problem names the file and the field. */
    public static TestPlan read(Path file) throws FileFormatException {
        return fromJson(file.toString(), JsonDocs.read(file, FORMAT, VERSION));
    }

    public static ObjectNode toJson(TestPlan plan) {
        ObjectNode root = JsonDocs.header(FORMAT, VERSION);
        root.put("tool", plan.tool().id());
        root.set("client", end(plan.client()));
        root.set("server", end(plan.server()));
        root.put("target", plan.target());
        root.put("protocol", JsonDocs.spelling(plan.protocol()));
        root.put("bitrate", plan.udpBitrate());
        root.put("duration", plan.durationS());
        root.put("interval", plan.intervalS());
        root.put("omit", plan.omitS());
        root.put("streams", plan.streams());
        root.put("processes", plan.processes());
        root.put("port", plan.basePort());
        root.put("mode", JsonDocs.spelling(plan.mode()));
        root.put("window", plan.window());
        root.put("messageSize", plan.messageSize());
        root.put("repetitions", plan.repetitions());
        if (plan.sweep() != null) {
            ObjectNode sweep = root.putObject("sweep");
            sweep.put("kind", JsonDocs.spelling(plan.sweep().kind()));
            ArrayNode values = sweep.putArray("values");
            plan.sweep().values().forEach(values::add);
        } else {
            root.putNull("sweep");
        }
        return root;
    }

    private static ObjectNode end(TestPlan.End end) {
        ObjectNode n = JsonDocs.MAPPER.createObjectNode();
        n.put("login", end.login());
        n.put("interface", end.dataInterface());
        if (!end.cpus().isEmpty()) {
            n.put("cpus", end.cpuText()); // as taskset writes it: "2,4,6-9"
        }
        return n;
    }

    public static TestPlan fromJson(String name, JsonNode root) throws FileFormatException {
        JsonDocs.onlyKeys(name, "", root, KEYS);
        TestPlan d = TestPlan.defaults(null, null, null);
        String toolId = JsonDocs.text(name, root, "tool", d.tool().id());
        Tool tool;
        try {
            tool = Tool.fromId(toolId);
        } catch (IllegalArgumentException e) {
            throw new FileFormatException(name + ": \"tool\": " + e.getMessage());
        }
        TestPlan.Sweep sweep = null;
        JsonNode s = root.get("sweep");
        if (s != null && !s.isNull()) {
            if (!s.isObject()) {
                throw new FileFormatException(name + ": \"sweep\" must be an object with \"kind\" and \"values\"");
            }
            JsonDocs.onlyKeys(name, "sweep.", s, SWEEP_KEYS);
            TestPlan.SweepKind kind = JsonDocs.enumValue(name, s, "kind", TestPlan.SweepKind.class, null);
            if (kind == null) {
                throw new FileFormatException(name + ": \"sweep.kind\" is missing");
            }
            JsonNode vs = s.get("values");
            if (vs == null || !vs.isArray()) {
                throw new FileFormatException(name + ": \"sweep.values\" must be a list such as [1500, 9000]");
            }
            List<String> values = new ArrayList<>();
            for (JsonNode v : vs) {
                if (!v.isValueNode() || v.isNull()) {
                    throw new FileFormatException(
                            name + ": \"sweep.values\" holds " + v + "; expected numbers or sizes");
                }
                values.add(v.asText());
            }
            sweep = new TestPlan.Sweep(kind, values);
        }
        TestPlan plan = new TestPlan(
                tool,
                readEnd(name, root, "client"),
                readEnd(name, root, "server"),
                JsonDocs.text(name, root, "target", null),
                JsonDocs.enumValue(name, root, "protocol", TestPlan.Protocol.class, d.protocol()),
                JsonDocs.text(name, root, "bitrate", null),
                JsonDocs.integer(name, root, "duration", d.durationS()),
                JsonDocs.number(name, root, "interval", d.intervalS()),
                JsonDocs.integer(name, root, "omit", d.omitS()),
                JsonDocs.integer(name, root, "streams", d.streams()),
                JsonDocs.integer(name, root, "processes", d.processes()),
                JsonDocs.integer(name, root, "port", d.basePort()),
                JsonDocs.enumValue(name, root, "mode", TestPlan.Mode.class, d.mode()),
                JsonDocs.text(name, root, "window", null),
                JsonDocs.text(name, root, "messageSize", null),
                JsonDocs.integer(name, root, "repetitions", d.repetitions()),
                sweep);
        List<PlanCheck.Problem> problems = PlanCheck.problems(plan);
        if (!problems.isEmpty()) {
            throw new FileFormatException(name + ": " + problems.get(0));
        }
        return plan;
    }

    private static TestPlan.End readEnd(String name, JsonNode root, String field) throws FileFormatException {
        JsonNode n = root.get(field);
        if (n == null || !n.isObject()) {
            throw new FileFormatException(name + ": \"" + field + "\" must be an object such as "
                    + "{\"login\": \"root@10.0.0.1\", \"interface\": \"eth0\"}");
        }
        JsonDocs.onlyKeys(name, field + ".", n, END_KEYS);
        List<Integer> cpus;
        try {
            cpus = TestPlan.End.parseCpus(field + ".cpus", JsonDocs.text(name, n, "cpus", null));
        } catch (InvalidValueException e) {
            throw new FileFormatException(name + ": " + e.getMessage());
        }
        return new TestPlan.End(JsonDocs.text(name, n, "login", null), JsonDocs.text(name, n, "interface", null), cpus);
    }
}
