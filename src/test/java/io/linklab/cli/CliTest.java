package io.linklab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class CliTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return Cli.run(
                args,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void helpListsTheSubcommandsOfTheContract() {
        assertEquals(0, run("--help"));
        String help = out.toString(StandardCharsets.UTF_8);
        assertTrue(help.contains("import"), help);
        assertTrue(help.contains("test"), help);
    }

    @Test
    void helpNamesTheCommandTheWayItWasStarted() {
        assertEquals(0, run("test", "--help"));
        assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("Usage: java -jar linklab.jar test"));
        out.reset();
        System.setProperty("linklab.command", "linklab");
        try {
            assertEquals(0, run("--help"));
            String help = out.toString(StandardCharsets.UTF_8);
            assertTrue(help.contains("  linklab COMMAND [ARGS]") && !help.contains("java -jar"), help);
            out.reset();
            assertEquals(0, run("import", "--help"));
            assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("Usage: linklab import FILE..."));
        } finally {
            System.clearProperty("linklab.command");
        }
    }

    @Test
    void unknownSubcommandIsAUsageErrorWithAMessage() {
        assertEquals(2, run("frobnicate"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("unknown subcommand 'frobnicate'"));
    }
}
