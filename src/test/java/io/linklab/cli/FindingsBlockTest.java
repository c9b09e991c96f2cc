package io.linklab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.linklab.counters.CounterFiles;
import io.linklab.counters.Finding;
import io.linklab.matrix.MatrixFindings;
import io.linklab.tools.csv.CsvTableWriter;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Findings block after a test or a matrix: the same finding in two repetitions, or at two MTUs of a matrix, is
 * two rows that say which is which.
 */
class FindingsBlockTest {

    @TempDir
    Path dir;

    /** The block as `test` or `matrix` prints it for the folder, line by line. */
    private List<String> block() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        FindingsBlock.print(new PrintStream(out, true, StandardCharsets.UTF_8), System.err, dir);
        return out.toString(StandardCharsets.UTF_8).lines().toList();
    }

    @Test
    void eachRepetitionsFindingsAreLabelledInTheCsvAndTheBlock() throws Exception {
        Finding loss = new Finding("streams=1", "warning", "client", "packet-loss", "packets lost c2s", "lost=30");
        try (CsvTableWriter<CounterFiles.RunFinding> w = CounterFiles.findings(dir)) {
            w.write(new CounterFiles.RunFinding(loss, 1));
            w.write(new CounterFiles.RunFinding(loss, 2));
        }
        List<String> csv = Files.readAllLines(dir.resolve(CounterFiles.FINDINGS));
        assertEquals("point,severity,end,code,message,evidence,repetition", csv.get(0));
        assertEquals(
                List.of("1", "2"),
                csv.subList(1, 3).stream()
                        .map(l -> l.substring(l.lastIndexOf(',') + 1))
                        .toList());

        assertEquals(
                List.of(
                        "",
                        "Findings",
                        "  streams=1  rep 1  warning  packets lost c2s",
                        "  streams=1  rep 2  warning  packets lost c2s"),
                block());
    }

    @Test
    void aMatrixsFindingsAtTwoMtusSayWhichMtuEachIsAtAndAtOneMtuAsBefore() throws Exception {
        Finding slow = new Finding("h3→h1", "warning", "", "below-peers", "h3→h1 at 11 % of the median", "x=1");
        MatrixFindings.writeAtMtus(
                dir, List.of(new MatrixFindings.AtMtu(1500, slow), new MatrixFindings.AtMtu(9000, slow)));
        assertEquals(
                List.of(
                        "",
                        "Findings",
                        "  h3→h1  mtu 1500  warning  h3→h1 at 11 % of the median",
                        "  h3→h1  mtu 9000  warning  h3→h1 at 11 % of the median"),
                block());

        MatrixFindings.writeAtMtus(dir, List.of(new MatrixFindings.AtMtu(9000, slow)));
        assertEquals(List.of("", "Findings", "  h3→h1  warning  h3→h1 at 11 % of the median"), block());
    }
}
