package io.linklab.tools;

import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;

/** Test inputs: fixtures in src/test/resources, and the shared corpus and seeds outside the repository. */
public final class Fixtures {

    private Fixtures() {
    }

    public static Path resource(String name) {
        URL url = Fixtures.class.getResource("/fixtures/" + name);
        if (url == null) {
            throw new IllegalStateException("missing test fixture src/test/resources/fixtures/" + name);
        }
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A file of the public corpus (../shared/corpus/public), which is not copied into the repository. */
    public static Path corpus(String relative) {
        return external("linklab.corpus", "corpus").resolve("public").resolve(relative);
    }

    /** A raw seed note (../shared/seeds). */
    public static Path seed(String name) {
        return external("linklab.seeds", "seeds").resolve(name);
    }

    private static Path external(String property, String what) {
        String dir = System.getProperty(property);
        if (dir == null || !Files.isDirectory(Path.of(dir))) {
            throw new IllegalStateException("The shared " + what + " is not available: system property " + property
                    + " is " + (dir == null ? "unset" : "'" + dir + "', which is not a directory")
                    + ". Run the tests with Maven from the repository (surefire sets it to ../shared/" + what
                    + "), or pass -D" + property + "=/path/to/shared/" + what + ".");
        }
        return Path.of(dir);
    }
}
