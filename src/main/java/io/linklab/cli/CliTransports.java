package io.linklab.cli;

import io.linklab.engine.ParserFactory;
import io.linklab.engine.TransportFactory;
import io.linklab.model.HostSpec;
import io.linklab.remote.LocalTransport;
import io.linklab.remote.LoginPrompts;
import io.linklab.remote.SshConnector;
import io.linklab.remote.SshSettings;
import io.linklab.remote.SshTarget;
import io.linklab.remote.TransportException;
import io.linklab.tools.Parsers;
import java.nio.file.Path;

/** The CLI's way to reach hosts: SSH with the key options of the command line, or local processes. */
final class CliTransports {

    private CliTransports() {
    }

    static TransportFactory create(Path identity, Path knownHosts, boolean acceptNew) {
        SshSettings settings = SshSettings.defaults().withKnownHosts(knownHosts).withIdentity(identity)
                .withAcceptNewHostKeys(acceptNew);
        return new TransportFactory() {
            private SshConnector connector;

            @Override
            public io.linklab.remote.Transport open(String login) throws TransportException {
                if (HostSpec.LOCAL.equals(login)) {
                    return new LocalTransport();
                }
                return connector().connect(SshTarget.parse(login));
            }

            private synchronized SshConnector connector() throws TransportException {
                if (connector == null) {
                    connector = new SshConnector(settings, LoginPrompts.NONE);
                }
                return connector;
            }
        };
    }

    static ParserFactory parsers() {
        return (tool, sink) -> Parsers.forLive(tool, false, sink);
    }
}
