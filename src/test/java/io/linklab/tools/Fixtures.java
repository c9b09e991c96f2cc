package io.linklab.tools;

import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;

/** Test inputs, all in src/test/resources: fixtures, the public corpus of real tool outputs and the seed lab notes. */
public final class Fixtures {

    private Fixtures() {}

    public static Path resource(String name) {
        return classpathFile("/fixtures/" + name, "src/test/resources/fixtures/" + name);
    }

    /** A file of the public corpus of real tool outputs (src/test/resources/corpus/public, sources in its SOURCES.md). */
    public static Path corpus(String relative) {
        return classpathFile("/corpus/public/" + relative, "src/test/resources/corpus/public/" + relative);
    }

    /** A raw seed lab note (src/test/resources/seed-notes). */
    public static Path seed(String name) {
        return classpathFile("/seed-notes/" + name, "src/test/resources/seed-notes/" + name);
    }

    private static Path classpathFile(String resource, String where) {
        URL url = Fixtures.class.getResource(resource);
        if (url == null) {
            throw new IllegalStateException("missing test file " + where);
        }
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
