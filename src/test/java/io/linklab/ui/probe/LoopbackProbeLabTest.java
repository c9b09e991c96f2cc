package io.linklab.ui.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.HostFacts;
import io.linklab.model.HostSpec;
import io.linklab.model.Topology;
import io.linklab.remote.LoginPrompts;
import io.linklab.remote.SshSettings;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The first-start Loopback lab probes ready on a machine with the tools (the lab machine has them). */
@Tag("lab")
class LoopbackProbeLabTest {

    private final RemoteHostProbeService service =
            new RemoteHostProbeService(SshSettings.defaults().withSshConfig(null), LoginPrompts.NONE);

    @Test
    void loopbackHostsProbeReadyThroughLocalProcesses() throws Exception {
        HostSpec client = Topology.loopback().hosts().get(0);
        HostFacts facts = service.probe(client);
        assertTrue(facts.ok(), facts.problem());
        assertEquals(65536, facts.iface("lo").orElseThrow().mtu());
        assertEquals(List.of(), ProbeViewModel.differences(client, facts));
        assertEquals(HostBadge.READY, ProbeViewModel.badgeFor(client, facts));
    }

    @Test
    void anAddressThatIsNoHostNameFailsWithTheReasonInsteadOfThrowing() throws Exception {
        HostSpec bad = new HostSpec("x", "x", "not a host!", null, 22, null, null, List.of(), 0, 0);
        HostFacts facts = service.probe(bad);
        assertFalse(facts.ok());
        assertTrue(facts.problem().contains("SSH host"), facts.problem());
    }
}
