package io.linklab.engine;

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
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The run's measurements appended to journal.jsonl as they arrive, one JSON object per line, each
 * handed to the operating system before the next: a killed JVM loses nothing already measured,
 * and a torn last line is skipped on reading.
 */
public final class RunJournal implements AutoCloseable {

    public static final String FILE = "journal.jsonl";

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Writer out;
    private boolean closed;

    public RunJournal(Path runDir) throws IOException {
        this.out = Files.newBufferedWriter(runDir.resolve(FILE), StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    /** Everything read back from a journal, in the order it was written. */
    public record Contents(List<Entry<Sample>> samples, List<Entry<Summary>> summaries, List<Entry<ToolEvent>> events,
                           List<SweepRow> rows) {
    }

    /** A measurement with the sweep point and repetition (from 1) it belongs to. */
    public record Entry<T>(String point, int repetition, T value) {
    }

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
        n.put("jitter_ms", s.jitterMs());
        n.put("lost", s.lostPackets());
        n.put("packets", s.packets());
        if (s.omitted()) {
            n.put("omitted", true);
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

    public synchronized void pointRows(String point, List<SweepRow> rows) {
        for (SweepRow r : rows) {
            ObjectNode n = start("row", point, 0);
            n.put("mtu", r.mtu());
            n.put("streams", r.streams());
            n.put("processes", r.processes());
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
            throw new java.io.UncheckedIOException("cannot append to the run journal: " + e.getMessage(), e);
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

    /** Reads a journal back; a line torn by a crash is skipped. */
    public static Contents read(Path runDir) throws IOException {
        List<Entry<Sample>> samples = new ArrayList<>();
        List<Entry<Summary>> summaries = new ArrayList<>();
        List<Entry<ToolEvent>> events = new ArrayList<>();
        List<SweepRow> rows = new ArrayList<>();
        Path f = runDir.resolve(FILE);
        if (!Files.exists(f)) {
            return new Contents(samples, summaries, events, rows);
        }
        try (BufferedReader r = Files.newBufferedReader(f, StandardCharsets.UTF_8)) {
            String line;
            while ((line = r.readLine()) != null) {
                JsonNode n;
                try {
                    n = JSON.readTree(line);
                } catch (IOException torn) {
                    continue;
                }
                if (n == null || !n.isObject()) {
                    continue;
                }
                String point = n.path("point").asText("");
                int rep = n.path("rep").asInt(0);
                switch (n.path("type").asText()) {
                    case "sample" -> samples.add(new Entry<>(point, rep, new Sample(str(n, "process"),
                            str(n, "stream"), dir(n), n.path("start").asDouble(), n.path("end").asDouble(),
                            lng(n, "bytes"), dbl(n, "bps"), lng(n, "retransmits"), lng(n, "cwnd"), dbl(n, "rtt_ms"),
                            dbl(n, "jitter_ms"), lng(n, "lost"), lng(n, "packets"), n.path("omitted").asBoolean())));
                    case "summary" -> summaries.add(new Entry<>(point, rep, new Summary(str(n, "process"),
                            str(n, "stream"), dir(n), role(n), n.path("start").asDouble(), n.path("end").asDouble(),
                            lng(n, "bytes"), dbl(n, "bps"), lng(n, "retransmits"), dbl(n, "jitter_ms"),
                            lng(n, "lost"), lng(n, "packets"), dbl(n, "local_cpu"), dbl(n, "remote_cpu"),
                            dbl(n, "local_sd"), dbl(n, "remote_sd"), str(n, "note"))));
                    case "event" -> events.add(new Entry<>(point, rep, new ToolEvent(
                            ToolEvent.Severity.valueOf(n.path("severity").asText("INFO")), str(n, "kind"),
                            str(n, "message"), n.path("line").asLong())));
                    case "row" -> rows.add(new SweepRow(point, n.hasNonNull("mtu") ? n.get("mtu").asInt() : null,
                            n.hasNonNull("streams") ? n.get("streams").asInt() : null,
                            n.hasNonNull("processes") ? n.get("processes").asInt() : null, dir(n), dbl(n, "bps"),
                            dbl(n, "bps_min"), dbl(n, "bps_max"), lng(n, "retransmits"), dbl(n, "gain"),
                            str(n, "status")));
                    default -> { }
                }
            }
        }
        return new Contents(samples, summaries, events, rows);
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

    private static Direction dir(JsonNode n) {
        String d = str(n, "direction");
        return d == null ? null : d.equals("s2c") ? Direction.S2C : Direction.C2S;
    }

    private static Role role(JsonNode n) {
        String r = str(n, "role");
        return r == null ? null : r.equals("sender") ? Role.SENDER : Role.RECEIVER;
    }
}
