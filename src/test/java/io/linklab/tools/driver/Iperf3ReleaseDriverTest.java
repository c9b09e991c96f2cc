package io.linklab.tools.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.TestPlan;
import io.linklab.tools.CollectingSink;
import io.linklab.tools.Fixtures;
import io.linklab.tools.StreamingParser;
import io.linklab.tools.iperf3.Iperf3Version;
import java.nio.file.Files;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The iperf3 client a host's release can run: --json-stream from 3.17, text before, and one parser for both. */
class Iperf3ReleaseDriverTest {

    private static final TestPlan PLAN = TestPlan.defaults(
            new TestPlan.End("root@client", null), new TestPlan.End("root@server", null), "198.19.0.2");

    private static List<String> client(String versionLine) {
        return new Iperf3Driver()
                .forClientVersion(versionLine)
                .client(PLAN, 5201)
                .argv();
    }

    @Test
    void versionLinesOfEachReleaseAreRead() {
        assertEquals(Optional.of(new Iperf3Version(3, 21)), Iperf3Version.parse("iperf 3.21 (cJSON 1.7.15)"));
        assertEquals(Optional.of(new Iperf3Version(3, 9)), Iperf3Version.parse("iperf 3.9 (cJSON 1.7.13)"));
        assertEquals(Optional.of(new Iperf3Version(3, 16)), Iperf3Version.parse("iperf 3.16"));
        assertEquals(Optional.of(new Iperf3Version(3, 17)), Iperf3Version.parse("iperf 3.17.1 (cJSON 1.7.15)"));
        assertEquals(Optional.empty(), Iperf3Version.parse("iperf version 2.1.8 (12 August 2022) pthreads"));
        assertEquals(Optional.empty(), Iperf3Version.parse(null));
    }

    @Test
    void clientStreamsJsonFrom317AndStaysTextBefore() {
        assertTrue(client("iperf 3.17 (cJSON 1.7.15)").contains("--json-stream"));
        assertTrue(client("iperf 3.21 (cJSON 1.7.15)").contains("--json-stream"));
        List<String> text = List.of(
                "iperf3",
                "-c",
                "198.19.0.2",
                "-p",
                "5201",
                "-t",
                "10",
                "-i",
                "1",
                "--connect-timeout",
                "5000",
                "--forceflush");
        assertEquals(text, client("iperf 3.16"), "3.16 has threads but no --json-stream");
        assertEquals(text, client("iperf 3.12 (cJSON 1.7.15)"));
        assertEquals(text, client(null), "a version preflight could not read");
        assertEquals(text, new Iperf3Driver().client(PLAN, 5201).argv(), "the text client as before");
    }

    @Test
    void serverStaysTextWhoseListeningLineSaysItIsReady() {
        ToolDriver json = new Iperf3Driver().forClientVersion("iperf 3.21");
        assertFalse(
                json.server(PLAN, 5201, java.time.Duration.ofSeconds(30)).argv().contains("--json-stream"));
        assertTrue(json.serverReady("Server listening on 5201 (test #1)"));
    }

    @Test
    void liveParserReadsJsonStreamAndText() throws Exception {
        CollectingSink json = new CollectingSink();
        StreamingParser p = new Iperf3Driver().liveParser(json);
        p.feed("");
        for (String line :
                Files.readAllLines(Fixtures.resource("recorded/iperf3_3.21_lab_client_P2_json_stream.jsonl"))) {
            p.feed(line);
        }
        p.finish();
        assertEquals(9, json.samples.size(), "two streams and their SUM in three intervals");
        assertNotNull(json.samples.get(0).rttMs());
        assertTrue(json.events.isEmpty(), json.events.toString());

        CollectingSink text = new CollectingSink();
        StreamingParser t = new Iperf3Driver().liveParser(text);
        for (String line : Files.readAllLines(Fixtures.resource("recorded/iperf3_3.12_server_bidir_P2.txt"))) {
            t.feed(line);
        }
        t.finish();
        assertFalse(text.samples.isEmpty(), "text output still reaches the text parser");
    }
}
