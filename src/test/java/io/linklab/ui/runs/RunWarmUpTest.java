package io.linklab.ui.runs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.jvm.ClassList;
import io.linklab.testing.ClassLists;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunWarmUpTest {

    @TempDir
    Path temp;

    @Test
    void everyLinkLabAndJschNameOnTheRunListExists() throws Exception {
        List<String> list = ClassList.read(RunWarmUp.class, RunWarmUp.CLASS_LIST);
        assertTrue(ClassLists.ours(list).size() > 100, "LinkLab and JSch names on the list");
        assertEquals(
                List.of(),
                ClassLists.missingOursAndJsch(list),
                "run-classes.txt names classes that no longer exist; remake it with src/test/bench/run-class-list.sh");
    }

    /**
     * In a JVM of its own, whose class-init log says what ran: the engine's and JSch's initialisers ran, no UI
     * toolkit's did (theirs may expect the FX thread), and every LinkLab name was loaded.
     */
    @Test
    void theWarmUpInitialisesTheEngineAndJschButNoUiToolkitClass() throws Exception {
        Path log = temp.resolve("init.log");
        Path out = temp.resolve("out.txt");
        Process p = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Xlog:class+init=info:file=" + log,
                        "-cp",
                        System.getProperty("java.class.path"),
                        WarmUpOnce.class.getName())
                .redirectErrorStream(true)
                .redirectOutput(out.toFile())
                .start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the warm-up JVM did not end within 60 s");
        assertEquals(0, p.exitValue(), Files.readString(out));

        Matcher loaded = Pattern.compile("loaded (\\d+) of (\\d+)").matcher(Files.readString(out));
        assertTrue(loaded.find(), Files.readString(out));
        List<String> list = ClassList.read(RunWarmUp.class, RunWarmUp.CLASS_LIST);
        int missingOfOthers = list.size() - Integer.parseInt(loaded.group(1));
        // JSch's optional Bouncy Castle classes cannot link without that library: the only names allowed to fail
        assertTrue(missingOfOthers <= 5, "names the warm-up could not load: " + missingOfOthers);

        List<String> initialised = Files.readAllLines(log).stream()
                .filter(l -> l.contains("Initializing '"))
                .map(l -> l.substring(
                                l.indexOf("Initializing '") + 14, l.indexOf('\'', l.indexOf("Initializing '") + 14))
                        .replace('/', '.'))
                .toList();
        assertTrue(initialised.stream().anyMatch(n -> n.startsWith("io.linklab.engine.")), "engine initialised");
        assertTrue(initialised.stream().anyMatch(n -> n.startsWith("com.jcraft.jsch.")), "JSch initialised");
        List<String> toolkit = initialised.stream()
                .filter(n -> !n.startsWith(RunWarmUp.class.getName()) && !n.startsWith(WarmUpOnce.class.getName()))
                .filter(n -> !RunWarmUp.initialise(n))
                .toList();
        assertEquals(List.of(), toolkit, "UI toolkit classes whose initialisers the warm-up ran");
    }

    /** The warm-up alone, as the wizard starts it, in a JVM of its own. */
    public static final class WarmUpOnce {
        public static void main(String[] args) throws Exception {
            ClassList.Loaded l = RunWarmUp.load();
            System.out.println("loaded " + l.loaded() + " of " + l.listed());
        }
    }
}
