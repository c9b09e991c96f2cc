package io.linklab.tools;

/**
 * A cursor over one line of tool output that reads numbers, words and unit suffixes without
 * regular expressions or intermediate strings: the parsers' hot path runs at millions of lines/s.
 * Read methods return NaN / -1 / null and leave the cursor where it was when the text does not match.
 */
public final class TextScanner {

    private static final double[] POW10 = {
        1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
        1e20, 1e21, 1e22
    };

    private String s;
    private int pos;
    private int end;

    public TextScanner reset(String line, int from, int to) {
        this.s = line;
        this.pos = from;
        this.end = to;
        return this;
    }

    public int pos() {
        return pos;
    }

    public void pos(int p) {
        pos = p;
    }

    public int end() {
        return end;
    }

    public String text() {
        return s;
    }

    public boolean atEnd() {
        return pos >= end;
    }

    public char peek() {
        return pos < end ? s.charAt(pos) : '\0';
    }

    public TextScanner skipSpaces() {
        while (pos < end) {
            char c = s.charAt(pos);
            if (!isBlank(c)) {
                break;
            }
            pos++;
        }
        return this;
    }

    /** True when only blanks remain. */
    public boolean restIsBlank() {
        for (int i = pos; i < end; i++) {
            char c = s.charAt(i);
            if (!isBlank(c)) {
                return false;
            }
        }
        return true;
    }

    public boolean expect(char c) {
        if (pos < end && s.charAt(pos) == c) {
            pos++;
            return true;
        }
        return false;
    }

    /** A UDP report's "LOST/ TOTAL" datagrams; {@code total} is null where the tool printed no number. */
    public record UdpLoss(long lost, Long total) {}

    /**
     * After the number {@code lost}, the "/ TOTAL" of a UDP report's loss ("12/ 8000" in iperf3 and iperf2 alike),
     * read; null and nothing read when no '/' follows.
     */
    public UdpLoss readLossAfter(double lost) {
        if (!expect('/')) {
            return null;
        }
        long total = skipSpaces().readLong();
        return new UdpLoss((long) lost, total >= 0 ? total : null);
    }

    /** A UDP report's jitter and datagram loss as {@link #readJitterOrLoss} gathers them; null where not printed. */
    public static final class UdpFigures {
        private Double jitterMs;
        private Long lost;
        private Long packets;

        public Double jitterMs() {
            return jitterMs;
        }

        public Long lost() {
            return lost;
        }

        public Long packets() {
            return packets;
        }
    }

    /**
     * After the number {@code n}, the rest of a UDP report's jitter ("0.018 ms") or loss ("12/ 8000"), read into
     * {@code figures}; false, and only blanks read, when {@code n} is neither. A loss counts only after the jitter
     * and only once: iperf2 -e prints "Write/Err" before it and latencies "avg/min/max/stdev" after it, which read
     * as LOST/TOTAL too.
     */
    public boolean readJitterOrLoss(double n, UdpFigures figures) {
        UdpLoss loss = readLossAfter(n);
        if (loss != null) {
            if (figures.lost == null && figures.jitterMs != null) {
                figures.lost = loss.lost();
                figures.packets = loss.total();
            }
            return true;
        }
        if (skipSpaces().expect("ms")) {
            figures.jitterMs = n;
            return true;
        }
        return false;
    }

    /** Consumes {@code word} if the text continues with it. */
    public boolean expect(String word) {
        if (s.startsWith(word, pos) && pos + word.length() <= end) {
            pos += word.length();
            return true;
        }
        return false;
    }

    public boolean lookingAt(String word) {
        return s.startsWith(word, pos) && pos + word.length() <= end;
    }

    public boolean lookingAtDigit() {
        return pos < end && isDigit(s.charAt(pos));
    }

