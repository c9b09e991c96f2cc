package io.linklab.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.Role;
import io.linklab.model.Sample;
import io.linklab.model.ToolEvent;
import io.linklab.tools.importer.LogImporter;
import io.linklab.tools.iperf3.Iperf3LiveParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damaged --json-stream output, made from iperf3 3.21's own (fixtures/recorded): each damage is said once, with
 * its line, and everything measured around it is kept.
 */
class Iperf3JsonStreamBadInputTest {

    private static final String CLIENT = "recorded/iperf3_3.21_lab_client_P2_json_stream.jsonl";

    @TempDir
    Path dir;

    private static List<String> lines() throws IOException {
        return new ArrayList<>(Files.readAllLines(Fixtures.resource(CLIENT)));
    }

    private static CollectingSink live(List<String> lines) {
        CollectingSink sink = new CollectingSink();
        StreamingParser p = new Iperf3LiveParser(sink);
        lines.forEach(p::feed);
        p.finish();
        return sink;
    }

    private static long streamSamples(CollectingSink s) {
        return s.samples.stream().filter(x -> !x.isSum()).count();
    }

    private static List<ToolEvent> events(CollectingSink s, String kind) {
        return s.events.stream().filter(e -> e.kind().equals(kind)).toList();
    }

    @Test
    void lineThatIsNotJsonIsSkippedAndSaid() throws IOException {
        List<String> lines = lines();
        lines.add(2, "iperf3: error - control socket has closed unexpectedly, or so said a wrapper");
        CollectingSink s = live(lines);
        assertEquals(6, streamSamples(s), "both streams in all three intervals");
        assertEquals(6, s.summaries.size(), "the end event's totals");
        List<ToolEvent> junk = events(s, ToolMeta.INPUT_JUNK);
        assertEquals(1, junk.size(), s.events.toString());
        assertEquals(3, junk.get(0).lineNumber());
        assertTrue(
                junk.get(0).message().contains("not iperf3 JSON"), junk.get(0).message());
    }

    @Test
    void intervalsWithoutAStartEventAreKeptAndSaidOncePerStream() throws IOException {
        List<String> lines = lines();
        lines.remove(0);
        CollectingSink s = live(lines);
        assertEquals(6, streamSamples(s));
        List<ToolEvent> unknown = events(s, ToolMeta.INPUT_UNKNOWN_STREAM);
        assertEquals(2, unknown.size(), "once for each of the two streams: " + s.events);
        assertTrue(
                unknown.get(0).message().startsWith("line 1: an interval of stream 5"),
                unknown.get(0).message());
        assertTrue(
                unknown.get(0).message().contains("no start event"),
                unknown.get(0).message());
    }

    @Test
    void intervalOfAStreamTheClientNeverOpenedIsKeptAndSaid() throws IOException {
        List<String> lines = lines();
        // the start event connects sockets 5 and 7: make it 5 and 11, so stream 7's intervals match no connection
        lines.set(0, lines.get(0).replace("{\"socket\":7,", "{\"socket\":11,"));
        CollectingSink s = live(lines);
        assertEquals(6, streamSamples(s), "stream 7's samples are kept");
        List<ToolEvent> unknown = events(s, ToolMeta.INPUT_UNKNOWN_STREAM);
        assertEquals(1, unknown.size(), s.events.toString());
        assertEquals(
                "line 2: an interval of stream 7, but its test's start event connected only [5, 11]; its samples are"
                        + " kept",
                unknown.get(0).message());
        assertTrue(events(live(lines()), ToolMeta.INPUT_UNKNOWN_STREAM).isEmpty(), "the undamaged log says nothing");
    }

    @Test
    void lineCutIntoPiecesAsTheLiveLineSplitterCutsItParsesTheSame() throws IOException {
        // a run's output lines are cut every 64 KiB (remote.LineSplitter): a JSON line of many streams arrives in
        // pieces, which the incremental parser joins without ever holding the whole line
        List<String> pieces = new ArrayList<>();
        for (String line : lines()) {
            for (int i = 0; i < line.length(); i += 100) {
                pieces.add(line.substring(i, Math.min(line.length(), i + 100)));
            }
        }
        CollectingSink whole = live(lines());
        CollectingSink cut = live(pieces);
        assertEquals(whole.samples, cut.samples);
        assertEquals(whole.summaries, cut.summaries);
        assertTrue(cut.events.isEmpty(), cut.events.toString());
    }

    @Test
    void hugeLineInALogStopsTheImportThereAndKeepsWhatCameBefore() throws IOException {
        List<String> lines = lines();
        Path log = dir.resolve("huge.jsonl");
        StringBuilder text = new StringBuilder();
        text.append(lines.get(0)).append('\n').append(lines.get(1)).append('\n');
        text.append("{\"event\":\"interval\",\"data\":\"")
                .append("x".repeat(9 << 20))
                .append("\"}\n");
        Files.writeString(log, text);
        CollectingSink s = new CollectingSink();
        LogImporter.FileResult r = LogImporter.importFile(log, null, s);
        assertFalse(r.failed(), String.valueOf(r.failure()));
        assertTrue(r.damaged(), r.events().toString());
        assertTrue(
                r.events().stream().anyMatch(e -> e.message().contains("line 3 is longer than 8 MB")),
                r.events().toString());
        List<Sample> sent = s.samples.stream()
                .filter(x -> !x.isSum() && x.role() == Role.SENDER)
                .toList();
        assertEquals(2, sent.size(), "the first interval's two streams");
    }
}
