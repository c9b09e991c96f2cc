package io.linklab.remote;

import com.jcraft.jsch.ChannelExec;
import com.jcraft.jsch.JSchException;
import com.jcraft.jsch.Session;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Commands on one host over SSH. One connection serves many commands, one exec channel each; when a
 * connection has {@link #CHANNELS_PER_SESSION} channels open (sshd's MaxSessions is 10 by default) another
 * is opened. Commands get no PTY: stdout and stderr stay apart, and the wrapper's watchdog (not a PTY
 * hangup) kills a command whose channel closes (decision record 0200).
 */
public final class SshTransport extends ProcessGroupTransport {

    /** Below sshd's default MaxSessions (10), leaving room for the kill commands of a cancel. */
    static final int CHANNELS_PER_SESSION = 8;
    static final int CHANNEL_OPEN_TIMEOUT_MS = 5000;

    private final SshConnector connector;
    private final SshConnector.Resolved target;
    private final List<Pooled> sessions = new ArrayList<>();
    private volatile boolean closed;

    private static final class Pooled {
        final SshConnector.Connection connection;
        final AtomicInteger channels = new AtomicInteger();
        volatile boolean full;

        Pooled(SshConnector.Connection connection) {
            this.connection = connection;
        }

        Session session() {
            return connection.session();
        }
    }

    SshTransport(SshConnector connector, SshConnector.Resolved target) {
        this.connector = connector;
        this.target = target;
    }

    /** First connection, and the first command (whether the login is root; the sweep of stale run folders). */
    void open() throws TransportException {
        synchronized (sessions) {
            sessions.add(new Pooled(connector.open(target)));
        }
        try {
            // Not waited for here: the caller's first command goes out alongside it.
            beginRootCheck();
        } catch (TransportException e) {
            close();
            throw e;
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
        synchronized (sessions) {
            return sessions.stream().anyMatch(p -> p.connection.isConnected());
        }
    }

    @Override
    protected Execution execute(List<String> argv, OutputStream stdout, OutputStream stderr) throws TransportException {
        if (closed) {
            throw new TransportException("the connection to " + hostLabel() + " was closed");
        }
        // The login shell sees only quoted words; exec so no extra shell stays between sshd and the command.
        String line = "exec " + ShellQuote.join(argv);
        for (int attempt = 0; attempt < 3; attempt++) {
            Pooled p = pick();
            p.channels.incrementAndGet();
            ChannelExec ch = null;
            try {
                ch = (ChannelExec) p.session().openChannel("exec");
                ch.setCommand(line);
                // No input stream: the remote stdin stays open until the channel closes (the watchdog's cue).
                ch.setOutputStream(stdout, false);
                ch.setExtOutputStream(stderr, false);
                ch.connect(CHANNEL_OPEN_TIMEOUT_MS);
                return new ChannelExecution(p, ch);
            } catch (JSchException e) {
                p.channels.decrementAndGet();
                if (ch != null) {
                    ch.disconnect();
                }
                if (!p.session().isConnected()) {
                    throw new TransportException(TransportException.Kind.CONNECTION_LOST,
                            lost() + " (opening a channel failed: " + e.getMessage() + ")", e);
                }
                // sshd refused another channel on this connection (MaxSessions): use another connection.
                p.full = true;
            }
        }
        throw new TransportException("sshd on " + hostLabel() + " refuses more channels, even on new connections");
    }

    private Pooled pick() throws TransportException {
        synchronized (sessions) {
            sessions.removeIf(p -> !p.connection.isConnected() && p.channels.get() == 0);
            for (Pooled p : sessions) {
                if (p.connection.isConnected() && !p.full && p.channels.get() < CHANNELS_PER_SESSION) {
                    return p;
                }
            }
            if (sessions.stream().noneMatch(p -> p.connection.isConnected())) {
                throw new TransportException(TransportException.Kind.CONNECTION_LOST, lost() + ". Reconnect to go on.", null);
            }
            Pooled p = new Pooled(connector.open(target));
            sessions.add(p);
            return p;
        }
    }

    private String lost() {
        return "the SSH connection to " + hostLabel() + " was lost (no answer for "
                + connector.settings().lostAfter().toSeconds() + " s, or the server closed it)";
    }

    @Override
    public void reconnect() throws TransportException {
        List<Pooled> old;
        synchronized (sessions) {
            old = new ArrayList<>(sessions);
            sessions.clear();
        }
        old.forEach(p -> p.connection.close());
        SshConnector.Connection c = connector.open(target);
        synchronized (sessions) {
            sessions.add(new Pooled(c));
        }
        closed = false;
    }

    @Override
    protected void prepareForCleanup() throws TransportException {
        if (!isConnected()) {
            reconnect();
        }
    }

    /** Drops every connection without killing anything: what a crash of LinkLab looks like to the host. */
    void dropConnections() {
        List<Pooled> old;
        synchronized (sessions) {
            old = new ArrayList<>(sessions);
            sessions.clear();
        }
        old.forEach(p -> p.connection.close());
    }

    int connectionCount() {
        synchronized (sessions) {
            return (int) sessions.stream().filter(p -> p.connection.isConnected()).count();
        }
    }

    /**
     * Kills what still runs (when the connection is up; otherwise the host's watchdogs do it as the
     * connection closes), removes the run folder, and disconnects.
     */
    @Override
    public void close() {
        if (!closed && isConnected()) {
            // Let the login's sweep finish rather than cut it off with the connection.
            settleRootCheck();
        }
        if (!closed && isConnected() && startedSinceCleanup()) {
            quietCleanup();
        }
        closed = true;
        List<Pooled> old;
        synchronized (sessions) {
            old = new ArrayList<>(sessions);
            sessions.clear();
        }
        // Channels close with the session; the watchdog on the host kills what still runs.
        old.forEach(p -> p.connection.close());
    }

    private final class ChannelExecution implements Execution {
        private final Pooled pooled;
        private final ChannelExec channel;
        private final AtomicBoolean released = new AtomicBoolean();

        ChannelExecution(Pooled pooled, ChannelExec channel) {
            this.pooled = pooled;
            this.channel = channel;
        }

        @Override
        public boolean ended() {
            boolean ended = channel.isClosed() || !pooled.session().isConnected();
            if (ended) {
                release();
            }
            return ended;
        }

        @Override
        public int exitStatus() {
            return channel.getExitStatus();
        }

        @Override
        public Optional<String> lostConnection() {
            if (channel.getExitStatus() == -1 && !pooled.session().isConnected()) {
                return Optional.of(closed ? "the connection to " + hostLabel() + " was closed" : lost());
            }
            return Optional.empty();
        }

        @Override
        public void abandon() {
            channel.disconnect();
            release();
        }

        private void release() {
            if (released.compareAndSet(false, true)) {
                pooled.channels.decrementAndGet();
            }
        }
    }
}
