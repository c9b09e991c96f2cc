package io.linklab.remote.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.HostFacts;
import io.linklab.remote.LocalTransport;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HostProbeTest {

    // What the probe printed on a lab host (Debian 12), trimmed, with netperf/netserver taken away.
    private static final String OUTPUT = String.join(
            "\n",
            "uname\tLinux 6.1.0-18-amd64\tx86_64",
            "hostname\tlab-a",
            "os\tdebian\t\tDebian GNU/Linux 12 (bookworm)",
            "cpus\t8\t32",
            "cpu\tAMD EPYC 7302 16-Core Processor",
            "uid\t1000",
            "user\talice",
            "tool\tiperf3\t/usr/bin/iperf3\tiperf 3.12 (cJSON 1.7.15)",
            "tool\tiperf\t/usr/bin/iperf\tiperf version 2.1.8 (12 August 2022) pthreads",
            "tool\tnetperf",
            "tool\tnetserver",
            "tool\tethtool\t/usr/sbin/ethtool\tethtool version 6.1",
            "sysctl\tnet.ipv4.tcp_rmem\t4096 131072 33554432",
            "sysctl\tnet.ipv4.tcp_congestion_control\tcubic",
            "listen\ttcp\t0.0.0.0:22",
            "has\tping",
            "session\t10.0.0.5",
            "if\teno1\t1500\t1000\tup\tigb\taa:bb:cc:dd:ee:01\t1",
            "offload\teno1\ttcp-segmentation-offload\ton",
            "offload\teno1\tlarge-receive-offload\toff",
            "if\tens1f0np0\t9000\t100000\tup\tmlx5_core\taa:bb:cc:dd:ee:02\t1",
            "if\tens1f1np1\t1500\t-1\tdown\tmlx5_core\taa:bb:cc:dd:ee:03\t1",
            "if\tib0\t2044\t100000\tup\t\t80:00:00:00\t32",
            "if\tlo\t65536\t\tunknown\t\t00:00:00:00:00:00\t772",
            "addr\teno1\t10.0.0.5/24",
            "addr\tens1f0np0\t198.18.0.1/24",
            "addr\tens1f0np0\tfd00::1/64",
            "something\tfrom a newer probe",
            "");

    @Test
    void parsesEverythingTheProbePrints() {
        HostFacts f = HostProbe.parse("lab-a", Instant.EPOCH, OUTPUT);
        assertTrue(f.ok() && f.reachable() && f.loginOk());
        assertEquals("Linux 6.1.0-18-amd64 x86_64", f.kernel());
        assertEquals("Debian GNU/Linux 12 (bookworm)", f.osName());
        assertEquals(32, f.cpuCount());
        assertEquals("AMD EPYC 7302 16-Core Processor", f.cpuModel());
        assertEquals("3.12", f.tool("iperf3").orElseThrow().version());
        assertEquals("2.1.8", f.tool("iperf").orElseThrow().version());
        assertEquals("eno1", f.sessionInterface());
        assertEquals("cubic", f.sysctls().get("net.ipv4.tcp_congestion_control"));

        HostFacts.InterfaceFacts mlx = f.iface("ens1f0np0").orElseThrow();
        assertEquals(9000, mlx.mtu());
        assertEquals(100_000L, mlx.speedMbps());
        assertEquals("mlx5_core", mlx.driver());
        assertEquals(List.of("198.18.0.1/24", "fd00::1/64"), mlx.addresses());
        assertNull(f.iface("ens1f1np1").orElseThrow().speedMbps(), "-1 means unknown");
        assertEquals("infiniband", f.iface("ib0").orElseThrow().driver());
        assertEquals(
                Map.of("tcp-segmentation-offload", true, "large-receive-offload", false),
                f.iface("eno1").orElseThrow().offloads());
    }

    @Test
    void missingToolsComeWithTheInstallCommandOfTheDistribution() {
        HostFacts f = HostProbe.parse("lab-a", Instant.EPOCH, OUTPUT);
        assertEquals(
                List.of("netperf", "netserver"),
                f.missingTools().stream().map(HostFacts.ToolFacts::name).toList());
        assertEquals(
                "sudo apt-get install -y netperf  # netperf is in Debian's non-free component: enable it in the"
                        + " apt sources first",
                f.tool("netperf").orElseThrow().installCommand());
    }

    @Test
    void probesThisMachineThroughTheLocalTransport() throws Exception {
        LocalTransport local = new LocalTransport();
        try {
            HostFacts f = new HostProbe().probe(local);
            assertTrue(f.ok(), f.problem());
            assertEquals(Runtime.getRuntime().availableProcessors(), f.cpuCount());
            assertTrue(f.iface("lo").orElseThrow().mtu() > 0);
            assertTrue(f.iface("lo").orElseThrow().addresses().contains("127.0.0.1/8"));
            Process p = new ProcessBuilder("sh", "-c", "command -v iperf3 >/dev/null && iperf3 --version | head -n 1")
                    .start();
            String line = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            p.waitFor();
            HostFacts.ToolFacts iperf3 = f.tool("iperf3").orElseThrow();
            if (line.isEmpty()) {
                assertTrue(!iperf3.present() && iperf3.installCommand() != null);
            } else {
                assertEquals(line, iperf3.versionLine());
            }
        } finally {
            local.cleanup();
        }
    }

    @Test
    void theOsIsReadFromOsReleaseWithoutRunningIt() throws Exception {
        assertTrue(!ProbeScript.SCRIPT.contains(". /etc/os-release"), "os-release is read, not sourced");
        java.nio.file.Path osRelease = java.nio.file.Path.of("/etc/os-release");
        if (!java.nio.file.Files.isReadable(osRelease)) {
            return;
        }
        String pretty = java.nio.file.Files.readAllLines(osRelease).stream()
                .filter(l -> l.startsWith("PRETTY_NAME="))
                .map(l -> l.substring("PRETTY_NAME=".length()).replaceAll("^\"(.*)\"$", "$1"))
                .findFirst()
                .orElse(null);
        try (LocalTransport local = new LocalTransport()) {
            assertEquals(pretty, new HostProbe().probe(local).osName(), "PRETTY_NAME as the file has it");
        }
    }
}
