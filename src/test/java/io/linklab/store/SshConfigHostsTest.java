package io.linklab.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

class SshConfigHostsTest {

    @Test
    void readsConcreteHostsAndSkipsPatterns() {
        List<SshConfigHosts.Entry> e = SshConfigHosts.parse(List.of(
                "# lab",
                "Host *",
                "  User nobody",
                "Host lab-a lab-a-alt",
                "  HostName 198.18.0.11",
                "  User root",
                "  Port 2222",
                "  IdentityFile ~/.ssh/lab_ed25519",
                "Host lab-b",
                "  hostname=198.18.0.12",
                "  ProxyJump bastion",
                "  User first",
                "  User second",
                "Host lab-*",
                "  StrictHostKeyChecking yes",
                "Match host foo",
                "  User matched"));
        assertEquals(3, e.size());
        SshConfigHosts.Entry a = e.get(0);
        assertEquals("lab-a", a.alias());
        assertEquals("198.18.0.11", a.address());
        assertEquals("root", a.user());
        assertEquals(2222, a.port());
        assertEquals(System.getProperty("user.home") + "/.ssh/lab_ed25519", a.identityFile());
        assertEquals("lab-a-alt", e.get(1).alias());
        SshConfigHosts.Entry b = e.get(2);
        assertEquals("198.18.0.12", b.hostName());
        assertEquals("bastion", b.proxyJump());
        assertEquals("first", b.user(), "ssh takes the first value");
        assertEquals(0, b.port());
        assertNull(b.identityFile());
    }
}
