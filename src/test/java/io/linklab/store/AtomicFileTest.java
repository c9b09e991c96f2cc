package io.linklab.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFileTest {

    @TempDir
    Path dir;

    @Test
    void replacesTheFileWholeAndLeavesNoTemporaryFile() throws Exception {
        Path file = dir.resolve("sub").resolve("run.json");
        AtomicFile.writeString(file, "{\"a\": 1}\n");
        AtomicFile.writeString(file, "{\"a\": 2}\n");
        assertEquals("{\"a\": 2}\n", Files.readString(file));
        try (Stream<Path> s = Files.list(file.getParent())) {
            assertEquals(
                    List.of("run.json"), s.map(p -> p.getFileName().toString()).toList());
        }
    }

    @Test
    void knowsTheTemporaryFilesOfAWrite() {
        assertTrue(AtomicFile.isTemporaryOf("run.json", ".run.json.123456.tmp"));
        assertFalse(AtomicFile.isTemporaryOf("run.json", "run.json"));
        assertFalse(AtomicFile.isTemporaryOf("run.json", ".lab.json.1.tmp"));
    }
}
