package io.linklab.tools.netperf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.Summary;
import io.linklab.model.ToolEvent;
import io.linklab.tools.CollectingSink;
import io.linklab.tools.LogFormat;
import io.linklab.tools.ToolMeta;
import io.linklab.tools.importer.LogImporter;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * netperf's own messages ("Sorry, Demo Mode not configured …", "catcher: timer popped …", "… is not compiled in.")
 * may land anywhere in its output. Wherever they are, the -o, -O and -k results around them are read whole.
 */
class NetperfWarningsTest {

    private static final String BANNER =
            "MIGRATED TCP STREAM TEST from 0.0.0.0 (0.0.0.0) port 0 AF_INET to " + "10.0.0.2 () port 0 AF_INET : demo";

    /** What netperf 2.7 prints for -D when built without --enable-demo, and two other messages it prints. */
    private static final List<String> WARNINGS = List.of(
            "Sorry, Demo Mode not configured into this netperf.",
            "Please consider reconfiguring netperf with",
            "--enable-demo=yes and recompiling",
            "catcher: timer popped with times_up != 0",
            "Histogram support is not compiled in.");

    /** -o with selectors that do not start with THROUGHPUT. */
    private static final List<String> CSV = List.of(
            BANNER,
            "Minimum Latency Microseconds,Elapsed Time (sec),Throughput,Throughput Units",
            "1,10.00,1187.94,10^6bits/s");

    /** -O: names wrapped over several lines, values left-aligned under them. */
    private static final List<String> HUMAN = List.of(
            BANNER,
            "Local       Remote      Local  Elapsed Throughput Throughput  ",
            "Send Socket Recv Socket Send   Time               Units       ",
            "Size        Size        Size   (sec)                          ",
            "Final       Final                                             ",
            "",
            "16384       87380       16384  10.00   1187.94    10^6bits/s  ");

    /** -k: key=value lines. */
    private static final List<String> KEYED =
            List.of(BANNER, "THROUGHPUT=1187.94", "THROUGHPUT_UNITS=10^6bits/s", "ELAPSED_TIME=10.00");

    @Test
    void csvSelectorsInAnyOrderAreReadWhereverTheWarningsAre() throws IOException {
        everyPlacementReadsTheResult(CSV);
    }

    @Test
    void columnarSelectorsAreReadWhereverTheWarningsAre() throws IOException {
        everyPlacementReadsTheResult(HUMAN);
    }

    @Test
    void keyValueResultIsNotSplitByAWarning() throws IOException {
        everyPlacementReadsTheResult(KEYED);
    }

    @Test
    void columnarTitlesIgnoreAProseLineThatCrossesTheColumns() {
        CollectingSink sink = new CollectingSink();
        NetperfParser p = new NetperfParser(sink);
        List<String> lines = new ArrayList<>(HUMAN);
        // Not one of the known messages, and not aligned with the columns: it must not rename them.
        lines.add(1, "The quick brown fox jumped over the lazy dog while the test ran");
        lines.forEach(p::feed);
        p.finish();
        assertEquals(1, sink.summaries.size());
        assertEquals(10.00, sink.summaries.get(0).endS());
        assertEquals(1187.94e6, sink.summaries.get(0).bitsPerSecond());
    }

    /** The warnings placed before the banner, after each line, and at the end: always one whole result. */
    private static void everyPlacementReadsTheResult(List<String> output) throws IOException {
        for (int at = 0; at <= output.size(); at++) {
            List<String> lines = new ArrayList<>(output);
            lines.addAll(at, WARNINGS);
            String text = String.join("\n", lines) + "\n";
            CollectingSink sink = new CollectingSink();
            LogImporter.FileResult r = LogImporter.importStream(
                    Path.of("netperf.txt"),
                    null,
                    new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)),
                    sink);
            String where = "warnings at line " + (at + 1) + " of:\n" + text;
            assertFalse(r.failed(), where + "\n" + r.failure());
            assertEquals(LogFormat.NETPERF, r.format(), where);
            assertEquals(1, sink.summaries.size(), where);
            Summary s = sink.summaries.get(0);
            assertEquals(1187.94e6, s.bitsPerSecond(), where);
            assertEquals(10.00, s.endS(), where);
            assertNull(s.note(), where);
            long warned = sink.events.stream()
                    .filter(e -> e.severity() == ToolEvent.Severity.WARNING
                            && e.kind().equals(ToolMeta.TOOL_WARNING))
                    .count();
            assertEquals(WARNINGS.size(), warned, where);
            assertTrue(sink.events.stream().noneMatch(e -> e.severity() == ToolEvent.Severity.ERROR), where);
        }
    }
}
