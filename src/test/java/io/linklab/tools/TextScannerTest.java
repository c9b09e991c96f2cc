package io.linklab.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TextScannerTest {

    /** What readDouble returns for a text and where it leaves the scanner: NaN and 0 where no number starts. */
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "34.1 Gbits | 34.1 | 4",
                "-1 | -1 | 2",
                "+7 | 7 | 2",
                "0.0017 | 0.0017 | 6",
                ".5 | 0.5 | 2",
                "5. | 5 | 2",
                "1.2.3 | 1.2 | 3",
                "1e+06 | 1000000 | 5",
                "2.5E-3x | 0.0025 | 6",
                "3e | 3 | 1",
                "123456789012345678901234 | 123456789012345678901234 | 24",
                "12345678901234567890.25 | 12345678901234567890.25 | 23",
                "0.000000000000000000012345 | 0.000000000000000000012345 | 26",
                "- | NaN | 0",
                ". | NaN | 0",
                "abc | NaN | 0"
            })
    void readsAPlainDecimalAndStopsAfterIt(String text, double expected, int endsAt) {
        TextScanner s = new TextScanner().reset(text, 0, text.length());
        double exact = Double.isNaN(expected) ? 0 : Math.ulp(expected) * 2;
        assertEquals(expected, s.readDouble(), exact, text);
        assertEquals(endsAt, s.pos(), text);
    }

    @Test
    void readsAndSkipsWordsBetweenBlanks() {
        TextScanner s = new TextScanner().reset("  one\ttwo   ", 0, 12);
        assertEquals("one", s.readWord());
        assertTrue(s.skipWord());
        assertEquals(9, s.pos());
        assertFalse(s.skipWord());
        assertNull(s.readWord());
        assertEquals(12, s.pos());
    }

    @Test
    void readsAUdpLossTotalAfterTheLostCount() {
        TextScanner s = new TextScanner().reset("12/ 8000 (0.15%)", 0, 16);
        double lost = s.readDouble();
        assertEquals(new TextScanner.UdpLoss(12, 8000L), s.readLossAfter(lost));
        assertEquals(8, s.pos());

        TextScanner noTotal = new TextScanner().reset("3/x", 0, 3);
        assertEquals(new TextScanner.UdpLoss(3, null), noTotal.readLossAfter(noTotal.readDouble()));

        TextScanner jitter = new TextScanner().reset("0.021 ms", 0, 8);
        assertNull(jitter.readLossAfter(jitter.readDouble()));
        assertEquals(5, jitter.pos());
    }

    @Test
    void takesAUdpLossOnlyOnceAndOnlyAfterTheJitter() {
        String line = "91/0 0.018 ms 3/ 893 (0.3%) 0.012/0.008 ms";
        TextScanner s = new TextScanner().reset(line, 0, line.length());
        TextScanner.UdpFigures udp = new TextScanner.UdpFigures();
        while (!s.skipSpaces().atEnd()) {
            if (!s.lookingAtDigit() || !s.readJitterOrLoss(s.readDouble(), udp)) {
                s.skipWord();
            }
        }
        assertEquals(0.018, udp.jitterMs());
        assertEquals(3L, udp.lost());
        assertEquals(893L, udp.packets());
    }
}
