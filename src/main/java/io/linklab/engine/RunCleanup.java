package io.linklab.engine;

import io.linklab.remote.Transport;
import io.linklab.remote.TransportException;
import io.linklab.store.RunRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * The end of every run, whatever happened: the processes it still has killed, the MTUs restored (both hosts at
 * once), then each host's own clean-up (whatever of the run is left there) and the logins closed. One step
 * failing never stops the others; each failure is a warning in the record.
 */
final class RunCleanup {

    private final RunRecord record;
    private final RunListener listener;

    RunCleanup(RunRecord record, RunListener listener) {
        this.record = record;
        this.listener = listener;
    }

    /**
     * Stops what the run left running and puts the MTUs back, then starts each host's clean-up; the caller
     * writes the run's files meanwhile and waits for the hosts with {@link HostCleanup#await()}.
     *
     * @param hosts each logged-in host once (none when no login completed)
     * @param mtu   the run's MTU transaction, or null when it changed no MTU
     */
    HostCleanup start(RunControl control, List<Transport> hosts, MtuTransaction mtu) {
        joinAll(control.killLeftovers());
        // The MTUs go back (both hosts at once) before the transports kill whatever of ours still runs: the
        // host clean-up kills every process group of the run, the restore's own commands included.
        if (mtu != null) {
            joinAll(List.of(CompletableFuture.runAsync(() -> record.mtuRestore(mtu.restore()), Run.IO)));
        }
        // Each host's connection closes as soon as its own clean-up is done, the hosts at once: a close waits
        // for the host session's end (20 ms on a small host), which the user waits for before the exit.
        List<CompletableFuture<Void>> work = new ArrayList<>();
        for (Transport t : hosts) {
            work.add(CompletableFuture.runAsync(
                    () -> {
                        try {
                            cleanUpHost(t);
                        } finally {
                            t.close();
                        }
                    },
                    Run.IO));
        }
        return () -> joinAll(work);
    }

    /** The hosts' clean-up under way: one round trip per host, which the run's files need not wait for. */
    interface HostCleanup {
        /** Waits until every host is cleaned up and its connection closed. */
        void await();
    }

    /** Waits for clean-up work; one part failing must not stop the others or the rest of the clean-up. */
    private void joinAll(List<CompletableFuture<Void>> work) {
        for (CompletableFuture<Void> f : work) {
            try {
                f.join();
            } catch (CompletionException | CancellationException e) {
                record.warning("clean-up step failed: " + e.getCause());
            }
        }
    }

    private void cleanUpHost(Transport t) {
        try {
            for (String killed : t.cleanup()) {
                record.warning("clean-up on " + t.hostLabel() + ": " + killed);
            }
        } catch (TransportException e) {
            record.warning("clean-up on " + t.hostLabel() + " failed: " + e.getMessage());
            listener.progress("warning: clean-up on " + t.hostLabel() + " failed: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
