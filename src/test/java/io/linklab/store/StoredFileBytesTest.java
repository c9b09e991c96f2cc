package io.linklab.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.Direction;
import io.linklab.model.Expectation;
import io.linklab.model.HostSpec;
import io.linklab.model.InterfaceSpec;
import io.linklab.model.LinkSpec;
import io.linklab.model.SwitchSpec;
import io.linklab.model.TestPlan;
import io.linklab.model.Tool;
import io.linklab.model.Topology;
import io.linklab.model.Verdict;
import io.linklab.testing.GoldenFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Lab, plan and run files are kept in version control and read by scripts: the bytes written for a given value —
 * field order, nulls, number spelling, indentation, the last newline — are pinned here.
 */
class StoredFileBytesTest {

    @TempDir
    Path dir;

    static Topology everyKindOfField() {
        HostSpec full = new HostSpec(
                "h1",
                "Läbor ☃ \"quoted\" \\ back\ttab\u0007bell",
                "198.18.0.1",
                "root",
                2222,
                "/root/.ssh/id_ed25519",
                "bastion.example:2200",
                List.of(
                        new InterfaceSpec("eth0", "10.0.0.1", 9000, "100G"),
                        new InterfaceSpec("eth1", null, 0, null),
                        new InterfaceSpec("lo", "::1", 65536, "loopback")),
                0.1,
                1e9);
        HostSpec bare = new HostSpec("h-2", "名前", "fd00::2", null, 22, null, null, List.of(), 1.5e-7, 123456789.125);
        HostSpec local = new HostSpec("local", "local", HostSpec.LOCAL, null, 22, null, null, List.of(), -3, 0);
        SwitchSpec plain = new SwitchSpec("sw1", "sw1", null, 0, 0.1, 2);
        SwitchSpec named = new SwitchSpec("sw.2", "Arista 7050 — ünï", "7050SX", 9216, 1e21, -0.5);
        LinkSpec expected =
                new LinkSpec("l1", new LinkSpec.End("h1", "eth0"), new LinkSpec.End("sw1", null), "100G", "90%");
        LinkSpec bareLink = new LinkSpec("l2", new LinkSpec.End("h-2", null), new LinkSpec.End("sw.2", "Et1"), null);
        return new Topology(
                "Rack ✓ \"A\"", List.of(full, bare, local), List.of(plain, named), List.of(expected, bareLink));
    }

    static TestPlan pinnedUdpPlan() {
        return TestPlan.defaults(
                        new TestPlan.End("root@198.18.3.11", "data0", List.of(2, 4, 6, 7, 8, 9)),
                        new TestPlan.End("local", null),
                        "198.19.3.2")
                .toBuilder()
                .protocol(TestPlan.Protocol.UDP)
                .udpBitrate("1G")
                .intervalS(0.1)
                .omitS(2)
                .messageSize("1400")
                .mode(TestPlan.Mode.REVERSE)
                .build();
    }

    static TestPlan sweepOfSizes() {
        return TestPlan.defaults(new TestPlan.End("local", null), new TestPlan.End("local", null), "127.0.0.1")
                .toBuilder()
                .tool(Tool.NETPERF)
                .sweep(new TestPlan.Sweep(TestPlan.SweepKind.MESSAGE_SIZE, List.of("64", "1K", "64K")))
                .build();
    }

    private void assertTopology(String golden, Topology t) throws Exception {
        Path f = dir.resolve(golden);
        TopologyFiles.write(f, t);
        GoldenFiles.assertSameBytes(golden, f);
        assertEquals(t, TopologyFiles.read(f));
    }

    private void assertPlan(String golden, TestPlan p) throws Exception {
        Path f = dir.resolve(golden);
        PlanFiles.write(f, p);
        GoldenFiles.assertSameBytes(golden, f);
        assertEquals(p, PlanFiles.read(f));
    }

    @Test
    void labFilesKeepTheirBytes() throws Exception {
        assertTopology("lab-loopback.json", Topology.loopback());
        assertTopology("lab-every-field.json", everyKindOfField());
        assertTopology("lab-empty.json", new Topology("Untitled", List.of(), List.of(), List.of()));
    }

    @Test
    void aPositionThatIsNoNumberIsWrittenAsTodayAndRefusedWhenRead() throws Exception {
        Topology t = Topology.loopback();
        HostSpec h = t.hosts().get(0).at(Double.NaN, Double.POSITIVE_INFINITY);
        Path f = dir.resolve("lab-nan.json");
        TopologyFiles.write(f, new Topology(t.name(), List.of(h), List.of(), List.of()));
        GoldenFiles.assertSameBytes("lab-nan.json", f);
        String m = assertThrows(FileFormatException.class, () -> TopologyFiles.read(f))
                .getMessage();
        assertTrue(m.contains("lab-nan.json") && m.contains("x\""), m);
    }

    @Test
    void planFilesKeepTheirBytes() throws Exception {
        assertPlan("plan-mtu-sweep.json", PlanFilesTest.sweepPlan());
        assertPlan("plan-udp-pinned.json", pinnedUdpPlan());
        assertPlan("plan-size-sweep.json", sweepOfSizes());
    }

