package io.linklab.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.linklab.concurrent.DaemonThreads;
import java.nio.charset.StandardCharsets;
import java.util.Set;

/**
 * Work that `linklab test` and `linklab probe` would otherwise do on their way to the first login — Jackson set up
 * for run.json, the JDK's and JSch's cryptography (key exchange, signatures, ciphers) and the classes a connected
 * run loads — done on a second thread while picocli reads the command line on the first. A 2-core machine has a
 * core idle in that time; the login then finds its classes loaded and its providers ready (docs/BENCHMARKS.md, "Engine").
 * <p>
 * Nothing here is needed: if it fails, or is still at work when the login starts, the login does the same
 * itself. Only library classes are initialised here, each through the one class a run enters them by
 * (ObjectMapper, JSch's algorithms), never LinkLab's own: two threads initialising classes whose static
 * initialisers depend on each other, from different ends, could deadlock.
 */
final class HeadStart {

    private static final Set<String> CONNECTING = Set.of("test", "probe");
    private static final Set<String> NOT_CONNECTING = Set.of("-h", "--help", "-V", "--version", "--dry-run");

    private HeadStart() {}

    /**
     * Starts the work if the command line will connect to hosts: the thread doing it, or null.
     *
     * @param ownJvm the JVM runs this command alone (the jar's main), so its JIT may be set for it
     */
    static Thread beginFor(String[] args, boolean ownJvm) {
        if (args.length == 0 || !CONNECTING.contains(args[0])) {
            return null;
        }
        for (String a : args) {
            if (NOT_CONNECTING.contains(a)) {
                return null;
            }
        }
        return DaemonThreads.start("linklab-head-start", () -> {
            work();
            if (ownJvm) {
                // last: its ~0.25 s of CPU (the JDK's management beans) overlaps the logins, not picocli
                JitDirectives.c1Only();
            }
        });
    }

    /** @return whether all of it was done (false: a step failed, and the login does that work itself) */
    static boolean work() {
        try {
            // run.json's first write, while the logins are under way
            ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
            json.readTree(json.writeValueAsString(json.createObjectNode().put("linklab", 1)));
            StartupTraining.keyExchangeAndCiphers("linklab".getBytes(StandardCharsets.US_ASCII));
            StartupTraining.signAndVerify();
            int[] listed = StartupTraining.listedClasses();
            return listed[0] == listed[1];
        } catch (Exception | LinkageError e) {
            return false;
        }
    }
}
