package io.linklab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.testing.RecordedRuns;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `linklab report`: the page from run folders, and what it says about folders it cannot use. */
class ReportCommandTest {

    @TempDir
    Path dir;

    private final CliCapture cli = new CliCapture();

    @Test
    void writesThePageOfARunAndAComparison() throws Exception {
        Path single = RecordedRuns.copy(RecordedRuns.SINGLE, dir.resolve("single"));
        Path sweep = RecordedRuns.copy(RecordedRuns.SWEEP, dir.resolve("sweep"));
        Path page = dir.resolve("out").resolve("report.html");
        assertEquals(0, cli.run("report", single.toString(), "--out", page.toString()), cli.err());
        assertTrue(cli.err().contains("report written to " + page), cli.err());
        assertTrue(Files.readString(page).contains("<span class=\"badge pass\">PASS</span>"));
        assertEquals(0, cli.run("report", single.toString(), sweep.toString(), "--out", page.toString()), cli.err());
        assertTrue(Files.readString(page).contains("Comparison of 2 runs"));
    }

    @Test
    void foldersItCannotUseAreNamedAndExitTwo() throws Exception {
        Path single = RecordedRuns.copy(RecordedRuns.SINGLE, dir.resolve("single"));
        Path out = dir.resolve("r.html");
        assertEquals(2, cli.run("report", "--out", out.toString()));
        assertTrue(cli.err().contains("name at least one run or matrix folder"), cli.err());
        assertEquals(2, cli.run("report", single.toString()));
        assertTrue(cli.err().contains("--out is required"), cli.err());
        Path photos = Files.createDirectories(dir.resolve("photos"));
        assertEquals(2, cli.run("report", photos.toString(), "--out", out.toString()));
        assertTrue(
                cli.err().contains(photos + ": neither a run folder (run.json) nor a whole-lab test folder"),
                cli.err());
        assertEquals(2, cli.run("report", dir.resolve("nowhere").toString(), "--out", out.toString()));
        assertTrue(cli.err().contains("nowhere is not a folder"), cli.err());
        assertEquals(2, cli.run("report", single.toString(), "--out", dir.toString()));
        assertTrue(cli.err().contains("is a folder; give the HTML file to write"), cli.err());
        Files.writeString(single.resolve("run.json"), "{ not json");
        assertEquals(2, cli.run("report", single.toString(), "--out", out.toString()));
        assertTrue(cli.err().contains("run.json"), cli.err());
        assertFalse(cli.err().contains("Exception"), cli.err());
        assertFalse(Files.exists(out), "nothing written for folders it could not use");
    }
}
