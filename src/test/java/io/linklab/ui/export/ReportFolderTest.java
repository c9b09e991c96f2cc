package io.linklab.ui.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.Verdict;
import io.linklab.ui.history.PastRun;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** report.md shows what a run's names, notes and host facts say, and nothing they could make it do. */
class ReportFolderTest {

    private static PastRun crafted() {
        return new PastRun(
                "20261202-050000-iperf3-1a2b",
                "**fast** [run](javascript:alert(1)) <b>x</b>",
                "cable swapped\n# not a heading\n| not | a row |",
                PastRun.State.OK,
                null,
                null,
                null,
                "iperf3",
                List.of("root@h1|evil", "root@h2"),
                null,
                Map.of(),
                Map.of("client kernel", "6.1.0 #1 SMP <script>alert(1)</script>", "client\nhost", "a`b`_c_ & d"),
                List.of(),
                List.of(),
                List.of(),
                null,
                false,
                null,
                Verdict.Outcome.NONE);
    }

    @Test
    void namesNotesAndHostFactsAreShownAsTextInReportMd() {
        String md = ReportFolder.markdown(crafted(), null, List.of(), List.of());

        assertTrue(md.startsWith("# \\*\\*fast\\*\\* \\[run\\](javascript:alert(1)) &lt;b&gt;x&lt;/b&gt;\n"), md);
        assertTrue(md.contains("| note | cable swapped \\# not a heading \\| not \\| a row \\| |\n"), md);
        assertTrue(md.contains("| hosts | root@h1\\|evil → root@h2 |\n"), md);
        assertTrue(md.contains("| client kernel | 6.1.0 \\#1 SMP &lt;script&gt;alert(1)&lt;/script&gt; |\n"), md);
        assertTrue(md.contains("| client host | a\\`b\\`\\_c\\_ &amp; d |\n"), md);
        assertFalse(md.contains("<script>"), md);
        for (String line : md.split("\n")) {
            if (line.startsWith("|")) {
                assertEquals(
                        3,
                        line.replace("\\|", "").chars().filter(c -> c == '|').count(),
                        "a table row keeps its two columns: " + line);
            }
        }
    }

    @Test
    void plainTextIsLeftAsItIs() {
        assertEquals(
                "MTU 9000 baseline, 25 GbE (lab 3) → ok", ReportFolder.md("MTU 9000 baseline, 25 GbE (lab 3) → ok"));
        assertEquals("", ReportFolder.md(null));
    }
}
