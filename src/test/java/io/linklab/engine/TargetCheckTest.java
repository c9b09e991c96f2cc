package io.linklab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The target checks of the preflight: a plan's target and both hosts' facts in, refusals and warnings out. */
class TargetCheckTest {

    /** The lab's hosts as their probes describe them: a data link, a management link carrying SSH, loopback. */
    private static final PreflightFacts SERVER = PreflightFacts.parse("""
            addr.127.0.0.1=lo
            addr.::1=lo
            addr.198.18.3.12=mgmt0
            addr.198.19.3.2=data0
            addr.fd00:0:0:0::2=data0
            addr.fe80::a8c1:abff:fe12:3456=data0
            ssh.address=198.18.3.12
            ssh.interface=mgmt0
            """);

    private static final PreflightFacts CLIENT = PreflightFacts.parse("""
            addr.127.0.0.1=lo
            addr.198.18.3.11=mgmt0
            addr.198.19.3.1=data0
            ssh.interface=mgmt0
            """);

    private static TargetCheck.Findings check(String target, PreflightFacts client) {
        return TargetCheck.check(target, client, "root@h1", SERVER, "root@h2", false);
    }

    @Test
    void theServersDataAddressPasses() {
        assertEquals(new TargetCheck.Findings(List.of(), List.of()), check("198.19.3.2", CLIENT));
        assertEquals(new TargetCheck.Findings(List.of(), List.of()), check("fd00::2", CLIENT), "any spelling of it");
    }

    @Test
    void loopbackIsRefusedWithTheServersAddresses() {
        TargetCheck.Findings f = check("127.0.0.1", CLIENT);
        assertEquals(1, f.problems().size(), f.toString());
        String p = f.problems().get(0);
        assertTrue(
                p.startsWith("the target 127.0.0.1 is a loopback address: the client root@h1 would connect to "
                        + "itself, not to the server root@h2; "),
                p);
        assertTrue(
                p.contains("the server's addresses: 198.18.3.12 (mgmt0), 198.19.3.2 (data0), fd00:0:0:0::2"
                        + " (data0) (use"),
                "without loopback and link-local: " + p);
    }

    @Test
    void theClientsOwnAddressIsRefusedAndSaidToBeTheClients() {
        TargetCheck.Findings f = check("198.19.3.1", CLIENT);
        assertEquals(1, f.problems().size(), f.toString());
        assertTrue(
                f.problems()
                        .get(0)
                        .contains("is not an address of the server root@h2 but of the client root@h1 "
                                + "itself (data0)"),
                f.problems().get(0));
        assertTrue(
                f.problems().get(0).contains("198.19.3.2 (data0)"), f.problems().get(0));
    }

    @Test
    void anAddressBothHostsHaveTakesTheClientToItself() {
        PreflightFacts withDocker = PreflightFacts.parse("addr.198.19.3.1=data0\naddr.172.17.0.1=docker0\n");
        PreflightFacts server = PreflightFacts.parse("addr.198.19.3.2=data0\naddr.172.17.0.1=docker0\n");
        TargetCheck.Findings f = TargetCheck.check("172.17.0.1", withDocker, "root@h1", server, "root@h2", false);
        assertTrue(
                f.problems()
                        .get(0)
                        .startsWith("the target 172.17.0.1 is an address of the client root@h1 as well "
                                + "as of the server root@h2 (docker0 on both): the client would connect to itself; the server's "
                                + "addresses: 198.19.3.2 (data0), 172.17.0.1 (docker0)"),
                f.toString());
    }

    @Test
    void anAddressOfNeitherHostIsRefused() {
        TargetCheck.Findings f = check("198.19.3.99", CLIENT);
        assertEquals(1, f.problems().size());
        assertTrue(
                f.problems().get(0).startsWith("the target 198.19.3.99 is not an address of the server root@h2, so "),
                f.problems().get(0));
    }

    @Test
    void theSessionsInterfaceIsWarnedAboutNotRefused() {
        TargetCheck.Findings f = check("198.18.3.12", CLIENT);
        assertEquals(List.of(), f.problems());
        assertEquals(1, f.warnings().size());
        String w = f.warnings().get(0);
        assertTrue(
                w.contains("is on mgmt0 of root@h2, the interface LinkLab's SSH session comes in on: the test "
                        + "measures the management link"),
                w);
        assertTrue(w.endsWith("for a data link, target 198.19.3.2 (data0), fd00:0:0:0::2 (data0)"), w);
    }

    @Test
    void oneHostMayTestOverItsLoopback() {
        TargetCheck.Findings f = TargetCheck.check("127.0.0.1", SERVER, "local", SERVER, "local", true);
        assertEquals(new TargetCheck.Findings(List.of(), List.of()), f);
        // two logins to one host (alice@h2 runs the client, root@h2 the server): the same addresses
        PreflightFacts sameAddresses = PreflightFacts.parse(String.join(
                "\n",
                SERVER.facts().entrySet().stream()
                        .filter(e -> e.getKey().startsWith("addr."))
                        .map(e -> e.getKey() + "=" + e.getValue())
                        .toList()));
        assertEquals(
                new TargetCheck.Findings(List.of(), List.of()),
                TargetCheck.check("198.19.3.2", sameAddresses, "alice@h2", SERVER, "root@h2", false));
    }

    @Test
    void aNameIsJudgedByWhatItResolvesToOnTheClient() {
        PreflightFacts resolves = PreflightFacts.parse("addr.198.19.3.1=data0\ntarget.addresses=198.19.3.2 fd00::2\n");
        assertEquals(List.of(), check("h2-data", resolves).problems());

        PreflightFacts toItself = PreflightFacts.parse("addr.198.19.3.1=data0\ntarget.addresses=198.19.3.1\n");
        assertTrue(
                check("h1-data", toItself)
                        .problems()
                        .get(0)
                        .startsWith("the target h1-data (198.19.3.1 on the "
                                + "client) is not an address of the server root@h2 but of the client"),
                check("h1-data", toItself).toString());

        PreflightFacts unknown = PreflightFacts.parse("addr.198.19.3.1=data0\ntarget.addresses=\n");
        assertTrue(
                check("h3-data", unknown)
                        .problems()
                        .get(0)
                        .startsWith("the target h3-data does not resolve to an " + "address on the client root@h1"),
                check("h3-data", unknown).toString());

        PreflightFacts notLookedUp = PreflightFacts.parse("addr.198.19.3.1=data0\n");
        assertEquals(List.of(), check("h3-data", notLookedUp).problems(), "no getent there: cannot tell");
    }

    @Test
    void aServerWhoseAddressesAreUnknownIsNotJudged() {
        PreflightFacts noIp = PreflightFacts.parse("ssh.interface=mgmt0\n");
        assertEquals(
                new TargetCheck.Findings(List.of(), List.of()),
                TargetCheck.check("127.0.0.1", CLIENT, "root@h1", noIp, "root@h2", false));
    }
}
