package io.linklab.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.linklab.matrix.MatrixSchedule.Uplinks;
import io.linklab.model.Expectation;
import io.linklab.model.Topology;
import io.linklab.store.FileFormatException;
import io.linklab.testing.GoldenFiles;
import io.linklab.testing.ScriptedMatrixLab;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * matrix.json holds the lab and the test as their own files spell them; its bytes are pinned with theirs, and what
 * a damaged one may and may not hold.
 */
class MatrixPlanFileBytesTest {

    @TempDir
    Path dir;

    private static final Topology LAB = ScriptedMatrixLab.lab("three ✓", 3);

    private static List<MatrixPair> pairs() {
        return List.of(
                new MatrixPair("h1", "data0", "h2", "data0", null, "10G", List.of("up1", "up2"), Expectation.DEFAULT),
                new MatrixPair("h2", null, "h3", null, "198.19.0.3", null, List.of(), Expectation.parse("x", "90%")));
    }

    @Test
    void aMatrixFileKeepsItsBytesAndReadsBack() throws Exception {
        Topology lab = LAB;
        List<MatrixPair> pairs = pairs();
        MatrixRun.Options options = new MatrixRun.Options(2, true, Uplinks.TOGETHER);
        MatrixPlanFile.write(dir, lab, ScriptedMatrixLab.plan(), pairs, options, p -> p.client() + "-" + p.server());
        GoldenFiles.assertSameBytes("matrix.json", dir.resolve(MatrixPlanFile.NAME));

        MatrixPlanFile.Stored back = MatrixPlanFile.read(dir);
        assertEquals(lab, back.lab());
        assertEquals(pairs, back.pairs());
        assertEquals(options, back.options());
    }

    /** Writes a matrix.json, changes it with {@code edit} and reads it again. */
    private MatrixPlanFile.Stored edited(Consumer<ObjectNode> edit) throws Exception {
        MatrixPlanFile.write(
                dir,
                LAB,
                ScriptedMatrixLab.plan(),
                pairs(),
                new MatrixRun.Options(2, true, Uplinks.TOGETHER),
                p -> p.client() + "-" + p.server());
        Path f = dir.resolve(MatrixPlanFile.NAME);
        ObjectMapper json = new ObjectMapper();
        ObjectNode root = (ObjectNode) json.readTree(f.toFile());
        edit.accept(root);
        Files.writeString(f, json.writeValueAsString(root));
        return MatrixPlanFile.read(dir);
    }

    private String refusal(Consumer<ObjectNode> edit) {
        String m = assertThrows(FileFormatException.class, () -> edited(edit)).getMessage();
        assertTrue(m.startsWith(dir.resolve(MatrixPlanFile.NAME) + ": "), m);
        return m;
    }

    private static ObjectNode firstPair(ObjectNode root) {
        return (ObjectNode) root.withArray("pairs").get(0);
    }

    @Test
    void aDamagedMatrixFileIsRefusedNamingTheField() {
        String m = refusal(r -> firstPair(r).put("client", 5));
        assertTrue(m.contains("client\""), m);
        m = refusal(r -> firstPair(r).put("colour", "red"));
        assertTrue(m.contains("\"pairs[0].colour\""), m);
        m = refusal(r -> firstPair(r).put("client", "h9"));
        assertTrue(m.contains("\"pairs[0].client\"") && m.contains("no host"), m);
        m = refusal(r -> r.putNull("shareHosts"));
        assertTrue(m.contains("\"shareHosts\""), m);
        m = refusal(r -> r.put("shareHosts", "true"));
        assertTrue(m.contains("\"shareHosts\""), m);
        m = refusal(r -> r.put("concurrency", "2"));
        assertTrue(m.contains("concurrency\""), m);
        m = refusal(r -> r.put("concurrency", 0));
        assertTrue(m.contains("\"concurrency\""), m);
        m = refusal(r -> r.putArray("pairs"));
        assertTrue(m.contains("\"pairs\""), m);
        m = refusal(r -> r.put("lab", 5));
        assertTrue(m.contains("\"lab\""), m);
        m = refusal(r -> r.put("uplinks", "all"));
        assertTrue(m.contains("\"uplinks\""), m);
        m = refusal(r -> r.put("pair", 1));
        assertTrue(m.contains("\"pair\""), m);
    }

    @Test
    void whatAnEarlierMatrixFileLeftOutReadsAsTheDefault() throws Exception {
        MatrixPlanFile.Stored s = edited(r -> {
            r.remove(List.of("shareHosts", "concurrency", "uplinks"));
            firstPair(r).remove(List.of("expect", "folder", "target"));
            firstPair(r).putArray("uplinks").add(7).add("up2");
        });
        assertEquals(new MatrixRun.Options(1, false, Uplinks.ONE_AT_A_TIME), s.options());
        assertEquals(List.of("7", "up2"), s.pairs().get(0).uplinks());
        assertEquals(Expectation.DEFAULT, s.pairs().get(0).expectation());
    }
}
