package io.linklab.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.Expectation;
import io.linklab.model.HostSpec;
import io.linklab.model.InterfaceSpec;
import io.linklab.model.InvalidValueException;
import io.linklab.model.LinkSpec;
import io.linklab.model.SwitchSpec;
import io.linklab.model.Topology;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MatrixPairsTest {

    /** h1 and h2 on leaf1, h3 on leaf2, leaves joined by an uplink; h4 cabled straight to h1; h5 alone. */
    private static final Topology LAB = new Topology(
            "rack",
            List.of(
                    host("h1", "10.0.0.1", "10.1.0.1"),
                    host("h2", "10.0.0.2", null),
                    host("h3", "10.0.0.3", null),
                    host("h4", null, "10.1.0.4"),
                    host("h5", "10.0.0.5", null)),
            List.of(new SwitchSpec("leaf1", "leaf1", "", 9216, 0, 0), new SwitchSpec("leaf2", "leaf2", "", 9216, 0, 0)),
            List.of(
                    link("l1", "h1", "eth0", "leaf1", "100G"),
                    link("l2", "h2", "eth0", "leaf1", "100G"),
                    link("l3", "h3", "eth0", "leaf2", "25G"),
                    link("up", "leaf1", null, "leaf2", "400G"),
                    link("d1", "h1", "eth1", "h4", "10G")));

    @Test
    void linksArePairsOfHostsJoinedThroughSwitchesOnly() {
        List<MatrixPair> pairs = new MatrixPairs(LAB).links();
        assertEquals(
                List.of("h1→h2", "h1→h3", "h1→h4", "h2→h3"),
                pairs.stream().map(MatrixPair::label).toList(),
                "h4 reaches h2 only through h1, and a host is no router; h5 is cabled to nothing");
        MatrixPair h1h3 = pairs.get(1);
        assertEquals("10.0.0.3", h1h3.target());
        assertEquals(List.of("up"), h1h3.uplinks());
        assertEquals("25G", h1h3.linkSpeed(), "the slowest cable on the way");
        MatrixPair h1h4 = pairs.get(2);
        assertEquals("10.1.0.4", h1h4.target(), "the address on the interface the cable ends in");
        assertEquals(List.of(), h1h4.uplinks());
        assertEquals("10G", h1h4.linkSpeed());
        assertEquals("eth1", h1h4.clientIface());
        assertEquals("eth1", h1h4.serverIface());
        assertEquals("eth0", h1h3.clientIface());
    }

    @Test
    void aPairIsJudgedByTheLeastDemandingRateDrawnOnItsPath() {
        List<LinkSpec> links = new ArrayList<>();
        for (LinkSpec l : LAB.links()) {
            String expect = l.id().equals("l1") ? "20G" : l.id().equals("l3") ? "60%" : null;
            links.add(new LinkSpec(l.id(), l.a(), l.b(), l.nominalSpeed(), expect));
        }
        List<MatrixPair> pairs = new MatrixPairs(new Topology("rack", LAB.hosts(), LAB.switches(), links)).links();
        Map<String, MatrixPair> byLabel = new HashMap<>();
        pairs.forEach(p -> byLabel.put(p.label(), p));
        // h1→h3 runs over l1 (20G) and l3 (60 % of the path's 25G, 15G): the lower one
        assertEquals("60%", byLabel.get("h1→h3").expectation().text());
        assertEquals("20G", byLabel.get("h1→h2").expectation().text(), "l2 draws none, l1 does");
        assertEquals(Expectation.DEFAULT, byLabel.get("h1→h4").expectation(), "d1 draws none");
    }

    @Test
    void allIsEveryOrderedPairAndAPairWithoutACableUsesTheServersFirstAddress() {
        List<MatrixPair> pairs = new MatrixPairs(LAB).all();
        assertEquals(20, pairs.size());
        MatrixPair toH5 = pairs.stream()
                .filter(p -> p.label().equals("h2→h5"))
                .findFirst()
                .orElseThrow();
        assertEquals("10.0.0.5", toH5.target());
        assertNull(toH5.linkSpeed());
        MatrixPair back = pairs.stream()
                .filter(p -> p.label().equals("h3→h1"))
                .findFirst()
                .orElseThrow();
        assertEquals("10.0.0.1", back.target(), "h1's address on the interface towards leaf1, not towards h4");
    }

    @Test
    void aListNamesHostsByIdOrNameAndSaysWhichLineIsWrong() {
        MatrixPairs pairs = new MatrixPairs(LAB);
        List<MatrixPair> listed =
                pairs.listed("pairs.txt", List.of("# leaf1 to leaf2", "", "h1 name-h3", "h3 h1  # back"));
        assertEquals(
                List.of("h1→h3", "h3→h1"),
                listed.stream().map(MatrixPair::label).toList());
        InvalidValueException e =
                assertThrows(InvalidValueException.class, () -> pairs.listed("pairs.txt", List.of("h1 h2", "h1 h9")));
        assertTrue(
                e.getMessage().contains("pairs.txt line 2")
                        && e.getMessage().contains("h9")
                        && e.getMessage().contains("h1, h2, h3, h4, h5"),
                e.getMessage());
        assertThrows(InvalidValueException.class, () -> pairs.listed("pairs.txt", List.of("h1 h1")));
        assertThrows(InvalidValueException.class, () -> pairs.listed("pairs.txt", List.of("h1 h2 h3")));
    }

    private static HostSpec host(String id, String eth0, String eth1) {
        return new HostSpec(
                id,
                "name-" + id,
                "mgmt-" + id,
                "root",
                22,
                null,
                null,
                List.of(new InterfaceSpec("eth0", eth0, 9000, null), new InterfaceSpec("eth1", eth1, 9000, null)),
                0,
                0);
    }

    private static LinkSpec link(String id, String a, String aIf, String b, String speed) {
        return new LinkSpec(
                id, new LinkSpec.End(a, aIf), new LinkSpec.End(b, b.startsWith("h") ? "eth1" : null), speed);
    }
}
