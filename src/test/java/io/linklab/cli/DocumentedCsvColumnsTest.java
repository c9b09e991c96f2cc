package io.linklab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.counters.CounterFiles;
import io.linklab.matrix.MatrixFile;
import io.linklab.matrix.MatrixFindings;
import io.linklab.store.ResultCsv;
import io.linklab.tools.csv.CsvTable;
import io.linklab.tools.csv.ResultTables;
import io.linklab.tune.TuneCsv;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every CSV file a command writes has the columns docs/CSV.md's table for it lists, no more and no fewer: each
 * column written is documented and each documented column is written. The tables are those the writers write
 * with (test: samples, summary, sweep, host counters, findings; tune; matrix and its findings; import).
 */
class DocumentedCsvColumnsTest {

    /** A file as CSV.md heads its section (`## samples.csv — …`), and the table its writer uses. */
    record Written(String heading, String who, CsvTable<?> table) {
        @Override
        public String toString() {
            return heading + " (" + who + ")";
        }
    }

    static List<Written> written() {
        return List.of(
                new Written("samples.csv", "test", ResultCsv.SAMPLE_TABLE),
                new Written("samples.csv", "import", ResultTables.IMPORTED_SAMPLES),
                new Written("summary.csv", "test", ResultCsv.SUMMARY_TABLE),
                new Written("summary.csv", "import", ResultTables.IMPORTED_SUMMARY),
                new Written("sweep.csv", "test", ResultCsv.SWEEP_TABLE),
                new Written("host_counters.csv", "test", CounterFiles.HOST_COUNTERS_TABLE),
                new Written("findings.csv — `test`", "test", CounterFiles.RUN_FINDINGS_TABLE),
                new Written("tune.csv", "tune", TuneCsv.TABLE),
                new Written("matrix.csv", "matrix", MatrixFile.TABLE),
                new Written("findings.csv — `matrix`", "matrix", MatrixFindings.TABLE));
    }

    @ParameterizedTest
    @MethodSource("written")
    void theColumnsWrittenAreTheColumnsDocumented(Written w) throws IOException {
        Set<String> documented = documented().get(w.heading());
        assertTrue(documented != null, "docs/CSV.md has a section '## " + w.heading() + "'");
        Set<String> header = new LinkedHashSet<>(w.table().header());
        Set<String> undocumented = new LinkedHashSet<>(header);
        undocumented.removeAll(documented);
        Set<String> unwritten = new LinkedHashSet<>(documented);
        unwritten.removeAll(header);
        assertEquals(Set.of(), undocumented, w + ": written but not in docs/CSV.md");
        assertEquals(Set.of(), unwritten, w + ": in docs/CSV.md but not written");
    }

    private static final Pattern HEADING = Pattern.compile("^## (\\S+\\.csv)( — `\\w+`)?");
    private static final Pattern NAME = Pattern.compile("`([a-z_]+)`");

    /**
     * Each section's documented columns: the backticked names in the first cell of its first table's rows, by the
     * file name, with the command where two sections share it (`findings.csv — `test``).
     */
    static Map<String, Set<String>> documented() throws IOException {
        Map<String, Set<String>> out = new LinkedHashMap<>();
        String section = null;
        boolean tableSeen = false;
        boolean inTable = false;
        for (String line : Files.readAllLines(Path.of("docs/CSV.md"))) {
            Matcher h = HEADING.matcher(line);
            if (line.startsWith("## ")) {
                // two sections are of findings.csv (a run's, a matrix's): their command tells them apart
                section = !h.find() ? null : h.group(1).equals("findings.csv") ? h.group(1) + h.group(2) : h.group(1);
                tableSeen = false;
                inTable = false;
                continue;
            }
            if (section == null) {
                continue;
            }
            if (line.startsWith("|")) {
                if (tableSeen && !inTable) {
                    continue; // a second table in a section is not its columns
                }
                inTable = true;
                String[] cells = line.split("\\|");
                if (cells.length < 2
                        || cells[1].strip().equals("column")
                        || cells[1].strip().startsWith("---")) {
                    continue;
                }
                Matcher m = NAME.matcher(cells[1]);
                Set<String> names = out.computeIfAbsent(section, k -> new LinkedHashSet<>());
                while (m.find()) {
                    names.add(m.group(1));
                }
            } else if (inTable) {
                inTable = false;
                tableSeen = true;
            }
        }
        return out;
    }
}
