package io.linklab.testing;

import io.linklab.concurrent.DaemonThreads;
import io.linklab.remote.CommandResult;
import io.linklab.remote.LineSink;
import io.linklab.remote.RemoteCommand;
import io.linklab.remote.RemoteProcess;
import io.linklab.remote.Transport;
import io.linklab.remote.TransportException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * A host for engine tests without root, sshd or tools: each command is answered by the first rule whose pattern
 * is found in its command line, with scripted output, exit status and delays; a rule may refuse the start, keep
 * its process running until it is stopped, or drop the connection (the process ends without an exit status,
 * the host stops answering and every later command fails with a {@link TransportException}). A command no rule
 * matches fails with exit status 127, so a test never passes on a command it did not expect. Wrap it in a
 * {@link RecordingTransport} to see the order of the commands on both hosts.
 */
public final class ScriptedTransport implements Transport {

    /**
     * What one command does.
     *
     * @param out          lines on stdout, in order
     * @param err          lines on stderr, after stdout's
     * @param exit         the exit status once its lines are out
     * @param delay        how long before its first line (or before a run() answers)
     * @param lineGap      how long between two lines
     * @param untilStopped after its lines it runs on until stopped (a server, a hanging client)
     * @param drops        after its lines the connection to the host is lost
     * @param refusal      the start (or run) fails at once with this message, when not null
     * @param servesOne    when not null, it also ends (exit 0) once the client it serves has ended, as a one-off
     *                     server does (iperf3 -s -1)
     * @param parting      when not null, what it prints when stopped, and after how long (a stopped iperf3 prints
     *                     its last partial interval and its totals)
     */
    public record Script(
            List<String> out,
            List<String> err,
            int exit,
            Duration delay,
            Duration lineGap,
            boolean untilStopped,
            boolean drops,
            String refusal,
            OneClient servesOne,
            Parting parting) {

        public static Script exits(int status) {
            return new Script(
                    List.of(), List.of(), status, Duration.ZERO, Duration.ZERO, false, false, null, null, null);
        }

        public static Script ok() {
            return exits(0);
        }

        /** Exit 0 after printing {@code text} (its lines) on stdout. */
        public static Script prints(String text) {
            return ok().thenPrints(text);
        }

        public Script thenPrints(String text) {
            return new Script(
                    text.lines().toList(), err, exit, delay, lineGap, untilStopped, drops, refusal, servesOne, parting);
        }

        public Script withStderr(String text) {
            return new Script(
                    out, text.lines().toList(), exit, delay, lineGap, untilStopped, drops, refusal, servesOne, parting);
        }

        public Script exiting(int status) {
            return new Script(out, err, status, delay, lineGap, untilStopped, drops, refusal, servesOne, parting);
        }

        public Script after(Duration d) {
            return new Script(out, err, exit, d, lineGap, untilStopped, drops, refusal, servesOne, parting);
        }

        public Script paced(Duration gap) {
            return new Script(out, err, exit, delay, gap, untilStopped, drops, refusal, servesOne, parting);
        }

        public Script runningUntilStopped() {
            return new Script(out, err, exit, delay, lineGap, true, drops, refusal, servesOne, parting);
        }

        /**
         * Runs until stopped or until a process on {@code clients} whose line matches {@code clientRegex}, started
         * after this one, has ended: a one-off server, which its run need not stop.
         */
        public Script servingOneClientOf(ScriptedTransport clients, String clientRegex) {
            return new Script(
                    out,
                    err,
                    0,
                    delay,
                    lineGap,
                    true,
                    drops,
                    refusal,
                    new OneClient(clients, Pattern.compile(clientRegex)),
                    parting);
        }

        /** When stopped, prints {@code text} after {@code after} and ends. */
        public Script partingWith(Duration after, String text) {
            return new Script(
                    out,
                    err,
                    exit,
                    delay,
                    lineGap,
                    untilStopped,
                    drops,
                    refusal,
                    servesOne,
                    new Parting(after, text.lines().toList()));
        }

        public Script droppingTheConnection() {
            return new Script(out, err, exit, delay, lineGap, untilStopped, true, refusal, servesOne, parting);
        }

        public static Script refused(String message) {
            return new Script(
                    List.of(), List.of(), -1, Duration.ZERO, Duration.ZERO, false, false, message, null, null);
        }
    }

    /** The last lines a stopped process prints, {@code after} the stop. */
    public record Parting(Duration after, List<String> lines) {}

    /** The host and command line of the one client a one-off server serves. */
    public record OneClient(ScriptedTransport host, Pattern line) {}

    private record Rule(Pattern pattern, Script script) {}

    private final String label;
    private final List<Rule> rules = new CopyOnWriteArrayList<>();
    private final List<String> commands = new CopyOnWriteArrayList<>();
    private final List<Process> processes = new CopyOnWriteArrayList<>();
    private volatile boolean connected = true;
    private volatile String cleanupFailure;

    public ScriptedTransport(String label) {
        this.label = label;
    }

    /** Answers commands whose command line contains a match of {@code regex} with {@code script}; first rule wins. */
    public ScriptedTransport on(String regex, Script script) {
        rules.add(new Rule(Pattern.compile(regex), script));
        return this;
    }

    /** The host's clean-up fails with {@code message} (after stopping what it can). */
    public ScriptedTransport cleanupFails(String message) {
        cleanupFailure = message;
        return this;
    }

    /** Every command line started or run on this host, in order. */
    public List<String> commands() {
        return List.copyOf(commands);
    }

    public boolean connected() {
        return connected;
    }

