package io.linklab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.lab.Lab;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The examples of README.md and docs/CLI.md marked `lab`, run against the namespace lab with its logins, key and
 * known_hosts for the placeholders: each exits, prints and writes as documented, and every CSV file it wrote has
 * the columns docs/CSV.md lists for it, no more and no fewer.
 */
@Tag("lab")
class DocumentedExamplesLabTest {

    private final Lab lab = Lab.get();
    private final CliCapture cli = new CliCapture();

    @TempDir
    Path dir;

    static List<DocExamples.Example> examples() throws IOException {
        return DocExamples.read().examples().stream()
                .filter(DocExamples.Example::lab)
                .toList();
    }

    @ParameterizedTest
    @MethodSource("examples")
    void anExampleRunsOnTheLabAsDocumentedAndWritesTheDocumentedColumns(DocExamples.Example example)
            throws IOException {
        Path out = dir.resolve("out");
        // the example lab with this lab's addresses: its hosts are h1 and h2 as the lab's are
        Path labFile = dir.resolve("lab.json");
        Files.writeString(
                labFile,
                Files.readString(Path.of("docs/examples/lab.json"))
                        .replace("\"198.18.0.11\"", "\"" + lab.h1().mgmt() + "\"")
                        .replace("\"198.18.0.12\"", "\"" + lab.h2().mgmt() + "\"")
                        .replace("\"198.19.0.1\"", "\"" + lab.h1().data() + "\"")
                        .replace("\"198.19.0.2\"", "\"" + lab.h2().data() + "\""));
        DocumentedExamplesTest.run(
                example,
                cli,
                out,
                Map.of(
                        "OUT", out.toString(),
                        "CLIENT", lab.h1().login(),
                        "SERVER", lab.h2().login(),
                        "TARGET", lab.h2().data(),
                        "KEY", lab.identity().toString(),
                        "KNOWN_HOSTS", lab.knownHosts().toString(),
                        "docs/examples/lab.json", labFile.toString()));
        List<Path> csvs;
        try (Stream<Path> files = Files.walk(out)) {
            csvs = files.filter(f -> f.toString().endsWith(".csv")).toList();
        }
        Map<String, Set<String>> documented = DocumentedCsvColumnsTest.documented();
        for (Path csv : csvs) {
            String name = csv.getFileName().toString();
            String section = !name.equals("findings.csv")
                    ? name
                    : Files.exists(csv.resolveSibling("matrix.csv"))
                            ? "findings.csv — `matrix`"
                            : "findings.csv — `test`";
            Set<String> header = new LinkedHashSet<>(header(csv));
            assertTrue(documented.containsKey(section), csv + " is documented in docs/CSV.md");
            assertEquals(documented.get(section), header, example + ": " + csv + " against docs/CSV.md's " + section);
        }
    }

    /** The header row: column names hold no comma or quote (CSV.md), so a split is the whole parse. */
    private static List<String> header(Path csv) throws IOException {
        try (var in = Files.newBufferedReader(csv)) {
            String first = in.readLine();
            return first == null ? List.of() : List.of(first.split(","));
        }
    }
}
