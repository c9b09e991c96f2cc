package io.linklab.remote;

import com.jcraft.jsch.Channel;
import com.jcraft.jsch.ChannelExec;
import com.jcraft.jsch.JSchException;
import com.jcraft.jsch.Session;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Logger;

/**
 * Commands on one host over SSH. One connection serves many commands, one exec channel each; when a
 * connection has {@link #CHANNELS_PER_SESSION} channels open (sshd's MaxSessions is 10 by default) another
 * is opened. Commands get no PTY: stdout and stderr stay apart, and the wrapper's watchdog (not a PTY
 * hangup) kills a command whose channel closes (decision record 0200).
 *
 * <p>sshd starts every channel's command through the login's shell, and bash run by sshd reads
 * ~/.bashrc: on a host whose .bashrc sets up pyenv or conda that is 0.1 s or more per command, paid
 * before the command even starts. {@link #prepareFor} has that paid ahead: it opens channels for the
 * commands to come, whose shell starts at once and whose small launcher then waits for a command line on stdin
 * (decision record 0202).
 */
public final class SshTransport extends ProcessGroupTransport {

    /** Below sshd's default MaxSessions (10), leaving room for the kill commands of a cancel. */
    static final int CHANNELS_PER_SESSION = 8;
    static final int CHANNEL_OPEN_TIMEOUT_MS = 5000;
    /** Launchers a transport opens ahead at most: each holds a channel and a waiting sh on the host. */
    static final int MAX_WARM = 4;

    /**
     * Run as {@code sh -c LAUNCHER MARKER} (MARKER only names the launcher in the host's process list).
     * Reads a terminator line, new and random for each command and sent only on stdin, then collects lines
     * until one equals it and runs what it collected as {@code exec <lines>} - the command line that would
     * otherwise have gone to the login shell, quoted the same way. No argument, and nothing a host's user
     * sees, can end the collection early. sh's read takes one byte at a time from a pipe, so nothing after
     * the terminator is consumed: the command's wrapper inherits the channel's stdin untouched, for its
     * watchdog. "TERMINATOR run" instead runs the lines as a brief command ({@link #runBrief}) without
     * stdin, writes "TERMINATOR end STATUS" to stdout and stderr, and waits for the next command. At end of
     * file (the channel closed while idle) it just ends.
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
    /** How long a brief command may run: it is bounded on the host too ({@code timeout}), as it has no watchdog. */
    static final Duration BRIEF_LIMIT = Duration.ofSeconds(20);

