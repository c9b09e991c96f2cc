package io.linklab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CliTest {

    private final CliCapture cli = new CliCapture();

    @Test
    void helpListsTheSubcommandsOfTheContract() {
        assertEquals(0, cli.run("--help"));
        String help = cli.out();
        assertTrue(help.contains("import"), help);
        assertTrue(help.contains("test"), help);
    }

    @Test
    void helpNamesTheCommandTheWayItWasStarted() {
        assertEquals(0, cli.run("test", "--help"));
        assertTrue(cli.out().startsWith("Usage: java -jar linklab.jar test"));
        System.setProperty("linklab.command", "linklab");
        try {
            assertEquals(0, cli.run("--help"));
            String help = cli.out();
            assertTrue(help.contains("  linklab COMMAND [ARGS]") && !help.contains("java -jar"), help);
            assertEquals(0, cli.run("import", "--help"));
            assertTrue(cli.out().startsWith("Usage: linklab import FILE..."));
        } finally {
            System.clearProperty("linklab.command");
        }
    }

    @Test
    void unknownSubcommandIsAUsageErrorWithAMessage() {
        assertEquals(2, cli.run("frobnicate"));
        assertTrue(cli.err().contains("unknown subcommand 'frobnicate'"));
    }

    @Test
    void aMisspeltSubcommandIsAnsweredWithTheCommandsWithinTwoSlips() {
        assertEquals(2, cli.run("tset"));
        assertTrue(cli.err().contains("unknown subcommand 'tset'. Did you mean test?"), cli.err());
        assertEquals(2, cli.run("tets"));
        assertTrue(cli.err().contains("Did you mean test?"), cli.err());
        assertEquals(2, cli.run("imprt"));
        assertTrue(cli.err().contains("Did you mean import?"), cli.err());
        assertEquals(2, cli.run("frobnicate"));
        assertTrue(!cli.err().contains("Did you mean"), "nothing is close: " + cli.err());
    }
}
