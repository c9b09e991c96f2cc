package io.linklab.ui.charts;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;
import org.junit.jupiter.api.Test;

class ValueUnitTest {

    @Test
    void ratesReadLikeTheToolsPrintThem() {
        assertEquals("941 Mbit/s", ValueUnit.BITS_PER_SECOND.format(941e6));
        assertEquals("34.1 Gbit/s", ValueUnit.BITS_PER_SECOND.format(34.1e9));
        assertEquals("118 MB/s", ValueUnit.BYTES_PER_SECOND.format(941e6));
        assertEquals("4.26 GB/s", ValueUnit.BYTES_PER_SECOND.format(34.1e9));
        assertEquals("256 KiB", ValueUnit.BYTES.format(262144));
        assertEquals("12", ValueUnit.COUNT.format(12));
    }

    @Test
    void aGermanDesktopShowsACommaWhileFilesKeepThePoint() {
        Locale before = Locale.getDefault();
        Locale.setDefault(Locale.GERMANY);
        try {
            assertEquals("4,42 Gbit/s", ValueUnit.BITS_PER_SECOND.screenFormat(4.42e9));
            assertEquals("0,250 ms", ValueUnit.MILLISECONDS.screenFormat(0.25));
            // the form the report files and exported charts are written with
            assertEquals("4.42 Gbit/s", ValueUnit.BITS_PER_SECOND.format(4.42e9));
        } finally {
            Locale.setDefault(before);
        }
    }

    @Test
    void oneAxisUsesOnePrefix() {
        double step = ValueUnit.BITS_PER_SECOND.prefixStep(98.2e9);
        assertEquals(1e9, step);
        assertEquals("Gbit/s", ValueUnit.BITS_PER_SECOND.label(step));
        assertEquals("MB/s", ValueUnit.BYTES_PER_SECOND.label(ValueUnit.BYTES_PER_SECOND.prefixStep(941e6)));
    }

    @Test
    void ticksAreRoundNumbers() {
        assertArrayEquals(new double[] {0, 200, 400, 600, 800, 1000}, PlotPainter.ticks(0, 1000, 5), 1e-9);
        assertArrayEquals(new double[] {0.5, 1, 1.5}, PlotPainter.ticks(0.3, 1.7, 3), 1e-9);
    }
}
