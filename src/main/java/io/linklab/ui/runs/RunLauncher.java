package io.linklab.ui.runs;

import io.linklab.engine.RunHandle;
import io.linklab.engine.RunListener;
import io.linklab.model.TestPlan;
import java.io.IOException;

/** Starts a run and returns at once: the engine's {@code TestEngine::start}. */
@FunctionalInterface
public interface RunLauncher {

    RunHandle start(TestPlan plan, RunListener listener) throws IOException;
}