    /** Whether a started command whose line matches {@code regex} is still running. */
    public boolean running(String regex) {
        Pattern p = Pattern.compile(regex);
        return processes.stream().anyMatch(x -> x.isAlive() && p.matcher(x.line).find());
    }

    /** Whether a started command whose line matches {@code regex} was told to stop. */
    public boolean stopRequested(String regex) {
        Pattern p = Pattern.compile(regex);
        return processes.stream()
                .anyMatch(x -> x.stopped.getCount() == 0 && p.matcher(x.line).find());
    }

    @Override
    public String hostLabel() {
        return label;
    }

    @Override
    public RemoteProcess start(RemoteCommand command, LineSink stdout, LineSink stderr) throws TransportException {
        Script s = scriptFor(command);
        Process p = new Process(describe(command), s, stdout, stderr);
        processes.add(p);
        DaemonThreads.start("scripted-" + label, p::play);
        return p;
    }

    @Override
    public CommandResult run(RemoteCommand command, Duration timeout) throws TransportException, InterruptedException {
        Script s = scriptFor(command);
        if (s.delay().compareTo(timeout) > 0) {
            Thread.sleep(timeout.toMillis());
            return new CommandResult(-1, "", "", true);
        }
        Thread.sleep(s.delay().toMillis());
        if (s.drops()) {
            connected = false;
            throw new TransportException("the connection to " + label + " was lost");
        }
        return new CommandResult(s.exit(), lines(s.out()), lines(s.err()), false);
    }

    @Override
    public List<String> cleanup() throws TransportException {
        commands.add("cleanup");
        requireConnected();
        List<String> killed = new ArrayList<>();
        for (Process p : processes) {
            if (p.isAlive()) {
                p.cancel();
                killed.add("killed " + p.line);
            }
        }
        if (cleanupFailure != null) {
            throw new TransportException(cleanupFailure);
        }
        return killed;
    }

    @Override
    public boolean answers(Duration timeout) {
        return connected;
    }

    @Override
    public void close() {
        processes.forEach(Process::cancel);
    }

    private Script scriptFor(RemoteCommand command) throws TransportException {
        String line = describe(command);
        commands.add(line);
        requireConnected();
        Script s = rules.stream()
                .filter(r -> r.pattern().matcher(line).find())
                .map(Rule::script)
                .findFirst()
                .orElse(Script.exits(127).withStderr("sh: not scripted on " + label + ": " + line));
        if (s.refusal() != null) {
            throw new TransportException(s.refusal());
        }
        return s;
    }

    private void requireConnected() throws TransportException {
        if (!connected) {
            throw new TransportException("cannot reach " + label + ": the connection was lost");
        }
    }

    private static String lines(List<String> lines) {
        return lines.isEmpty() ? "" : String.join("\n", lines) + "\n";
    }

    /** A started command playing its script on its own thread; cancel() ends it and waits until it has. */
    private final class Process implements RemoteProcess {
        final String line;
        private final Script script;
        private final LineSink stdout;
        private final LineSink stderr;
        private final CountDownLatch stopped = new CountDownLatch(1);
        private final CountDownLatch ended = new CountDownLatch(1);
        private final long startNanos = System.nanoTime();
        private volatile int exit;

        public Process(String line, Script script, LineSink stdout, LineSink stderr) {
            this.line = line;
            this.script = script;
            this.stdout = stdout;
            this.stderr = stderr;
        }

        public void play() {
            try {
                if (pause(script.delay())) {
                    exit = 143;
                    return;
                }
                for (int i = 0; i < script.out().size() + script.err().size(); i++) {
                    if (i > 0 && pause(script.lineGap())) {
                        exit = 143;
                        return;
                    }
                    boolean out = i < script.out().size();
                    String l = out
                            ? script.out().get(i)
                            : script.err().get(i - script.out().size());
                    (out ? stdout : stderr).line(l);
                }
                if (script.drops()) {
                    connected = false;
                    exit = -1;
                } else if (script.servesOne() != null) {
                    // polls the fake's own state: the client is another host's thread, with no event to wait for
                    while (!stopped.await(2, TimeUnit.MILLISECONDS)) {
                        if (served(script.servesOne())) {
                            exit = 0;
                            return;
                        }
                    }
                    exit = 143;
                } else if (script.untilStopped()) {
                    stopped.await();
                    part();
                    exit = 143;
                } else {
                    exit = script.exit();
                }
            } catch (InterruptedException e) {
                exit = 143;
            } finally {
                ended.countDown();
            }
        }

        /** A stopped process's last words, after the scripted time it takes to print them (a host's pace). */
        private void part() throws InterruptedException {
            if (script.parting() != null) {
                Thread.sleep(script.parting().after().toMillis());
                script.parting().lines().forEach(stdout::line);
            }
        }

        private boolean served(OneClient c) {
            return c.host().processes.stream()
                    .anyMatch(x -> x.startNanos > startNanos
                            && !x.isAlive()
                            && c.line().matcher(x.line).find());
        }

        /** Waits {@code d} unless stopped first; true when stopped. */
        private boolean pause(Duration d) throws InterruptedException {
            return !d.isZero() && stopped.await(d.toNanos(), TimeUnit.NANOSECONDS);
        }

        @Override
        public OptionalInt waitFor(Duration timeout) throws InterruptedException {
            return ended.await(timeout.toNanos(), TimeUnit.NANOSECONDS) ? OptionalInt.of(exit) : OptionalInt.empty();
        }

        @Override
        public boolean isAlive() {
            return ended.getCount() > 0;
        }

        @Override
        public void cancel() {
            stopped.countDown();
            try {
                ended.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
