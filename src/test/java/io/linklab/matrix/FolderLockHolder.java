package io.linklab.matrix;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Another LinkLab writing a matrix folder, as a process of its own: takes the folder's lock, says "locked" on
 * stdout, and holds it until its stdin closes or it is killed (the OS then drops the lock).
 */
public final class FolderLockHolder {

    private FolderLockHolder() {}

    public static void main(String[] args) throws IOException {
        try (MatrixFolderLock lock = MatrixFolderLock.take(Path.of(args[0]))) {
            System.out.println("locked");
            System.out.flush();
            while (System.in.read() >= 0) {
                // hold the lock until the test lets go
            }
        }
    }

    /** Starts the holder on {@code dir} and returns once it holds the lock. */
    public static Process start(Path dir) throws IOException {
        Process p = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        FolderLockHolder.class.getName(),
                        dir.toString())
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        String first = new String(p.getInputStream().readNBytes("locked".length()));
        if (!first.equals("locked")) {
            p.destroyForcibly();
            throw new IOException("the lock holder did not take " + dir + " (it said '" + first + "')");
        }
        return p;
    }
}
