package io.linklab.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class InstallCommandsTest {

    @Test
    void installCommandsPerDistribution() {
        assertEquals("apt-get install -y iperf3", InstallCommands.forDistribution("iperf3", "ubuntu", "debian", true));
        assertEquals(
                "apt-get install -y netperf  # netperf is in Ubuntu's multiverse component",
                InstallCommands.forDistribution("netserver", "ubuntu", "debian", true));
        assertEquals(
                "sudo dnf install -y iperf3",
                InstallCommands.forDistribution("iperf3", "rocky", "rhel centos fedora", false));
        assertEquals(
                "sudo dnf install -y epel-release && sudo dnf install -y netperf",
                InstallCommands.forDistribution("netserver", "rhel", "fedora", false));
        assertEquals("dnf install -y iperf", InstallCommands.forDistribution("iperf", "fedora", null, true));
        assertEquals(
                "zypper install -y iperf3",
                InstallCommands.forDistribution("iperf3", "opensuse-leap", "suse opensuse", true));
        assertEquals("apk add iperf", InstallCommands.forDistribution("iperf", "alpine", null, true));
        assertTrue(InstallCommands.forDistribution("iperf3", null, null, true).contains("iperf3 package"));
    }

    @Test
    void programsArePackagedUnderTheirPackagesName() {
        assertEquals("netperf", InstallCommands.packageOf("netserver"));
        assertEquals("util-linux", InstallCommands.packageOf("taskset"));
        assertEquals("iperf", InstallCommands.packageOf("iperf"));
        assertEquals(
                "apt-get install util-linux or dnf install util-linux", InstallCommands.anyDistribution("taskset"));
        assertEquals("apt-get install iputils-ping or dnf install iputils", InstallCommands.anyDistribution("ping"));
        assertEquals("sudo dnf install -y iputils", InstallCommands.forDistribution("ping", "rocky", "rhel", false));
    }
}
