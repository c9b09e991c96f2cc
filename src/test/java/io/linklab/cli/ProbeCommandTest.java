package io.linklab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ProbeCommandTest {

    private final CliCapture cli = new CliCapture();

    @Test
    void probesThisMachine() {
        assertEquals(0, cli.run("probe", "local"), cli.err());
        String o = cli.out();
        assertTrue(o.startsWith("local: ") && o.contains("  tools:") && o.contains("    lo "), o);
    }

    @Test
    void jsonHasTheFacts() {
        assertEquals(0, cli.run("probe", "local", "--json"), cli.err());
        String o = cli.out();
        assertTrue(
                o.trim().startsWith("[") && o.contains("\"host\" : \"local\"") && o.contains("\"probedAt\" : \"20"), o);
    }

    @Test
    void badInputIsAUsageError() {
        assertEquals(2, cli.run("probe"));
        assertTrue(cli.err().contains("name at least one host"), cli.err());
        assertEquals(2, cli.run("probe", "root@h1;reboot"));
        assertTrue(cli.err().contains("SSH host") && cli.err().contains("h1;reboot"), cli.err());
        assertEquals(2, cli.run("probe", "h1", "--identity", "/nonexistent/key"));
        assertTrue(cli.err().contains("--identity: cannot read /nonexistent/key"), cli.err());
        assertEquals(2, cli.run("probe", "h1", "--frobnicate"));
        assertTrue(cli.err().contains("unknown option '--frobnicate'"), cli.err());
    }

    @Test
    void listedInHelp() {
        assertEquals(0, cli.run("--help"));
        assertTrue(cli.out().contains("probe "), cli.out());
    }
}
