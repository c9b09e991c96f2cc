package io.linklab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class HostFactsTest {

    @Test
    void probeOutputIsUnderstood() {
        HostFacts f = HostFacts.parse("""
                kernel=Linux 6.1.0
                uid=0
                tool.path=/usr/bin/iperf3
                tool.version=iperf 3.12 (cJSON 1.7.15)
                if=lo
                if=data0
                if.data0.mtu=9000
                if.data0.state=up
                ssh.address=198.18.3.11
                ssh.interface=mgmt0
                listen.tcp=0.0.0.0:22
                listen.tcp=[::]:5201
                listen.tcp=127.0.0.1%lo:631
                listen.udp=*:5353
                """);
        assertTrue(f.hasTool());
        assertTrue(f.root());
        assertEquals(9000, f.mtu("data0").getAsInt());
        assertFalse(f.hasInterface("eth9"));
        assertEquals("mgmt0", f.sshInterface());
        assertTrue(f.tcpListening().contains(5201));
        assertTrue(f.tcpListening().contains(631));
        assertTrue(f.udpListening().contains(5353));
        assertEquals(2, f.interfaces().size());
    }
}
