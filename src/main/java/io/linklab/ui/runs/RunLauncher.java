package io.linklab.ui.runs;

import io.linklab.engine.RunHandle;
import io.linklab.engine.RunListener;
import io.linklab.model.TestPlan;
import io.linklab.model.Topology;
import java.io.IOException;

/** Starts a run through the engine and returns at once. */
@FunctionalInterface
public interface RunLauncher {

    /** @param topology the lab the plan's ends come from (logins, key files), or null for plain logins */
    RunHandle start(TestPlan plan, Topology topology, RunListener listener) throws IOException;
}
