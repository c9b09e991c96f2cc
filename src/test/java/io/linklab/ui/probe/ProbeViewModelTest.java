package io.linklab.ui.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.HostSpec;
import io.linklab.model.InterfaceSpec;
import io.linklab.model.Topology;
import io.linklab.ui.TaskRunner;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProbeViewModelTest {

    private static final HostSpec HOST = new HostSpec("h1", "lab-a", "198.18.4.11", "root", 22, null, null,
            List.of(new InterfaceSpec("data0", "198.19.4.1", 9000, "100G")), 0, 0);

    private static ProbeReport report(int mtu, Map<String, String> tools) {
        return new ProbeReport(true, true, tools, Map.of("data0", new ProbeReport.InterfaceFacts("data0", mtu,
                "100G", List.of("198.19.4.1"), true)), Map.of("kernel", "6.1"), null);
    }

    @Test
    void readyOnlyWhenToolsAndInterfacesMatchTheDrawing() {
        assertEquals(HostBadge.READY, ProbeViewModel.badgeFor(HOST, report(9000, Map.of("iperf3", "3.12"))));
        assertEquals(HostBadge.WARNING, ProbeViewModel.badgeFor(HOST, report(1500, Map.of("iperf3", "3.12"))));
        assertEquals(List.of("data0: MTU is 1500, the drawing says 9000"),
                ProbeViewModel.differences(HOST, report(1500, Map.of("iperf3", "3.12"))));
        assertEquals(HostBadge.WARNING, ProbeViewModel.badgeFor(HOST, report(9000, Map.of())));
        assertEquals(HostBadge.FAILED, ProbeViewModel.badgeFor(HOST, ProbeReport.failed(true, "login refused")));
    }

    @Test
    void probesThroughTheRunnerAndForgetsAHostWhoseLoginChanged() {
        ProbeViewModel vm = new ProbeViewModel((h, prompt) -> report(9000, Map.of("iperf3", "3.12")),
                TaskRunner.sameThread(), HostKeyPrompt.REFUSE);
        vm.probe(HOST);
        assertEquals(HostBadge.READY, vm.badge("h1"));
        assertTrue(vm.report("h1").isPresent());
        HostSpec otherMtu = new HostSpec("h1", "lab-a", "198.18.4.11", "root", 22, null, null,
                List.of(new InterfaceSpec("data0", "198.19.4.1", 1500, "100G")), 0, 0);
        vm.topologyChanged(new Topology("lab", List.of(otherMtu), List.of(), List.of()));
        assertEquals(HostBadge.WARNING, vm.badge("h1"), "the drawing changed: checked again against the report");
        HostSpec otherLogin = new HostSpec("h1", "lab-a", "198.18.4.99", "root", 22, null, null,
                otherMtu.interfaces(), 0, 0);
        vm.topologyChanged(new Topology("lab", List.of(otherLogin), List.of(), List.of()));
        assertEquals(HostBadge.NOT_PROBED, vm.badge("h1"));
    }

    @Test
    void aProbeThatThrowsShowsFailedWithItsMessage() {
        ProbeViewModel vm = new ProbeViewModel((h, prompt) -> {
            throw new IllegalStateException("connection refused");
        }, TaskRunner.sameThread(), HostKeyPrompt.REFUSE);
        vm.probe(HOST);
        assertEquals(HostBadge.FAILED, vm.badge("h1"));
        assertEquals("connection refused", vm.report("h1").orElseThrow().problem());
    }
}
