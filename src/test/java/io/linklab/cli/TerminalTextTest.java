package io.linklab.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.HostFacts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Text from hosts and from files others wrote reaches the terminal with its control characters shown escaped: an
 * OSC 52 sequence would write the user's clipboard, a cursor move could forge a line already printed.
 */
class TerminalTextTest {

    private static final String OSC52 = "\u001b]52;c;Y3VybCBldmlsfHNo\u0007";
    private static final String ERASE = "\u001b[2K\r";

    private final CliCapture cli = new CliCapture();

    @TempDir
    Path dir;

    private static void noRawControls(String text) {
        assertFalse(
                text.chars().anyMatch(c -> c < 0x20 && c != '\n' && c != '\t' || c == 0x7f || c >= 0x80 && c <= 0x9f),
                "a raw control character in: " + text);
    }

    @Test
    void aToolErrorFromALogIsPrintedEscaped() throws Exception {
        Path log = dir.resolve("client.txt");
        Files.writeString(log, "iperf3: error - unable to connect to server: " + OSC52 + ERASE + "0 failed\n");
        cli.run("import", log.toString());
        noRawControls(cli.out());
        noRawControls(cli.err());
        assertTrue(cli.err().contains("\\x1b]52;c;Y3VybCBldmlsfHNo\\x07\\x1b[2K\\x0d0 failed"), cli.both());
    }

    @Test
    void aHostsOsNameAndToolVersionArePrintedEscapedByTheProbe() {
        HostFacts facts = new HostFacts(
                "lab-" + ERASE + "a",
                Instant.now(),
                true,
                true,
                null,
                "Linux 6.1",
                "lab-a",
                "debian",
                null,
                "Debian 12" + OSC52,
                "EPYC",
                32,
                true,
                List.of(new HostFacts.ToolFacts("iperf3", "/usr/bin/iperf3", "3.12" + OSC52, "iperf 3.12", null)),
                List.of(new HostFacts.InterfaceFacts(
                        "data0", List.of("198.19.4.1/24"), 9000, 100_000L, "up", "mlx5\u009b2J", "00:11", Map.of())),
                Map.of(),
                "mgmt0");
        cli.call((out, err) -> {
            ProbeCommand.printSummary(TerminalText.of(out), facts);
            return 0;
        });
        noRawControls(cli.out());
        assertTrue(cli.out().contains("Debian 12\\x1b]52;c;Y3VybCBldmlsfHNo\\x07"), cli.out());
        assertTrue(cli.out().contains("iperf3 3.12\\x1b]52"), cli.out());
        assertTrue(cli.out().contains("lab-\\x1b[2K\\x0da: "), cli.out());
        assertTrue(cli.out().contains("mlx5\\x9b2J"), cli.out());
    }
}
