package io.linklab.ui.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.HostFacts;
import io.linklab.model.HostSpec;
import io.linklab.model.InterfaceSpec;
import io.linklab.model.Topology;
import io.linklab.ui.tasks.TaskRunner;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProbeViewModelTest {

    private static final HostSpec HOST = host("198.18.4.11", 9000);

    /** Host h1 of the topology, at this management address, its data0 at this MTU. */
    private static HostSpec host(String address, int dataMtu) {
        return new HostSpec(
                "h1",
                "lab-a",
                address,
                "root",
                22,
                null,
                null,
                List.of(new InterfaceSpec("data0", "198.19.4.1", dataMtu, "100G")),
                0,
                0);
    }

    static HostFacts facts(int mtu, long speedMbps, boolean iperf3) {
        List<HostFacts.ToolFacts> tools = List.of(
                new HostFacts.ToolFacts(
                        "iperf3",
                        iperf3 ? "/usr/bin/iperf3" : null,
                        iperf3 ? "3.12" : null,
                        iperf3 ? "iperf 3.12" : null,
                        iperf3 ? null : "sudo apt-get install -y iperf3"),
                new HostFacts.ToolFacts("iperf", null, null, null, "sudo apt-get install -y iperf"),
                new HostFacts.ToolFacts("netperf", null, null, null, "sudo apt-get install -y netperf"));
        HostFacts.InterfaceFacts data0 = new HostFacts.InterfaceFacts(
                "data0", List.of("198.19.4.1/24"), mtu, speedMbps, "up", "mlx5_core", "00:11:22:33:44:55", Map.of());
        return new HostFacts(
                "lab-a",
                Instant.now(),
                true,
                true,
                null,
                "Linux 6.1",
                "lab-a",
                "debian",
                null,
                "Debian 12",
                "EPYC",
                32,
                true,
                tools,
                List.of(data0),
                Map.of(),
                "mgmt0");
    }

    @Test
    void readyOnlyWhenAToolIsThereAndInterfacesMatchTheDrawing() {
        assertEquals(HostBadge.READY, ProbeViewModel.badgeFor(HOST, facts(9000, 100_000, true)));
        assertEquals(
                List.of("data0: MTU is 1500, the drawing says 9000"),
                ProbeViewModel.differences(HOST, facts(1500, 100_000, true)));
        assertEquals(
                List.of("data0: link speed is 25G, the drawing says 100G"),
                ProbeViewModel.differences(HOST, facts(9000, 25_000, true)));
        assertEquals(HostBadge.WARNING, ProbeViewModel.badgeFor(HOST, facts(9000, 100_000, false)));
        assertTrue(ProbeViewModel.differences(HOST, facts(9000, 100_000, false))
                .get(0)
                .endsWith("install with: sudo apt-get install -y iperf3"));
        assertEquals(
                HostBadge.FAILED,
                ProbeViewModel.badgeFor(HOST, HostFacts.failed("lab-a", Instant.now(), true, "login refused")));
    }

    @Test
    void speedsAsEngineersWriteThem() {
        assertEquals(100_000L, ProbeViewModel.mbps("100G"));
        assertEquals(2_500L, ProbeViewModel.mbps("2.5G"));
        assertEquals(100L, ProbeViewModel.mbps("100M"));
        assertEquals(25_000L, ProbeViewModel.mbps("25GbE"));
        assertEquals(null, ProbeViewModel.mbps("IB EDR"));
    }

    @Test
    void probesThroughTheRunnerAndForgetsAHostWhoseLoginChanged() {
        ProbeViewModel vm = new ProbeViewModel(h -> facts(9000, 100_000, true), TaskRunner.sameThread());
        vm.probe(HOST);
        assertEquals(HostBadge.READY, vm.badge("h1"));
        assertTrue(vm.facts("h1").isPresent());
        HostSpec otherMtu = host("198.18.4.11", 1500);
        vm.topologyChanged(new Topology("lab", List.of(otherMtu), List.of(), List.of()));
        assertEquals(HostBadge.WARNING, vm.badge("h1"), "the drawing changed: checked again against the facts");
        HostSpec otherLogin = host("198.18.4.99", 1500);
        vm.topologyChanged(new Topology("lab", List.of(otherLogin), List.of(), List.of()));
        assertEquals(HostBadge.NOT_PROBED, vm.badge("h1"));
    }

    @Test
    void aProbeThatThrowsShowsFailedWithItsMessage() {
        ProbeViewModel vm = new ProbeViewModel(
                h -> {
                    throw new IllegalStateException("connection refused");
                },
                TaskRunner.sameThread());
        vm.probe(HOST);
        assertEquals(HostBadge.FAILED, vm.badge("h1"));
        assertEquals("connection refused", vm.facts("h1").orElseThrow().problem());
    }
}
