package io.linklab.cli;

import io.linklab.engine.LoginTransports;
import io.linklab.engine.TransportFactory;
import io.linklab.remote.LoginPrompts;
import io.linklab.remote.SshSettings;
import java.nio.file.Path;

/** The CLI's way to reach hosts: SSH with the key options of the command line (asking nothing), or local. */
final class CliTransports {

    private CliTransports() {
    }

    static TransportFactory create(Path identity, Path knownHosts, boolean acceptNew) {
        return new LoginTransports(SshSettings.defaults().withKnownHosts(knownHosts).withIdentity(identity)
                .withAcceptNewHostKeys(acceptNew), LoginPrompts.NONE);
    }
}
