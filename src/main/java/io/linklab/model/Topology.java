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
     * The drawn link a test between these ends runs over: a link whose ends are the hosts that log in as the plan's
     * ends do, plugged in by the plan's data interfaces where the plan names them (either way round); empty when
     * none or more than one such link is drawn.
     */
    public Optional<LinkSpec> linkOf(TestPlan.End client, TestPlan.End server) {
        List<LinkSpec> found = links.stream()
                .filter(l -> (isEnd(l.a(), client) && isEnd(l.b(), server))
                        || (isEnd(l.a(), server) && isEnd(l.b(), client)))
                .toList();
        return found.size() == 1 ? Optional.of(found.get(0)) : Optional.empty();
    }

    /**
     * What a test between these ends is expected to reach: the expected rate drawn on their link, else
     * {@code fallback}.
     */
    public Expectation expectationOf(TestPlan.End client, TestPlan.End server, Expectation fallback) {
        return linkOf(client, server).map(l -> l.expectation(fallback)).orElse(fallback);
    }

    private boolean isEnd(LinkSpec.End linkEnd, TestPlan.End planEnd) {
        return host(linkEnd.nodeId())
                        .filter(h -> h.login().equals(planEnd.login()))
                        .isPresent()
                && (planEnd.dataInterface() == null || planEnd.dataInterface().equals(linkEnd.iface()));
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
