package io.linklab.remote;

import java.io.OutputStream;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Logger;

/**
 * What SSH and local transports share: every command runs under {@link ProcessGroups#WRAPPER} with a
 * pid file in this transport's run folder ({@code /tmp/linklab-<run id>/}), so cancel, timeout and
 * {@link #cleanup()} can kill its whole process group; privileged commands go through {@code sudo -n}
 * unless the login is root.
 */
abstract class ProcessGroupTransport implements Transport {

    /**
     * How long a host's login shell may take to start a command. sshd starts every command through it, and
     * a .bashrc that runs pyenv or conda costs 0.1 s on an idle host but serialises on pyenv's rehash lock:
     * on the 2-core lab host under load one command took 7 s to start and ten at once 18-59 s.
     */
    static final Duration START_ALLOWANCE = Duration.ofSeconds(60);
    /** How long a command told to end may take to report it: its start, then 2 s TERM grace and the KILL. */
    static final Duration END_ALLOWANCE = START_ALLOWANCE.plusSeconds(5);
    /** How long the kill and cleanup scripts may take: their start, 2 s TERM grace, 1 s after KILL, margin. */
    static final Duration CONTROL_TIMEOUT = START_ALLOWANCE.plusSeconds(15);
    /** Output kept by {@link #run}, per stream: enough for any probe, bounded (head and tail) for a runaway command. */
    static final int MAX_COLLECTED_CHARS = 4 * 1024 * 1024;

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Logger LOG = Logger.getLogger(ProcessGroupTransport.class.getName());

    private final String runDir;
    private final AtomicInteger sequence = new AtomicInteger();
    /** The {@link #sequence} value the last complete cleanup covered: nothing started since needs another. */
    private volatile int cleanedUpTo;

    private final Map<String, RemoteCommand> started = new ConcurrentHashMap<>();
    /** Commands whose end has not been seen yet, started or still in the host's login shell. */
    private final Set<GroupedProcess> live = ConcurrentHashMap.newKeySet();

    private volatile Boolean root;
    private volatile boolean usedSudo;

    protected ProcessGroupTransport() {
        byte[] id = new byte[6];
        RANDOM.nextBytes(id);
        // Random so that another LinkLab (or an attacker guessing names in /tmp) cannot collide with it.
        this.runDir = "/tmp/linklab-" + HexFormat.of().formatHex(id);
    }

    /** Starts {@code argv} (not through a shell) with its output bytes written to the two streams. */
    protected abstract Execution execute(List<String> argv, OutputStream stdout, OutputStream stderr)
            throws TransportException;

    /** The login name commands run as, for sudoers advice. */
    protected abstract String loginUser();

    /** The folder on the host holding this transport's pid files. */
    @Override
    public String runDirectory() {
        return runDir;
    }

    @Override
    public RemoteProcess start(RemoteCommand command, LineSink stdout, LineSink stderr) throws TransportException {
        boolean sudo = needsSudo(command);
        int n = sequence.incrementAndGet();
        String pidFile = runDir + "/" + n + (sudo ? ".root" : "") + ".pid";
        GroupedProcess process = new GroupedProcess(this, command, pidFile, sudo, stdout, stderr);
        started.put(pidFile, command);
        if (sudo) {
            usedSudo = true;
        }
        live.add(process);
        Execution execution;
        try {
            execution = execute(
                    ProcessGroups.wrap(pidFile, command.argvAsRun(sudo)),
                    process.stdoutStream(),
                    process.stderrStream());
        } catch (TransportException | RuntimeException e) {
            live.remove(process);
            throw e;
        }
        process.started(execution, "linklab-" + hostLabel() + "-" + n);
        return process;
    }

    /** Called by a process once its end was seen. */
    void ended(GroupedProcess process) {
        live.remove(process);
    }

    @Override
    public CommandResult run(RemoteCommand command, Duration timeout) throws TransportException, InterruptedException {
        Collector out = new Collector();
        Collector err = new Collector();
        RemoteProcess process = start(command, out, err);
        OptionalInt status;
        try {
            status = process.waitFor(timeout);
        } catch (InterruptedException e) {
            process.cancel();
            throw e;
        }
        if (status.isEmpty()) {
            process.cancel();
            return new CommandResult(-1, out.text(), err.text(), true);
        }
        Optional<String> failure = process.failure();
        if (failure.isPresent()) {
            throw new TransportException(
                    process instanceof GroupedProcess g && g.lostConnection()
                            ? TransportException.Kind.CONNECTION_LOST
                            : TransportException.Kind.OTHER,
                    failure.get(),
                    null);
        }
        return new CommandResult(status.getAsInt(), out.text(), err.text(), false);
    }

    @Override
    public String describe(RemoteCommand command) {
        boolean sudo;
        try {
            sudo = needsSudo(command);
        } catch (TransportException e) {
            sudo = command.privileged();
        }
        return command.lineAsRun(sudo);
    }

