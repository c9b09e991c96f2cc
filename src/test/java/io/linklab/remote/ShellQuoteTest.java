package io.linklab.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ShellQuoteTest {

    @Test
    void plainWordsStayReadable() {
        assertEquals(
                "iperf3 -c 198.18.0.2 -p 5201 -t 10",
                ShellQuote.join(List.of("iperf3", "-c", "198.18.0.2", "-p", "5201", "-t", "10")));
    }

    @Test
    void everythingElseIsSingleQuoted() {
        assertEquals("'eth0;reboot'", ShellQuote.quote("eth0;reboot"));
        assertEquals("'$(id)'", ShellQuote.quote("$(id)"));
        assertEquals("''", ShellQuote.quote(""));
        assertEquals("'it'\\''s'", ShellQuote.quote("it's"));
        assertEquals("'a\nb'", ShellQuote.quote("a\nb"));
    }

    @Test
    void nulIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> ShellQuote.quote("a\0b"));
    }

    /** The proof that counts: a real shell gets back exactly the words that were quoted. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "eth0;reboot",
                "$(touch /tmp/linklab-pwned)",
                "`id`",
                "a\nb",
                "it's",
                "''",
                "\\",
                "*",
                "~",
                "a b",
                "$HOME",
                "!x",
                "#c",
                "&",
                "|",
                ">f",
                "<f",
                "{a,b}",
                "'\"'\"'",
                "é ü 中",
                "-n",
                "\t"
            })
    void aPosixShellGetsTheWordBackUnchanged(String word) throws Exception {
        for (String shell : List.of("sh", "bash")) {
            List<String> argv =
                    new ArrayList<>(List.of(shell, "-c", "printf '%s\\0' " + ShellQuote.join(List.of(word, "x"))));
            Process p = new ProcessBuilder(argv).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor(10, TimeUnit.SECONDS);
            assertEquals(word + "\0x\0", out, shell);
        }
    }
}