    private static final Logger LOG = Logger.getLogger(SshTransport.class.getName());
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final ExecutorService WARMING = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "linklab-ssh-warm");
        t.setDaemon(true);
        return t;
    });

    private final SshConnector connector;
    private final SshConnector.Resolved target;
    private final List<Pooled> sessions = new ArrayList<>();
    private volatile boolean closed;
    private final String launchMarker;
    /** Idle launchers, oldest (most likely ready) first; guarded by {@link #sessions}. */
    private final Deque<Launcher> warm = new ArrayDeque<>();
    /** Commands announced by {@link #prepareFor} and not started yet; guarded by {@link #sessions}. */
    private int expected;
    /** Launchers being opened; guarded by {@link #sessions}. */
    private int warming;
    /** Launchers told to end (end of file on their stdin) whose channel has not closed yet; guarded by {@link #sessions}. */
    private final List<Launcher> retiring = new ArrayList<>();

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
        byte[] id = new byte[9];
        RANDOM.nextBytes(id);
        this.launchMarker = "linklab-go-" + HexFormat.of().formatHex(id);
    }

    /**
     * The first connection. Nothing is run at login: the login's uid is asked when a command first needs
     * root, and the sweep of run folders earlier sessions left behind comes with it or with the cleanup.
     */
    void open() throws TransportException {
        synchronized (sessions) {
            sessions.add(new Pooled(connector.open(target)));
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
        synchronized (sessions) {
            expected = Math.max(0, expected - 1);
        }
        Execution launched = launchWarm(argv, stdout, stderr);
        if (launched != null) {
            return launched;
        }
        // The login shell sees only quoted words; exec so no extra shell stays between sshd and the command.
        String line = "exec " + ShellQuote.join(argv);
        for (int attempt = 0; attempt < 3; attempt++) {
            Pooled p = pick();
            try {
                return new ChannelExecution(p, openExec(p, line, stdout, stderr));
            } catch (JSchException e) {
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

    /**
     * An exec channel on {@code p}, counted against it, running {@code command} with its output to the two
     * streams; on failure uncounted and closed again. No input stream is set: the remote stdin stays open
     * until the channel closes or we send end of file (the watchdog's cue).
     *
     * <p>A failed {@code connect} of JSch 2.28.8 never closes the channel on the server: once the open was
     * confirmed, a timed-out exec request (a busy host) leaves sshd running the command, or the launcher,
     * with nobody listening, its stdin open for good. End of file on that stdin still reaches it (the
     * channel's stream works without the connect), and the wrapper's watchdog or the launcher then ends it.
     */
    private static ChannelExec openExec(Pooled p, String command, OutputStream stdout, OutputStream stderr)
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

    @Override
    public boolean answers(Duration timeout) throws InterruptedException {
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

    /** Sends end of file on the channel's stdin: what the wrapper's watchdog and an idle launcher end on. */
    private static void endInput(ChannelExec ch) {
        try {
            ch.getOutputStream().close();
        } catch (IOException e) {
            // the channel or the connection is gone: the host saw the end of the stdin already
        }
    }

    /**
     * Opens launchers for the next {@code commands} commands (at most {@link #MAX_WARM} at a time; as
     * they are taken, more open until that many commands have started), so that their login shells start
     * now. Call it as soon as the commands are known (a run's logins): the first may still wait for its
     * launcher's shell, the ones after that find theirs ready. No launcher is opened beyond the commands
     * announced, so nothing runs on the host for nothing while a test measures. A new call replaces the
     * count; 0 opens no more (launchers already open still serve commands until {@link #close()}).
     */
    @Override
    public void prepareFor(int commands) {
        synchronized (sessions) {
            expected = closed ? 0 : Math.max(0, commands);
        }
        warmUp();
    }

    /** A launcher's terminator line for one command: random, so that no line of the command can equal it. */
    private static String terminator() {
        byte[] id = new byte[12];
        RANDOM.nextBytes(id);
        return "linklab-" + HexFormat.of().formatHex(id);
    }

    /** Launchers waiting for a command, for tests. */
    int idleLaunchers() {
        synchronized (sessions) {
            return warm.size();
        }
    }

    /** What an idle launcher's command line on the host contains, for tests that list processes. */
    String launcherMarker() {
        return launchMarker;
    }

    private void discardIdleLaunchers() {
        List<Launcher> idle;
        synchronized (sessions) {
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
    private void retire(Launcher l) {
        endInput(l.channel);
        synchronized (sessions) {
            retiring.add(l);
        }
    }

    /** Forgets retired launchers whose channel closed; true when none is left. Guarded by {@link #sessions}. */
    private boolean sweepRetired() {
        retiring.removeIf(l -> {
            if (l.channel.isClosed() || !l.pooled.session().isConnected()) {
                l.discard();
                return true;
            }
            return false;
        });
        return retiring.isEmpty();
    }

    /** Opens launchers in the background until every expected command (up to {@link #MAX_WARM}) has one. */
    private void warmUp() {
        synchronized (sessions) {
            while (!closed && warm.size() + warming < Math.min(expected, MAX_WARM)) {
                warming++;
                WARMING.execute(this::openLauncher);
            }
        }
    }

    private void openLauncher() {
        Launcher l = newLauncher();
        boolean keep;
        synchronized (sessions) {
            warming--;
            keep = l != null && !closed;
            if (keep) {
                warm.addLast(l);
            } else if (l != null) {
                retiring.add(l); // before close() looks: it waits for this one too
            }
            sessions.notifyAll();
        }
        if (!keep && l != null) {
            endInput(l.channel);
        }
    }

    /** A new launcher channel, or null if none could be opened (the caller goes on without). */
    private Launcher newLauncher() {
        try {
            Pooled p = pick();
            HeldOutput out = new HeldOutput();
            HeldOutput err = new HeldOutput();
            ChannelExec ch = openExec(p, "exec " + ShellQuote.join(List.of("sh", "-c", LAUNCHER, launchMarker)), out, err);
            try {
                return new Launcher(p, ch, ch.getOutputStream(), out, err);
            } catch (IOException e) {
                ch.disconnect();
                p.channels.decrementAndGet();
                throw e;
            }
        } catch (TransportException | JSchException | IOException e) {
            LOG.fine("no launcher channel on " + hostLabel() + ": " + e.getMessage());
            return null;
        }
    }

    /**
     * Runs a short command of our own in a launcher and gives the launcher back: no channel, no login
     * shell of its own - a run's probe costs the host nothing beyond the launcher its server or client
     * takes next. It waits for a launcher that is being opened rather than open another. Not for any
     * command: it runs without the process-group wrapper, so it is bounded on the host with
     * {@code timeout} ({@link #BRIEF_LIMIT}) instead of killed with its group; and without stdin.
     */
    @Override
    public CommandResult runBrief(RemoteCommand command, Duration timeout) throws TransportException,
            InterruptedException {
        if (closed || needsSudo(command)) {
            return run(command, timeout);
        }
        Launcher l = briefLauncher();
        if (l == null) {
            return run(command, timeout);
        }
        String t = terminator();
        String end = t + " end ";
        BriefOutput out = new BriefOutput(end);
        BriefOutput err = new BriefOutput(end);
        l.out.attach(out);
        l.err.attach(err);
        List<String> argv = new ArrayList<>(List.of("timeout", "-k", "2", String.valueOf(BRIEF_LIMIT.toSeconds())));
        argv.addAll(command.argv());
        try {
            l.stdin.write((t + "\n" + ShellQuote.join(argv) + "\n" + t + " run\n").getBytes(StandardCharsets.UTF_8));
            l.stdin.flush();
        } catch (IOException e) {
            l.discard();
            return run(command, timeout);
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!(out.ended.await(10, TimeUnit.MILLISECONDS) && err.ended.await(10, TimeUnit.MILLISECONDS))) {
            if (!l.usable()) {
                l.discard();
                if (!isConnected()) {
                    throw new TransportException(TransportException.Kind.CONNECTION_LOST, lost() + " while running '"
                            + command.description() + "'", null);
                }
                throw new TransportException("the launcher on " + hostLabel() + " ended while running '"
                        + command.description() + "'");
            }
            if (System.nanoTime() > deadline) {
                retire(l); // the host's timeout ends the command, then the launcher sees the end of its stdin
                return new CommandResult(-1, out.collected.text(), err.collected.text(), true);
            }
        }
        l.out.release();
        l.err.release();
        synchronized (sessions) {
            if (!closed) {
                warm.addFirst(l); // ready at once for the next command
                l = null;
            }
        }
        if (l != null) {
            retire(l);
        }
        return new CommandResult(out.status, out.collected.text(), err.collected.text(), false);
    }

    /** An idle launcher, else one being opened once it is open, else a new one; null if none can be had. */
    private Launcher briefLauncher() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(CHANNEL_OPEN_TIMEOUT_MS);
        synchronized (sessions) {
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
                sessions.wait(TimeUnit.NANOSECONDS.toMillis(left) + 1);
            }
        }
        return closed ? null : newLauncher();
    }

    /**
     * A brief command's stdout or stderr: its lines, up to the launcher's end line (which carries the exit
     * status; a last line without a newline comes just before it).
     */
    static final class BriefOutput extends OutputStream {
        final BoundedLines collected = new BoundedLines(MAX_COLLECTED_CHARS);
        final CountDownLatch ended = new CountDownLatch(1);
        volatile int status = -1;
        private final String end;
        private final LineSplitter lines;

        BriefOutput(String end) {
            this.end = end;
            this.lines = new LineSplitter(this::line, () -> { });
        }

        private void line(String line) {
            if (ended.getCount() == 0) {
                return;
            }
            int at = line.indexOf(end);
            if (at < 0) {
                collected.line(line);
                return;
            }
            if (at > 0) {
                collected.line(line.substring(0, at));
            }
            try {
                status = Integer.parseInt(line.substring(at + end.length()).trim());
            } catch (NumberFormatException e) {
                status = -1;
            }
            ended.countDown();
        }

        @Override
        public void write(int b) {
            lines.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            lines.write(b, off, len);
        }
    }

    /**
     * Hands the command line to an idle launcher, if one is open: null when there is none (or none that
     * still works), and the caller opens a channel as usual.
     */
    private Execution launchWarm(List<String> argv, OutputStream stdout, OutputStream stderr) {
        while (true) {
            Launcher l;
            synchronized (sessions) {
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
                l.stdin.write((t + "\n" + ShellQuote.join(argv) + "\n" + t + "\n").getBytes(StandardCharsets.UTF_8));
                l.stdin.flush();
            } catch (IOException e) {
                l.discard();
                continue;
            }
            // Output the command wrote before the sinks were attached (none, unless a .bashrc prints) is held.
            l.out.attach(stdout);
            l.err.attach(stderr);
            return new ChannelExecution(l.pooled, l.channel);
        }
    }

    /** An exec channel whose launcher waits for a command line. */
    private record Launcher(Pooled pooled, ChannelExec channel, OutputStream stdin, HeldOutput out, HeldOutput err,
                            AtomicBoolean released) {
        Launcher(Pooled pooled, ChannelExec channel, OutputStream stdin, HeldOutput out, HeldOutput err) {
            this(pooled, channel, stdin, out, err, new AtomicBoolean());
        }

        boolean usable() {
            return pooled.session().isConnected() && !channel.isClosed() && !channel.isEOF();
        }

        /** Closing the channel ends the idle launcher on the host (its read sees end of file). */
        void discard() {
            channel.disconnect();
            if (released.compareAndSet(false, true)) {
                pooled.channels.decrementAndGet();
            }
        }
    }

    /**
     * A channel's stdout or stderr before its command is known: holds what arrives (bounded) and hands it,
     * and the stream's end, to the command's sink once that is attached.
     */
    static final class HeldOutput extends OutputStream {
        private static final int MAX_HELD = 64 * 1024;
        private ByteArrayOutputStream held = new ByteArrayOutputStream();
        private OutputStream target;
        private boolean ended;

        /** Back to holding, once a brief command's output is complete. */
        synchronized void release() {
            target = null;
            held = new ByteArrayOutputStream();
        }

        synchronized void attach(OutputStream sink) {
            try {
                held.writeTo(sink);
                if (ended) {
                    sink.close();
                }
            } catch (IOException e) {
                // the sinks are in-memory line splitters: they do not fail
            }
            held = null;
            target = sink;
        }

        @Override
        public synchronized void write(int b) throws IOException {
            if (target != null) {
                target.write(b);
            } else if (held.size() < MAX_HELD) {
                held.write(b);
            }
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) throws IOException {
            if (target != null) {
                target.write(b, off, len);
            } else {
                held.write(b, off, Math.min(len, Math.max(0, MAX_HELD - held.size())));
            }
        }

        @Override
        public synchronized void flush() throws IOException {
            if (target != null) {
                target.flush();
            }
        }

        @Override
        public synchronized void close() throws IOException {
            if (target != null) {
                target.close();
            } else {
                ended = true;
            }
        }
    }

    private Pooled pick() throws TransportException {
        synchronized (sessions) {
            sweepRetired();
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
        discardIdleLaunchers();
        old.forEach(p -> p.connection.close());
        SshConnector.Connection c = connector.open(target);
        synchronized (sessions) {
            sessions.add(new Pooled(c));
        }
        closed = false;
        warmUp();
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
        discardIdleLaunchers();
        old.forEach(p -> p.connection.close());
    }

    int connectionCount() {
        synchronized (sessions) {
            return (int) sessions.stream().filter(p -> p.connection.isConnected()).count();
        }
    }

    /**
     * Kills what still runs (when the connection is up; otherwise the host's watchdogs do it as the
     * connection closes), removes the run folder, ends the idle launchers and waits for them to go (a
     * launcher whose login shell is still starting goes only once it is done), and disconnects.
     */
    @Override
    public void close() {
        if (!closed && isConnected() && startedSinceCleanup()) {
            quietCleanup();
        }
        List<Launcher> idle;
        long deadline = System.nanoTime() + END_ALLOWANCE.toNanos();
        synchronized (sessions) {
            closed = true;
            expected = 0;
            try {
                // one being opened now is retired by openLauncher as soon as it is open
                while (warming > 0 && System.nanoTime() < deadline) {
                    sessions.wait(TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()) + 1);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            idle = new ArrayList<>(warm);
            warm.clear();
        }
        idle.forEach(this::retire);
        awaitRetired(deadline);
        List<Pooled> old;
        synchronized (sessions) {
            old = new ArrayList<>(sessions);
            sessions.clear();
        }
        discardIdleLaunchers();
        // Channels close with the session; the watchdog on the host kills what still runs.
        old.forEach(p -> p.connection.close());
    }

    /** Waits until every retired launcher's channel closed, or the deadline passed (then says so). */
    private void awaitRetired(long deadline) {
        try {
            while (true) {
                synchronized (sessions) {
                    if (sweepRetired()) {
                        return;
                    }
                    if (System.nanoTime() > deadline || Thread.currentThread().isInterrupted()) {
                        LOG.warning(retiring.size() + " launchers on " + hostLabel() + " did not end within "
                                + END_ALLOWANCE.toSeconds() + " s (their login shell was still starting); they end"
                                + " when the connection closes");
                        return;
                    }
                    // woken by nothing in particular: a channel's close is seen by polling
                    sessions.wait(20);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
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
        public void endInput() {
            SshTransport.endInput(channel);
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
