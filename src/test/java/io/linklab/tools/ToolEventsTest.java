package io.linklab.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.linklab.model.Tool;
import io.linklab.model.ToolEvent;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** What the tools print when they fail becomes events with a stable kind (messages as 3.12 / 2.1.8 / 2.7.0 print them). */
class ToolEventsTest {

    private static List<String> kinds(Tool tool, String... lines) {
        CollectingSink sink = new CollectingSink();
        StreamingParser p = Parsers.forLive(tool, false, sink);
        for (String l : lines) {
            p.feed(l);
        }
        p.finish();
        return sink.events.stream().map(e -> e.severity() + " " + e.kind()).collect(Collectors.toList());
    }

    @Test
    void iperf3() {
        assertEquals(
                List.of("ERROR server-busy"),
                kinds(Tool.IPERF3, "iperf3: error - the server is busy running a test. try again later"));
        assertEquals(
                List.of("ERROR connect-failed"),
                kinds(Tool.IPERF3, "iperf3: error - unable to connect to server: Connection refused"));
        assertEquals(
                List.of("ERROR parameter"),
                kinds(Tool.IPERF3, "iperf3: parameter error - cannot be both server and client"));
        assertEquals(List.of("ERROR parameter"), kinds(Tool.IPERF3, "iperf3: invalid option -- 'x'"));
        assertEquals(List.of("ERROR interrupted"), kinds(Tool.IPERF3, "iperf3: interrupt - the client has terminated"));
        assertEquals(
                List.of("ERROR connection-lost"),
                kinds(Tool.IPERF3, "S2:  iperf3: error - control socket has closed unexpectedly"));
        assertEquals(List.of("WARNING tool-warning"), kinds(Tool.IPERF3, "warning: Ignoring nonsense TCP MSS 0"));
    }

    @Test
    void iperf2() {
        assertEquals(List.of("ERROR connect-failed"), kinds(Tool.IPERF2, "tcp connect failed: Connection refused"));
        assertEquals(List.of("ERROR connect-failed"), kinds(Tool.IPERF2, "read failed: Connection refused"));
        assertEquals(List.of("ERROR listen-failed"), kinds(Tool.IPERF2, "bind failed: Address already in use"));
        assertEquals(
                List.of("WARNING tool-warning"),
                kinds(Tool.IPERF2, "[  3] WARNING: did not receive ack of last datagram after 10 tries."));
        assertEquals(List.of(), kinds(Tool.IPERF2, "RX packets:131037059 errors:0 dropped:0 overruns:0 frame:0"));
    }

    @Test
    void netperf() {
        List<String> k = kinds(
                Tool.NETPERF,
                "establish control: are you sure there is a netserver listening on 198.19.1.2 at port 5398?",
                "establish_control could not establish the control connection from 0.0.0.0 port 0 address family "
                        + "AF_UNSPEC to 198.19.1.2 port 5398 address family AF_INET");
        assertEquals("ERROR connect-failed", k.get(0));
        assertEquals(ToolEvent.Severity.ERROR.name(), k.get(1).split(" ")[0]);
    }
}
