package io.linklab.store;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** One process's raw output under raw/, each line handed to the OS as it arrives (nothing lost on a kill). */
public final class RawLog implements AutoCloseable {

    private final Writer out;
    private boolean broken;

    public RawLog(Path file, String header) throws IOException {
        Files.createDirectories(file.getParent());
        out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        line(header);
    }

    private RawLog() {
        out = null;
        broken = true;
    }

    /** A log that keeps nothing, for when the raw file cannot be created (the run goes on). */
    static RawLog none() {
        return new RawLog();
    }

    public synchronized void line(String line) {
        if (broken) {
            return;
        }
        try {
            out.write(line);
            out.write('\n');
            out.flush();
        } catch (IOException e) {
            broken = true;
        }
    }

    @Override
    public synchronized void close() {
        if (out == null) {
            return;
        }
        try {
            out.close();
        } catch (IOException ignored) {
            // every line was flushed as it came
        }
    }
}
