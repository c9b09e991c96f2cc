package io.linklab.tools.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.InvalidValueException;
import io.linklab.model.TestPlan;
import io.linklab.model.Tool;
import io.linklab.tools.CollectingSink;
import io.linklab.tools.Parsers;
import io.linklab.tools.iperf3.Iperf3LiveParser;
import io.linklab.tools.plan.PlanCheck;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ToolDriverTest {

    private static TestPlan plan(Tool tool) {
        return TestPlan.defaults(
                        new TestPlan.End("root@198.18.3.11", "data0"),
                        new TestPlan.End("root@198.18.3.12", "data0"),
                        "198.19.3.2")
                .toBuilder()
                .tool(tool)
                .durationS(5)
                .build();
    }

    private static TestPlan with(TestPlan p, int streams, TestPlan.Mode mode, String window, String msg) {
        return p.toBuilder()
                .streams(streams)
                .mode(mode)
                .window(window)
                .messageSize(msg)
                .build();
    }

    @Test
    void iperf3ClientCarriesEveryOption() {
        TestPlan p = with(plan(Tool.IPERF3), 4, TestPlan.Mode.BIDIR, "4M", "128K");
        List<String> argv = new Iperf3Driver().client(p, 5203).argv();
        assertEquals(
                "iperf3 -c 198.19.3.2 -p 5203 -t 5 -i 1 -P 4 --bidir -w 4M -l 128K --connect-timeout 5000 "
                        + "--forceflush",
                String.join(" ", argv));
    }

    @Test
    void iperf3ServerIsOneOffAndBounded() {
        List<String> argv = new Iperf3Driver()
                .server(plan(Tool.IPERF3), 5201, Duration.ofSeconds(35))
                .argv();
        assertEquals(
                "timeout --foreground -k 2 35 iperf3 -s -1 -p 5201 -i 1 --idle-timeout 20 --forceflush",
                String.join(" ", argv));
    }

    @Test
    void iperf3UdpWithBitrate() {
        TestPlan d = plan(Tool.IPERF3);
        TestPlan p = d.toBuilder()
                .protocol(TestPlan.Protocol.UDP)
                .udpBitrate("500M")
                .durationS(3)
                .intervalS(0.5)
                .omitS(1)
                .mode(TestPlan.Mode.REVERSE)
                .build();
        assertEquals(
                "iperf3 -c 198.19.3.2 -p 5201 -t 3 -i 0.5 -O 1 -R -u -b 500M --connect-timeout 5000 --forceflush",
                String.join(" ", new Iperf3Driver().client(p, 5201).argv()));
    }

    private static TestPlan tcpPaced(Tool tool, String bitrate) {
        return plan(tool).toBuilder().udpBitrate(bitrate).streams(2).build();
    }

    @Test
    void aBitrateWithTcpPacesIperf3AndIperf2() {
        // -b without -u: iperf3 and iperf 2 pace TCP to it (before, it was dropped without a word)
        assertEquals(
                "iperf3 -c 198.19.3.2 -p 5201 -t 5 -i 1 -P 2 -b 2G --connect-timeout 5000 --forceflush",
                String.join(
                        " ",
                        new Iperf3Driver()
                                .client(tcpPaced(Tool.IPERF3, "2G"), 5201)
                                .argv()));
        assertEquals(
                "iperf -c 198.19.3.2 -p 5201 -t 5 -i 1 -e -P 2 -b 2G",
                String.join(
                        " ",
                        new Iperf2Driver()
                                .client(tcpPaced(Tool.IPERF2, "2G"), 5201)
                                .argv()));
        assertEquals(List.of(), PlanCheck.problems(tcpPaced(Tool.IPERF2, "2G")));
        // the servers need no rate: only the sender paces
        assertTrue(!new Iperf3Driver()
                .server(tcpPaced(Tool.IPERF3, "2G"), 5201, Duration.ofSeconds(30))
                .argv()
                .contains("-b"));
    }

    @Test
    void netperfCannotPaceAndSaysSo() {
        TestPlan p = with(tcpPaced(Tool.NETPERF, "2G"), 1, TestPlan.Mode.NORMAL, null, null);
        List<PlanCheck.Problem> problems = PlanCheck.problems(p);
        assertEquals(1, problems.size(), problems.toString());
        assertEquals("bitrate", problems.get(0).field());
        assertTrue(
                problems.get(0).message().startsWith("netperf has no pacing"),
                problems.get(0).message());
        InvalidValueException e = assertThrows(InvalidValueException.class, () -> new NetperfDriver().client(p, 5201));
        assertEquals("bitrate", e.field());
    }

    @Test
    void iperf2UsesFullDuplexForBidirAndEnhancedReports() {
        TestPlan p = with(plan(Tool.IPERF2), 4, TestPlan.Mode.BIDIR, null, null);
        assertEquals(
                "iperf -c 198.19.3.2 -p 5201 -t 5 -i 1 -e -P 4 --full-duplex",
                String.join(" ", new Iperf2Driver().client(p, 5201).argv()));
        assertEquals(
                "timeout --foreground -k 2 40 iperf -s -p 5201 -i 1 -e",
                String.join(
                        " ",
                        new Iperf2Driver()
                                .server(p, 5201, Duration.ofSeconds(40))
                                .argv()));
    }

    @Test
    void netperfReverseIsMaertsWithCpuAndTestOptions() {
        TestPlan p = with(plan(Tool.NETPERF), 1, TestPlan.Mode.REVERSE, "1M", "64K");
        assertEquals(
                "netperf -H 198.19.3.2 -p 5201 -l 5 -D 1 -t TCP_MAERTS -c -C -- -m 64K -s 1M -S 1M",
                String.join(" ", new NetperfDriver().client(p, 5201).argv()));
        assertEquals(
                "timeout --foreground -k 2 35 netserver -D -f -p 5201",
                String.join(
                        " ",
                        new NetperfDriver()
                                .server(p, 5201, Duration.ofSeconds(35))
                                .argv()));
    }

    @Test
    void hostileValuesNeverReachACommandLine() {
        TestPlan d = plan(Tool.IPERF3);
        TestPlan bad = d.toBuilder().target("198.19.3.2; rm -rf /").build();
        InvalidValueException e = assertThrows(InvalidValueException.class, () -> new Iperf3Driver().client(bad, 5201));
        assertEquals("target", e.field());
        TestPlan badWindow = with(d, 1, TestPlan.Mode.NORMAL, "4M -J", null);
        assertThrows(InvalidValueException.class, () -> new Iperf3Driver().client(badWindow, 5201));
    }

    @Test
    void netperfLimitsAreExplained() {
        TestPlan p = with(plan(Tool.NETPERF), 4, TestPlan.Mode.BIDIR, null, null);
        List<PlanCheck.Problem> problems = PlanCheck.problems(p);
        assertTrue(
                problems.stream()
                        .anyMatch(x -> x.field().equals("mode") && x.message().contains("bidirectional")),
                problems.toString());
        assertTrue(problems.stream().anyMatch(x -> x.field().equals("streams")), problems.toString());
    }

    @Test
    void mtuSweepNeedsBothInterfaces() {
        TestPlan d = plan(Tool.IPERF3);
        TestPlan p = d.toBuilder()
                .client(new TestPlan.End("local", null))
                .sweep(new TestPlan.Sweep(TestPlan.SweepKind.MTU, List.of("1500", "9000", "99999")))
                .build();
        List<PlanCheck.Problem> problems = PlanCheck.problems(p);
        assertTrue(problems.stream().anyMatch(x -> x.field().equals("client.interface")), problems.toString());
        assertTrue(problems.stream().anyMatch(x -> x.field().equals("sweep.values[2]")), problems.toString());
    }

    @Test
    void planLoginsAreCheckedByTheOneLoginParser() {
        TestPlan p = plan(Tool.IPERF3);
        assertTrue(PlanCheck.problems(p).isEmpty(), PlanCheck.problems(p).toString());
        TestPlan local = p.toBuilder()
                .client(new TestPlan.End("local", "lo"))
                .server(new TestPlan.End("root@[fd00::2]:2222", "data0"))
                .build();
        assertTrue(
                PlanCheck.problems(local).isEmpty(), PlanCheck.problems(local).toString());
        TestPlan hostile = p.toBuilder()
                .client(new TestPlan.End("root@-oProxyCommand=x", "data0"))
                .server(new TestPlan.End("root@host:99999", "data0"))
                .build();
        List<PlanCheck.Problem> problems = PlanCheck.problems(hostile);
        assertEquals(
                List.of("client.login", "server.login"),
                problems.stream().map(PlanCheck.Problem::field).toList(),
                problems.toString());
        assertEquals("expected a port from 1 to 65535", problems.get(1).message());
    }

    @Test
    void eachDriverNamesItsParserAndHowToInstallIt() {
        for (Tool t : Tool.values()) {
            ToolDriver driver = ToolDriver.forTool(t);
            assertEquals(t, driver.tool());
            assertEquals(t, driver.liveFormat().tool());
            // iperf3's client prints text or, from 3.17, --json-stream: its live parser reads either
            assertEquals(
                    t == Tool.IPERF3
                            ? Iperf3LiveParser.class
                            : Parsers.forLive(t, false, new CollectingSink()).getClass(),
                    driver.liveParser(new CollectingSink()).getClass());
        }
        assertEquals(
                "apt-get install iperf or dnf install iperf",
                ToolDriver.forTool(Tool.IPERF2).installHint());
        assertEquals(
                "sudo apt-get install -y iperf3",
                ToolDriver.forTool(Tool.IPERF3).installHint("ubuntu", "debian", false));
    }
}
