package io.linklab.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.linklab.model.Direction;
import io.linklab.model.Role;
import io.linklab.model.Sample;
import io.linklab.model.Summary;
import io.linklab.model.SweepRow;
import io.linklab.model.ToolEvent;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The run's measurements appended to journal.jsonl as they arrive, one JSON object per line, each
 * handed to the operating system before the next: a killed JVM loses nothing already measured.
 * Reading streams it line by line; a torn or garbled line is skipped and counted ({@link Damage}).
 */
public final class RunJournal implements AutoCloseable {

    public static final String FILE = "journal.jsonl";

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Writer out;
    private boolean closed;
    private final List<SweepRow> rowsWritten = new ArrayList<>();

    public RunJournal(Path runDir) throws IOException {
        this.out = Files.newBufferedWriter(
                runDir.resolve(FILE), StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    /** Everything read back from a journal, in the order it was written, and what had to be skipped. */
    public record Contents(
            List<Entry<Sample>> samples,
            List<Entry<Summary>> summaries,
            List<Entry<ToolEvent>> events,
            List<SweepRow> rows,
            Damage damage) {}

    /** A measurement with the sweep point and repetition (from 1) it belongs to. */
    public record Entry<T>(String point, int repetition, T value) {}

    public synchronized void sample(String point, int rep, Sample s) {
        ObjectNode n = start("sample", point, rep);
        n.put("process", s.process());
        n.put("stream", s.stream());
        n.put("direction", s.direction() == null ? null : s.direction().csv());
        n.put("start", s.startS());
        n.put("end", s.endS());
        n.put("bytes", s.bytes());
        n.put("bps", s.bitsPerSecond());
        n.put("retransmits", s.retransmits());
        n.put("cwnd", s.cwndBytes());
        n.put("rtt_ms", s.rttMs());
        n.put("rttvar_ms", s.rttvarMs());
        n.put("pmtu", s.pmtu());
        n.put("jitter_ms", s.jitterMs());
        n.put("lost", s.lostPackets());
        n.put("packets", s.packets());
        if (s.omitted()) {
            n.put("omitted", true);
        }
        if (s.role() != null) {
            n.put("role", s.role().csv());
        }
        if (s.streamIndex() != null) {
            n.put("stream_index", s.streamIndex());
        }
        if (s.startUtc() != null) {
            n.put("start_utc", s.startUtc().toString());
        }
        append(n);
    }

    public synchronized void summary(String point, int rep, Summary s) {
        ObjectNode n = start("summary", point, rep);
        n.put("process", s.process());
        n.put("stream", s.stream());
        n.put("direction", s.direction() == null ? null : s.direction().csv());
        n.put("role", s.role() == null ? null : s.role().csv());
        n.put("start", s.startS());
        n.put("end", s.endS());
        n.put("bytes", s.bytes());
        n.put("bps", s.bitsPerSecond());
        n.put("retransmits", s.retransmits());
        n.put("jitter_ms", s.jitterMs());
        n.put("lost", s.lostPackets());
        n.put("packets", s.packets());
        n.put("local_cpu", s.localCpuPercent());
        n.put("remote_cpu", s.remoteCpuPercent());
        n.put("local_sd", s.localServiceDemandUsPerKb());
        n.put("remote_sd", s.remoteServiceDemandUsPerKb());
        if (s.note() != null) {
            n.put("note", s.note());
        }
        append(n);
    }

    public synchronized void event(String point, int rep, ToolEvent e) {
        ObjectNode n = start("event", point, rep);
        n.put("severity", e.severity().name());
        n.put("kind", e.kind());
        n.put("message", e.message());
        n.put("line", e.lineNumber());
        append(n);
    }

    /** The rows written so far (one per point and direction: few), for the run's verdict. */
    public synchronized List<SweepRow> rowsWritten() {
        return List.copyOf(rowsWritten);
    }

    public synchronized void pointRows(String point, List<SweepRow> rows) {
        rowsWritten.addAll(rows);
        for (SweepRow r : rows) {
            ObjectNode n = start("row", point, 0);
            n.put("mtu", r.mtu());
            n.put("streams", r.streams());
            n.put("processes", r.processes());
            n.put("value", r.value());
            n.put("direction", r.direction() == null ? null : r.direction().csv());
            n.put("bps", r.bitsPerSecond());
            n.put("bps_min", r.bitsPerSecondMin());
            n.put("bps_max", r.bitsPerSecondMax());
            n.put("retransmits", r.retransmits());
            n.put("gain", r.gain());
            n.put("status", r.status());
            append(n);
        }
    }

    private static ObjectNode start(String type, String point, int rep) {
        ObjectNode n = JSON.createObjectNode();
        n.put("type", type);
        n.put("point", point);
        if (rep > 0) {
            n.put("rep", rep);
        }
        return n;
    }

    private void append(ObjectNode n) {
        if (closed) {
            return;
        }
        try {
            out.write(JSON.writeValueAsString(n));
            out.write('\n');
            // Handed to the kernel at once: a kill -9 of the JVM cannot lose it any more.
            out.flush();
        } catch (IOException e) {
            // A full disk must not stop the measurement the user is watching; the record says what happened.
            closed = true;
            throw new UncheckedIOException("cannot append to the run journal: " + e.getMessage(), e);
        }
    }

    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            try {
                out.close();
            } catch (IOException ignored) {
                // everything was flushed line by line already
            }
        }
    }

