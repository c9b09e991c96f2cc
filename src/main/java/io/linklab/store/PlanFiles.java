package io.linklab.store;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.linklab.model.InvalidValueException;
import io.linklab.model.TestPlan;
import io.linklab.model.Tool;
import io.linklab.tools.plan.PlanCheck;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Test plans as readable, versioned JSON files (format "linklab-plan", version 1) that engineers keep
 * in version control next to their lab notes. Sizes and rates keep the user's spelling ("4M").
 */
public final class PlanFiles {

    public static final String FORMAT = "linklab-plan";
    public static final int VERSION = 1;

    /** A plan file, its fields in their order; a number left out or null reads as the default plan's. */
    private record PlanFile(
            String tool,
            PlanEnd client,
            PlanEnd server,
            String target,
            String protocol,
            String bitrate,
            Integer duration,
            Double interval,
            Integer omit,
            Integer streams,
            Integer processes,
            Integer port,
            String mode,
            String window,
            String messageSize,
            Integer repetitions,
            SweepEntry sweep) {}

    /** @param cpus as taskset writes it ("2,4,6-9"); left out when the end is not pinned */
    private record PlanEnd(
            String login,
            @JsonProperty("interface") String iface,
            @JsonInclude(JsonInclude.Include.NON_NULL) String cpus) {}

    /** @param values numbers or sizes as written: 9000 and "4M" alike */
    private record SweepEntry(String kind, List<JsonNode> values) {}

    private static final String END_EXAMPLE = "{\"login\": \"root@10.0.0.1\", \"interface\": \"eth0\"}";

    private PlanFiles() {}

    public static void write(Path file, TestPlan plan) throws IOException {
        JsonDocs.write(file, toJson(plan));
    }

    /** Reads and checks a plan file; every problem names the file and the field. */
    public static TestPlan read(Path file) throws FileFormatException {
        return fromJson(file.toString(), JsonDocs.read(file, FORMAT, VERSION));
    }

    public static ObjectNode toJson(TestPlan plan) {
        return JsonDocs.document(FORMAT, VERSION, planFile(plan));
    }

    private static PlanFile planFile(TestPlan plan) {
        TestPlan.Sweep s = plan.sweep();
        return new PlanFile(
                plan.tool().id(),
                planEnd(plan.client()),
                planEnd(plan.server()),
                plan.target(),
                JsonDocs.spelling(plan.protocol()),
                plan.udpBitrate(),
                plan.durationS(),
                plan.intervalS(),
                plan.omitS(),
                plan.streams(),
                plan.processes(),
                plan.basePort(),
                JsonDocs.spelling(plan.mode()),
                plan.window(),
                plan.messageSize(),
                plan.repetitions(),
                s == null
                        ? null
                        : new SweepEntry(
                                JsonDocs.spelling(s.kind()),
                                s.values().stream()
                                        .<JsonNode>map(TextNode::valueOf)
                                        .toList()));
    }

    private static PlanEnd planEnd(TestPlan.End end) {
        return new PlanEnd(end.login(), end.dataInterface(), end.cpus().isEmpty() ? null : end.cpuText());
    }

    public static TestPlan fromJson(String name, JsonNode root) throws FileFormatException {
        PlanFile f = JsonBinding.bindBody(name, root, PlanFile.class);
        TestPlan d = TestPlan.defaults(null, null, null);
        Tool tool;
        try {
            tool = Tool.fromId(or(f.tool(), d.tool().id()));
        } catch (IllegalArgumentException e) {
            throw new FileFormatException(name + ": \"tool\": " + e.getMessage());
        }
        TestPlan plan = new TestPlan(
                tool,
                end(name, "client", f.client()),
                end(name, "server", f.server()),
                f.target(),
                JsonDocs.enumValue(name, "protocol", f.protocol(), TestPlan.Protocol.class, d.protocol()),
                f.bitrate(),
                or(f.duration(), d.durationS()),
                or(f.interval(), d.intervalS()),
                or(f.omit(), d.omitS()),
                or(f.streams(), d.streams()),
                or(f.processes(), d.processes()),
                or(f.port(), d.basePort()),
                JsonDocs.enumValue(name, "mode", f.mode(), TestPlan.Mode.class, d.mode()),
                f.window(),
                f.messageSize(),
                or(f.repetitions(), d.repetitions()),
                f.sweep() == null ? null : sweep(name, f.sweep()));
        List<PlanCheck.Problem> problems = PlanCheck.problems(plan);
        if (!problems.isEmpty()) {
            throw new FileFormatException(name + ": " + problems.get(0));
        }
        return plan;
    }

    private static TestPlan.Sweep sweep(String name, SweepEntry s) throws FileFormatException {
        TestPlan.SweepKind kind = JsonDocs.enumValue(name, "sweep.kind", s.kind(), TestPlan.SweepKind.class, null);
        if (kind == null) {
            throw new FileFormatException(name + ": \"sweep.kind\" is missing");
        }
        if (s.values() == null) {
            throw new FileFormatException(name + ": \"sweep.values\" must be a list such as [1500, 9000]");
        }
        List<String> values = new ArrayList<>();
        for (JsonNode v : s.values()) {
            if (!v.isValueNode() || v.isNull()) {
                throw new FileFormatException(name + ": \"sweep.values\" holds " + v + "; expected numbers or sizes");
            }
            values.add(v.asText());
        }
        return new TestPlan.Sweep(kind, values);
    }

    private static TestPlan.End end(String name, String field, PlanEnd e) throws FileFormatException {
        if (e == null) {
            throw new FileFormatException(name + ": \"" + field + "\" must be an object such as " + END_EXAMPLE);
        }
        try {
            return new TestPlan.End(e.login(), e.iface(), TestPlan.End.parseCpus(field + ".cpus", e.cpus()));
        } catch (InvalidValueException bad) {
            throw new FileFormatException(name + ": " + bad.getMessage());
        }
    }

    private static <T> T or(T read, T fallback) {
        return read == null ? fallback : read;
    }
}
