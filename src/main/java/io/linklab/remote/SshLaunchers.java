package io.linklab.remote;

import com.jcraft.jsch.ChannelExec;
import com.jcraft.jsch.JSchException;
import io.linklab.concurrent.DaemonThreads;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Logger;

/**
 * Exec channels opened ahead of the commands to come, whose login shell has started and whose small launcher
 * waits for a command line on stdin (decision record 0202): sshd starts every channel's command through the
 * login's shell, and on a host whose .bashrc sets up pyenv or conda that is 0.1 s or more per command.
 */
final class SshLaunchers {

    /** Launchers a transport opens ahead at most: each holds a channel and a waiting sh on the host. */
    static final int MAX_WARM = 4;

    /**
     * Run as {@code sh -c LAUNCHER MARKER} (MARKER only names the launcher in the host's process list).
     * Reads a terminator line, new and random for each command and sent only on stdin, then collects lines
     * until one equals it and runs what it collected as {@code exec <lines>} - the command line that would
     * otherwise have gone to the login shell, quoted the same way. No argument, and nothing a host's user
     * sees, can end the collection early. sh's read takes one byte at a time from a pipe, so nothing after
     * the terminator is consumed: the command's wrapper inherits the channel's stdin untouched, for its
     * watchdog. "TERMINATOR run" instead runs the lines as a brief command ({@link SshTransport#runBrief})
     * without stdin, writes "TERMINATOR end STATUS" to stdout and stderr, and waits for the next command. At
     * end of file (the channel closed while idle) it just ends.
     */
    static final String LAUNCHER = """
            while IFS= read -r t; do
              l=
              while IFS= read -r x; do
                if [ "$x" = "$t" ]; then eval "exec $l"; fi
                if [ "$x" = "$t run" ]; then
                  (eval "$l") </dev/null; s=$?
                  echo "$t end $s"; echo "$t end $s" >&2
                  continue 2
                fi
                l="$l$x
            "
              done
              exit 0
            done
            """;

    private static final Logger LOG = Logger.getLogger(SshLaunchers.class.getName());
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final ExecutorService WARMING =
            Executors.newCachedThreadPool(DaemonThreads.named("linklab-ssh-warm"));

    private final SshConnections connections;
    private final String hostLabel;
    private final String marker;
    private final Object lock = new Object();
    /** Idle launchers, oldest (most likely ready) first; guarded by {@link #lock}. */
    private final Deque<Launcher> warm = new ArrayDeque<>();
    /** Commands announced by {@link #expect} and not started yet; guarded by {@link #lock}. */
    private int expected;
    /** Launchers being opened; guarded by {@link #lock}. */
    private int warming;
    /** Launchers told to end (end of file on their stdin) whose channel has not closed yet; guarded by {@link #lock}. */
    private final List<Launcher> retiring = new ArrayList<>();

    private volatile boolean closed;

    /** An exec channel whose launcher waits for a command line. */
    record Launcher(
            SshConnections.Pooled pooled,
            ChannelExec channel,
            OutputStream stdin,
            HeldOutput out,
            HeldOutput err,
            AtomicBoolean released) {
        Launcher(
                SshConnections.Pooled pooled, ChannelExec channel, OutputStream stdin, HeldOutput out, HeldOutput err) {
            this(pooled, channel, stdin, out, err, new AtomicBoolean());
        }

        boolean usable() {
            return pooled.session().isConnected() && !channel.isClosed() && !channel.isEOF();
        }

        /** Sends one command line, ended by {@code end} ("T" to exec it, "T run" to run it briefly). */
        void send(String terminator, String line, String end) throws IOException {
            stdin.write((terminator + "\n" + line + "\n" + end + "\n").getBytes(StandardCharsets.UTF_8));
            stdin.flush();
        }

        /** Closing the channel ends the idle launcher on the host (its read sees end of file). */
        void discard() {
            channel.disconnect();
            if (released.compareAndSet(false, true)) {
                pooled.channels.decrementAndGet();
            }
        }
    }

    SshLaunchers(SshConnections connections, String hostLabel) {
        this.connections = connections;
        this.hostLabel = hostLabel;
        byte[] id = new byte[9];
        RANDOM.nextBytes(id);
        this.marker = "linklab-go-" + HexFormat.of().formatHex(id);
    }

    /** What an idle launcher's command line on the host contains. */
    String marker() {
        return marker;
    }

    boolean closed() {
        return closed;
    }

    /** A launcher's terminator line for one command: random, so that no line of the command can equal it. */
    static String terminator() {
        byte[] id = new byte[12];
        RANDOM.nextBytes(id);
        return "linklab-" + HexFormat.of().formatHex(id);
    }

    /** Launchers for the next {@code commands} commands (see {@link SshTransport#prepareFor}). */
    void expect(int commands) {
        synchronized (lock) {
            expected = closed ? 0 : Math.max(0, commands);
        }
        warmUp();
    }

    /** One announced command starts now. */
    void commandStarting() {
        synchronized (lock) {
            expected = Math.max(0, expected - 1);
        }
    }

    int idle() {
        synchronized (lock) {
            return warm.size();
        }
    }

    /** Ends every idle and retiring launcher at once by closing its channel. */
    void discardIdle() {
        List<Launcher> idle;
        synchronized (lock) {
            idle = new ArrayList<>(warm);
            warm.clear();
            idle.addAll(retiring);
            retiring.clear();
        }
        idle.forEach(Launcher::discard);
    }

