package io.linklab.tools.iperf3;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** Searches in raw input bytes, for feeding whole read buffers without decoding them. */
final class ByteScan {

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long LOW7 = 0x7F7F7F7F7F7F7F7FL;

    private ByteScan() {}

    static int indexOf(byte[] buf, byte b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (buf[i] == b) {
                return i;
            }
        }
        return -1;
    }

    /** How many {@code b} bytes lie in buf[from, to): eight bytes at a time, this runs once per input byte. */
    static int count(byte[] buf, byte b, int from, int to) {
        long pattern = (b & 0xFFL) * 0x0101010101010101L;
        int n = 0;
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long x = (long) LONGS.get(buf, i) ^ pattern;
            // A byte of x is zero exactly where buf held b; its high bit ends up set in y, nowhere else.
            long y = ~(((x & LOW7) + LOW7) | x | LOW7);
            n += Long.bitCount(y);
        }
        for (; i < to; i++) {
            if (buf[i] == b) {
                n++;
            }
        }
        return n;
    }

    /** True when buf[from, to) holds only spaces, tabs and carriage returns. */
    static boolean blank(byte[] buf, int from, int to) {
        for (int i = from; i < to; i++) {
            byte c = buf[i];
            if (c != ' ' && c != '\t' && c != '\r') {
                return false;
            }
        }
        return true;
    }
}
