package io.linklab.tools.csv;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.linklab.model.Direction;
import io.linklab.model.Role;
import io.linklab.model.Sample;
import io.linklab.testing.TcpRows;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The number and quoting rules of CONTRACTS.md. */
class CsvTableWriterTest {

    @Test
    void numbersArePlainDecimalsWithoutExponentOrUnit() {
        assertEquals("34100000000", CsvTableWriter.cell(34.1e9));
        assertEquals("0.5", CsvTableWriter.cell(0.5));
        assertEquals("15.04", CsvTableWriter.cell(15.04));
        assertEquals("-0.25", CsvTableWriter.cell(-0.25));
        assertEquals("0.000083", CsvTableWriter.cell(8.3e-5));
        assertEquals("22994764559.933884", CsvTableWriter.cell(22994764559.933884));
        assertEquals("0.0000001", CsvTableWriter.cell(1e-7));
        assertEquals("9007199254740993", CsvTableWriter.cell(9007199254740993L));
        assertEquals("", CsvTableWriter.cell(null));
        assertEquals("", CsvTableWriter.cell(Double.NaN));
    }

    @Test
    void rowsFollowRfc4180AndTheHeaderComesFirst() {
        StringWriter out = new StringWriter();
        CsvTableWriter<ResultTables.SampleRow> w = new CsvTableWriter<>(out, ResultTables.SAMPLES);
        w.write(new ResultTables.SampleRow(
                "a \"quoted\", file.txt",
                "mtu=9000",
                "1",
                new Sample(
                        "S1",
                        "5",
                        Direction.S2C,
                        0,
                        1.5,
                        1024L,
                        8.5e9,
                        null,
                        3_000_000L,
                        null,
                        null,
                        null,
                        null,
                        false,
                        Role.SENDER,
                        2,
                        Instant.parse("2026-12-02T12:20:36.5Z"),
                        null,
                        null)));
        String[] lines = out.toString().split("\r\n");
        assertEquals(
                "source,point,stream,direction,start_s,end_s,bytes,bits_per_second,retransmits,cwnd_bytes,"
                        + "run,process,rtt_ms,jitter_ms,lost_packets,packets,omitted,role,stream_index,time_utc,"
                        + "rttvar_ms,pmtu",
                lines[0]);
        assertEquals(
                "\"a \"\"quoted\"\", file.txt\",mtu=9000,5,s2c,0,1.5,1024,8500000000,,3000000,1,S1,,,,,,"
                        + "sender,2,2026-12-02T12:20:36.500Z,,",
                lines[1]);
    }

    @TempDir
    Path dir;

    private static ResultTables.SampleRow row(String source, double start) {
        return new ResultTables.SampleRow(
                source, "", "1", TcpRows.sample(null, "5", Direction.C2S, start, start + 1, 1024L, 8.5e9, null, null));
    }

    @Test
    void rowsSinceTheMarkAreTakenBackAndLaterRowsFollowTheKeptOnes() throws IOException {
        Path file = dir.resolve("s.csv");
        try (CsvTableWriter<ResultTables.SampleRow> w = CsvTableWriter.create(file, ResultTables.SAMPLES)) {
            w.mark();
            w.write(row("good.txt", 0));
            w.mark();
            for (int i = 0; i < 5000; i++) {
                // More than the 64 KiB write buffer: part of it is already in the file when it is taken back.
                w.write(row("failed.txt", i));
            }
            w.rollback();
            assertEquals(1, w.rows());
            w.write(row("next.txt", 7));
        }
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        assertEquals(3, lines.size(), String.join("\n", lines));
        assertEquals(true, lines.get(1).startsWith("good.txt,"), lines.get(1));
        assertEquals(true, lines.get(2).startsWith("next.txt,"), lines.get(2));
    }

    /** A header may name what a log printed (netperf's selectors, import --omni): a crafted one runs nothing. */
    @Test
    void aHeaderCellThatASpreadsheetWouldRunIsNeutralisedToo() {
        StringWriter out = new StringWriter();
        CsvTable<String> table = CsvTable.<String>builder()
                .text("source", v -> v)
                .text("=HYPERLINK(\"http://x\")", v -> v)
                .build();
        new CsvTableWriter<>(out, table).write("a");
        assertEquals("source,\"'=HYPERLINK(\"\"http://x\"\")\"\r\na,a\r\n", out.toString());
    }

    @Test
    void textThatASpreadsheetWouldRunIsNeutralisedButNegativeNumbersStayNumbers() {
        StringWriter out = new StringWriter();
        CsvTableWriter<ResultTables.SampleRow> w = new CsvTableWriter<>(out, ResultTables.SAMPLES);
        // A log named like a formula, a sweep point, a stream id and a process from a crafted log or host.
        w.write(new ResultTables.SampleRow(
                "=HYPERLINK(\"http://x\",\"y\").txt",
                "+cmd|' /C calc'!A0",
                "\t7",
                new Sample(
                        "@SUM(A1)",
                        "-2+3",
                        Direction.C2S,
                        -1.5,
                        0,
                        -1024L,
                        -1.5e9,
                        -3L,
                        null,
                        -0.25,
                        null,
                        null,
                        null,
                        false,
                        null,
                        null,
                        null,
                        null,
                        null)));
        String[] lines = out.toString().split("\r\n");
        assertEquals(
                "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\").txt\",\"'+cmd|' /C calc'!A0\",\"'-2+3\",c2s,"
                        + "-1.5,0,-1024,-1500000000,-3,,\"'\t7\",\"'@SUM(A1)\",-0.25,,,,,,,,,",
                lines[1]);
    }

    @Test
    void everyFormulaStartIsCaughtAndHarmlessTextIsLeftAlone() {
        for (String bad : new String[] {"=1", "+1", "-1", "@A1", "\t=1", "\r=1"}) {
            assertEquals(true, CsvTableWriter.runsAsFormula(bad), bad);
        }
        for (String fine : new String[] {"", "SUM", "mtu=9000", "a-b", "5", " =1"}) {
            assertEquals(false, CsvTableWriter.runsAsFormula(fine), fine);
        }
    }

    @Test
    void aNumberColumnHandedTextTreatsItAsText() {
        StringWriter out = new StringWriter();
        CsvTable<String> table =
                CsvTable.<String>builder().number("value", v -> v).build();
        CsvTableWriter<String> w = new CsvTableWriter<>(out, table);
        w.write("-1+2");
        assertEquals("value\r\n\"'-1+2\"\r\n", out.toString());
    }
}
