package io.linklab.engine;

import io.linklab.model.Validators;
import io.linklab.remote.CommandResult;
import io.linklab.remote.RemoteCommand;
import io.linklab.remote.Transport;
import io.linklab.remote.TransportException;
import io.linklab.remote.probe.ProbeScript;
import io.linklab.tools.driver.ToolDriver;
import java.time.Duration;
import java.util.List;

/**
 * Probes a host before a run with the brief {@link ProbeScript} (one round trip, so a run starts fast): facts,
 * the tool and its version, the interfaces, every address with its interface, listening ports, which interface
 * the SSH session comes in on and, on the client, what the target's name resolves to there.
 */
final class PreflightProbe {

    private PreflightProbe() {}

    /**
     * @param resolve a host name to look up as the host would (the client's target, when it is not an address),
     *                or null
     */
    static RemoteCommand probe(ToolDriver tool, List<String> interfaces, String resolve) {
        if (resolve != null) {
            Validators.requireHostOrAddress("target", resolve);
        }
        interfaces.forEach(i -> Validators.requireInterfaceName("interface", i));
        return ProbeScript.brief(tool.program(), interfaces.isEmpty() ? "lo" : interfaces.get(0), resolve);
    }

    static PreflightFacts run(Transport t, ToolDriver tool, List<String> interfaces, String resolve)
            throws TransportException, InterruptedException {
        CommandResult r = t.run(probe(tool, interfaces, resolve), Duration.ofSeconds(15));
        if (r.timedOut()) {
            throw new TransportException(t.hostLabel() + " did not answer the preflight probe within 15 s");
        }
        return PreflightFacts.fromProbe(r.stdout(), interfaces);
    }
}
