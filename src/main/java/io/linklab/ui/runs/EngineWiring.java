package io.linklab.ui.runs;

import io.linklab.ui.history.RecordedRun;
import io.linklab.ui.history.RunLibrary;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** How the app's RunsArea reaches the engine and its results store. */
final class EngineWiring {

    private EngineWiring() {
    }

    static RunLibrary library() {
        return new RunLibrary() {
            @Override
            public List<RecordedRun> list() {
                return List.of();
            }

            @Override
            public RecordedRun open(String id) throws IOException {
                throw new IOException("no results store in this build");
            }

            @Override
            public void rename(String id, String name) throws IOException {
                throw new IOException("no results store in this build");
            }

            @Override
            public void annotate(String id, String note) throws IOException {
                throw new IOException("no results store in this build");
            }

            @Override
            public void delete(String id) throws IOException {
                throw new IOException("no results store in this build");
            }

        };
    }

    static RunLauncher launcher() {
        return (plan, topology, listener) -> {
            throw new IOException("the test engine is not in this build yet");
        };
    }

    static Path importsDir() {
        return Path.of(System.getProperty("java.io.tmpdir"), "linklab-imports");
    }
}
