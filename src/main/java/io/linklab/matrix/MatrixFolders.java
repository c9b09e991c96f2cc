package io.linklab.matrix;

import io.linklab.model.Printable;
import io.linklab.store.RunFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Which folder under {@code DIR/pairs} holds each pair's run. A folder is chosen once, with the run folders'
 * unique-name rule, and kept in matrix.json; it is never derived from the host ids again, so two pairs never share
 * one ("a-b"+"c" and "a"+"b-c") and a matrix.json from someone else cannot point a run, or its replacement, outside
 * the folder.
 */
public final class MatrixFolders {

    /** The matrix folder's folder of pair runs. */
    public static final String PAIRS = "pairs";

    /** A folder name: one path segment, no "." or "..", no control characters, nothing a shell or ssh reads. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.\\-]{0,199}");

    private final Path pairsDir;
    private final Map<String, String> byPair;

    private MatrixFolders(Path pairsDir, Map<String, String> byPair) {
        this.pairsDir = pairsDir;
        this.byPair = byPair;
    }

    /** How matrix.json and the map name a pair: its client and server ids. */
    static String key(String client, String server) {
        return client + "\n" + server;
    }

    static String key(MatrixPair p) {
        return key(p.client(), p.server());
    }

    /** Whether {@code name} may be a pair's folder name. */
    static boolean isName(String name) {
        return name != null && NAME.matcher(name).matches();
    }

    /**
     * Gives every pair its folder, creating those that are new: the folder {@code earlier} (matrix.json's map) names
     * where it is a usable name no other pair has; for a matrix.json written before the map, the folder an earlier
     * LinkLab derived ({@code CLIENT-SERVER}) where it exists; else a new one.
     *
     * @throws IOException when {@code dir/pairs} is a symbolic link or cannot be created
     */
    static MatrixFolders assign(Path dir, List<MatrixPair> pairs, Map<String, String> earlier) throws IOException {
        Path pairsDir = dir.resolve(PAIRS);
        if (Files.isSymbolicLink(pairsDir)) {
            throw new IOException(pairsDir + " is a symbolic link; a matrix writes its pairs only into a folder of "
                    + "its own: remove the link or choose another folder");
        }
        Files.createDirectories(pairsDir);
        Map<String, String> byPair = new HashMap<>();
        Set<String> taken = new HashSet<>();
        for (MatrixPair p : pairs) {
            String name = earlier.get(key(p));
            if (isName(name) && taken.add(name)) {
                byPair.put(key(p), name);
            }
        }
        for (MatrixPair p : pairs) {
            String old = p.client() + "-" + p.server();
            if (!byPair.containsKey(key(p))
                    && isName(old)
                    && !taken.contains(old)
                    && Files.isDirectory(pairsDir.resolve(old), LinkOption.NOFOLLOW_LINKS)) {
                taken.add(old);
                byPair.put(key(p), old);
            }
        }
        for (MatrixPair p : pairs) {
            if (!byPair.containsKey(key(p))) {
                String base = safeName(p.client() + "-" + p.server());
                String name;
                do {
                    name = RunFolder.createUnique(pairsDir, base).getFileName().toString();
                } while (!taken.add(name)); // a name kept for another pair whose folder is gone: take the next
                byPair.put(key(p), name);
            }
        }
        return new MatrixFolders(pairsDir, byPair);
    }

    /** {@code text} as one safe folder name: anything but letters, digits, '_', '-' and '.' becomes '_'. */
    static String safeName(String text) {
        String s = text.replaceAll("[^A-Za-z0-9_.\\-]", "_");
        if (!s.isEmpty() && (s.charAt(0) == '.' || s.charAt(0) == '-')) {
            s = "_" + s;
        }
        return s.length() > 128 ? s.substring(0, 128) : s.isEmpty() ? "_" : s;
    }

    /** The pair's folder name under {@code pairs/}. */
    String name(MatrixPair p) {
        return byPair.get(key(p));
    }

    /**
     * The pair's run folder, checked to be a real folder inside {@code pairs/}: a matrix folder from someone else
     * may hold links, and a run's replacement deletes files there.
     *
     * @throws IOException when it is a link or resolves outside {@code pairs/}
     */
    Path runDir(MatrixPair p) throws IOException {
        Path run = pairsDir.resolve(name(p)).normalize();
        if (!run.startsWith(pairsDir.normalize()) || run.equals(pairsDir.normalize())) {
            throw new IOException("the folder of " + Printable.brief(p.label()) + " is not inside " + pairsDir);
        }
        if (Files.exists(run, LinkOption.NOFOLLOW_LINKS)) {
            if (!Files.isDirectory(run, LinkOption.NOFOLLOW_LINKS)) {
                throw new IOException(run + " is not a folder (a symbolic link or a file); a pair's run is written "
                        + "only into a folder of its own inside " + pairsDir);
            }
            if (!run.toRealPath().startsWith(pairsDir.toRealPath())) {
                throw new IOException(run + " resolves outside " + pairsDir + "; nothing is written there");
            }
        }
        return run;
    }
}