    /**
     * Takes a journal's entries one at a time as they are read, so a consumer such as the CSV writer never
     * holds more than one line of an hour-long run. A kind not overridden is passed over.
     */
    public interface Visitor {
        default void sample(Entry<Sample> e) {}

        default void summary(Entry<Summary> e) {}

        default void event(Entry<ToolEvent> e) {}

        default void row(SweepRow r) {}
    }

    /**
     * The lines of a journal that could not be read back — torn by a crash, or garbage — and were skipped,
     * so a reader can say so once instead of refusing the run.
     *
     * @param firstLine the number (from 1) of the first skipped line; 0 when none was
     */
    public record Damage(int lines, long firstLine) {
        public static final Damage NONE = new Damage(0, 0);

        public boolean any() {
            return lines > 0;
        }

        /** One sentence for the user, or "" when nothing was skipped. */
        public String warning() {
            if (lines == 0) {
                return "";
            }
            return FILE + ": " + lines + (lines == 1 ? " damaged line was" : " damaged lines were")
                    + " skipped (the first is line " + firstLine + "); everything else was read";
        }
    }

    /** Reads a whole journal into memory, for views that show all of a run; damaged lines are skipped. */
    public static Contents read(Path runDir) throws IOException {
        List<Entry<Sample>> samples = new ArrayList<>();
        List<Entry<Summary>> summaries = new ArrayList<>();
        List<Entry<ToolEvent>> events = new ArrayList<>();
        List<SweepRow> rows = new ArrayList<>();
        Damage damage = read(runDir, new Visitor() {
            @Override
            public void sample(Entry<Sample> e) {
                samples.add(e);
            }

            @Override
            public void summary(Entry<Summary> e) {
                summaries.add(e);
            }

            @Override
            public void event(Entry<ToolEvent> e) {
                events.add(e);
            }

            @Override
            public void row(SweepRow r) {
                rows.add(r);
            }
        });
        return new Contents(samples, summaries, events, rows, damage);
    }

    /** Streams a run folder's journal (none yet: nothing) to {@code visitor}, line by line. */
    public static Damage read(Path runDir, Visitor visitor) throws IOException {
        Path f = runDir.resolve(FILE);
        if (!Files.exists(f)) {
            return Damage.NONE;
        }
        try (BufferedReader r = Files.newBufferedReader(f, StandardCharsets.UTF_8)) {
            return read(r, visitor);
        }
    }

    /** Streams journal lines to {@code visitor}; a line that is not a whole, valid entry is counted and skipped. */
    public static Damage read(BufferedReader in, Visitor visitor) throws IOException {
        int damaged = 0;
        long first = 0;
        long number = 0;
        String line;
        while ((line = in.readLine()) != null) {
            number++;
            if (line.isBlank()) {
                continue;
            }
            Object entry;
            try {
                entry = parse(JSON.readTree(line));
            } catch (IOException | RuntimeException bad) {
                damaged++;
                first = first == 0 ? number : first;
                continue;
            }
            // Outside the try: a consumer's own failure (a full disk under the CSV) is not a damaged line.
            dispatch(entry, visitor);
        }
        return damaged == 0 ? Damage.NONE : new Damage(damaged, first);
    }