    /**
     * A plain decimal such as "34.1", "-1", "0.0017" (and, rarely, "1e+06"). Digits and the fraction are
     * accumulated in a long and divided by an exact power of ten, which rounds correctly for the
     * precision tools print.
     */
    public double readDouble() {
        int start = pos;
        int i = pos;
        boolean neg = false;
        if (i < end && (s.charAt(i) == '-' || s.charAt(i) == '+')) {
            neg = s.charAt(i) == '-';
            i++;
        }
        long mant = 0;
        int digits = 0;
        int frac = 0;
        boolean sawDigit = false;
        boolean inFraction = false;
        for (; i < end; i++) {
            char c = s.charAt(i);
            if (c == '.' && !inFraction) {
                inFraction = true;
                continue;
            }
            if (!isDigit(c)) {
                break;
            }
            sawDigit = true;
            if (digits < 18) {
                mant = mant * 10 + (c - '0');
                if (mant != 0) {
                    digits++;
                }
                if (inFraction) {
                    frac++;
                }
            } else if (!inFraction) {
                frac--; // too many integer digits for a long: scale instead
            }
        }
        if (!sawDigit) {
            pos = start;
            return Double.NaN;
        }
        if (i < end && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            int j = i + 1;
            if (j < end && (s.charAt(j) == '+' || s.charAt(j) == '-')) {
                j++;
            }
            if (j < end && isDigit(s.charAt(j))) {
                while (j < end && isDigit(s.charAt(j))) {
                    j++;
                }
                pos = j;
                try {
                    return Double.parseDouble(s.substring(start, j));
                } catch (NumberFormatException e) {
                    pos = start;
                    return Double.NaN;
                }
            }
        }
        pos = i;
        double v;
        if (frac >= 0 && frac < POW10.length) {
            v = mant / POW10[frac];
        } else if (frac < 0 && -frac < POW10.length) {
            v = mant * POW10[-frac];
        } else {
            v = Double.parseDouble(s.substring(start, i));
            return v;
        }
        return neg ? -v : v;
    }

    /** A non-negative integer, or -1. */
    public long readLong() {
        int i = pos;
        long v = 0;
        boolean neg = false;
        if (i < end && s.charAt(i) == '-') {
            neg = true;
            i++;
        }
        int startDigits = i;
        while (i < end) {
            char c = s.charAt(i);
            if (!isDigit(c)) {
                break;
            }
            v = v * 10 + (c - '0');
            i++;
        }
        if (i == startDigits) {
            return neg ? Long.MIN_VALUE : -1;
        }
        pos = i;
        return neg ? -v : v;
    }

    /** The next run of non-blank characters, as a new string (for rare paths only). */
    public String readWord() {
        int start = passWord();
        return start == pos ? null : s.substring(start, pos);
    }

    /** Skips the next run of non-blank characters; false when there was none. */
    public boolean skipWord() {
        return passWord() < pos;
    }

    /** Moves past the blanks and the non-blank run after them; returns where that run starts. */
    private int passWord() {
        skipSpaces();
        int start = pos;
        while (pos < end && !isBlank(s.charAt(pos))) {
            pos++;
        }
        return start;
    }

    /**
     * A byte count with its unit, "4.08 GBytes" → 4.08 × 2^30 (the tools use binary prefixes for bytes).
     * Returns -1 when the text is not a size.
     */
    public long readBytes() {
        int start = pos;
        double v = readDouble();
        if (Double.isNaN(v)) {
            return -1;
        }
        skipSpaces();
        double mult = 1;
        if (pos < end) {
            char c = s.charAt(pos);
            mult = binaryPrefix(c);
            if (mult != 1) {
                pos++;
            }
        }
        if (expect("Bytes") || expect("Byte")) {
            return Math.round(v * mult);
        }
        pos = start;
        return -1;
    }

