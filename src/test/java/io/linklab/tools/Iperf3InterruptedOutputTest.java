package io.linklab.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.Role;
import io.linklab.model.Sample;
import io.linklab.model.Summary;
import io.linklab.tools.iperf3.Iperf3TextParser;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The end of an interrupted iperf3 (SIGTERM, Ctrl-C, the other end gone), from outputs the lab recorded: only
 * totals a tool measured come out, and an interval it prints twice comes out once.
 */
class Iperf3InterruptedOutputTest {

    private static CollectingSink parse(String recorded) {
        CollectingSink sink = new CollectingSink();
        return CollectingSink.parse(new Iperf3TextParser(sink), sink, Fixtures.resource("recorded/" + recorded));
    }

    private static List<String> lines(String recorded) throws IOException {
        return Files.readAllLines(Fixtures.resource("recorded/" + recorded));
    }

    private static long count(CollectingSink sink, String kind) {
        return sink.events.stream().filter(e -> e.kind().equals(kind)).count();
    }

    @Test
    void theReceiversZeroOfAnInterruptedClientIsLeftOutAndSaidSo() {
        CollectingSink sink = parse("iperf3_3.12_lab_client_sigterm_totals_first.txt");
        assertEquals(1, sink.samples.size());
        assertEquals(
                List.of(Role.SENDER),
                sink.summaries.stream().map(Summary::role).toList(),
                "the receiver's 0.00 Bytes was never measured: " + sink.summaries);
        assertEquals(299892736L, sink.summaries.get(0).bytes(), "the sender's own total stays");
        assertEquals(1, count(sink, ToolMeta.INTERRUPTED));
        assertEquals(1, count(sink, ToolMeta.TOTALS_NOT_EXCHANGED));
    }

    @Test
    void aStoppedIntervalPrintedAfterTheTotalsIsAnIntervalNotASummary() {
        CollectingSink sink = parse("iperf3_3.12_lab_client_sigterm_interval_after_totals.txt");
        assertEquals(
                List.of("0.0-0.5", "0.5-0.83"),
                sink.samples.stream().map(x -> x.startS() + "-" + x.endS()).toList(),
                "every interval it printed, once, the one after the totals included");
        assertTrue(
                sink.summaries.stream().noneMatch(x -> x.startS() == 0.5),
                "the stopped interval is no summary: " + sink.summaries);
    }

    @Test
    void theInterruptionMessageMayComeFirstOrAfterTheEndOfTheStream() throws IOException {
        // stderr read before stdout (as the lab saw it): the message arrives before the totals it explains.
        List<String> text = new ArrayList<>(lines("iperf3_3.12_lab_client_sigterm_totals_first.txt"));
        String message = text.remove(text.size() - 1);
        assertTrue(message.startsWith("iperf3: interrupt"), message);
        int separator = text.indexOf("- - - - - - - - - - - - - - - - - - - - - - - - -");
        text.add(separator, message);
        CollectingSink sink = new CollectingSink();
        Iperf3TextParser parser = new Iperf3TextParser(sink);
        text.forEach(parser::feed);
        parser.finish();
        assertEquals(
                List.of(Role.SENDER), sink.summaries.stream().map(Summary::role).toList());

        // The totals without the message yet: the zero waits for the end of the stream, then goes if the message came.
        CollectingSink late = new CollectingSink();
        Iperf3TextParser p2 = new Iperf3TextParser(late);
        text.remove(separator);
        text.forEach(p2::feed);
        assertEquals(
                List.of(Role.SENDER), late.summaries.stream().map(Summary::role).toList());
        p2.feed(message);
        p2.finish();
        assertEquals(
                List.of(Role.SENDER), late.summaries.stream().map(Summary::role).toList());
    }

    @Test
    void aZeroTotalOfATestThatEndedNormallyIsKept() throws IOException {
        // The same output without the interruption: a receiver that got nothing reported 0, and that is a measurement.
        List<String> text = new ArrayList<>(lines("iperf3_3.12_lab_client_sigterm_totals_first.txt"));
        text.remove(text.size() - 1);
        text.add("");
        text.add("iperf Done.");
        CollectingSink sink = new CollectingSink();
        Iperf3TextParser parser = new Iperf3TextParser(sink);
        text.forEach(parser::feed);
        assertEquals(
                List.of(Role.SENDER, Role.RECEIVER),
                sink.summaries.stream().map(Summary::role).toList(),
                "'iperf Done.' ends the test: its totals are out before the end of the stream");
        assertEquals(0L, sink.summaries.get(1).bytes());
        parser.finish();
        assertEquals(2, sink.summaries.size());
        assertEquals(0, count(sink, ToolMeta.TOTALS_NOT_EXCHANGED));
    }

    @Test
    void anIntervalPrintedTwiceWhenTheServerEndedFirstCountsOnce() {
        CollectingSink sink = parse("iperf3_3.12_lab_client_P2_server_ended_first_reprint.txt");
        Set<String> seen = new HashSet<>();
        for (Sample s : sink.samples) {
            assertTrue(seen.add(s.stream() + " " + s.startS() + "-" + s.endS()), "printed twice, counted twice: " + s);
        }
        assertEquals(4, sink.samples.stream().filter(Sample::isSum).count());
        assertEquals(4.01, sink.samples.get(sink.samples.size() - 1).endS());
        assertEquals(
                Set.of(Role.SENDER),
                sink.summaries.stream().map(Summary::role).collect(Collectors.toSet()),
                "'the server has terminated' ends the test before the results were exchanged too");
        assertEquals(3, sink.summaries.size(), "streams 5, 7 and their SUM");
    }
}
