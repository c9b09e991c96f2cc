package io.linklab.ui;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;

/**
 * The committed icon set in icons/ is complete and consistent: what icons/generate.sh writes, at the sizes
 * the platforms and the installer use, with the window icons in the jar identical to the masters' renderings.
 */
class IconFilesTest {

    private static final Path ICONS = Path.of("icons");
    private static final int[] PNG_SIZES = {16, 20, 22, 24, 32, 40, 48, 64, 96, 128, 256, 512};
    private static final byte[] PNG_MAGIC = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    @Test
    void theVectorMasterIsA512SquareSvg() throws Exception {
        var factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        Element svg = factory.newDocumentBuilder()
                .parse(ICONS.resolve("linklab.svg").toFile())
                .getDocumentElement();
        assertEquals("svg", svg.getLocalName());
        assertEquals("0 0 512 512", svg.getAttribute("viewBox"));
    }

    @Test
    void everyPngSizeIsThereAtItsSize() throws IOException {
        for (int size : PNG_SIZES) {
            Path png = ICONS.resolve("png/linklab-" + size + ".png");
            assertTrue(Files.isRegularFile(png), png + " is missing; run icons/generate.sh");
            assertEquals(List.of(size, size), pngDimensions(Files.readAllBytes(png)), png.toString());
        }
    }

    @Test
    void theWindowIconsInTheJarAreTheGeneratedOnes() throws IOException {
        for (int size : AppIcon.SIZES) {
            byte[] generated = Files.readAllBytes(ICONS.resolve("png/linklab-" + size + ".png"));
            try (InputStream in = AppIcon.class.getResourceAsStream(AppIcon.resourcePath(size))) {
                assertArrayEquals(generated, in.readAllBytes(), "window icon " + size + " differs from icons/png");
            }
        }
    }

    @Test
    void theWindowsIcoHoldsTheSmallSizesAnd256() throws IOException {
        ByteBuffer ico = ByteBuffer.wrap(Files.readAllBytes(ICONS.resolve("linklab.ico")))
                .order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(0, ico.getShort(0), "reserved");
        assertEquals(1, ico.getShort(2), "type 1 = icon");
        int count = ico.getShort(4);
        List<Integer> sizes = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int width = Byte.toUnsignedInt(ico.get(6 + 16 * i));
            sizes.add(width == 0 ? 256 : width);
            int length = ico.getInt(6 + 16 * i + 8);
            int offset = ico.getInt(6 + 16 * i + 12);
            assertTrue(offset + length <= ico.capacity(), "entry " + i + " lies inside the file");
        }
        assertEquals(List.of(16, 20, 24, 32, 40, 48, 64, 256), sizes);
    }

    @Test
    void theMacIcnsHoldsTheRetinaSizes() throws IOException {
        ByteBuffer icns = ByteBuffer.wrap(Files.readAllBytes(ICONS.resolve("linklab.icns")));
        assertEquals("icns", new String(bytes(icns, 0, 4), StandardCharsets.US_ASCII));
        assertEquals(icns.capacity(), icns.getInt(4), "the header gives the file length");
        List<String> types = new ArrayList<>();
        for (int at = 8; at < icns.capacity(); at += icns.getInt(at + 4)) {
            types.add(new String(bytes(icns, at, 4), StandardCharsets.US_ASCII));
        }
        // is32/il32/ih32/it32: 16, 32, 48, 128 px; ic08/ic09: 256 and 512 px
        assertTrue(types.containsAll(List.of("is32", "il32", "ih32", "it32", "ic08", "ic09")), types.toString());
    }

    private static List<Integer> pngDimensions(byte[] png) {
        byte[] magic = new byte[8];
        System.arraycopy(png, 0, magic, 0, 8);
        assertArrayEquals(PNG_MAGIC, magic, "PNG signature");
        ByteBuffer header = ByteBuffer.wrap(png);
        assertEquals("IHDR", new String(png, 12, 4, StandardCharsets.US_ASCII));
        return List.of(header.getInt(16), header.getInt(20));
    }

    private static byte[] bytes(ByteBuffer buffer, int at, int length) {
        byte[] out = new byte[length];
        buffer.get(at, out);
        return out;
    }
}
