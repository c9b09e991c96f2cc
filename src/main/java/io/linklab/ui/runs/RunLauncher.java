package io.linklab.ui.runs;

import io.linklab.engine.RunHandle;
import io.linklab.engine.RunListener;
import io.linklab.model.TestPlan;
import io.linklab.model.Topology;
import io.linklab.tune.TuneDriver;
import io.linklab.tune.TuneRequest;
import java.io.IOException;
import java.util.Collection;

/** Starts a run through the engine and returns at once. */
@FunctionalInterface
public interface RunLauncher {

    /** @param topology the lab the plan's ends come from (logins, key files), or null for plain logins */
    RunHandle start(TestPlan plan, Topology topology, RunListener listener) throws IOException;

    /**
     * Starts a tune: one run whose points {@code driver} chooses, in a new run folder.
     *
     * @throws IOException when the run folder cannot be made, or this launcher runs no tunes
     */
    default RunHandle startTune(TuneRequest request, TuneDriver driver, Topology topology, RunListener listener)
            throws IOException {
        throw new IOException("tunes cannot be started here");
    }

    /**
     * Logs in to {@code logins} of {@code topology} ahead of a Run, in the background, for the next {@link #start}
     * to take; logins made ahead for other hosts are closed. A launcher that logs in only at Run does nothing.
     */
    default void loginAhead(Collection<String> logins, Topology topology) {}

    /** Closes every login made ahead that no run took: the wizard closed without Run, or the window closes. */
    default void dropEarlyLogins() {}
}
