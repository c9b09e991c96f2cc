package io.linklab.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.Direction;
import io.linklab.model.Expectation;
import io.linklab.model.Role;
import io.linklab.model.Summary;
import io.linklab.model.SweepRow;
import io.linklab.model.Verdict;
import io.linklab.tools.csv.CsvTable;
import io.linklab.tools.csv.CsvTableWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** summary.csv and sweep.csv carry the expected rate and the verdict where a verdict is made. */
class ResultCsvVerdictTest {

    private static final Expectation.Expected NINETY_G = new Expectation.Expected(90e9, null);

    @Test
    void onlyTheReceiversSumOfAllProcessesIsJudged() throws Exception {
        StringWriter out = new StringWriter();
        try (CsvTableWriter<RunJournal.Entry<Summary>> w =
                new CsvTableWriter<>(out, ResultCsv.summaryTable(NINETY_G))) {
            w.write(entry(null, "SUM", Role.RECEIVER, 71.2e9));
            w.write(entry(null, "SUM", Role.SENDER, 95e9));
            w.write(entry("1", "SUM", Role.RECEIVER, 95e9));
            w.write(entry(null, "5", Role.RECEIVER, 95e9));
            w.write(entry(null, "SUM", Role.RECEIVER, 92e9));
        }
        List<String> lines = out.toString().lines().toList();
        List<String> header = List.of(lines.get(0).split(",", -1));
        int expected = header.indexOf("expected_bps");
        int verdict = header.indexOf("verdict");
        List<String> got = lines.stream()
                .skip(1)
                .map(l -> l.split(",", -1))
                .map(c -> c[expected] + "|" + c[verdict])
                .toList();
        assertEquals(List.of("90000000000|fail", "|", "|", "|", "90000000000|pass"), got);
    }

    @Test
    void sweepRowsAreJudgedOnTheirMeanAndAFailedPointHasNoVerdict() throws Exception {
        StringWriter out = new StringWriter();
        try (CsvTableWriter<SweepRow> w = new CsvTableWriter<>(out, ResultCsv.sweepTable(NINETY_G))) {
            w.write(new SweepRow("mtu=1500", 1500, 1, 1, 1500.0, Direction.C2S, 91e9, 90e9, 92e9, 0L, 1.0, "ok"));
            w.write(new SweepRow("mtu=9000", 9000, 1, 1, 9000.0, Direction.C2S, 80e9, 79e9, 81e9, 0L, 0.9, "ok"));
            w.write(new SweepRow(
                    "mtu=9216",
                    9216,
                    1,
                    1,
                    9216.0,
                    Direction.C2S,
                    null,
                    null,
                    null,
                    null,
                    null,
                    "failed: the switch refused it"));
        }
        List<String> lines = out.toString().lines().toList();
        assertEquals(
                "point,mtu,streams,processes,value,direction,bits_per_second,bits_per_second_min,bits_per_second_max,"
                        + "retransmits,gain,status,expected_bps,verdict",
                lines.get(0));
        assertTrue(lines.get(1).startsWith("mtu=1500,1500,1,1,1500,c2s,"), lines.get(1));
        assertEquals(",90000000000,pass", lines.get(1).substring(lines.get(1).lastIndexOf(",ok") + 3));
        assertEquals(",90000000000,fail", lines.get(2).substring(lines.get(2).lastIndexOf(",ok") + 3));
        assertEquals(true, lines.get(3).endsWith(",90000000000,"), lines.get(3));
    }

    @Test
    void verdictColumnsWriteTheExpectedRateAndTheOutcomeAndLeaveBothEmptyWithoutAVerdict() throws Exception {
        StringWriter out = new StringWriter();
        CsvTable<Verdict> table = CsvTable.<Verdict>builder()
                .columns(ResultCsv.verdictColumns(v -> v))
                .build();
        try (CsvTableWriter<Verdict> w = new CsvTableWriter<>(out, table)) {
            w.write(NINETY_G.judge(95e9));
            w.write(NINETY_G.judge(null));
            w.write(Expectation.Expected.none("no speed").judge(95e9));
            w.write(null);
        }
        // an empty first cell is quoted (RFC 4180 via commons-csv) so that the row is not read as a blank line
        assertEquals(
                List.of("expected_bps,verdict", "90000000000,pass", "90000000000,", "\"\",", "\"\","),
                out.toString().lines().toList());
    }

    private static RunJournal.Entry<Summary> entry(String process, String stream, Role role, double bps) {
        return new RunJournal.Entry<>(
                "",
                1,
                new Summary(
                        process,
                        stream,
                        Direction.C2S,
                        role,
                        0,
                        10,
                        1000L,
                        bps,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null));
    }
}
