package io.linklab.ui.runs;

import io.linklab.engine.RunHandle;
import io.linklab.matrix.MatrixPair;
import io.linklab.matrix.MatrixRun;
import io.linklab.model.TestPlan;
import io.linklab.model.Topology;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** Starts a whole-lab matrix through the engine and returns at once (off the FX thread: it creates folders). */
@FunctionalInterface
public interface MatrixLauncher {

    /**
     * What to run: the base test (tool, streams, duration …) between each pair, as the options schedule them.
     *
     * @param base the test each pair runs; its ends and target are replaced by the pair's
     */
    record Request(Topology lab, TestPlan base, List<MatrixPair> pairs, MatrixRun.Options options) {
        public Request {
            pairs = List.copyOf(pairs);
        }
    }

    /** A matrix under way: its handle (Stop ends every pair) and its folder (matrix.csv, pairs/CLIENT-SERVER). */
    record Started(RunHandle run, Path dir) {}

    /**
     * @param dir the folder of a stored matrix to resume (its pairs measured already are kept, the others run), or
     *            null for a new folder
     */
    Started start(Request request, Path dir, MatrixRun.Listener listener) throws IOException;

    /** The folder new matrices go into (where File → Open Whole-Lab Test… looks first), or null. */
    default Path folder() {
        return null;
    }
}
