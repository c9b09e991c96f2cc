package io.linklab.engine;

import io.linklab.remote.LineSink;
import io.linklab.remote.RemoteCommand;
import io.linklab.remote.RemoteProcess;
import io.linklab.remote.Transport;
import io.linklab.remote.TransportException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/** Starts a run's processes all at once (each start is a round trip to its host). */
final class ProcessStarts {

    /** A command to start on a host with its output sinks. */
    record Start(Transport transport, RemoteCommand command, LineSink out, LineSink err) {}

    private ProcessStarts() {}

    /**
     * Starts every command and registers every process that did start with {@code control} for the clean-up, even
     * when another failed to; the first failure is thrown once all starts are over.
     * <p>
     * A Stop's interrupt while the starts are under way does not give up on them: each start already on its way
     * reaches its host and starts a process, whose output the caller must take in before it finishes its parsers
     * (else its intervals reach raw/ but not samples.csv). So the starts are waited for to their end, the
     * processes returned, and the interrupt (join does not clear it) left for the caller's next wait.
     */
    static List<RemoteProcess> startAll(List<Start> starts, RunControl control)
            throws TransportException, InterruptedException {
        control.checkCancelled();
        List<CompletableFuture<RemoteProcess>> futures = new ArrayList<>();
        for (Start st : starts) {
            futures.add(CompletableFuture.supplyAsync(
                    () -> {
                        try {
                            return control.started(st.transport().start(st.command(), st.out(), st.err()));
                        } catch (TransportException e) {
                            throw new CompletionException(e);
                        }
                    },
                    Run.IO));
        }
        List<RemoteProcess> out = new ArrayList<>();
        TransportException failure = null;
        Error error = null;
        for (CompletableFuture<RemoteProcess> f : futures) {
            try {
                out.add(f.join()); // not f.get(): a Stop's interrupt must not give up on a start on its way
            } catch (CompletionException e) {
                if (e.getCause() instanceof Error err && error == null) {
                    error = err;
                }
                if (failure == null) {
                    failure = e.getCause() instanceof TransportException te
                            ? te
                            : new TransportException(String.valueOf(e.getCause()), e.getCause());
                }
            }
        }
        if (error != null) {
            throw error; // thrown on once every start is over: all that did start is registered for the clean-up
        }
        if (failure != null) {
            throw failure;
        }
        return out;
    }
}
