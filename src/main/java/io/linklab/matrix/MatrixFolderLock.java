package io.linklab.matrix;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * The one writer of a matrix folder: an exclusive OS lock on {@code DIR/matrix.lock}, held while a matrix runs or
 * resumes there, so two LinkLabs (the window and a command, or two commands) never rewrite one matrix.csv and one
 * pair's run folder at once. The OS drops the lock when the process ends however it ends, so a LinkLab that crashed
 * or was killed leaves no folder locked. Readers (reopening a stored matrix, exporting its report) do not take it.
 * The file itself stays: deleting it could let a third writer lock a new file while the second still holds the old.
 * The holder writes who it is into the file (pid, host, since when), which a refused writer quotes; the OS lock, not
 * the file's text, decides who holds the folder, so a holder that died leaves only stale text behind.
 */
public final class MatrixFolderLock implements AutoCloseable {

    public static final String NAME = "matrix.lock";

    /** The folder is being written by another matrix, in this process or another. */
    public static final class BusyException extends IOException {
        BusyException(Path dir, String holder) {
            super(dir + " is being written by another LinkLab (a whole-lab test running or resuming there"
                    + (holder.isEmpty() ? "" : ": " + holder)
                    + "): wait for it to end or stop it, then start this one again; the folder can be opened and "
                    + "looked at meanwhile");
        }
    }

    /** The most of the holder's text a refusal quotes: a pid, a host name and a time. */
    private static final int MAX_HOLDER_CHARS = 200;

    private final FileChannel channel;

    private MatrixFolderLock(FileChannel channel) {
        this.channel = channel;
    }

    /**
     * Takes the folder's lock, creating the folder if need be, or refuses at once without waiting.
     *
     * @throws BusyException when another matrix holds it
     */
    public static MatrixFolderLock take(Path dir) throws IOException {
        Files.createDirectories(dir);
        FileChannel channel = FileChannel.open(dir.resolve(NAME), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException e) {
            lock = null; // this process holds it: a matrix of this window, or of a test, is writing there
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
        if (lock == null) {
            channel.close();
            throw new BusyException(dir, holder(dir.resolve(NAME)));
        }
        try {
            channel.truncate(0);
            channel.write(ByteBuffer.wrap(whoAmI().getBytes(StandardCharsets.UTF_8)), 0);
        } catch (IOException e) {
            // only the refusal's words depend on it: the lock is held either way
        }
        return new MatrixFolderLock(channel);
    }

    /** This process as a refused writer is told of it: "pid 4242 on lab-pc since 2026-12-04T20:50:01Z". */
    static String whoAmI() {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            host = "this machine";
        }
        return "pid " + ProcessHandle.current().pid() + " on " + host + " since "
                + Instant.now().truncatedTo(ChronoUnit.SECONDS);
    }

    /**
     * What the holder wrote, printable and short (the folder may be shared, so its text is anyone's); empty if
     * unreadable.
     */
    private static String holder(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            String text = new String(in.readNBytes(MAX_HOLDER_CHARS), StandardCharsets.UTF_8);
            return text.replaceAll("\\p{Cntrl}", " ").strip();
        } catch (IOException e) {
            return "";
        }
    }

    /** Lets the next writer in; closing the channel releases its lock. A second call does nothing. */
    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            // the lock goes with the channel, closed or not; nothing is left to undo
        }
    }
}
