package io.linklab.model;

/** A cable between two nodes; an end names a node and, for hosts, the interface it plugs into. */
public record LinkSpec(String id, End a, End b, String nominalSpeed) {

    /** @param iface interface name on a host, port label on a switch, or null */
    public record End(String nodeId, String iface) {}
}
