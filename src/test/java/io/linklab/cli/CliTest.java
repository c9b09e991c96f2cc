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
        return Cli.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
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
    void unknownSubcommandIsAUsageErrorWithAMessage() {
        assertEquals(2, run("frobnicate"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("unknown subcommand 'frobnicate'"));
    }
}
