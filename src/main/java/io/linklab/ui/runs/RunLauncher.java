package io.linklab.ui.runs;

import io.linklab.engine.RunHandle;
import io.linklab.engine.RunListener;
import io.linklab.model.TestPlan;
import io.linklab.model.Topology;
import io.linklab.tune.TuneDriver;
import io.linklab.tune.TuneRequest;
import java.io.IOException;

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
}
