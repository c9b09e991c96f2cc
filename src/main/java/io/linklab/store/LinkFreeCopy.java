package io.linklab.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Copies out of run and matrix folders that may come from someone else: only regular files, never what a symbolic
 * link points to. A shared folder with {@code raw/001.txt -> ~/.ssh/id_ed25519} must not put the user's key into the
 * export they pass on.
 */
public final class LinkFreeCopy {

    private LinkFreeCopy() {}

    /** Whether {@code file} is a regular file itself, not a link to one. */
    public static boolean isRegularFile(Path file) {
        return Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS);
    }

    /**
     * Copies {@code from} to {@code to} (replacing it) when {@code from} is a regular file itself.
     *
     * @return whether it was copied
     */
    public static boolean copy(Path from, Path to) throws IOException {
        if (!isRegularFile(from)) {
            return false;
        }
        Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING, LinkOption.NOFOLLOW_LINKS);
        return true;
    }
}
