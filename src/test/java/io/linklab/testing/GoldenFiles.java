package io.linklab.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Files compared byte for byte with a copy kept under src/test/resources/golden: a file users keep in version
 * control must not change its spelling when the code that writes it does.
 */
public final class GoldenFiles {

    private GoldenFiles() {}

    /**
     * A mismatch leaves what was written in target/golden-actual under the golden file's name, to diff or, when the
     * change is meant, to copy over the golden file.
     */
    public static void assertSameBytes(String golden, Path written) throws IOException {
        byte[] actual = Files.readAllBytes(written);
        byte[] expected;
        try (InputStream in = GoldenFiles.class.getResourceAsStream("/golden/" + golden)) {
            expected = in == null ? new byte[0] : in.readAllBytes();
        }
        String expectedText = new String(expected, StandardCharsets.UTF_8);
        String actualText = new String(actual, StandardCharsets.UTF_8);
        if (!expectedText.equals(actualText)) {
            Path copy = Path.of("target", "golden-actual", golden);
            Files.createDirectories(copy.getParent());
            Files.write(copy, actual);
        }
        assertEquals(expectedText, actualText, golden + " differs; what was written is in target/golden-actual");
    }
}