    @Test
    void aPlanKeptInTheSettingsKeepsItsCompactSpelling() {
        assertEquals(
                "{\"format\":\"linklab-plan\",\"version\":1,\"tool\":\"iperf3\",\"client\":{\"login\":\"root@198.18.3.11\","
                        + "\"interface\":\"data0\",\"cpus\":\"2,4,6-9\"},\"server\":{\"login\":\"local\",\"interface\":null},"
                        + "\"target\":\"198.19.3.2\",\"protocol\":\"udp\",\"bitrate\":\"1G\",\"duration\":10,\"interval\":0.1,"
                        + "\"omit\":2,\"streams\":1,\"processes\":1,\"port\":5201,\"mode\":\"reverse\",\"window\":null,"
                        + "\"messageSize\":\"1400\",\"repetitions\":1,\"sweep\":null}",
                PlanFiles.toJson(pinnedUdpPlan()).toString());
    }

    @Test
    void aRunJustBegunKeepsItsBytes() throws Exception {
        RunRecord r = new RunRecord("20260102-100000-iperf3-0001");
        r.begin(PlanFilesTest.sweepPlan(), Instant.parse("2026-01-02T10:00:00Z"), List.of(), Map.of());
        r.write(dir);
        GoldenFiles.assertSameBytes("run-begun.json", dir.resolve(RunRecord.FILE));
    }

    @Test
    void aFinishedRunWithEverythingKeepsItsBytesAndReadsBack() throws Exception {
        RunRecord r = new RunRecord("20260102-100000-iperf3-0002");
        Map<String, List<String>> cmds = new LinkedHashMap<>();
        cmds.put("server root@198.18.3.12:2222", List.of("iperf -s -p 5300", "iperf -s -p 5301"));
        cmds.put("client root@198.18.3.11", List.of());
        r.begin(
                pinnedUdpPlan(),
                Instant.parse("2026-01-02T10:00:00.123456789Z"),
                List.of("mtu 1500", "mtu 9000 ✓"),
                cmds);
        r.commandsAdded(Map.of("client root@198.18.3.11", List.of("iperf -c \"x\" \\ -t 1")));
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("login", "root@198.18.3.11");
        facts.put("kernel", "Linux 6.1 \u001b[31mred");
        r.hostFacts("client", facts);
        r.hostFacts("server", Map.of());
        r.warning("the clock of ünï differs by 2 s");
        r.warning("");
        r.originalMtu("root@198.18.3.11 data0", 1500);
        r.originalMtu("local lo", 65536);
        r.mtuRestore("restored");
        r.pointTime("mtu 1500", Instant.parse("2026-01-02T10:00:01Z"), Instant.parse("2026-01-02T10:00:11.5Z"));
        Map<Direction, Double> rates = new LinkedHashMap<>();
        rates.put(Direction.S2C, 0.1);
        rates.put(Direction.C2S, 9.41e9);
        r.headline(rates);
        r.expected("90%", new Expectation.Expected(9e9, null), Verdict.Outcome.PASS);
        r.stopped(Instant.parse("2026-01-02T10:00:20Z"), "SIGINT (Ctrl-C)");
        r.finish(RunRecord.State.CANCELLED, "stopped — by SIGINT", Instant.parse("2026-01-02T10:00:21Z"));
        r.write(dir);
        GoldenFiles.assertSameBytes("run-everything.json", dir.resolve(RunRecord.FILE));

        RunRecord back = RunRecord.read(dir);
        back.write(dir);
        GoldenFiles.assertSameBytes("run-everything.json", dir.resolve(RunRecord.FILE));
        assertEquals(pinnedUdpPlan(), back.plan());
    }

    @Test
    void aRunWithoutAnExpectedRateKeepsItsBytes() throws Exception {
        RunRecord r = new RunRecord("r3");
        r.begin(sweepOfSizes(), Instant.parse("2026-01-02T10:00:00Z"), List.of(""), Map.of());
        r.expected(null, new Expectation.Expected(null, "no link speed is drawn"), Verdict.Outcome.NONE);
        r.finish(RunRecord.State.FAILED, null, Instant.parse("2026-01-02T10:00:01Z"));
        r.write(dir);
        GoldenFiles.assertSameBytes("run-failed-no-rate.json", dir.resolve(RunRecord.FILE));
    }

    @Test
    void runsWrittenByEarlierReleasesReadAndAreWrittenAgainAsToday() throws Exception {
        for (String kind : List.of("single", "sweep")) {
            Path run = Files.createDirectories(dir.resolve(kind));
            Files.copy(Path.of("src/test/resources/report", kind, RunRecord.FILE), run.resolve(RunRecord.FILE));
            RunRecord r = RunRecord.read(run);
            assertTrue(r.plan() != null, kind);
            r.write(run);
            GoldenFiles.assertSameBytes("run-report-" + kind + ".json", run.resolve(RunRecord.FILE));
        }
    }
}
