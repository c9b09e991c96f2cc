package io.linklab.remote;

import com.jcraft.jsch.JSchException;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Commands on one host over SSH. One connection serves many commands, one exec channel each; when a
 * connection has {@link SshConnections#CHANNELS_PER_SESSION} channels open another is opened
 * ({@link SshConnections}). Commands get no PTY: stdout and stderr stay apart, and the wrapper's watchdog
 * (not a PTY hangup) kills a command whose channel closes (decision record 0200).
 *
 * <p>sshd starts every channel's command through the login's shell, and bash run by sshd reads
 * ~/.bashrc: on a host whose .bashrc sets up pyenv or conda that is 0.1 s or more per command, paid
 * before the command even starts. {@link #prepareFor} has that paid ahead: it opens channels for the
 * commands to come, whose shell starts at once and whose small launcher then waits for a command line on
 * stdin ({@link SshLaunchers}, decision record 0202).
 */
public final class SshTransport extends ProcessGroupTransport {

    /** How long a brief command may run: it is bounded on the host too ({@code timeout}), as it has no watchdog. */
    static final Duration BRIEF_LIMIT = Duration.ofSeconds(20);

    private final SshConnector.Resolved target;
    private final SshConnections connections;
    private final SshLaunchers launchers;

    SshTransport(SshConnector connector, SshConnector.Resolved target) {
        this.target = target;
        this.connections = new SshConnections(connector, target);
        this.launchers = new SshLaunchers(connections, target.label());
    }

    /**
     * The first connection. Nothing is run at login: the login's uid is asked when a command first needs
     * root, and the sweep of run folders earlier sessions left behind comes with it or with the cleanup.
     */
    void open() throws TransportException {
        connections.open();
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
        if (launchers.closed()) {
            throw new TransportException("the connection to " + hostLabel() + " was closed");
        }
        launchers.commandStarting();
        SshLaunchers.Launcher warm = launchers.launch(argv, stdout, stderr);
        if (warm != null) {
            return new SshChannelExecution(warm.pooled(), warm.channel(), this::gone);
        }
        // The login shell sees only quoted words; exec so no extra shell stays between sshd and the command.
        String line = "exec " + ShellQuote.join(argv);
        for (int attempt = 0; attempt < 3; attempt++) {
            SshConnections.Pooled p = pick();
            try {
                return new SshChannelExecution(p, SshConnections.openExec(p, line, stdout, stderr), this::gone);
            } catch (JSchException e) {
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
        return launchers.closed() ? "the connection to " + hostLabel() + " was closed" : connections.lost();
    }

    private SshConnections.Pooled pick() throws TransportException {
        launchers.sweepRetired();
        return connections.pick();
    }

    @Override
    public boolean answers(Duration timeout) {
        launchers.sweepRetired();
        return connections.answers(timeout);
    }

    /**
     * Opens launchers for the next {@code commands} commands (at most {@link SshLaunchers#MAX_WARM} at a time;
     * as they are taken, more open until that many commands have started), so that their login shells start
     * now. Call it as soon as the commands are known (a run's logins): the first may still wait for its
     * launcher's shell, the ones after that find theirs ready. No launcher is opened beyond the commands
     * announced, so nothing runs on the host for nothing while a test measures. A new call replaces the
     * count; 0 opens no more (launchers already open still serve commands until {@link #close()}).
     */
    @Override
    public void prepareFor(int commands) {
        launchers.expect(commands);
    }

    /** Launchers waiting for a command, for tests. */
    int idleLaunchers() {
        return launchers.idle();
    }

    /** What an idle launcher's command line on the host contains, for tests that list processes. */
    String launcherMarker() {
        return launchers.marker();
    }

    /**
     * Runs a short command of our own in a launcher and gives the launcher back: no channel, no login
     * shell of its own - a run's probe costs the host nothing beyond the launcher its server or client
     * takes next. It waits for a launcher that is being opened rather than open another. Not for any
     * command: it runs without the process-group wrapper, so it is bounded on the host with
     * {@code timeout} ({@link #BRIEF_LIMIT}) instead of killed with its group; and without stdin.
     */
    @Override
    public CommandResult runBrief(RemoteCommand command, Duration timeout)
            throws TransportException, InterruptedException {
        if (launchers.closed() || needsSudo(command)) {
            return run(command, timeout);
        }
        SshLaunchers.Launcher l = launchers.forBriefCommand();
        if (l == null) {
            return run(command, timeout);
        }
        String t = SshLaunchers.terminator();
        String end = t + " end ";
        BriefOutput out = new BriefOutput(end);
        BriefOutput err = new BriefOutput(end);
        l.out().attach(out);
        l.err().attach(err);
        List<String> argv = new ArrayList<>(List.of("timeout", "-k", "2", String.valueOf(BRIEF_LIMIT.toSeconds())));
        argv.addAll(command.argv());
        try {
            l.send(t, ShellQuote.join(argv), t + " run");
        } catch (IOException e) {
            l.discard();
            return run(command, timeout);
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!(out.ended.await(10, TimeUnit.MILLISECONDS) && err.ended.await(10, TimeUnit.MILLISECONDS))) {
            if (!l.usable()) {
                l.discard();
                if (!isConnected()) {
                    throw new TransportException(
                            TransportException.Kind.CONNECTION_LOST,
                            connections.lost() + " while running '" + command.description() + "'",
                            null);
                }
                throw new TransportException(
                        "the launcher on " + hostLabel() + " ended while running '" + command.description() + "'");
            }
            if (System.nanoTime() > deadline) {
                launchers.retire(l); // the host's timeout ends the command, then the launcher sees the end of its stdin
                return new CommandResult(-1, out.collected.text(), err.collected.text(), true);
            }
        }
        launchers.giveBack(l);
        return new CommandResult(out.status, out.collected.text(), err.collected.text(), false);
    }

    @Override
    public void reconnect() throws TransportException {
        dropConnections();
        connections.open();
        launchers.reopen();
    }

    @Override
    protected void prepareForCleanup() throws TransportException {
        if (!isConnected()) {
            reconnect();
        }
    }

    /** Drops every connection without killing anything: what a crash of LinkLab looks like to the host. */
    void dropConnections() {
        List<SshConnections.Pooled> old = connections.takeAll();
        launchers.discardIdle();
        SshConnections.close(old);
    }

    int connectionCount() {
        return connections.connectedCount();
    }

    /**
     * Kills what still runs (when the connection is up; otherwise the host's watchdogs do it as the
     * connection closes), removes the run folder, ends the idle launchers and waits for them to go (a
     * launcher whose login shell is still starting goes only once it is done), and disconnects.
     */
    @Override
    public void close() {
        if (!launchers.closed() && isConnected() && startedSinceCleanup()) {
            quietCleanup();
        }
        launchers.close(System.nanoTime() + END_ALLOWANCE.toNanos());
        dropConnections();
    }
}
