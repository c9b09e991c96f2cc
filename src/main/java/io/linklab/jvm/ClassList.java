package io.linklab.jvm;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * A list of class names recorded from a real run, loaded by name ahead of the moment they are needed: the
 * class-data archive's training (decision 0802) and the window's warm-up before a first Run (decision 0804) use
 * it. One name per line; blank lines and lines starting with '#' are comments.
 */
public final class ClassList {

    /** How many names the list held and how many of them this JVM loaded. */
    public record Loaded(int listed, int loaded) {}

    private ClassList() {}

    /**
     * The names in the resource {@code name} next to {@code owner}.
     *
     * @throws IllegalStateException when the jar lacks it (a build that left it out is broken)
     */
    public static List<String> read(Class<?> owner, String name) throws IOException {
        InputStream stream = owner.getResourceAsStream(name);
        if (stream == null) {
            throw new IllegalStateException("the jar lacks " + name + " next to " + owner.getName());
        }
        List<String> names = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                String entry = line.strip();
                if (!entry.isEmpty() && !entry.startsWith("#")) {
                    names.add(entry);
                }
            }
        }
        return names;
    }

    /**
     * Loads every name through {@code loader}, running the static initialiser of those {@code initialise}
     * accepts. A name this runtime or jar lacks, or one that cannot link here, is skipped: the list is an
     * optimisation, and the code that needs the class meets the same failure and handles it.
     */
    public static Loaded load(List<String> names, ClassLoader loader, Predicate<String> initialise) {
        int loaded = 0;
        for (String name : names) {
            try {
                Class.forName(name, initialise.test(name), loader);
                loaded++;
            } catch (ClassNotFoundException | LinkageError missing) {
                // renamed, absent in this runtime, or needing a library the jar does not ship (JSch's Bouncy Castle)
            }
        }
        return new Loaded(names.size(), loaded);
    }
}
