package io.linklab.model;

/**
 * A cable between two nodes; an end names a node and, for hosts, the interface it plugs into.
 *
 * @param expect the rate a test over this link is expected to reach, as {@code --expect} takes it ("90G" or
 *               "90%" of the slower end's speed), or null for the default (90 %)
 */
public record LinkSpec(String id, End a, End b, String nominalSpeed, String expect) {

    /** A link with the default expectation. */
    public LinkSpec(String id, End a, End b, String nominalSpeed) {
        this(id, a, b, nominalSpeed, null);
    }

    /** The expectation drawn on this link, or {@code fallback} when none is. */
    public Expectation expectation(Expectation fallback) {
        return expect == null || expect.isBlank() ? fallback : Expectation.parse("expected rate", expect);
    }

    /** @param iface interface name on a host, port label on a switch, or null */
    public record End(String nodeId, String iface) {}
}
