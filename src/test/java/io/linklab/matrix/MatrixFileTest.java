package io.linklab.matrix;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.linklab.model.Expectation;
import io.linklab.testing.MatrixRows;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** matrix.csv grows by appends, and a row an append did not finish (a kill) is not read back. */
class MatrixFileTest {

    @TempDir
    Path dir;

    private static MatrixRow ok(String client, String server) {
        return new MatrixRow(
                client,
                server,
                "c2s",
                4.29e9,
                4.2e9,
                4.3e9,
                27L,
                1e10,
                MatrixRow.OK,
                "",
                "pairs/x",
                null,
                Expectation.DEFAULT);
    }

    private static MatrixRow failed(String client, String server, String reason) {
        return MatrixRows.failed(client, server, null, reason);
    }

    @Test
    void anAppendLeavesTheEarlierBytesAsTheyWereAndAddsItsRowsAtTheEnd() throws Exception {
        MatrixFile.write(dir, List.of(ok("h1", "h2")));
        byte[] before = Files.readAllBytes(dir.resolve(MatrixFile.NAME));

        MatrixFile.append(dir, List.of(ok("h2", "h1"), failed("h1", "h3", "refused")));

        byte[] after = Files.readAllBytes(dir.resolve(MatrixFile.NAME));
        assertArrayEquals(before, Arrays.copyOf(after, before.length));
        assertEquals(List.of(ok("h1", "h2"), ok("h2", "h1"), failed("h1", "h3", "refused")), MatrixFile.read(dir));
    }

    @Test
    void aRowCutShortByAKillIsNotReadEvenWhereItsQuotedReasonHoldsALineBreak() throws Exception {
        MatrixFile.write(dir, List.of(ok("h1", "h2")));
        MatrixFile.append(dir, List.of(failed("h2", "h1", "ssh said:\r\nConnection refused")));
        Path file = dir.resolve(MatrixFile.NAME);
        String text = Files.readString(file, StandardCharsets.UTF_8);
        assertEquals(2, MatrixFile.read(dir).size());

        // cut just after the line break inside the quotes: the kill stopped the append there
        String cut = text.substring(0, text.indexOf("\r\nConnection") + 2);
        Files.writeString(file, cut, StandardCharsets.UTF_8);
        assertEquals(List.of(ok("h1", "h2")), MatrixFile.read(dir));

        // cut inside the first field of the row
        Files.writeString(file, text.substring(0, text.lastIndexOf("h2,h1") + 1), StandardCharsets.UTF_8);
        assertEquals(List.of(ok("h1", "h2")), MatrixFile.read(dir));
    }
}
