package io.linklab.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** The run folders recorded in src/test/resources/report (see its README), copied where a test changes them. */
public final class RecordedRuns {

    /** A single iperf3 test on loopback, 2 streams, expected 5 Gbit/s: pass. */
    public static final String SINGLE = "single";
    /** A streams sweep 1,2 both ways on loopback: no link speed, no verdict. */
    public static final String SWEEP = "sweep";

    private RecordedRuns() {}

    /** Copies the recorded run {@code name} to {@code to} (created); returns {@code to}. */
    public static Path copy(String name, Path to) throws IOException {
        Path from = Path.of("src/test/resources/report", name);
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : all.toList()) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(p, t);
                }
            }
        }
        return to;
    }
}
