package io.linklab.remote;

import io.linklab.concurrent.DaemonThreads;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;

/**
 * Runs commands as processes of this machine, for the "local" Loopback lab, with the same semantics as
 * SSH: own process group per command, pid files, cancel and cleanup kill the group. The wrapper's stdin
 * is a pipe from this JVM, so if the JVM dies the watchdog kills what it started.
 */
public final class LocalTransport extends ProcessGroupTransport {

    private final Set<Process> live = ConcurrentHashMap.newKeySet();
    /** What runs a command's argv; empty runs it directly. */
    private final List<String> login;

    public LocalTransport() {
        this(List.of());
    }

    /**
     * Commands run through {@code login} (words put before the wrapper's argv), for tests: e.g. a shell that
     * takes its time before it execs the command, like a login shell whose rc files run pyenv on a busy host.
     */
    LocalTransport(List<String> login) {
        this.login = List.copyOf(login);
    }

    @Override
    public String hostLabel() {
        return "local";
    }

    @Override
    protected String loginUser() {
        return System.getProperty("user.name");
    }

    @Override
    protected Execution execute(List<String> argv, OutputStream stdout, OutputStream stderr) throws TransportException {
        Process process;
        try {
            List<String> full = new ArrayList<>(login);
            full.addAll(argv);
            process = new ProcessBuilder(full).start();
        } catch (IOException e) {
            throw new TransportException("cannot start '" + argv.get(0) + "' on this machine: " + e.getMessage(), e);
        }
        live.add(process);
        process.onExit().thenRun(() -> live.remove(process));
        CountDownLatch drained = new CountDownLatch(2);
        pump(process.getInputStream(), stdout, drained, "linklab-local-out-" + process.pid());
        pump(process.getErrorStream(), stderr, drained, "linklab-local-err-" + process.pid());
        return new Execution() {
            @Override
            public boolean ended() {
                return !process.isAlive() && drained.getCount() == 0;
            }

            @Override
            public int exitStatus() {
                return process.isAlive() ? -1 : process.exitValue();
            }

            @Override
            public Optional<String> lostConnection() {
                return Optional.empty();
            }

            @Override
            public void endInput() {
                // Closing our end of its stdin is what the watchdog waits for.
                try {
                    process.getOutputStream().close();
                } catch (IOException ignored) {
                    // already closed
                }
            }

            @Override
            public void abandon() {
                endInput();
            }
        };
    }

    // One thread per stream: a blocking read cannot wait on two pipes at once.
    private static void pump(InputStream in, OutputStream out, CountDownLatch drained, String name) {
        DaemonThreads.start(name, () -> {
            byte[] buf = new byte[8192];
            try (in;
                    out) {
                int n;
                while ((n = in.read(buf)) >= 0) {
                    out.write(buf, 0, n);
                }
            } catch (IOException e) {
                // the process went away; what was read has been passed on
            } finally {
                drained.countDown();
            }
        });
    }

    /** Kills what still runs and removes the run folder; the watchdogs get their stdin closed as well. */
    @Override
    public void close() {
        if (startedSinceCleanup()) {
            quietCleanup();
        }
        for (Process p : live) {
            try {
                p.getOutputStream().close();
            } catch (IOException ignored) {
                // already closed
            }
        }
    }
}