    /**
     * Kills by pid file what runs, then ends through their stdin the commands a pid file cannot reach yet
     * (the host's login shell still starting them) and waits for every command's end: when it returns,
     * nothing of this transport's commands is left on the host (a command's wrapper that starts after the
     * kill ends it at once and removes the run folder it made).
     */
    @Override
    public List<String> cleanup() throws TransportException, InterruptedException {
        prepareForCleanup();
        int covered = sequence.get();
        List<GroupedProcess> running = new ArrayList<>(live);
        // The sweep of old run folders comes with the kill, unless asking for the uid already did it.
        boolean sweep = !swept;
        CommandResult r;
        try {
            r = runControl(
                    "cleaning up",
                    ProcessGroups.killAll(usedSudo && !Boolean.TRUE.equals(root), runDir, sweep),
                    CONTROL_TIMEOUT);
        } finally {
            running.forEach(GroupedProcess::stop);
        }
        List<String> unended = new ArrayList<>();
        for (GroupedProcess p : running) {
            if (!p.awaitEnd()) {
                unended.add("'" + p.command().description() + "'");
            }
        }
        List<String> killed = new ArrayList<>();
        for (String line : r.stdout().split("\n")) {
            String[] f = line.split(" ");
            if (f.length >= 3 && (f[0].equals("killed") || f[0].equals("survived"))) {
                RemoteCommand c = started.get(f[1]);
                String what = c == null ? f[1] : "'" + c.description() + "' (" + ShellQuote.join(c.argv()) + ")";
                killed.add(
                        f[0].equals("killed")
                                ? "killed " + what + ", process group " + f[2] + ", with " + f[3]
                                : "could not kill " + what + ", process group " + f[2]);
            }
        }
        String check = ". Check with: ps -eo pid,pgid,args | grep -v grep | grep linklab";
        if (r.timedOut()) {
            throw new TransportException("cleanup on " + hostLabel() + " did not finish within "
                    + CONTROL_TIMEOUT.toSeconds() + " s (the host's login shell may take that long to start it)"
                    + (killed.isEmpty() ? "" : ": " + String.join("; ", killed)) + check);
        }
        if (r.exitStatus() != 0) {
            throw new TransportException("cleanup on " + hostLabel() + " did not finish (exit status " + r.exitStatus()
                    + "): " + String.join("; ", killed) + " " + r.stderr().trim() + check);
        }
        if (!unended.isEmpty()) {
            throw new TransportException("cleanup on " + hostLabel() + ": " + String.join(", ", unended)
                    + " did not end within " + END_ALLOWANCE.toSeconds() + " s (the host's login shell had not"
                    + " started them yet; their watchdog ends them when it does)" + check);
        }
        started.clear();
        cleanedUpTo = covered;
        swept |= sweep;
        return killed;
    }

    /**
     * Whether a command was started since the last complete {@link #cleanup()}: only then can something of
     * ours still run or the run folder exist (the folder is made by the first wrapped command), so close()
     * spares a second round trip right after the run's own cleanup.
     */
    protected boolean startedSinceCleanup() {
        return sequence.get() != cleanedUpTo;
    }

