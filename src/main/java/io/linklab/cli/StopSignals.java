package io.linklab.cli;

import io.linklab.engine.RunHandle;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Ctrl-C (SIGINT), SIGTERM (timeout, CI, systemd) and SIGHUP while a `test` runs: each stops the run as the GUI's
 * Stop does (tools stopped on the hosts, MTUs restored, what was measured written), after which the command ends
 * with 128 + the signal's number (130, 143, 129), the status a shell gives a process that signal ended. A second
 * signal ends LinkLab at once. The JVM's own handling would instead start its shutdown, whose end does not wait for
 * the run's threads: the results line went missing and clean-up raced the exit. Where the handlers cannot be
 * installed (java -Xrs), a shutdown hook stops the run and holds the exit until the outcome is printed.
 */
final class StopSignals implements AutoCloseable {

    /** The signals that stop a run, by name, with their numbers on Linux. */
    private static final Map<String, Integer> STOPPING = new LinkedHashMap<>();

    static {
        STOPPING.put("INT", 2);
        STOPPING.put("TERM", 15);
        STOPPING.put("HUP", 1);
    }

    private final RunHandle run;
    private final PrintStream err;
    private final Map<Signal, SignalHandler> previous = new LinkedHashMap<>();
    private final CountDownLatch reported = new CountDownLatch(1);
    private Thread hook;
    private volatile int status = -1;

    private StopSignals(RunHandle run, PrintStream err) {
        this.run = run;
        this.err = err;
    }

    /** Stops {@code run} on a stopping signal from now until {@link #close()}. */
    static StopSignals install(RunHandle run, PrintStream err) {
        StopSignals s = new StopSignals(run, err);
        try {
            for (String name : STOPPING.keySet()) {
                Signal signal = new Signal(name);
                // A signal ignored when LinkLab started (nohup, a background job of a script) stays ignored.
                s.previous.put(signal, Signal.handle(signal, s::received));
            }
        } catch (IllegalArgumentException | UnsupportedOperationException | LinkageError e) {
            s.restoreHandlers();
            s.hook = new Thread(s::stopOnShutdown, "linklab-test-shutdown");
            Runtime.getRuntime().addShutdownHook(s.hook);
        }
        return s;
    }

    /** 128 + the number of the first stopping signal received, if one was. */
    OptionalInt exitStatus() {
        int s = status;
        return s < 0 ? OptionalInt.empty() : OptionalInt.of(s);
    }

    static String label(String name) {
        return "SIG" + name + (name.equals("INT") ? " (Ctrl-C)" : "");
    }

    private void received(Signal signal) {
        int code = 128 + STOPPING.getOrDefault(signal.getName(), signal.getNumber());
        synchronized (this) {
            if (status >= 0) {
                err.println("linklab test: " + label(signal.getName()) + " again: quitting at once; what LinkLab "
                        + "started on the hosts ends when its connection closes, and a changed MTU is restored by "
                        + "the host itself within 15 s");
                err.flush();
                Runtime.getRuntime().halt(status);
            }
            status = code;
        }
        err.println("linklab test: " + label(signal.getName()) + " received: stopping the tools on both hosts and "
                + "writing what was measured (send it again to quit at once)");
        run.cancel(label(signal.getName()));
    }

    /** The fallback: the JVM is going down (a signal); stop the run and let it end until its outcome is printed. */
    private void stopOnShutdown() {
        run.cancel("a signal (the JVM was shutting down)");
        try {
            reported.await(120, TimeUnit.SECONDS);
        } catch (InterruptedException ignored) {
            // the JVM is going down anyway
        }
    }

    /** The outcome is printed: the handlers go back to what they were (or the shutdown may end). */
    @Override
    public void close() {
        reported.countDown();
        restoreHandlers();
        if (hook != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running; the countdown above lets it (and the JVM) finish
            }
        }
    }

    private void restoreHandlers() {
        previous.forEach((signal, handler) -> {
            try {
                Signal.handle(signal, handler);
            } catch (IllegalArgumentException ignored) {
                // it was never ours to change
            }
        });
        previous.clear();
    }
}
