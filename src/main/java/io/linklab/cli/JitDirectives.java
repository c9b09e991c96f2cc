package io.linklab.cli;

import io.linklab.concurrent.DaemonThreads;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javax.management.ObjectName;

/**
 * The headless command's JIT for a plain {@code java -jar}, set by compiler directives since a jar cannot carry
 * JVM options.
 * <p>
 * C1 only, as the installed {@code linklab} runs it with {@code -XX:TieredStopAtLevel=1} (installer/linux/linklab):
 * a command that connects parses a few hundred lines a second, and C2's compiler threads took most of the JVM's CPU
 * while iperf3 measured (13 % of a core against 5 % with C1 alone, docs/BENCHMARKS.md "Issue 16").
 * <p>
 * No compiling at all while the tool measures: HotSpot still compiled ~40 methods a second then (the first
 * intervals' code at tier 3, then again at tier 1 once C2 was refused), 1.3–1.8 % of a core, more than running
 * the few hundred lines a second interpreted costs (docs/BENCHMARKS.md "Issue 16, session 6"). A method first due
 * for compiling while the tool measures stays interpreted for good (HotSpot marks it not compilable); between
 * measurements the JIT works again.
 * <p>
 * The platform MBean server the directives go through costs ~0.25 s of CPU and ~600 classes, so it is reached
 * last on the head start's thread, while the logins wait for the hosts. Only an optimisation: a runtime without
 * the diagnostic commands (a jlink image without jdk.management, where the installed launcher passes the option
 * anyway) or any failure leaves the JVM as it was.
 */
final class JitDirectives {

    static final String C1_ONLY = "[{match: \"*.*\", c2: {Exclude: true}}]";
    static final String NONE = "[{match: \"*.*\", c1: {Exclude: true}, c2: {Exclude: true}}]";

    /** Held while a directive changes: the MBean server's first use takes ~0.25 s, never on the engine's thread. */
    private static final Object CHANGING = new Object();

    // each side writes its flag, then reads the other's: a measurement starting while the C1-only directive is
    // being set is seen by one of the two, which then sets the directive for it
    private static volatile boolean c1Only;
    private static volatile boolean measuring;

    private JitDirectives() {}

    /**
     * C1 only from now on, and nothing compiled while the tool measures ({@link #measuring}).
     *
     * @return whether the directive was taken
     */
    static boolean c1Only() {
        if (ModuleLayer.boot().findModule("jdk.management").isEmpty()) {
            // the installed runtime: no diagnostic commands to reach (its launcher sets the JIT), and the MBean
            // server would load its ~600 classes for nothing
            return false;
        }
        c1Only = true;
        synchronized (CHANGING) {
            return apply();
        }
    }

    /**
     * The tool starts or stops measuring: nothing is compiled meanwhile, if this JVM's JIT is set here. Returns at
     * once; each change sets the directive for the state of its time, so one that overtakes another is still right.
     */
    static void measuring(boolean on) {
        measuring = on;
        if (c1Only) {
            Worker.CHANGES.execute(() -> {
                synchronized (CHANGING) {
                    apply();
                }
            });
        }
    }

    /** Where the measurement's directives change, off the engine's thread (made at the first). */
    private static final class Worker {
        static final ExecutorService CHANGES = Executors.newSingleThreadExecutor(DaemonThreads.named("linklab-jit"));
    }

    /** Back to HotSpot's own JIT, for tests that set it here. */
    static void reset() {
        c1Only = false;
        measuring = false;
        synchronized (CHANGING) {
            invoke("compilerDirectivesClear", null);
        }
    }

    private static boolean apply() {
        // one directive at a time: the newest is matched first, and "clear" leaves HotSpot's default alone
        invoke("compilerDirectivesClear", null);
        return invoke("compilerDirectivesAdd", measuring ? NONE : C1_ONLY);
    }

    /** Runs a diagnostic command with the directive (in a file, as HotSpot reads it) or none; true if it took it. */
    private static boolean invoke(String command, String directive) {
        Path file = null;
        try {
            String[] args = {};
            if (directive != null) {
                file = Files.createTempFile("linklab-jit-", ".json");
                Files.writeString(file, directive);
                args = new String[] {file.toString()};
            }
            Object said = ManagementFactory.getPlatformMBeanServer()
                    .invoke(
                            new ObjectName("com.sun.management:type=DiagnosticCommand"),
                            command,
                            new Object[] {args},
                            new String[] {String[].class.getName()});
            return directive == null || String.valueOf(said).contains("1 compiler directives added");
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
