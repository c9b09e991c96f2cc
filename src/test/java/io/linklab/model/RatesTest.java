package io.linklab.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Files read the same on every desktop; the window speaks the user's decimal separator. */
class RatesTest {

    private Locale before;

    @BeforeEach
    void german() {
        before = Locale.getDefault();
        Locale.setDefault(Locale.GERMAN);
    }

    @AfterEach
    void back() {
        Locale.setDefault(before);
    }

    @Test
    void fileFormKeepsThePointAndScreenFormTakesTheUsersComma() {
        assertEquals("4.42 Gbit/s", Rates.text(4.42e9));
        assertEquals("4,42 Gbit/s", Rates.screenText(4.42e9));
        assertEquals("4.42", Rates.gbit(4.4217e9, 2));
        assertEquals("4,422", Rates.screenGbit(4.4217e9, 3));
        assertEquals("10.0 Gbit/s", Rates.significant(1e10));
        assertEquals("812 Mbit/s", Rates.significant(812.4e6));
    }

    @Test
    void eachRateTakesItsOwnPrefix() {
        assertEquals("941 Mbit/s", Rates.text(941e6));
        assertEquals("34.1 Gbit/s", Rates.text(34.1e9));
        assertEquals("12.5 kbit/s", Rates.text(12_500));
        assertEquals("0 bit/s", Rates.text(0));
        assertEquals("", Rates.textOrEmpty(null));
        assertEquals("", Rates.screenTextOrEmpty(null));
        assertEquals("–", Rates.text(Double.NaN));
    }
}
