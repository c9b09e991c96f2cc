package io.linklab.remote;

import java.io.OutputStream;
import java.util.concurrent.CountDownLatch;

/**
 * A brief command's stdout or stderr: its lines, up to the launcher's end line (which carries the exit
 * status; a last line without a newline comes just before it).
 */
final class BriefOutput extends OutputStream {
    final BoundedLines collected = new BoundedLines(ProcessGroupTransport.MAX_COLLECTED_CHARS);
    final CountDownLatch ended = new CountDownLatch(1);
    volatile int status = -1;
    private final String end;
    private final LineSplitter lines;

    BriefOutput(String end) {
        this.end = end;
        this.lines = new LineSplitter(this::line, () -> {});
    }

    private void line(String line) {
        if (ended.getCount() == 0) {
            return;
        }
        int at = line.indexOf(end);
        if (at < 0) {
            collected.line(line);
            return;
        }
        if (at > 0) {
            collected.line(line.substring(0, at));
        }
        try {
            status = Integer.parseInt(line.substring(at + end.length()).trim());
        } catch (NumberFormatException e) {
            status = -1;
        }
        ended.countDown();
    }

    @Override
    public void write(int b) {
        lines.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) {
        lines.write(b, off, len);
    }
}
