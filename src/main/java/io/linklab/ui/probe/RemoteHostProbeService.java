package io.linklab.ui.probe;

import io.linklab.model.HostFacts;
import io.linklab.model.HostSpec;
import io.linklab.model.InvalidValueException;
import io.linklab.remote.LocalTransport;
import io.linklab.remote.LoginPrompts;
import io.linklab.remote.SshConnector;
import io.linklab.remote.SshSettings;
import io.linklab.remote.SshTarget;
import io.linklab.remote.TransportException;
import io.linklab.remote.probe.HostProbe;
import java.time.Instant;

/** Probes hosts with the transport layer's {@link HostProbe}: "local" through local processes, others over SSH. */
public final class RemoteHostProbeService implements HostProbeService {

    private final SshSettings settings;
    private final LoginPrompts prompts;
    private final HostProbe probe = new HostProbe();

    public RemoteHostProbeService(SshSettings settings, LoginPrompts prompts) {
        this.settings = settings;
        this.prompts = prompts;
    }

    @Override
    public HostFacts probe(HostSpec host) {
        if (host.isLocal()) {
            try (LocalTransport local = new LocalTransport()) {
                return probe.probe(local);
            }
        }
        SshTarget target;
        try {
            target = SshTarget.of(host);
        } catch (InvalidValueException e) {
            return HostFacts.failed(host.name(), Instant.now(), false, e.getMessage());
        }
        try {
            return probe.probe(new SshConnector(settings, prompts), target);
        } catch (TransportException e) {
            return HostFacts.failed(host.name(), Instant.now(), false, e.getMessage());
        }
    }
}
