package io.linklab.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class VerdictTest {

    @Test
    void aRateBelowTheExpectedOneFailsWithItsMargin() {
        Verdict v = Expectation.parse("--expect", "90G").resolve(null).judge(71.2e9);
        assertEquals(Verdict.Outcome.FAIL, v.outcome());
        assertEquals("fail: 71.2 of 90.0 Gbit/s expected, 79 %", v.text());
        assertEquals("fail", v.outcome().csv());
    }

    @Test
    void theDefaultExpectsNinetyPercentOfTheSlowerEnd() {
        Expectation.Expected e = Expectation.DEFAULT.resolve(100e9);
        assertEquals(90e9, e.bitsPerSecond(), 1);
        assertEquals(Verdict.Outcome.PASS, e.judge(94.1e9).outcome());
        assertEquals(
                "pass: 94.1 of 90.0 Gbit/s expected, 104 %", e.judge(94.1e9).text());
        // just under is a fail, and its share is never rounded up to the expectation
        assertEquals(
                "fail: 89.9 of 90.0 Gbit/s expected, 99 %", e.judge(89.95e9).text());
    }

    @Test
    void aShareOfALinkWithoutSpeedGivesNoVerdictAndSaysWhy() {
        Expectation.Expected e = Expectation.parse("--expect", "80%").resolve(null);
        assertNull(e.bitsPerSecond());
        Verdict v = e.judge(12e9);
        assertEquals(Verdict.Outcome.NONE, v.outcome());
        assertEquals("", v.outcome().csv());
        assertTrue(v.text().contains("80 % of the link speed") && v.text().contains("veth"), v.text());
    }

    @Test
    void nothingMeasuredIsNoVerdict() {
        Verdict v = Expectation.parse("--expect", "940M").resolve(null).judge(null);
        assertEquals(Verdict.Outcome.NONE, v.outcome());
        assertEquals("no verdict: nothing was measured", v.text());
    }

    @Test
    void megabitRatesAreShownInMegabits() {
        assertEquals(
                "pass: 941.0 of 900.0 Mbit/s expected, 104 %",
                Expectation.parse("--expect", "900M").resolve(null).judge(941e6).text());
    }

    @Test
    void badExpectationsNameTheFieldAndWhatToWrite() {
        for (String bad : List.of("", "fast", "0%", "150%", "-3G", "0")) {
            InvalidValueException e =
                    assertThrows(InvalidValueException.class, () -> Expectation.parse("--expect", bad), bad);
            assertTrue(e.getMessage().startsWith("--expect: '" + bad + "' is not valid"), e.getMessage());
        }
    }

    @Test
    void oneFailedDirectionFailsTheRun() {
        assertEquals(
                Verdict.Outcome.FAIL,
                Verdict.overall(List.of(Verdict.Outcome.PASS, Verdict.Outcome.FAIL, Verdict.Outcome.NONE)));
        assertEquals(Verdict.Outcome.PASS, Verdict.overall(List.of(Verdict.Outcome.PASS, Verdict.Outcome.NONE)));
        assertEquals(Verdict.Outcome.NONE, Verdict.overall(List.of()));
    }
}
