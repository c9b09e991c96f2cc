package io.linklab.ui.charts;

import io.linklab.model.Rates;

/**
 * How a chart axis, a hover label or a table cell spells a value: rates in bit/s or byte/s, sizes, counts. As with
 * {@link Rates}, {@link #format} is the file form (exported charts, reports: always a decimal point) and
 * {@link #screenFormat} the window's, with the user's decimal separator.
 */
public enum ValueUnit {
    /** Stored in bits per second, shown with decimal prefixes (Mbit/s, Gbit/s) as the tools print them. */
    BITS_PER_SECOND("bit/s", 1.0, 1000, true),
    /** Stored in bits per second, shown in bytes per second with decimal prefixes (MB/s, GB/s). */
    BYTES_PER_SECOND("B/s", 1.0 / 8, 1000, true),
    /** Stored in bytes, shown with binary prefixes (KiB, MiB) as cwnd is usually read. */
    BYTES("B", 1.0, 1024, true),
    COUNT("", 1.0, 1000, false),
    MILLISECONDS("ms", 1.0, 1000, false),
    PERCENT("%", 1.0, 1000, false),
    SECONDS("s", 1.0, 1000, false),
    /** A plain number such as an MTU. */
    NUMBER("", 1.0, 1000, false);

    private static final String[] DECIMAL = {"", "k", "M", "G", "T", "P"};
    private static final String[] BINARY = {"", "Ki", "Mi", "Gi", "Ti", "Pi"};

    private final String symbol;
    private final double factor;
    private final int base;
    private final boolean prefixed;

    ValueUnit(String symbol, double factor, int base, boolean prefixed) {
        this.symbol = symbol;
        this.factor = factor;
        this.base = base;
        this.prefixed = prefixed;
    }

    public String symbol() {
        return symbol;
    }

    /** The stored value converted to this unit before prefixes (bits → bytes for BYTES_PER_SECOND). */
    public double scale(double stored) {
        return stored * factor;
    }

    /** The prefix step (1, 1000, 10^6 …) that suits values up to {@code maxStored}, so one axis uses one prefix. */
    public double prefixStep(double maxStored) {
        if (!prefixed) {
            return 1;
        }
        double v = Math.abs(scale(maxStored));
        double step = 1;
        int i = 0;
        while (v >= base * step && i < DECIMAL.length - 1) {
            step *= base;
            i++;
        }
        return step;
    }

    /** "Mbit/s" for the step 10^6, "MiB" for 2^20. */
    public String label(double step) {
        if (!prefixed) {
            return symbol;
        }
        int i = 0;
        double s = 1;
        while (s < step && i < DECIMAL.length - 1) {
            s *= base;
            i++;
        }
        String prefix = base == 1024 ? BINARY[i] : DECIMAL[i];
        if (this == BITS_PER_SECOND) {
            return prefix + "bit/s";
        }
        return prefix + symbol;
    }

    /** A value with its own best prefix and three significant digits: "941 Mbit/s", "34.1 Gbit/s". */
    public String format(double stored) {
        if (Double.isNaN(stored)) {
            return "–";
        }
        double step = prefixStep(stored);
        double v = scale(stored) / step;
        String unit = label(step);
        return number(v) + (unit.isEmpty() ? "" : " " + unit);
    }

    /** {@link #format} with the user's decimal separator: "34,1 Gbit/s" on a German desktop. */
    public String screenFormat(double stored) {
        return Rates.onScreen(format(stored));
    }

    /** A number alone with three significant digits and no exponent, as {@link Rates#number} spells it. */
    public static String number(double v) {
        return Rates.number(v);
    }
}
