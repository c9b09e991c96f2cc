package io.linklab.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.HostSpec;
import io.linklab.model.InvalidValueException;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The one parser of SSH logins: ports, IPv6 addresses and the messages for what is not a login. */
class SshTargetTest {

    private static SshTarget target(String user, String host, int port) {
        return new SshTarget(user, host, port, null, null);
    }

    @Test
    void userHostAndPortAreSplit() {
        assertEquals(target("root", "198.18.3.11", 2222), SshTarget.parse("root@198.18.3.11:2222"));
        assertEquals(target(null, "lab-a.example.org", 0), SshTarget.parse("lab-a.example.org"));
        assertEquals(target("me", "lab-a", 0), SshTarget.parse("me@lab-a"));
    }

    @Test
    void ipv6AddressesTakeAPortOnlyInBrackets() {
        assertEquals(target("me", "fd00::2", 0), SshTarget.parse("me@[fd00::2]"));
        assertEquals(target("me", "fd00::2", 2222), SshTarget.parse("me@[fd00::2]:2222"));
        assertEquals(target(null, "fd00::2", 0), SshTarget.parse("fd00::2"), "a bare IPv6 address has no port");
        assertEquals("me@[fd00::2]:2222", SshTarget.parse("me@[fd00::2]:2222").label());
    }

    @Test
    void aHostSpecLoginParsesBackToTheSameHostAndPort() {
        HostSpec v6 = new HostSpec("h", "h", "fd00::2", "root", 2222, null, null, List.of(), 0, 0);
        assertEquals("root@[fd00::2]:2222", v6.login());
        assertEquals(target("root", "fd00::2", 2222), SshTarget.parse(v6.login()));
    }

    @Test
    void badLoginsSayWhatIsWrong() {
        assertEquals(Optional.of("expected a port from 1 to 65535"), SshTarget.problem("root@host:99999"));
        assertEquals(Optional.of("expected a port from 1 to 65535"), SshTarget.problem("root@host:ssh"));
        assertEquals(Optional.of("expected [IPv6]:port"), SshTarget.problem("root@[fd00::2"));
        assertEquals(Optional.of("expected [IPv6]:port"), SshTarget.problem("root@[fd00::2]2222"));
        assertEquals(Optional.of("a login is needed: user@host[:port]"), SshTarget.problem(" "));
        assertTrue(SshTarget.problem("@host").orElseThrow().contains("nothing before '@'"));
        assertTrue(SshTarget.problem("root@-oProxyCommand=x").orElseThrow().startsWith("expected a host name"));
        assertTrue(SshTarget.problem("Root User@host").orElseThrow().startsWith("expected a login name"));
        InvalidValueException e = assertThrows(InvalidValueException.class, () -> SshTarget.parse("root@host:0"));
        assertEquals("SSH port", e.field());
        assertFalse(SshTarget.problem("root@198.18.3.11:22").isPresent());
    }

    @Test
    void rootIsTheLoginsUserOrThisMachinesForLocal() {
        assertTrue(SshTarget.runsAsRoot("root@h1"));
        assertFalse(SshTarget.runsAsRoot("me@h1"));
        assertEquals("root".equals(System.getProperty("user.name")), SshTarget.runsAsRoot("local"));
        assertEquals("root".equals(System.getProperty("user.name")), SshTarget.runsAsRoot("h1"));
    }
}
