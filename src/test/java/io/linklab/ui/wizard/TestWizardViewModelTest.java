package io.linklab.ui.wizard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.HostSpec;
import io.linklab.model.InterfaceSpec;
import io.linklab.model.LinkSpec;
import io.linklab.model.TestPlan;
import io.linklab.model.Tool;
import io.linklab.model.Topology;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TestWizardViewModelTest {

    static Topology twoHosts() {
        HostSpec h1 = new HostSpec(
                "h1",
                "lab-a",
                "198.18.4.11",
                "root",
                22,
                null,
                null,
                List.of(new InterfaceSpec("data0", "198.19.4.1", 1500, "10G")),
                0,
                0);
        HostSpec h2 = new HostSpec(
                "h2",
                "lab-b",
                "198.18.4.12",
                "root",
                22,
                null,
                null,
                List.of(new InterfaceSpec("data0", "198.19.4.2", 1500, "10G")),
                400,
                0);
        LinkSpec l = new LinkSpec("l1", new LinkSpec.End("h1", "data0"), new LinkSpec.End("h2", "data0"), "10G");
        return new Topology("lab", List.of(h1, h2), List.of(), List.of(l));
    }

    @Test
    void startsFromTheFirstLinkWithTheServersAddressAsTarget() {
        TestWizardViewModel vm = new TestWizardViewModel(twoHosts());
        assertEquals("lab-a", vm.client.get().name());
        assertEquals("lab-b", vm.server.get().name());
        assertEquals("data0", vm.serverInterface.get());
        assertEquals("198.19.4.2", vm.target.get());
        assertTrue(vm.endsValidProperty().get());
        assertTrue(vm.optionsValidProperty().get());
        assertTrue(vm.sweepValidProperty().get());
    }

    @Test
    void bidirIsRefusedWhereAProbedHostsIperf3HasNone() {
        TestWizardViewModel vm = new TestWizardViewModel(twoHosts());
        vm.mode.set(TestPlan.Mode.BIDIR);
        assertTrue(vm.optionsValidProperty().get(), "hosts not probed: the preflight checks them");
        vm.knowIperf3Versions(h -> h.id().equals("h2") ? Optional.of("iperf 3.6 (cJSON 1.5.2)") : Optional.empty());
        assertFalse(vm.optionsValidProperty().get());
        assertEquals(
                "iperf3 3.6 on the server (lab-b) has no --bidir (both directions at once), which iperf3 3.7 and"
                        + " newer have; update iperf3 there, or measure each direction on its own (normal, then"
                        + " --reverse)",
                vm.problemOf("mode").get());
        vm.mode.set(TestPlan.Mode.REVERSE);
        assertTrue(vm.optionsValidProperty().get(), "3.6 has --reverse");
        vm.mode.set(TestPlan.Mode.BIDIR);
        vm.tool.set(Tool.IPERF2);
        assertEquals("", vm.problemOf("mode").get(), "iperf2's version is not iperf3's");
    }

    @Test
    void reviewShowsTheExactCommandsPerEnd() {
        TestWizardViewModel vm = new TestWizardViewModel(twoHosts());
        vm.processes.set("4");
        var cmds = vm.commandsProperty().get();
        List<String> client = cmds.get("client root@198.18.4.11");
        List<String> server = cmds.get("server root@198.18.4.12");
        assertEquals(4, client.size(), client.toString());
        assertEquals(4, server.size(), server.toString());
        assertTrue(client.get(0).startsWith("iperf3 "), client.get(0));
        assertTrue(client.get(0).contains("198.19.4.2") && client.get(3).contains("5204"), client.toString());
        String script = vm.shellScript();
        assertTrue(script.startsWith("#!/bin/sh\n"), script);
        assertTrue(script.contains("ssh root@198.18.4.12 -- '") && script.contains("iperf3 -s -1 -p 5204"), script);
        // all four servers, then all four clients at once, then wait for them
        assertEquals(8, script.split(" &\n", -1).length - 1, script);
        assertTrue(script.endsWith("\nwait\n"), script);
    }

    @Test
    void aBitrateShowsInThePreviewForTcpAsForUdp() {
        TestWizardViewModel vm = new TestWizardViewModel(twoHosts());
        vm.udpBitrate.set("750M");
        String client =
                vm.commandsProperty().get().get("client root@198.18.4.11").get(0);
        assertTrue(client.contains(" -b 750M ") && !client.contains(" -u "), client);
        vm.protocol.set(TestPlan.Protocol.UDP);
        client = vm.commandsProperty().get().get("client root@198.18.4.11").get(0);
        assertTrue(client.contains(" -u -b 750M "), client);
        vm.tool.set(Tool.NETPERF);
        assertTrue(
                vm.problemOf("bitrate").get().startsWith("netperf has no pacing"),
                vm.problemOf("bitrate").get());
    }

    @Test
    void cpuListsPinTheProcessesOfEachEnd() {
        TestWizardViewModel vm = new TestWizardViewModel(twoHosts());
        vm.processes.set("2");
        vm.clientCpus.set("3,5");
        vm.serverCpus.set("1");
        var cmds = vm.commandsProperty().get();
        List<String> client = cmds.get("client root@198.18.4.11");
        List<String> server = cmds.get("server root@198.18.4.12");
        assertTrue(
                client.get(0).startsWith("taskset -c 3 iperf3 -c")
                        && client.get(1).startsWith("taskset -c 5 iperf3"),
                client.toString());
        assertTrue(server.stream().allMatch(l -> l.startsWith("taskset -c 1 timeout")), server.toString());
        vm.clientCpus.set("5-3");
        assertFalse(vm.optionsValidProperty().get());
        assertEquals(
                "a CPU list such as 2,4,6-9 (ranges counting up)",
                vm.problemOf("client.cpus").get());
        vm.clientCpus.set("2,4,6-9");
        assertTrue(vm.optionsValidProperty().get());
        TestPlan plan = vm.plan().orElseThrow();
        TestWizardViewModel again = new TestWizardViewModel(twoHosts());
        again.load(plan);
        assertEquals("2,4,6-9", again.clientCpus.get());
        assertEquals("1", again.serverCpus.get());
    }

    @Test
    void aBadValueDisablesItsPageWithTheReason() {
        TestWizardViewModel vm = new TestWizardViewModel(twoHosts());
        vm.streams.set("500");
        assertFalse(vm.optionsValidProperty().get());
        assertTrue(vm.endsValidProperty().get());
        assertEquals("expected 1 to 128 streams", vm.problemOf("streams").get());
        assertTrue(vm.commandsProperty().get().isEmpty());
        vm.streams.set("x");
        assertEquals("expected a whole number", vm.problemOf("streams").get());
        vm.streams.set("8");
        assertTrue(vm.optionsValidProperty().get());
        vm.target.set("198.19.4.2; reboot");
        assertFalse(vm.endsValidProperty().get());
    }

    @Test
    void sweepPreviewsItsPointsAndTheTotalTime() {
        TestWizardViewModel vm = new TestWizardViewModel(twoHosts());
        vm.sweepKind.set("MTU");
        vm.sweepValues.set("1500:9000:2500");
        assertEquals(
                List.of("1500", "4000", "6500", "9000"),
                vm.sweepPointsProperty().get());
        vm.repetitions.set("2");
        // 4 points x 2 repetitions x (10 s + 3 s) + 4 MTU changes x 4 s
        assertEquals("about 2 min", vm.estimateProperty().get());
        assertTrue(vm.sweepValidProperty().get());
        vm.sweepValues.set("1500:9000:0");
        assertFalse(vm.sweepValidProperty().get());
        assertTrue(
                vm.problemOf("sweep.values").get().contains("STEP"),
                vm.problemOf("sweep.values").get());
    }

    @Test
    void aSavedPlanLoadsBackIntoEveryPage() {
        TestWizardViewModel vm = new TestWizardViewModel(twoHosts());
        vm.tool.set(Tool.IPERF2);
        vm.streams.set("10");
        vm.mode.set(TestPlan.Mode.BIDIR);
        vm.sweepKind.set("STREAMS");
        vm.sweepValues.set("1,2,4");
        TestPlan plan = vm.plan().orElseThrow();
        TestWizardViewModel again = new TestWizardViewModel(twoHosts());
        again.load(plan);
        assertEquals(plan, again.plan().orElseThrow());
    }

    @Test
    void loopbackLabIsReadyToRunAsItIs() {
        TestWizardViewModel vm = new TestWizardViewModel(Topology.loopback());
        assertEquals("127.0.0.1", vm.target.get());
        assertTrue(vm.plan().isPresent());
        assertTrue(
                vm.shellScript().contains("iperf3 -c 127.0.0.1")
                        || vm.shellScript().contains("'127.0.0.1'"),
                vm.shellScript());
    }
}