    /** One line as an Entry or a SweepRow; null for a kind a newer LinkLab wrote; throws if it is damaged. */
    private static Object parse(JsonNode n) {
        if (n == null || !n.isObject() || !n.path("type").isTextual()) {
            throw new IllegalArgumentException("not a journal entry");
        }
        String point = n.path("point").asText("");
        int rep = n.path("rep").asInt(0);
        return switch (n.get("type").asText()) {
            case "sample" ->
                new Entry<>(
                        point,
                        rep,
                        new Sample(
                                str(n, "process"),
                                str(n, "stream"),
                                dir(n),
                                time(n, "start"),
                                time(n, "end"),
                                lng(n, "bytes"),
                                dbl(n, "bps"),
                                lng(n, "retransmits"),
                                lng(n, "cwnd"),
                                dbl(n, "rtt_ms"),
                                dbl(n, "jitter_ms"),
                                lng(n, "lost"),
                                lng(n, "packets"),
                                n.path("omitted").asBoolean(),
                                role(n),
                                n.hasNonNull("stream_index")
                                        ? n.get("stream_index").asInt()
                                        : null,
                                instant(n, "start_utc"),
                                dbl(n, "rttvar_ms"),
                                lng(n, "pmtu")));
            case "summary" ->
                new Entry<>(
                        point,
                        rep,
                        new Summary(
                                str(n, "process"),
                                str(n, "stream"),
                                dir(n),
                                role(n),
                                time(n, "start"),
                                time(n, "end"),
                                lng(n, "bytes"),
                                dbl(n, "bps"),
                                lng(n, "retransmits"),
                                dbl(n, "jitter_ms"),
                                lng(n, "lost"),
                                lng(n, "packets"),
                                dbl(n, "local_cpu"),
                                dbl(n, "remote_cpu"),
                                dbl(n, "local_sd"),
                                dbl(n, "remote_sd"),
                                str(n, "note")));
            case "event" ->
                new Entry<>(
                        point,
                        rep,
                        new ToolEvent(
                                ToolEvent.Severity.valueOf(n.path("severity").asText("INFO")), str(n, "kind"),
                                str(n, "message"), n.path("line").asLong()));
            case "row" ->
                new SweepRow(
                        point,
                        n.hasNonNull("mtu") ? n.get("mtu").asInt() : null,
                        n.hasNonNull("streams") ? n.get("streams").asInt() : null,
                        n.hasNonNull("processes") ? n.get("processes").asInt() : null,
                        dbl(n, "value"),
                        dir(n),
                        dbl(n, "bps"),
                        dbl(n, "bps_min"),
                        dbl(n, "bps_max"),
                        lng(n, "retransmits"),
                        dbl(n, "gain"),
                        str(n, "status"));
            default -> null;
        };
    }

    @SuppressWarnings("unchecked")
    private static void dispatch(Object entry, Visitor visitor) {
        if (entry instanceof SweepRow row) {
            visitor.row(row);
        } else if (entry instanceof Entry<?> e) {
            if (e.value() instanceof Sample) {
                visitor.sample((Entry<Sample>) e);
            } else if (e.value() instanceof Summary) {
                visitor.summary((Entry<Summary>) e);
            } else if (e.value() instanceof ToolEvent) {
                visitor.event((Entry<ToolEvent>) e);
            }
        }
    }

    /** An interval's start or end: a line without it is damaged, not an interval at 0 s. */
    private static double time(JsonNode n, String f) {
        JsonNode v = n.get(f);
        if (v == null || !v.isNumber()) {
            throw new IllegalArgumentException("\"" + f + "\" is not a number");
        }
        return v.asDouble();
    }

    private static String str(JsonNode n, String f) {
        return n.hasNonNull(f) ? n.get(f).asText() : null;
    }

    private static Long lng(JsonNode n, String f) {
        return n.hasNonNull(f) ? n.get(f).asLong() : null;
    }

    private static Double dbl(JsonNode n, String f) {
        return n.hasNonNull(f) ? n.get(f).asDouble() : null;
    }

    private static Instant instant(JsonNode n, String f) {
        return n.hasNonNull(f) ? Instant.parse(n.get(f).asText()) : null;
    }

    private static Direction dir(JsonNode n) {
        String d = str(n, "direction");
        return d == null ? null : d.equals("s2c") ? Direction.S2C : Direction.C2S;
    }

    private static Role role(JsonNode n) {
        String r = str(n, "role");
        return r == null ? null : r.equals("sender") ? Role.SENDER : Role.RECEIVER;
    }
}