    /** {@link #cleanup()} for close(): what it kills is logged, a failure too, nothing is thrown. */
    protected void quietCleanup() {
        try {
            for (String killed : cleanup()) {
                LOG.info(hostLabel() + ": " + killed);
            }
        } catch (TransportException e) {
            LOG.warning(e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Reconnects when needed before a cleanup; local processes need nothing. */
    protected void prepareForCleanup() throws TransportException {}

    /** Kills the process groups of the given processes (TERM, 2 s, KILL) through a separate command. */
    void killGroups(List<GroupedProcess> processes) throws TransportException, InterruptedException {
        List<String> files = processes.stream().map(GroupedProcess::pidFile).toList();
        boolean sudo = files.stream().anyMatch(f -> f.endsWith(".root.pid")) && !Boolean.TRUE.equals(root);
        CommandResult r = runControl("killing " + processes, ProcessGroups.killGroups(sudo, files), CONTROL_TIMEOUT);
        if (r.timedOut()) {
            throw new TransportException(
                    "killing " + processes + " did not finish within " + CONTROL_TIMEOUT.toSeconds() + " s");
        }
        if (r.exitStatus() != 0) {
            throw new TransportException("killing " + processes + " did not finish (exit status " + r.exitStatus()
                    + "): " + r.stdout().trim() + " " + r.stderr().trim());
        }
    }

    // Where sudo will find a program: its secure_path (Debian's order; RHEL's holds the same files), so the
    // advice names the path a sudoers rule must match.
    private static final String SUDO_WHICH = """
            for p in "$@"; do
              for d in /usr/local/sbin /usr/local/bin /usr/sbin /usr/bin /sbin /bin; do
                if [ -x "$d/$p" ]; then echo "$d/$p"; continue 2; fi
              done
              echo "$p"
            done
            """;

    /** The message for a privileged command that sudo refused to run without a password. */
    String sudoAdvice(RemoteCommand command) {
        String user = loginUser();
        String rule;
        if (SudoHelpers.isMtuChange(command.argv())) {
            // the helpers alone: a rule for ip would allow far more ("ip netns exec" is any command as root)
            rule = SudoHelpers.sudoersLine(user) + " (install linklab-mtu and linklab-kill there first: from the"
                    + " linklab package, or LinkLab's installer/linux, root-owned in " + SudoHelpers.DIR + ")";
        } else {
            String program = command.argv().get(0);
            try {
                CommandResult r = runControl(
                        "looking up " + program, List.of("sh", "-c", SUDO_WHICH, "sh", program), Duration.ofSeconds(5));
                if (r.exitStatus() == 0 && !r.stdout().isBlank()) {
                    program = r.stdout().trim();
                }
            } catch (TransportException e) {
                // keep the bare name: the advice is still right, only less precise
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            rule = user + " ALL=(root) NOPASSWD: " + program + ", " + SudoHelpers.DIR + "/" + SudoHelpers.KILL
                    + " (linklab-kill lets LinkLab stop what it started as root)";
        }
        return "'" + command.description() + "' needs root on " + hostLabel() + " and sudo there wants a password"
                + " for " + user + " (LinkLab runs sudo -n and never types passwords). Allow this command without"
                + " a password: run 'visudo -f /etc/sudoers.d/linklab' on " + hostLabel() + " and add the line: "
                + rule + ".";
    }

    boolean needsSudo(RemoteCommand command) throws TransportException {
        return command.privileged() && !isRoot();
    }

    private final Object rootLock = new Object();
    /** Whether this transport's sweep of stale run folders ran (it runs once: with the uid, or at cleanup). */
    private volatile boolean swept;

    /** Whether the sweep of stale run folders has run (what a test can see of it on a host that others sweep too). */
    boolean swept() {
        return swept;
    }

    private List<String> sweepArgv() {
        return List.of("sh", "-c", ProcessGroups.SWEEP, "linklab-sweep", runDir);
    }

    /**
     * Whether the login is root (then privileged commands run directly); asked once, when a command first
     * needs root. The same command sweeps away run folders earlier sessions left behind.
     */
    boolean isRoot() throws TransportException {
        synchronized (rootLock) {
            Boolean r = root;
            if (r == null) {
                try {
                    CommandResult id = runControl("asking for the login's uid", sweepArgv(), Duration.ofSeconds(20));
                    if (id.timedOut() || id.exitStatus() != 0) {
                        throw new TransportException("'id -u' failed on " + hostLabel() + ": "
                                + id.stderr().trim());
                    }
                    swept = true;
                    r = id.stdout().lines().findFirst().orElse("").trim().equals("0");
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new TransportException("interrupted while asking " + hostLabel() + " for the login's uid");
                }
                root = r;
            }
            return r;
        }
    }

    /**
     * Runs one of our own fixed control commands (kill, cleanup, id) directly, without the wrapper:
     * they end on their own within their bounded loops.
     */
    CommandResult runControl(String what, List<String> argv, Duration timeout)
            throws TransportException, InterruptedException {
        return beginControl(what, argv).finish(timeout);
    }

    /** Starts one of our control commands; {@link Control#finish} collects its result. */
    Control beginControl(String what, List<String> argv) throws TransportException {
        return new Control(what, argv);
    }

    /** A control command under way. */
    final class Control {
        private final String what;
        private final Collector out = new Collector();
        private final Collector err = new Collector();
        private final CountDownLatch closed = new CountDownLatch(2);
        private final Execution x;

        private Control(String what, List<String> argv) throws TransportException {
            this.what = what;
            LineSplitter o = new LineSplitter(out::line, closed::countDown);
            LineSplitter e = new LineSplitter(err::line, closed::countDown);
            this.x = execute(argv, o, e);
        }

        CommandResult finish(Duration timeout) throws TransportException, InterruptedException {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (!x.ended()) {
                if (System.nanoTime() > deadline) {
                    x.abandon();
                    return new CommandResult(-1, out.text(), err.text(), true);
                }
                Thread.sleep(10);
            }
            closed.await(500, TimeUnit.MILLISECONDS);
            Optional<String> lost = x.lostConnection();
            if (lost.isPresent()) {
                throw new TransportException(
                        TransportException.Kind.CONNECTION_LOST, lost.get() + " while " + what, null);
            }
            if (x.exitStatus() < 0) {
                throw new TransportException("'" + what + "' on " + hostLabel() + " ended without an exit status:"
                        + " killed by a signal from outside LinkLab, or sshd closed its channel. "
                        + err.text().trim());
            }
            return new CommandResult(x.exitStatus(), out.text(), err.text(), false);
        }
    }

    /** A command's collected output: the first and the last lines, within {@link #MAX_COLLECTED_CHARS}. */
    static final class Collector implements LineSink {
        private final BoundedLines lines = new BoundedLines(MAX_COLLECTED_CHARS);

        @Override
        public void line(String line) {
            lines.line(line);
        }

        String text() {
            return lines.text();
        }
    }
}
