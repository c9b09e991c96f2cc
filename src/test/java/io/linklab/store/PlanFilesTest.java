package io.linklab.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.Expectation;
import io.linklab.model.LinkSpec;
import io.linklab.model.TestPlan;
import io.linklab.model.Tool;
import io.linklab.model.Topology;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.ThrowingConsumer;
import org.junit.jupiter.api.io.TempDir;

class PlanFilesTest {

    @TempDir
    Path dir;

    static TestPlan sweepPlan() {
        return TestPlan.defaults(
                        new TestPlan.End("root@198.18.3.11", "data0"),
                        new TestPlan.End("root@198.18.3.12:2222", "data0"),
                        "198.19.3.2")
                .toBuilder()
                .tool(Tool.IPERF2)
                .durationS(15)
                .intervalS(0.5)
                .streams(4)
                .processes(2)
                .basePort(5300)
                .mode(TestPlan.Mode.BIDIR)
                .window("4M")
                .repetitions(3)
                .sweep(new TestPlan.Sweep(TestPlan.SweepKind.MTU, List.of("1500", "1750", "9000")))
                .build();
    }

    @Test
    void planRoundTripsThroughAReadableFile() throws Exception {
        Path f = dir.resolve("mtu-sweep.json");
        PlanFiles.write(f, sweepPlan());
        assertEquals(sweepPlan(), PlanFiles.read(f));
        String text = Files.readString(f);
        assertTrue(text.contains("\"format\" : \"linklab-plan\""), text);
        assertTrue(text.contains("\"mode\" : \"bidir\""), text);
        assertTrue(text.contains("\"kind\" : \"mtu\""), text);
    }

    @Test
    void handWrittenPlanGetsDefaults() throws Exception {
        Path f = dir.resolve("p.json");
        Files.writeString(
                f,
                "{\"format\":\"linklab-plan\",\"version\":1,\"tool\":\"iperf3\","
                        + "\"client\":{\"login\":\"local\"},\"server\":{\"login\":\"local\"},\"target\":\"127.0.0.1\","
                        + "\"sweep\":{\"kind\":\"streams\",\"values\":[1,2,4]}}");
        TestPlan p = PlanFiles.read(f);
        assertEquals(10, p.durationS());
        assertEquals(5201, p.basePort());
        assertEquals(List.of("1", "2", "4"), p.sweep().values());
    }

    @Test
    void mistakesNameTheFileAndField() throws Exception {
        Path f = dir.resolve("bad.json");
        String m = refusal(
                f,
                "{\"format\":\"linklab-plan\",\"version\":1,\"stream\":4,"
                        + "\"client\":{\"login\":\"local\"},\"server\":{\"login\":\"local\"},\"target\":\"127.0.0.1\"}",
                PlanFiles::read);
        assertTrue(m.contains("bad.json") && m.contains("\"stream\""), m);

        m = refusal(
                f,
                "{\"format\":\"linklab-plan\",\"version\":1,\"streams\":999,"
                        + "\"client\":{\"login\":\"local\"},\"server\":{\"login\":\"local\"},\"target\":\"127.0.0.1\"}",
                PlanFiles::read);
        assertTrue(m.contains("streams") && m.contains("1 to 128"), m);

        m = refusal(f, "{\"format\":\"linklab-plan\",\n\"version\":1,\n\"streams\": four}", PlanFiles::read);
        assertTrue(m.contains("line 3"), m);

        m = refusal(f, "{\"format\":\"linklab-plan\",\"version\":7}", PlanFiles::read);
        assertTrue(m.contains("newer LinkLab"), m);
    }

    @Test
    void topologyRoundTrips() throws Exception {
        Path f = dir.resolve("lab.topology.json");
        Topology t = Topology.loopback();
        TopologyFiles.write(f, t);
        assertEquals(t, TopologyFiles.read(f));
    }

