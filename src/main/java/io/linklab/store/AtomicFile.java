package io.linklab.store;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes a file so that a reader, or a crash, sees either the old or the new file whole, never a part: the
 * text goes to a temporary file next to it (".NAME.*.tmp", its own for each write, so two writers never share
 * one), which is then renamed over the file. The one way LinkLab writes its JSON files (labs, plans, run.json).
 */
public final class AtomicFile {

    private AtomicFile() {}

    public static void writeString(Path file, String text) throws IOException {
        write(file, text.getBytes(StandardCharsets.UTF_8));
    }

    /** The same for bytes (an image). */
    public static void write(Path file, byte[] bytes) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, "." + file.getFileName() + ".", ".tmp");
        try {
            Files.write(tmp, bytes);
            try {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** True for the name of a temporary file a write of {@code fileName} left (a crash in mid-write). */
    public static boolean isTemporaryOf(String fileName, String name) {
        return name.startsWith("." + fileName + ".") && name.endsWith(".tmp");
    }
}
