package io.linklab.remote.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.lab.Lab;
import io.linklab.model.HostFacts;
import io.linklab.remote.LoginPrompts;
import io.linklab.remote.SshConnector;
import io.linklab.remote.SshTarget;
import io.linklab.remote.SshTransport;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("lab")
class HostProbeLabTest {

    private final Lab lab = Lab.get();

    private SshConnector connector() throws Exception {
        return new SshConnector(lab.sshSettings(), LoginPrompts.NONE);
    }

    @Test
    void probesBothLabHostsInParallel() throws Exception {
        List<HostFacts> facts = new HostProbe()
                .probeAll(
                        connector(),
                        List.of(
                                SshTarget.parse(lab.h1().login()),
                                SshTarget.parse(lab.h2().login()),
                                SshTarget.parse("root@" + lab.value("UNUSED_MGMT_ADDR"))));
        HostFacts h1 = facts.get(0);
        assertTrue(h1.ok(), h1.problem());
        assertEquals("3.12", h1.tool("iperf3").orElseThrow().version());
        assertEquals("2.1.8", h1.tool("iperf").orElseThrow().version());
        assertEquals("2.7.0", h1.tool("netperf").orElseThrow().version());
        assertTrue(h1.tool("netserver").orElseThrow().present());
        assertTrue(h1.missingTools().isEmpty(), h1.missingTools().toString());
        assertTrue(h1.root());
        assertTrue(h1.cpuCount() > 0 && h1.cpuModel() != null && h1.kernel().startsWith("Linux"));
        assertEquals("debian", h1.osId());
        HostFacts.InterfaceFacts data = h1.iface(lab.h1().dataIf()).orElseThrow();
        assertEquals(lab.h1().mtu(), data.mtu());
        assertTrue(
                data.addresses().contains(lab.h1().data() + "/24"),
                data.addresses().toString());
        assertEquals("veth", data.driver());
        assertEquals("up", data.operState());
        assertTrue(
                data.offloads().containsKey("tcp-segmentation-offload"),
                data.offloads().toString());
        assertEquals("mgmt0", h1.sessionInterface());
        assertTrue(
                h1.sysctls().get("net.ipv4.tcp_congestion_control") != null,
                h1.sysctls().toString());
        assertTrue(
                h1.sysctls().get("net.ipv4.tcp_rmem").matches("\\d+ \\d+ \\d+"),
                h1.sysctls().toString());
        // h1 only sees its own interfaces
        assertFalse(h1.iface("ll" + lab.value("LAB_ID") + "-br").isPresent());

        assertTrue(facts.get(1).ok());
        assertEquals(
                lab.h2().data() + "/24",
                facts.get(1).iface("data0").orElseThrow().addresses().get(0));

        HostFacts gone = facts.get(2);
        assertFalse(gone.ok() || gone.reachable() || gone.loginOk());
        assertTrue(gone.problem().contains(lab.value("UNUSED_MGMT_ADDR")), gone.problem());
    }

    @Test
    void sessionInterfaceIsTheManagementLink() throws Exception {
        try (SshTransport t = connector().connect(SshTarget.parse(lab.h2().login()))) {
            assertEquals("mgmt0", new HostProbe().probe(t).sessionInterface());
        }
    }
}
