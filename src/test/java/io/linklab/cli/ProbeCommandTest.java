package io.linklab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ProbeCommandTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return Cli.run(
                args,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void probesThisMachine() {
        assertEquals(0, run("probe", "local"), err.toString());
        String o = out.toString(StandardCharsets.UTF_8);
        assertTrue(o.startsWith("local: ") && o.contains("  tools:") && o.contains("    lo "), o);
    }

    @Test
    void jsonHasTheFacts() {
        assertEquals(0, run("probe", "local", "--json"), err.toString());
        String o = out.toString(StandardCharsets.UTF_8);
        assertTrue(
                o.trim().startsWith("[") && o.contains("\"host\" : \"local\"") && o.contains("\"probedAt\" : \"20"), o);
    }

    @Test
    void badInputIsAUsageError() {
        assertEquals(2, run("probe"));
        assertTrue(err.toString().contains("name at least one host"), err.toString());
        err.reset();
        assertEquals(2, run("probe", "root@h1;reboot"));
        assertTrue(err.toString().contains("SSH host") && err.toString().contains("h1;reboot"), err.toString());
        err.reset();
        assertEquals(2, run("probe", "h1", "--identity", "/nonexistent/key"));
        assertTrue(err.toString().contains("--identity: cannot read /nonexistent/key"), err.toString());
        err.reset();
        assertEquals(2, run("probe", "h1", "--frobnicate"));
        assertTrue(err.toString().contains("unknown option '--frobnicate'"), err.toString());
    }

    @Test
    void listedInHelp() {
        assertEquals(0, run("--help"));
        assertTrue(out.toString().contains("probe "), out.toString());
    }
}