    /**
     * A rate with its unit, "34.1 Gbits/sec" → 34.1 × 10^9 bits per second; "MBytes/sec" is converted
     * with binary prefixes and 8 bits per byte (iperf2 -f M). NaN when the text is not a rate.
     */
    public double readRate() {
        int start = pos;
        double v = readDouble();
        if (Double.isNaN(v)) {
            return Double.NaN;
        }
        skipSpaces();
        if (pos >= end) {
            pos = start;
            return Double.NaN;
        }
        char c = s.charAt(pos);
        double decimal = decimalPrefix(c);
        double binary = binaryPrefix(c);
        if (decimal != 1) {
            pos++;
        }
        double result;
        if (expect("bits/sec") || expect("bits/s") || expect("bps")) {
            result = v * decimal;
            if (decimal > 1) {
                // "16.4 Gbits/sec" is 16400000000 exactly; 16.4 * 1e9 in binary floating point is not.
                result = Math.rint(result);
            }
        } else if (expect("Bytes/sec") || expect("Bytes/s")) {
            result = v * binary * 8;
        } else {
            pos = start;
            return Double.NaN;
        }
        return result;
    }

    private static double decimalPrefix(char c) {
        switch (c) {
            case 'k':
            case 'K':
                return 1e3;
            case 'm':
            case 'M':
                return 1e6;
            case 'g':
            case 'G':
                return 1e9;
            case 't':
            case 'T':
                return 1e12;
            default:
                return 1;
        }
    }

    private static double binaryPrefix(char c) {
        switch (c) {
            case 'k':
            case 'K':
                return 1024.0;
            case 'm':
            case 'M':
                return 1024.0 * 1024;
            case 'g':
            case 'G':
                return 1024.0 * 1024 * 1024;
            case 't':
            case 'T':
                return 1024.0 * 1024 * 1024 * 1024;
            default:
                return 1;
        }
    }

    /** Space, tab, and the no-break space that logs copied from web pages carry. */
    private double headStart;

    private double headEnd;
    private long headBytes;
    private double headRate;

    /**
     * Reads "T0-T1 sec BYTES RATE", the head that every iperf2 and iperf3 interval and total line shares,
     * leaving the cursor after the rate. Returns false, the cursor somewhere inside, when the line is not one.
     */
    public boolean readIntervalHead() {
        headStart = readDouble();
        if (!expect('-')) {
            return false;
        }
        skipSpaces();
        headEnd = readDouble();
        if (Double.isNaN(headEnd)) {
            return false;
        }
        skipSpaces();
        if (!expect("sec")) {
            return false;
        }
        skipSpaces();
        headBytes = readBytes();
        if (headBytes < 0) {
            return false;
        }
        skipSpaces();
        headRate = readRate();
        return !Double.isNaN(headRate);
    }

    public double headStart() {
        return headStart;
    }

    public double headEnd() {
        return headEnd;
    }

    public long headBytes() {
        return headBytes;
    }

    public double headRate() {
        return headRate;
    }

    /** Where a line's text ends: before the carriage returns and newlines it may still carry. */
    public static int lineEnd(String line) {
        int end = line.length();
        while (end > 0 && (line.charAt(end - 1) == '\r' || line.charAt(end - 1) == '\n')) {
            end--;
        }
        return end;
    }

    public static boolean isBlank(char c) {
        return c == ' ' || c == '\t' || c == '\u00a0';
    }

    public static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** A number with an optional K/M/G suffix glued on ("1435K(991)"), whatever follows; -1 if none. */
    public long readGluedBytesLoose() {
        double v = readDouble();
        if (Double.isNaN(v)) {
            return -1;
        }
        double mult = pos < end ? binaryPrefix(s.charAt(pos)) : 1;
        return Math.round(v * mult);
    }

    /** "3.62 MBytes" style value with a K/M/G suffix glued on ("1278K") → bytes; -1 if none. */
    public long readGluedBytes() {
        int start = pos;
        double v = readDouble();
        if (Double.isNaN(v)) {
            return -1;
        }
        double mult = 1;
        if (pos < end) {
            mult = binaryPrefix(s.charAt(pos));
            if (mult != 1) {
                pos++;
            }
        }
        if (pos < end && !isBlank(s.charAt(pos)) && s.charAt(pos) != '/') {
            pos = start;
            return -1;
        }
        return Math.round(v * mult);
    }
}
