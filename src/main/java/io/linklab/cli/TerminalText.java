package io.linklab.cli;

import io.linklab.model.Printable;
import java.io.PrintStream;

/**
 * The CLI's stdout and stderr as the terminal gets them: every text printed through it has its control characters
 * shown escaped ({@link Printable#cleanLines}), line breaks and tabs kept. Host output (OS names, tool versions,
 * remote errors) and lab files from others reach the terminal in many messages; cleaning them here, where all of
 * them pass, leaves none out. Text goes to the wrapped stream, which encodes it as it always did.
 */
final class TerminalText extends PrintStream {

    private final PrintStream target;

    private TerminalText(PrintStream target) {
        super(target, true);
        this.target = target;
    }

    /** {@code stream} cleaning what is printed through it (itself when it does already). */
    static PrintStream of(PrintStream stream) {
        return stream instanceof TerminalText ? stream : new TerminalText(stream);
    }

    @Override
    public void print(String s) {
        target.print(Printable.cleanLines(String.valueOf(s)));
    }

    @Override
    public void print(Object obj) {
        print(String.valueOf(obj));
    }

    @Override
    public void print(char[] s) {
        print(new String(s));
    }

    @Override
    public void print(char c) {
        print(String.valueOf(c));
    }

    @Override
    public void write(int b) {
        // raw bytes pass only as text does: one control byte is shown escaped
        if (b == '\n' || b == '\t' || (b & 0xff) >= 0x20 && (b & 0xff) != 0x7f) {
            target.write(b);
        } else {
            target.print(Printable.clean(String.valueOf((char) (b & 0xff))));
        }
    }

    @Override
    public void write(byte[] buf, int off, int len) {
        for (int i = off; i < off + len; i++) {
            write(buf[i]);
        }
    }

    @Override
    public void flush() {
        target.flush();
    }

    @Override
    public void close() {
        target.close();
    }

    @Override
    public boolean checkError() {
        return target.checkError() || super.checkError();
    }
}
