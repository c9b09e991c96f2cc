package io.linklab.remote;

import com.jcraft.jsch.Channel;
import com.jcraft.jsch.ChannelExec;
import com.jcraft.jsch.JSchException;
import com.jcraft.jsch.Session;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The SSH connections of one host and the channels open on each: a channel goes to the first connection with
 * fewer than {@link #CHANNELS_PER_SESSION} open (sshd's MaxSessions is 10 by default), else to a new one.
 */
final class SshConnections {

    /** Below sshd's default MaxSessions (10), leaving room for the kill commands of a cancel. */
    static final int CHANNELS_PER_SESSION = 8;

    static final int CHANNEL_OPEN_TIMEOUT_MS = 5000;

    private final SshConnector connector;
    private final SshConnector.Resolved target;
    private final List<Pooled> pool = new ArrayList<>();

    /** One connection and the channels it has open. */
    static final class Pooled {
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

    SshConnections(SshConnector connector, SshConnector.Resolved target) {
        this.connector = connector;
        this.target = target;
    }

    /** Logs in once more and adds the connection to the pool. */
    void open() throws TransportException {
        Pooled p = new Pooled(connector.open(target));
        synchronized (pool) {
            pool.add(p);
        }
    }

    boolean isConnected() {
        synchronized (pool) {
            return pool.stream().anyMatch(p -> p.connection.isConnected());
        }
    }

    int connectedCount() {
        synchronized (pool) {
            return (int) pool.stream().filter(p -> p.connection.isConnected()).count();
        }
    }

    /** A connection with room for one more channel, opening one when all are full. */
    Pooled pick() throws TransportException {
        synchronized (pool) {
            pool.removeIf(p -> !p.connection.isConnected() && p.channels.get() == 0);
            for (Pooled p : pool) {
                if (p.connection.isConnected() && !p.full && p.channels.get() < CHANNELS_PER_SESSION) {
                    return p;
                }
            }
            if (pool.stream().noneMatch(p -> p.connection.isConnected())) {
                throw new TransportException(
                        TransportException.Kind.CONNECTION_LOST, lost() + ". Reconnect to go on.", null);
            }
            Pooled p = new Pooled(connector.open(target));
            pool.add(p);
            return p;
        }
    }

    /** Empties the pool and gives back what it held, for the caller to close. */
    List<Pooled> takeAll() {
        synchronized (pool) {
            List<Pooled> old = new ArrayList<>(pool);
            pool.clear();
            return old;
        }
    }

    /** Closes connections; their channels close with them, and the watchdog on the host kills what still runs. */
    static void close(List<Pooled> connections) {
        connections.forEach(p -> p.connection.close());
    }

    String lost() {
        return "the SSH connection to " + target.label() + " was lost (no answer for "
                + connector.settings().lostAfter().toSeconds() + " s, or the server closed it)";
    }

    /** True when sshd confirms a new session channel within {@code timeout}. */
    boolean answers(Duration timeout) {
        Pooled p;
        try {
            p = pick();
        } catch (TransportException e) {
            return false;
        }
        // sshd confirms a session channel before any request on it: no command, no login shell runs.
        p.channels.incrementAndGet();
        Channel ch = null;
        try {
            ch = p.session().openChannel("session");
            ch.connect((int) Math.max(1, Math.min(Integer.MAX_VALUE, timeout.toMillis())));
            return true;
        } catch (JSchException e) {
            return false;
        } finally {
            if (ch != null) {
                ch.disconnect();
            }
            p.channels.decrementAndGet();
        }
    }

    /**
     * An exec channel on {@code p}, counted against it, running {@code command} with its output to the two
     * streams; on failure uncounted and closed again. No input stream is set: the remote stdin stays open
     * until the channel closes or we send end of file (the dispatcher's cue to end every command).
     *
     * <p>A failed {@code connect} of JSch 2.28.8 never closes the channel on the server: once the open was
     * confirmed, a timed-out exec request (a busy host) leaves sshd running the host session's dispatcher,
     * with nobody listening, its stdin open for good. End of file on that stdin still reaches it (the
     * channel's stream works without the connect), and the dispatcher then ends.
     */
    static ChannelExec openExec(Pooled p, String command, OutputStream stdout, OutputStream stderr)
            throws JSchException {
        p.channels.incrementAndGet();
        ChannelExec ch = null;
        try {
            ch = (ChannelExec) p.session().openChannel("exec");
            ch.setCommand(command);
            ch.setOutputStream(stdout, false);
            ch.setExtOutputStream(stderr, false);
            ch.connect(CHANNEL_OPEN_TIMEOUT_MS);
            return ch;
        } catch (JSchException | RuntimeException e) {
            p.channels.decrementAndGet();
            if (ch != null) {
                endInput(ch);
                ch.disconnect();
            }
            throw e;
        }
    }

    /** Sends end of file on the channel's stdin: what the host session's dispatcher ends on. */
    static void endInput(ChannelExec ch) {
        try {
            ch.getOutputStream().close();
        } catch (IOException e) {
            // the channel or the connection is gone: the host saw the end of the stdin already
        }
    }
}
