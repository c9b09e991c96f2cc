package io.linklab.remote;

import com.jcraft.jsch.JSchException;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;
import java.util.List;

/**
 * Commands on one host over SSH, all started through one host session per connection ({@link SshHostSession},
 * decision record 0203): sshd starts every channel's command through the login's shell, and bash run by sshd
 * reads ~/.bashrc, which on a host that sets up pyenv or conda costs up to a second of CPU. The session's
 * channel opens at login, so that shell runs once per host, while the other host logs in. Commands get no PTY:
 * stdout and stderr stay apart, and the wrapper's watchdog kills a command whose stdin ends (decision record 0200).
 */
public final class SshTransport extends ProcessGroupTransport {

    private final SshConnector.Resolved target;
    private final SshConnections connections;
    private final Object sessionLock = new Object();
    /** The host session commands go through; guarded by {@link #sessionLock}. */
    private SshHostSession session;

    private volatile boolean closed;

    SshTransport(SshConnector connector, SshConnector.Resolved target) {
        this.target = target;
        this.connections = new SshConnections(connector, target);
    }

    /**
     * The first connection and its host session, whose login shell starts now, in the background. Nothing
     * else is run at login: the login's uid is asked when a command first needs root, and the sweep of run
     * folders earlier sessions left behind comes with it or with the cleanup.
     */
    void open() throws TransportException {
        connections.open();
        synchronized (sessionLock) {
            session = openSession();
        }
    }

    @Override
    public String hostLabel() {
        return target.label();
    }

    @Override
    protected String loginUser() {
        return target.user();
    }

    /** user@address:port the connection actually went to, after the ssh config was applied. */
    public String resolvedLogin() {
        return target.user() + "@" + target.hostName() + ":" + target.port();
    }

    public boolean isConnected() {
        return connections.isConnected();
    }

    @Override
    protected Execution execute(List<String> argv, OutputStream stdout, OutputStream stderr) throws TransportException {
        if (closed) {
            throw new TransportException("the connection to " + hostLabel() + " was closed");
        }
        SshHostSession s;
        synchronized (sessionLock) {
            if (session == null || !session.usable()) {
                // its dispatcher ended (killed on the host) or its connection dropped: a new one, on a new
                // connection if need be, pays the login shell once more
                if (session != null) {
                    session.close(System.nanoTime());
                }
                session = openSession();
            }
            s = session;
        }
        try {
            return s.start(argv, stdout, stderr);
        } catch (IOException e) {
            if (!s.pooled().session().isConnected()) {
                throw new TransportException(
                        TransportException.Kind.CONNECTION_LOST,
                        connections.lost() + " (starting a command failed: " + e.getMessage() + ")",
                        e);
            }
            throw new TransportException("could not start a command on " + hostLabel() + ": " + e.getMessage(), e);
        }
    }

    private SshHostSession openSession() throws TransportException {
        for (int attempt = 0; attempt < 3; attempt++) {
            SshConnections.Pooled p = connections.pick();
            try {
                return SshHostSession.open(p, this::gone);
            } catch (JSchException | IOException e) {
                if (!p.session().isConnected()) {
                    throw new TransportException(
                            TransportException.Kind.CONNECTION_LOST,
                            connections.lost() + " (opening a channel failed: " + e.getMessage() + ")",
                            e);
                }
                // sshd refused another channel on this connection (MaxSessions): use another connection.
                p.full = true;
            }
        }
        throw new TransportException("sshd on " + hostLabel() + " refuses more channels, even on new connections");
    }

    /** Why a command's connection is gone: closed by us, or lost. */
    private String gone() {
        return closed ? "the connection to " + hostLabel() + " was closed" : connections.lost();
    }

    @Override
    public boolean answers(Duration timeout) {
        return connections.answers(timeout);
    }

    @Override
    public void reconnect() throws TransportException {
        dropConnections();
        connections.open();
        closed = false;
        synchronized (sessionLock) {
            session = openSession();
        }
    }

    @Override
    protected void prepareForCleanup() throws TransportException {
        if (!isConnected()) {
            reconnect();
        }
    }

    /** Drops every connection without killing anything: what a crash of LinkLab looks like to the host. */
    void dropConnections() {
        SshConnections.close(connections.takeAll());
    }

    int connectionCount() {
        return connections.connectedCount();
    }

    /**
     * Kills what still runs (when the connection is up; otherwise the host's watchdogs do it as the
     * connection closes), removes the run folder, ends the host session and waits for it to go (its dispatcher
     * ends every command's stdin and waits for them), and disconnects.
     */
    @Override
    public void close() {
        if (!closed && isConnected() && startedSinceCleanup()) {
            quietCleanup();
        }
        closed = true;
        SshHostSession s;
        synchronized (sessionLock) {
            s = session;
            session = null;
        }
        if (s != null && s.usable()) {
            s.close(System.nanoTime() + END_ALLOWANCE.toNanos());
        }
        dropConnections();
    }
}