    /**
     * Ends a launcher through its stdin and keeps its channel until the host closes it, so that we know
     * when the launcher (and a brief command it may still run, or the login shell it may still wait for)
     * is gone.
     */
    void retire(Launcher l) {
        SshConnections.endInput(l.channel);
        synchronized (lock) {
            retiring.add(l);
        }
    }

    /** Forgets retired launchers whose channel closed, so their channels no longer count; true when none is left. */
    boolean sweepRetired() {
        synchronized (lock) {
            retiring.removeIf(l -> {
                if (l.channel.isClosed() || !l.pooled.session().isConnected()) {
                    l.discard();
                    return true;
                }
                return false;
            });
            return retiring.isEmpty();
        }
    }

    /** Opens launchers in the background until every expected command (up to {@link #MAX_WARM}) has one. */
    void warmUp() {
        synchronized (lock) {
            while (!closed && warm.size() + warming < Math.min(expected, MAX_WARM)) {
                warming++;
                WARMING.execute(this::openLauncher);
            }
        }
    }

    private void openLauncher() {
        Launcher l = newLauncher();
        boolean keep;
        synchronized (lock) {
            warming--;
            keep = l != null && !closed;
            if (keep) {
                warm.addLast(l);
            } else if (l != null) {
                retiring.add(l); // before close() looks: it waits for this one too
            }
            lock.notifyAll();
        }
        if (!keep && l != null) {
            SshConnections.endInput(l.channel);
        }
    }

    /** A new launcher channel, or null if none could be opened (the caller goes on without). */
    private Launcher newLauncher() {
        try {
            sweepRetired();
            SshConnections.Pooled p = connections.pick();
            HeldOutput out = new HeldOutput();
            HeldOutput err = new HeldOutput();
            ChannelExec ch = SshConnections.openExec(
                    p, "exec " + ShellQuote.join(List.of("sh", "-c", LAUNCHER, marker)), out, err);
            try {
                return new Launcher(p, ch, ch.getOutputStream(), out, err);
            } catch (IOException e) {
                ch.disconnect();
                p.channels.decrementAndGet();
                throw e;
            }
        } catch (TransportException | JSchException | IOException e) {
            LOG.fine("no launcher channel on " + hostLabel + ": " + e.getMessage());
            return null;
        }
    }

    /** An idle launcher, else one being opened once it is open, else a new one; null if none can be had. */
    Launcher forBriefCommand() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(SshConnections.CHANNEL_OPEN_TIMEOUT_MS);
        synchronized (lock) {
            while (true) {
                Launcher l = warm.pollFirst();
                if (l != null && l.usable()) {
                    return l;
                }
                if (l != null) {
                    l.discard();
                    continue;
                }
                long left = deadline - System.nanoTime();
                if (warming == 0 || left <= 0 || closed) {
                    break;
                }
                lock.wait(TimeUnit.NANOSECONDS.toMillis(left) + 1);
            }
        }
        return closed ? null : newLauncher();
    }

    /** A launcher whose brief command ended: idle again, ready at once for the next command, unless closed. */
    void giveBack(Launcher l) {
        l.out.release();
        l.err.release();
        synchronized (lock) {
            if (!closed) {
                warm.addFirst(l);
                return;
            }
        }
        retire(l);
    }

    /**
     * Hands the command line to an idle launcher, if one is open, with its output to the two streams: null when
     * there is none (or none that still works), and the caller opens a channel as usual.
     */
    Launcher launch(List<String> argv, OutputStream stdout, OutputStream stderr) {
        while (true) {
            Launcher l;
            synchronized (lock) {
                l = warm.pollFirst();
            }
            if (l == null) {
                return null;
            }
            warmUp();
            if (!l.usable()) {
                l.discard();
                continue;
            }
            try {
                String t = terminator();
                l.send(t, ShellQuote.join(argv), t);
            } catch (IOException e) {
                l.discard();
                continue;
            }
            // Output the command wrote before the sinks were attached (none, unless a .bashrc prints) is held.
            l.out.attach(stdout);
            l.err.attach(stderr);
            return l;
        }
    }

    /**
     * No more launchers: ends the idle ones and waits until they are gone (a launcher whose login shell is
     * still starting goes only once it is done), or the deadline passed.
     */
    void close(long deadline) {
        List<Launcher> idle;
        synchronized (lock) {
            closed = true;
            expected = 0;
            try {
                // one being opened now is retired by openLauncher as soon as it is open
                while (warming > 0 && System.nanoTime() < deadline) {
                    lock.wait(TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()) + 1);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            idle = new ArrayList<>(warm);
            warm.clear();
        }
        idle.forEach(this::retire);
        awaitRetired(deadline);
    }

    /** Launchers again, after a reconnect. */
    void reopen() {
        closed = false;
        warmUp();
    }

    /** Waits until every retired launcher's channel closed, or the deadline passed (then says so). */
    private void awaitRetired(long deadline) {
        try {
            while (true) {
                synchronized (lock) {
                    if (sweepRetired()) {
                        return;
                    }
                    if (System.nanoTime() > deadline || Thread.currentThread().isInterrupted()) {
                        LOG.warning(retiring.size() + " launchers on " + hostLabel + " did not end within "
                                + ProcessGroupTransport.END_ALLOWANCE.toSeconds()
                                + " s (their login shell was still starting); they end when the connection closes");
                        return;
                    }
                    // woken by nothing in particular: a channel's close is seen by polling
                    lock.wait(20);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
