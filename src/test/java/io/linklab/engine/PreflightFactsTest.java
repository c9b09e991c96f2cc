package io.linklab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.Tool;
import io.linklab.remote.LocalTransport;
import io.linklab.tools.driver.ToolDriver;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class PreflightFactsTest {

    @Test
    void storedFactsAreUnderstood() {
        PreflightFacts f = PreflightFacts.parse("""
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

    @Test
    void theBriefProbesRecordsGiveTheKeysRunJsonHasAlwaysHad() {
        PreflightFacts f = PreflightFacts.fromProbe(
                String.join(
                        "\n",
                        "uname\tLinux 6.1.0\tx86_64",
                        "cpus\t2\t4",
                        "uid\t1000",
                        "user\talice",
                        "tool\tiperf3\t/usr/bin/iperf3\tiperf 3.12 (cJSON 1.7.15)",
                        "if\tlo\t65536\t\tunknown\t\t00:00:00:00:00:00\t772",
                        "if\tmgmt0\t1500\t10000\tup\t\taa:bb:cc:dd:ee:01\t1",
                        "if\tdata0\t9000\t100000\tup\t\taa:bb:cc:dd:ee:02\t1",
                        "addr\tmgmt0\t198.18.3.11/24",
                        "addr\tdata0\t198.19.3.1/24",
                        "addr\tdata0\tfd00::1/64",
                        "target\t198.19.3.2\tfd00::2",
                        "listen\ttcp\t0.0.0.0:22",
                        "listen\tudp\t*:5353",
                        "has\tping",
                        "sudo\tyes",
                        "numa\tdata0\t1",
                        "numa\tmgmt0\t-1",
                        "node\t0\t0-3",
                        "node\t1\t4-7,12",
                        "session\t198.18.3.11",
                        ""),
                List.of("data0"));
        assertEquals("Linux 6.1.0", f.get("kernel"));
        assertEquals("2", f.get("cpus"), "the CPUs the processes may run on (nproc)");
        assertEquals("iperf 3.12 (cJSON 1.7.15)", f.get("tool.version"));
        assertEquals("bidir", f.get("tool.features"), "3.12: --bidir, neither threads nor --json-stream");
        assertEquals(
                "bidir threads json-stream",
                PreflightFacts.fromProbe("tool\tiperf3\t/opt/iperf3\tiperf 3.21 (cJSON 1.7.15)\n", List.of())
                        .get("tool.features"));
        assertEquals(
                "bidir threads",
                PreflightFacts.fromProbe("tool\tiperf3\t/usr/bin/iperf3\tiperf 3.16\n", List.of())
                        .get("tool.features"));
        assertEquals(List.of("lo", "mgmt0", "data0"), f.interfaces());
        assertEquals(9000, f.mtu("data0").getAsInt());
        assertEquals("100000", f.get("if.data0.speed"));
        assertNull(f.get("if.mgmt0.mtu"), "only the data interfaces' details are kept");
        assertEquals("data0", f.addresses().get("fd00::1"));
        assertEquals(List.of("198.19.3.2", "fd00::2"), f.targetAddresses());
        assertTrue(f.tcpListening().contains(22) && f.udpListening().contains(5353));
        assertEquals("yes", f.get("ping"));
        assertNull(f.get("taskset"));
        assertEquals("yes", f.get("sudo"));
        assertFalse(f.root());
        assertEquals("198.18.3.11", f.get("ssh.address"));
        assertEquals("mgmt0", f.sshInterface());
        assertEquals("1", f.get("if.data0.numa"), "the NIC's NUMA node, for the tuner");
        assertEquals("-1", f.get("if.mgmt0.numa"), "kept for every NIC: the tuner may find it by its address");
        assertEquals("4-7,12", f.get("node.1.cpus"));
    }

    @Test
    void aToolThatIsMissingAndATargetThatResolvesToNothing() {
        PreflightFacts f = PreflightFacts.fromProbe("tool\tiperf3\ntarget\nsession\t\n", List.of());
        assertFalse(f.hasTool());
        assertEquals(List.of(), f.targetAddresses());
        assertNull(f.sshInterface(), "no SSH session: nothing to protect");
    }

    @Test
    void theBriefProbeRunsOnThisMachine() throws Exception {
        LocalTransport local = new LocalTransport();
        try {
            PreflightFacts f = PreflightProbe.run(local, ToolDriver.forTool(Tool.IPERF3), List.of("lo"), "localhost");
            assertTrue(f.hasInterface("lo"), f.facts().toString());
            assertTrue(f.mtu("lo").getAsInt() > 0, f.facts().toString());
            assertEquals("lo", f.addresses().get("127.0.0.1"), f.facts().toString());
            assertEquals(System.getProperty("user.name"), f.get("user"));
            assertTrue(f.get("cpus").matches("\\d+"), f.facts().toString());
            // a kernel with NUMA support has node0 even on one socket; its cpulist reads whole, as the tuner needs it
            if (Files.isDirectory(Path.of("/sys/devices/system/node/node0"))) {
                assertTrue(
                        String.valueOf(f.get("node.0.cpus")).matches("[0-9][0-9,-]*"),
                        f.facts().toString());
            }
            assertTrue(
                    f.targetAddresses() == null
                            || f.targetAddresses().contains("127.0.0.1")
                            || f.targetAddresses().contains("::1"),
                    f.facts().toString());
            assertEquals(
                    new File("/usr/bin/iperf3").canExecute() || f.hasTool(),
                    f.hasTool(),
                    f.facts().toString());
        } finally {
            local.cleanup();
        }
    }
}
