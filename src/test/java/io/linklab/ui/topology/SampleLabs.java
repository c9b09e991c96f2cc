package io.linklab.ui.topology;

import io.linklab.model.HostSpec;
import io.linklab.model.InterfaceSpec;
import io.linklab.model.LinkSpec;
import io.linklab.model.SwitchSpec;
import io.linklab.model.Topology;
import java.util.List;

/** Topologies the UI tests and the screenshot tour draw, written once. */
public final class SampleLabs {

    private SampleLabs() {}

    /** The lab of seeds/000: two ConnectX-6 hosts through a 100G switch. */
    public static Topology connectX6Rack() {
        HostSpec a = new HostSpec(
                "host1",
                "lab-a",
                "198.18.0.11",
                "root",
                22,
                null,
                null,
                List.of(
                        new InterfaceSpec("ens1f0np0", "198.19.0.1", 9000, "100G"),
                        new InterfaceSpec("ens1f1np1", "198.19.1.1", 1500, "100G")),
                40,
                60);
        HostSpec b = new HostSpec(
                "host2",
                "lab-b",
                "198.18.0.12",
                "root",
                22,
                null,
                null,
                List.of(
                        new InterfaceSpec("ens1f0np0", "198.19.0.2", 9000, "100G"),
                        new InterfaceSpec("ens1f1np1", "198.19.1.2", 1500, "100G")),
                520,
                60);
        SwitchSpec sw = new SwitchSpec("switch1", "sn2700", "Mellanox SN2700", 9216, 300, 300);
        List<LinkSpec> links = List.of(
                new LinkSpec(
                        "link1", new LinkSpec.End("host1", "ens1f0np0"), new LinkSpec.End("switch1", "swp1"), "100G"),
                new LinkSpec(
                        "link2", new LinkSpec.End("host2", "ens1f0np0"), new LinkSpec.End("switch1", "swp2"), "100G"),
                new LinkSpec(
                        "link3",
                        new LinkSpec.End("host1", "ens1f1np1"),
                        new LinkSpec.End("host2", "ens1f1np1"),
                        "100G"));
        return new Topology("ConnectX-6 rack", List.of(a, b), List.of(sw), links);
    }
}
