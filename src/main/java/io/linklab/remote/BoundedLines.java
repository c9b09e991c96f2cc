package io.linklab.remote;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * A command's output lines kept within a bound: the first half of the room for the first lines, the other
 * half for the last ones, and a line in between saying how many were left out. The start of a tool's error
 * output usually names the problem and its end says how it stopped; a tool that repeats an error forever
 * must not fill the memory with it.
 */
public final class BoundedLines implements LineSink {

    private final int headRoom;
    private final int tailRoom;
    private final StringBuilder head = new StringBuilder();
    private final Deque<String> tail = new ArrayDeque<>();
    private boolean headFull;
    private long tailChars;
    private long droppedLines;
    private long droppedChars;

    /** Keeps at most about {@code maxChars} characters (plus the note on what was left out). */
    public BoundedLines(int maxChars) {
        if (maxChars < 2) {
            throw new IllegalArgumentException("room for at least 2 characters needed, not " + maxChars);
        }
        this.headRoom = maxChars / 2;
        this.tailRoom = maxChars - headRoom;
    }

    @Override
    public synchronized void line(String line) {
        String l = line.length() >= tailRoom ? line.substring(0, tailRoom - 1) : line;
        if (!headFull && head.length() + l.length() + 1 <= headRoom) {
            head.append(l).append('\n');
            return;
        }
        headFull = true;
        tail.addLast(l);
        tailChars += l.length() + 1;
        while (tailChars > tailRoom) {
            String gone = tail.removeFirst();
            tailChars -= gone.length() + 1;
            droppedLines++;
            droppedChars += gone.length() + 1;
        }
    }

    /** The lines kept, each ending in a newline, with a note where lines were left out. */
    public synchronized String text() {
        StringBuilder sb = new StringBuilder(head);
        if (droppedLines > 0) {
            sb.append("[... ")
                    .append(droppedLines)
                    .append(droppedLines == 1 ? " line" : " lines")
                    .append(" (")
                    .append(droppedChars)
                    .append(" characters) left out ...]\n");
        }
        for (String l : tail) {
            sb.append(l).append('\n');
        }
        return sb.toString();
    }

    public synchronized boolean isEmpty() {
        return head.isEmpty() && tail.isEmpty();
    }

    /** Lines left out so far. */
    public synchronized long droppedLines() {
        return droppedLines;
    }

    /** The last line that is not blank, stripped; empty if there is none. */
    public synchronized String lastNonBlank() {
        for (var it = tail.descendingIterator(); it.hasNext(); ) {
            String l = it.next();
            if (!l.isBlank()) {
                return l.strip();
            }
        }
        String[] lines = head.toString().split("\n");
        for (int i = lines.length - 1; i >= 0; i--) {
            if (!lines[i].isBlank()) {
                return lines[i].strip();
            }
        }
        return "";
    }
}
