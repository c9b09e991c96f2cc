package io.linklab.ui.history;

import java.io.IOException;
import java.util.List;

/**
 * Where the history view finds runs: the engine's results store in the app, anything in tests. Every method
 * may do disk I/O, so views call it off the FX thread. Errors are IOExceptions whose message is for the user.
 */
public interface RunLibrary {

    /** Runs newest first, without their measurements (samples empty). */
    List<PastRun> list() throws IOException;

    /** One run with all its measurements. */
    PastRun open(String id) throws IOException;

    void rename(String id, String name) throws IOException;

    void annotate(String id, String note) throws IOException;

    void delete(String id) throws IOException;
}
