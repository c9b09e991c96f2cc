package io.linklab.engine;

import io.linklab.model.HostSpec;
import io.linklab.remote.LocalTransport;
import io.linklab.remote.LoginPrompts;
import io.linklab.remote.SshConnector;
import io.linklab.remote.SshSettings;
import io.linklab.remote.SshTarget;
import io.linklab.remote.Transport;
import io.linklab.remote.TransportException;

/**
 * The usual {@link TransportFactory}: "local" runs plain processes on this machine (the Loopback lab),
 * anything else logs in over SSH with the given settings, asking through {@code prompts} (the GUI's
 * dialogs, or {@link LoginPrompts#NONE} headless).
 */
public final class LoginTransports implements TransportFactory {

    private final SshSettings settings;
    private final LoginPrompts prompts;
    private SshConnector connector;

    public LoginTransports(SshSettings settings, LoginPrompts prompts) {
        this.settings = settings;
        this.prompts = prompts;
    }

    @Override
    public Transport open(String login) throws TransportException {
        if (HostSpec.LOCAL.equals(login)) {
            return new LocalTransport();
        }
        return connector().connect(SshTarget.parse(login));
    }

    private synchronized SshConnector connector() throws TransportException {
        if (connector == null) {
            connector = new SshConnector(settings, prompts);
        }
        return connector;
    }
}
