package io.linklab.ui.runs;

import io.linklab.jvm.ClassList;
import io.linklab.ui.tasks.TaskRunner;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The window's first Run after start-up paid for some 2,000 classes (the engine, JSch's login, Jackson for
 * run.json, the dashboard) that later runs find loaded: about 0.6 s more from Run to the first interval. While the
 * wizard is open, which takes a person seconds, this loads them off the FX thread, and runs the static
 * initialisers of those outside the UI toolkits, whose own may expect their thread (decision 0804; the figures
 * with and without it are in docs/BENCHMARKS.md). {@code -Dlinklab.warmup=false} turns it off.
 */
public final class RunWarmUp {

    static final String CLASS_LIST = "run-classes.txt";

    private static final System.Logger LOG = System.getLogger(RunWarmUp.class.getName());
    private static final AtomicBoolean STARTED = new AtomicBoolean();
    private static final List<String> TOOLKITS = List.of(
            "javafx.",
            "com.sun.javafx.",
            "com.sun.prism.",
            "com.sun.scenario.",
            "com.sun.glass.",
            "io.linklab.ui.",
            "java.awt.",
            "sun.awt.",
            "sun.java2d.",
            "sun.font.",
            "org.controlsfx.");

    private RunWarmUp() {}

    /** Starts the warm-up on {@code tasks} the first time it is asked in this JVM; later calls do nothing. */
    public static void startOnce(TaskRunner tasks) {
        if (!Boolean.parseBoolean(System.getProperty("linklab.warmup", "true"))
                || !STARTED.compareAndSet(false, true)) {
            return;
        }
        tasks.run(
                RunWarmUp::load,
                loaded -> LOG.log(
                        Level.DEBUG,
                        () -> "run warm-up loaded " + loaded.loaded() + " of " + loaded.listed() + " classes"),
                failed -> LOG.log(Level.INFO, "run warm-up skipped: " + failed));
    }

    static ClassList.Loaded load() throws IOException {
        return ClassList.load(
                ClassList.read(RunWarmUp.class, CLASS_LIST), RunWarmUp.class.getClassLoader(), RunWarmUp::initialise);
    }

    /** Whether the warm-up may run {@code className}'s static initialiser off the FX thread. */
    static boolean initialise(String className) {
        return TOOLKITS.stream().noneMatch(className::startsWith);
    }
}
