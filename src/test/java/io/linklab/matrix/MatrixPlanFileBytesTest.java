package io.linklab.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.linklab.matrix.MatrixSchedule.Uplinks;
import io.linklab.model.Expectation;
import io.linklab.model.Topology;
import io.linklab.testing.GoldenFiles;
import io.linklab.testing.ScriptedMatrixLab;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** matrix.json holds the lab and the test as their own files spell them; its bytes are pinned with theirs. */
class MatrixPlanFileBytesTest {

    @TempDir
    Path dir;

    @Test
    void aMatrixFileKeepsItsBytesAndReadsBack() throws Exception {
        Topology lab = ScriptedMatrixLab.lab("three ✓", 3);
        List<MatrixPair> pairs = List.of(
                new MatrixPair("h1", "data0", "h2", "data0", null, "10G", List.of("up1", "up2"), Expectation.DEFAULT),
                new MatrixPair("h2", null, "h3", null, "198.19.0.3", null, List.of(), Expectation.parse("x", "90%")));
        MatrixRun.Options options = new MatrixRun.Options(2, true, Uplinks.TOGETHER);
        MatrixPlanFile.write(dir, lab, ScriptedMatrixLab.plan(), pairs, options, p -> p.client() + "-" + p.server());
        GoldenFiles.assertSameBytes("matrix.json", dir.resolve(MatrixPlanFile.NAME));

        MatrixPlanFile.Stored back = MatrixPlanFile.read(dir);
        assertEquals(lab, back.lab());
        assertEquals(pairs, back.pairs());
        assertEquals(options, back.options());
    }
}
