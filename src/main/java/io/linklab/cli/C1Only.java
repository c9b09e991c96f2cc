package io.linklab.cli;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.management.ObjectName;

/**
 * The headless command's JIT for a plain {@code java -jar}: C1 only, as the installed {@code linklab} runs it with
 * {@code -XX:TieredStopAtLevel=1} (installer/linux/linklab). A command that connects parses a few hundred lines a
 * second; C2's compiler threads took most of the JVM's CPU while iperf3 measured (13 % of a core against 5 % with
 * C1 alone, docs/BENCHMARKS.md "Issue 16"), CPU taken from the tool on the same machine. A jar cannot carry JVM
 * options, so a compiler directive excludes every method from C2 once the JVM runs; HotSpot then keeps each hot
 * method at C1's level.
 * <p>
 * The platform MBean server it goes through costs ~0.25 s of CPU and ~600 classes, so it runs last on the head
 * start's thread, while the logins wait for the hosts.
 * <p>
 * Only an optimisation: a runtime without the diagnostic commands (a jlink image without jdk.management, where
 * the installed launcher passes the option anyway) or any failure leaves the JVM as it was.
 */
final class C1Only {

    static final String DIRECTIVE = "[{match: \"*.*\", c2: {Exclude: true}}]";

    private C1Only() {}

    /** @return whether the directive was added */
    static boolean apply() {
        if (ModuleLayer.boot().findModule("jdk.management").isEmpty()) {
            // the installed runtime: no diagnostic commands to reach (its launcher sets the JIT), and the MBean
            // server would load its ~600 classes for nothing
            return false;
        }
        Path file = null;
        try {
            file = Files.createTempFile("linklab-jit-", ".json");
            Files.writeString(file, DIRECTIVE);
            Object added = ManagementFactory.getPlatformMBeanServer()
                    .invoke(
                            new ObjectName("com.sun.management:type=DiagnosticCommand"),
                            "compilerDirectivesAdd",
                            new Object[] {new String[] {file.toString()}},
                            new String[] {String[].class.getName()});
            return String.valueOf(added).contains("1 compiler directives added");
        } catch (Exception | LinkageError e) {
            return false;
        } finally {
            if (file != null) {
                try {
                    Files.deleteIfExists(file);
                } catch (Exception ignored) {
                    // a temporary file of a few bytes; the JVM has read it already
                }
            }
        }
    }
}
