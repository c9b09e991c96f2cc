package io.linklab.model;

import java.text.DecimalFormatSymbols;
import java.util.Locale;

/**
 * How a rate in bit/s is spelled. The file form is for everything written or printed for other programs (run.json,
 * reports, the command line's tables): always Locale.ROOT, so "4.42" reads the same on every desktop. The screen form
 * is for the window's labels and uses the user's decimal separator.
 */
public final class Rates {
    private static final String[] PREFIXES = {"", "k", "M", "G", "T", "P"};

    private Rates() {}

    /** File form with its own best prefix and three significant digits: "941 Mbit/s", "34.1 Gbit/s". */
    public static String text(double bps) {
        if (Double.isNaN(bps)) {
            return "–";
        }
        double step = 1;
        int i = 0;
        while (Math.abs(bps) >= 1000 * step && i < PREFIXES.length - 1) {
            step *= 1000;
            i++;
        }
        return number(bps / step) + " " + PREFIXES[i] + "bit/s";
    }

    /**
     * File form with three significant digits, zeros kept, in Gbit/s from 1 Gbit/s up and Mbit/s below, as findings'
     * sentences read: "10.0 Gbit/s", "812 Mbit/s".
     */
    public static String significant(double bps) {
        boolean giga = bps >= 1e9;
        return String.format(Locale.ROOT, "%.3g %s", bps / (giga ? 1e9 : 1e6), giga ? "Gbit/s" : "Mbit/s");
    }

    /** {@link #text(double)}, or "" for no rate. */
    public static String textOrEmpty(Double bps) {
        return bps == null ? "" : text(bps);
    }

    /** File form in Gbit/s with a fixed number of decimals, for columns and fixed texts: "4.42". */
    public static String gbit(double bps, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", bps / 1e9);
    }

    /** {@link #text(double)} with the user's decimal separator: "34,1 Gbit/s" on a German desktop. */
    public static String screenText(double bps) {
        return onScreen(text(bps));
    }

    /** {@link #screenText(double)}, or "" for no rate. */
    public static String screenTextOrEmpty(Double bps) {
        return bps == null ? "" : screenText(bps);
    }

    /** {@link #gbit(double, int)} with the user's decimal separator. */
    public static String screenGbit(double bps, int decimals) {
        return onScreen(gbit(bps, decimals));
    }

    /** A file form ({@link #text}, {@link #number} …) with the user's decimal separator, for the window's labels. */
    public static String onScreen(String fileForm) {
        return fileForm.replace('.', screenSeparator());
    }

    /** The user's decimal separator, for a caller that spells many numbers at once (a chart's ticks). */
    public static char screenSeparator() {
        return DecimalFormatSymbols.getInstance(Locale.getDefault(Locale.Category.FORMAT))
                .getDecimalSeparator();
    }

    /** A number alone with three significant digits and no exponent (hot path of tables: no String.format). */
    public static String number(double v) {
        if (Double.isNaN(v)) {
            return "–";
        }
        double a = Math.abs(v);
        if (a == 0) {
            return "0";
        }
        if (a >= 100 || v == Math.rint(v) && a < 1e15) {
            return Long.toString(Math.round(v));
        }
        if (a >= 10) {
            return fixed(v, 1);
        }
        if (a >= 1) {
            return fixed(v, 2);
        }
        if (a >= 0.001) {
            int decimals = 2 - (int) Math.floor(Math.log10(a));
            return fixed(v, decimals);
        }
        return String.format(Locale.ROOT, "%.3g", v);
    }

    private static String fixed(double v, int decimals) {
        long scale = 1;
        for (int i = 0; i < decimals; i++) {
            scale *= 10;
        }
        long n = Math.round(Math.abs(v) * scale);
        String digits = Long.toString(n);
        while (digits.length() <= decimals) {
            digits = "0" + digits;
        }
        String out =
                digits.substring(0, digits.length() - decimals) + "." + digits.substring(digits.length() - decimals);
        return v < 0 ? "-" + out : out;
    }
}
