package io.linklab.remote;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * Cuts a byte stream into lines (\n, with a trailing \r dropped) as the bytes arrive, so a line is
 * handed on as soon as its newline is seen. It does not block by itself; the consumer may (the bounded
 * queue of {@link GroupedProcess} holds a writer back while its sinks lag behind).
 */
final class LineSplitter extends OutputStream {

    /** Longer lines are cut: a tool gone wild must not fill the memory. */
    static final int MAX_LINE = 64 * 1024;

    private final Consumer<String> lines;
    private final Runnable onClose;
    private final ByteArrayOutputStream pending = new ByteArrayOutputStream(256);
    private boolean closed;

    LineSplitter(Consumer<String> lines, Runnable onClose) {
        this.lines = lines;
        this.onClose = onClose;
    }

    @Override
    public synchronized void write(int b) {
        if (closed) {
            return;
        }
        if (b == '\n') {
            emit();
        } else {
            pending.write(b);
            if (pending.size() >= MAX_LINE) {
                emit();
            }
        }
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) {
        for (int i = off; i < off + len; i++) {
            write(b[i]);
        }
    }

    private void emit() {
        byte[] bytes = pending.toByteArray();
        pending.reset();
        int n = bytes.length;
        if (n > 0 && bytes[n - 1] == '\r') {
            n--;
        }
        lines.accept(new String(bytes, 0, n, StandardCharsets.UTF_8));
    }

    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            if (pending.size() > 0) {
                emit();
            }
            closed = true;
        }
        onClose.run();
    }

    synchronized boolean isClosed() {
        return closed;
    }
}
