package io.linklab.store;

import io.linklab.remote.RemoteCommand;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** The run's raw/ folder: one file per command and repetition with every line it printed, headed by the command. */
public final class RawLogs {

    private final Path dir;
    private final RunRecord record;
    private final List<AutoCloseable> open = Collections.synchronizedList(new ArrayList<>());

    public RawLogs(Path runDir, RunRecord record) {
        this.dir = runDir.resolve("raw");
        this.record = record;
    }

    /** A log for a command on {@code host}; one that cannot be written is a warning in the record, not a failure. */
    public RawLog open(String name, String host, RemoteCommand cmd) {
        try {
            RawLog log = new RawLog(dir.resolve(name + ".txt"), "# " + host + "$ " + cmd.lineAsRun(false));
            open.add(log);
            return log;
        } catch (IOException e) {
            record.warning("cannot write raw output " + name + ": " + e.getMessage());
            return RawLog.none();
        }
    }

    public void closeAll() {
        synchronized (open) {
            for (AutoCloseable c : open) {
                try {
                    c.close();
                } catch (Exception ignored) {
                    // flushed line by line
                }
            }
            open.clear();
        }
    }
}
