package io.linklab.matrix;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The one writer of a matrix folder: an exclusive OS lock on {@code DIR/matrix.lock}, held while a matrix runs or
 * resumes there, so two LinkLabs (the window and a command, or two commands) never rewrite one matrix.csv and one
 * pair's run folder at once. The OS drops the lock when the process ends however it ends, so a LinkLab that crashed
 * or was killed leaves no folder locked. Readers (reopening a stored matrix, exporting its report) do not take it.
 * The file itself stays: deleting it could let a third writer lock a new file while the second still holds the old.
 */
public final class MatrixFolderLock implements AutoCloseable {

    public static final String NAME = "matrix.lock";

    /** The folder is being written by another matrix, in this process or another. */
    public static final class BusyException extends IOException {
        BusyException(Path dir) {
            super(dir + " is being written by another LinkLab (a whole-lab test running or resuming there): wait for "
                    + "it to end or stop it, then start this one again; the folder can be opened and looked at "
                    + "meanwhile");
        }
    }

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
            throw new BusyException(dir);
        }
        return new MatrixFolderLock(channel);
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
