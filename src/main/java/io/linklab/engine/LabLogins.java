package io.linklab.engine;

import io.linklab.model.HostSpec;
import io.linklab.model.Topology;
import io.linklab.remote.LocalTransport;
import io.linklab.remote.LoginPrompts;
import io.linklab.remote.SshConnector;
import io.linklab.remote.SshSettings;
import io.linklab.remote.SshTarget;
import io.linklab.remote.Transport;
import io.linklab.remote.TransportException;

/**
 * The one way LinkLab logs in to a host, for the command line and the window alike: "local" runs plain processes
 * on this machine (the Loopback lab); a login that names a host of the lab logs in as that host is drawn (its key
 * file, port and jump host); anything else logs in over SSH as the login says, asking through {@code prompts}
 * (the window's dialogs, or {@link LoginPrompts#NONE} headless).
 */
public final class LabLogins implements TransportFactory {

    private final SshSettings settings;
    private final LoginPrompts prompts;
    private final Topology lab;
    private SshConnector connector;

    /** Logins as given, with no lab to look them up in (`linklab test`, `probe`, `tune`, `matrix --hosts`). */
    public LabLogins(SshSettings settings, LoginPrompts prompts) {
        this(settings, prompts, null);
    }

    /** Logins looked up in {@code lab} first (null: none), so its hosts' key files and jump hosts apply. */
    public LabLogins(SshSettings settings, LoginPrompts prompts, Topology lab) {
        this.settings = settings;
        this.prompts = prompts;
        this.lab = lab;
    }

    @Override
    public Transport open(String login) throws TransportException {
        if (HostSpec.LOCAL.equals(login)) {
            return new LocalTransport();
        }
        return connector().connect(target(login));
    }

    /** Where {@code login} logs in: as its lab host is drawn, else as the login itself says. */
    public SshTarget target(String login) {
        if (lab != null) {
            for (HostSpec h : lab.hosts()) {
                if (login.equals(h.login())) {
                    return SshTarget.of(h);
                }
            }
        }
        return SshTarget.parse(login);
    }

    private synchronized SshConnector connector() throws TransportException {
        if (connector == null) {
            connector = new SshConnector(settings, prompts);
        }
        return connector;
    }
}
