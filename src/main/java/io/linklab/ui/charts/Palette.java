package io.linklab.ui.charts;

import java.awt.Color;

/** Distinguishable line colours: ten hand-picked ones, then evenly spread hues for runs with many streams. */
public final class Palette {

    /** The SUM line of the client→server direction (and the only one of one-way runs). */
    public static final int SUM = 0x111111;
    /** The SUM line of the server→client direction. */
    public static final int SUM_REVERSE = 0x8B1A1A;

    public static final int FAILED = 0xD62728;
    public static final int WARNING = 0xE08A00;

    private static final int[] FIRST = {
        0x1F77B4, 0xFF7F0E, 0x2CA02C, 0x9467BD, 0x17BECF, 0x8C564B, 0xE377C2, 0xBCBD22, 0x7F7F7F, 0x393B79,
    };

    private Palette() {}

    public static int color(int index) {
        if (index < FIRST.length) {
            return FIRST[index];
        }
        float hue = ((index - FIRST.length) * 0.618034f) % 1f; // golden-ratio steps keep neighbours apart
        return Color.HSBtoRGB(hue, 0.65f, 0.75f) & 0xFFFFFF;
    }

    public static String css(int rgb) {
        return String.format("#%06x", rgb & 0xFFFFFF);
    }
}
