package io.linklab.model;

import java.util.List;
import java.util.Optional;

/** A lab as the engineer drew it: hosts, switches and the links between them. Saved as JSON. */
public record Topology(String name, List<HostSpec> hosts, List<SwitchSpec> switches, List<LinkSpec> links) {

    public Topology {
        hosts = List.copyOf(hosts);
        switches = List.copyOf(switches);
        links = List.copyOf(links);
    }

    public Optional<HostSpec> host(String id) {
        return hosts.stream().filter(h -> h.id().equals(id)).findFirst();
    }

    /**
     * The lab every new user starts with: two ends on this machine reached without SSH, so the
     * first test needs nothing but iperf3 installed.
     */
    public static Topology loopback() {
        InterfaceSpec lo = new InterfaceSpec("lo", "127.0.0.1", 65536, null);
        HostSpec client = new HostSpec(
                "local-client", "This machine (client)", HostSpec.LOCAL, null, 22, null, null, List.of(lo), 120, 160);
        HostSpec server = new HostSpec(
                "local-server", "This machine (server)", HostSpec.LOCAL, null, 22, null, null, List.of(lo), 520, 160);
        LinkSpec link = new LinkSpec(
                "loopback", new LinkSpec.End("local-client", "lo"), new LinkSpec.End("local-server", "lo"), "loopback");
        return new Topology("Loopback", List.of(client, server), List.of(), List.of(link));
    }
}