    @Test
    void aLinksExpectedRateRoundTripsAndOlderLabFilesReadWithoutOne() throws Exception {
        Topology lab = Topology.loopback();
        LinkSpec l = lab.links().get(0);
        Topology withExpect = new Topology(
                lab.name(), lab.hosts(), lab.switches(), List.of(new LinkSpec(l.id(), l.a(), l.b(), "100G", "80%")));
        Path f = dir.resolve("expect.json");
        TopologyFiles.write(f, withExpect);
        assertTrue(Files.readString(f).contains("\"expect\" : \"80%\""), Files.readString(f));
        Topology read = TopologyFiles.read(f);
        assertEquals(withExpect, read);
        assertEquals(0.8, read.links().get(0).expectation(Expectation.DEFAULT).fraction());

        String older = "{\"format\":\"linklab-topology\",\"version\":1,\"hosts\":[{\"id\":\"a\","
                + "\"management\":\"10.0.0.1\"},{\"id\":\"b\",\"management\":\"10.0.0.2\"}],"
                + "\"links\":[{\"a\":{\"node\":\"a\"},\"b\":{\"node\":\"b\"},\"speed\":\"10G\"}]}";
        Files.writeString(f, older);
        LinkSpec plain = TopologyFiles.read(f).links().get(0);
        assertNull(plain.expect());
        assertEquals(Expectation.DEFAULT, plain.expectation(Expectation.DEFAULT));
    }

    @Test
    void aLinksExpectedRateThatIsNoRateIsRefusedNamingTheLink() throws Exception {
        String m = refusal(
                dir.resolve("t.json"),
                "{\"format\":\"linklab-topology\",\"version\":1,\"hosts\":[{\"id\":\"a\","
                        + "\"management\":\"10.0.0.1\"}],\"links\":[{\"a\":{\"node\":\"a\"},"
                        + "\"b\":{\"node\":\"a\"},\"expect\":\"fast\"}]}",
                TopologyFiles::read);
        assertTrue(m.contains("links[0].expect"), m);
        assertTrue(m.contains("such as 90%"), m);
    }

    @Test
    void topologyLinkToUnknownNodeIsRefused() throws Exception {
        String m = refusal(
                dir.resolve("t.json"),
                "{\"format\":\"linklab-topology\",\"version\":1,\"hosts\":[{\"id\":\"a\","
                        + "\"management\":\"10.0.0.1\"}],\"links\":[{\"a\":{\"node\":\"a\"},\"b\":{\"node\":\"zz\"}}]}",
                TopologyFiles::read);
        assertTrue(m.contains("links[0].b.node"), m);
    }

    /** Writes {@code json} to {@code f} and returns the message with which {@code reader} refuses it. */
    private static String refusal(Path f, String json, ThrowingConsumer<Path> reader) throws IOException {
        Files.writeString(f, json);
        return assertThrows(FileFormatException.class, () -> reader.accept(f)).getMessage();
    }

    @Test
    void labAndPlanFilesOverFourMebibytesAreRefusedByNameAndSizeBeforeBeingRead() throws Exception {
        Path plan = dir.resolve("capture.pcap");
        Path lab = dir.resolve("huge.topology.json");
        for (Path f : List.of(plan, lab)) {
            try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
                raf.setLength(5L << 20);
            }
        }
        FileFormatException e = assertThrows(FileFormatException.class, () -> PlanFiles.read(plan));
        assertTrue(e.getMessage().startsWith(plan + ": 5.0 MiB is too big"), e.getMessage());
        assertTrue(e.getMessage().contains("at most 4.0 MiB"), e.getMessage());
        e = assertThrows(FileFormatException.class, () -> TopologyFiles.read(lab));
        assertTrue(e.getMessage().startsWith(lab + ": 5.0 MiB is too big"), e.getMessage());

        // A file that says it is empty but never ends is stopped at the limit too.
        Path endless = Path.of("/dev/zero");
        if (Files.isReadable(endless)) {
            e = assertThrows(FileFormatException.class, () -> PlanFiles.read(endless));
            assertTrue(e.getMessage().startsWith("/dev/zero: more than 4.0 MiB is too big"), e.getMessage());
        }
    }

    @Test
    void aPlanJustUnderTheLimitIsStillRead() throws Exception {
        Path f = dir.resolve("padded.json");
        PlanFiles.write(f, sweepPlan());
        String text = Files.readString(f);
        Files.writeString(f, text + " ".repeat(JsonDocs.MAX_BYTES - text.length()));
        assertEquals(JsonDocs.MAX_BYTES, Files.size(f));
        assertEquals(sweepPlan(), PlanFiles.read(f));
    }
}
