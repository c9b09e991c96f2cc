package io.linklab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.Instant;
import java.util.function.LongUnaryOperator;
import java.util.stream.Stream;
import javax.management.ObjectName;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class JitDirectivesTest {

    @AfterEach
    void backToHotSpotsOwnJit() {
        JitDirectives.reset();
        assertEquals("", topDirective(), "the other tests of this JVM get its JIT as it was");
    }

    @Test
    void aJarRunOfItsOwnGetsTheInstalledCommandsC1OnlyJit() throws Exception {
        assertTrue(JitDirectives.c1Only(), "the compiler directive was refused: " + JitDirectives.C1_ONLY);
        awaitTop("c1 Exclude:false, c2 Exclude:true");
    }

    @Test
    void nothingIsCompiledWhileTheToolMeasuresAndCompilingResumesAfter() throws Exception {
        assertTrue(JitDirectives.c1Only());
        JitDirectives.measuring(true);
        awaitTop("c1 Exclude:true, c2 Exclude:true");
        // A compile queued before the directive keeps the directive it was queued under: let those end first.
        awaitNoCompileQueued();
        long before = compiles();
        // hot enough for C1 many times over (Tier3InvocationThreshold 200, back-edges 60000)
        work(x -> x * 31 + 7);
        assertEquals(
                before,
                compiles(),
                () -> "compiled while the tool measured: "
                        + compiled()
                                .filter(l -> Long.parseLong(l.substring(0, l.indexOf(' '))) > before)
                                .toList());

        JitDirectives.measuring(false);
        awaitTop("c1 Exclude:false, c2 Exclude:true");
        work(x -> x * 17 + 3);
        Instant end = Instant.now().plusSeconds(30);
        while (compiles() == before && Instant.now().isBefore(end)) {
            work(x -> x * 13 + 5);
        }
        assertTrue(compiles() > before, "nothing compiled after the measurement");
    }

    private static long work(LongUnaryOperator f) {
        long x = 1;
        for (int i = 0; i < 200_000; i++) {
            x = f.applyAsLong(x);
        }
        return x;
    }

    private static void awaitTop(String expected) throws InterruptedException {
        Instant end = Instant.now().plus(Duration.ofSeconds(30));
        while (!topDirective().equals(expected) && Instant.now().isBefore(end)) {
            Thread.sleep(1); // polling a JVM state with no notification; the condition is what ends the loop
        }
        assertEquals(expected, topDirective());
    }

    /**
     * Waits until no compile is running or queued (jcmd Compiler.queue lists each as "ID LEVEL METHOD" under its
     * compiler thread or queue, and "Empty" for an empty queue).
     */
    private static void awaitNoCompileQueued() throws InterruptedException {
        Instant end = Instant.now().plus(Duration.ofSeconds(30));
        String queue = command("compilerQueue");
        while (queue.lines().anyMatch(JitDirectivesTest::isTask)
                && Instant.now().isBefore(end)) {
            Thread.sleep(1); // no notification for an empty compile queue; the condition ends the loop
            queue = command("compilerQueue");
        }
        assertTrue(queue.lines().noneMatch(JitDirectivesTest::isTask), "compiles still queued:\n" + queue);
    }

    private static boolean isTask(String line) {
        String l = line.strip();
        return !l.isEmpty() && !l.equals("Empty") && !l.endsWith(":");
    }

    /** The directive matched first, as "c1 Exclude:…, c2 Exclude:…", or "" for HotSpot's default alone. */
    private static String topDirective() {
        String[] blocks = command("compilerDirectivesPrint").split("Directive:");
        String top = blocks.length > 1 ? blocks[1] : "";
        if (top.startsWith(" (default)")) {
            return "";
        }
        String c1 = top.substring(top.indexOf("c1 directives:"), top.indexOf("c2 directives:"));
        String c2 = top.substring(top.indexOf("c2 directives:"));
        return "c1 " + exclude(c1) + ", c2 " + exclude(c2);
    }

    private static String exclude(String block) {
        return block.contains("Exclude:true") ? "Exclude:true" : "Exclude:false";
    }

    /**
     * The newest compile's id among the code HotSpot holds (jcmd Compiler.codelist: "ID LEVEL KIND METHOD …"), not
     * counting level 0: method handles' linkers, made when a call site is first linked, by no compiler.
     */
    private static long compiles() {
        return compiled()
                .mapToLong(l -> Long.parseLong(l.substring(0, l.indexOf(' '))))
                .max()
                .orElseThrow();
    }

    private static Stream<String> compiled() {
        return command("compilerCodelist").lines().filter(l -> !l.isBlank() && !l.split(" ")[1].equals("0"));
    }

    private static String command(String name) {
        try {
            return String.valueOf(ManagementFactory.getPlatformMBeanServer()
                    .invoke(
                            new ObjectName("com.sun.management:type=DiagnosticCommand"),
                            name,
                            new Object[] {new String[0]},
                            new String[] {String[].class.getName()}));
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
