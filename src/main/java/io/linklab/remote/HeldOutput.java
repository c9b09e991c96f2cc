package io.linklab.remote;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * A channel's stdout or stderr before its command is known: holds what arrives (bounded) and hands it,
 * and the stream's end, to the command's sink once that is attached.
 */
final class HeldOutput extends OutputStream {
    private static final int MAX_HELD = 64 * 1024;
    private ByteArrayOutputStream held = new ByteArrayOutputStream();
    private OutputStream target;
    private boolean ended;

    /** Back to holding, once a brief command's output is complete. */
    synchronized void release() {
        target = null;
        held = new ByteArrayOutputStream();
    }

    synchronized void attach(OutputStream sink) {
        try {
            held.writeTo(sink);
            if (ended) {
                sink.close();
            }
        } catch (IOException e) {
            // the sinks are in-memory line splitters: they do not fail
        }
        held = null;
        target = sink;
    }

    @Override
    public synchronized void write(int b) throws IOException {
        if (target != null) {
            target.write(b);
        } else if (held.size() < MAX_HELD) {
            held.write(b);
        }
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) throws IOException {
        if (target != null) {
            target.write(b, off, len);
        } else {
            held.write(b, off, Math.min(len, Math.max(0, MAX_HELD - held.size())));
        }
    }

    @Override
    public synchronized void flush() throws IOException {
        if (target != null) {
            target.flush();
        }
    }

    @Override
    public synchronized void close() throws IOException {
        if (target != null) {
            target.close();
        } else {
            ended = true;
        }
    }
}
