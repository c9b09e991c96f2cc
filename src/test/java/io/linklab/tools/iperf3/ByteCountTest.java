package io.linklab.tools.iperf3;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The eight-bytes-at-a-time newline count agrees with a plain loop on every byte value and position. */
class ByteCountTest {

    @Test
    void countsExactlyForAnyBytes() {
        Random random = new Random(42);
        for (int round = 0; round < 2000; round++) {
            byte[] buf = new byte[random.nextInt(70)];
            for (int i = 0; i < buf.length; i++) {
                int kind = random.nextInt(4);
                buf[i] = kind == 0
                        ? (byte) '\n'
                        : kind == 1 ? (byte) (random.nextInt(3) + 9) : (byte) random.nextInt(256);
            }
            int from = buf.length == 0 ? 0 : random.nextInt(buf.length);
            int to = from + (buf.length == from ? 0 : random.nextInt(buf.length - from + 1));
            int expected = 0;
            for (int i = from; i < to; i++) {
                if (buf[i] == '\n') {
                    expected++;
                }
            }
            assertEquals(expected, ByteScan.count(buf, (byte) '\n', from, to));
        }
    }
}
