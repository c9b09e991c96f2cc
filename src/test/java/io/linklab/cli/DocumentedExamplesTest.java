package io.linklab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.matrix.MatrixPair;
import io.linklab.matrix.MatrixPairs;
import io.linklab.model.HostSpec;
import io.linklab.model.Topology;
import io.linklab.store.TopologyFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The docs are run: every copy of `--help` in README.md and docs/CLI.md is what the command prints, and every
 * marked example that needs no hosts exits, prints and writes as its block says (those that need hosts:
 * {@link DocumentedExamplesLabTest}). A doc that drifts from the product turns this red.
 */
class DocumentedExamplesTest {

    private final CliCapture cli = new CliCapture();

    @TempDir
    Path dir;

    @BeforeEach
    void installedName() {
        System.setProperty("linklab.command", "linklab");
    }

    @AfterEach
    void jarName() {
        System.clearProperty("linklab.command");
    }

    static List<DocExamples.HelpCopy> helpCopies() throws IOException {
        return DocExamples.read().helpCopies();
    }

    static List<DocExamples.Example> examples() throws IOException {
        return DocExamples.read().examples().stream().filter(e -> !e.lab()).toList();
    }

    @Test
    void theDocsHaveTheirExamplesAndHelpCopies() throws IOException {
        DocExamples docs = DocExamples.read();
        assertEquals(
                Set.of("import", "test", "tune", "matrix", "probe", "report"),
                docs.helpCopies().stream().map(DocExamples.HelpCopy::command).collect(Collectors.toSet()));
        assertTrue(docs.examples().stream().filter(e -> !e.lab()).count() >= 5, "examples run here: " + docs);
        assertTrue(docs.examples().stream().filter(DocExamples.Example::lab).count() >= 3, "on the lab: " + docs);
    }

    @Test
    void theExampleLabIsReadByTheReaderMatrixUsesAndHasOneDrawnPath() throws Exception {
        Topology lab = TopologyFiles.read(Path.of("docs/examples/lab.json"));
        assertEquals(List.of("h1", "h2"), lab.hosts().stream().map(HostSpec::id).toList());
        List<MatrixPair> pairs = new MatrixPairs(lab).links();
        assertEquals(
                List.of("h1 data0 -> h2 data0 198.19.0.2 10G"),
                pairs.stream()
                        .map(p -> p.client() + " " + p.clientIface() + " -> " + p.server() + " " + p.serverIface() + " "
                                + p.target() + " " + p.linkSpeed())
                        .sorted()
                        .toList());
    }

    @ParameterizedTest
    @MethodSource("helpCopies")
    void aCopyOfHelpIsWhatTheCommandPrints(DocExamples.HelpCopy copy) {
        assertEquals(0, cli.run(copy.command(), "--help"), cli.both());
        assertEquals(trimmed(copy.lines()), trimmed(cli.out().lines().toList()), copy.toString());
    }

    @ParameterizedTest
    @MethodSource("examples")
    void anExampleRunsAsDocumented(DocExamples.Example example) throws IOException {
        Path out = dir.resolve("out");
        run(
                example,
                cli,
                out,
                Map.of(
                        "OUT",
                        out.toString(),
                        "CLIENT",
                        "root@192.0.2.11",
                        "SERVER",
                        "root@192.0.2.12",
                        "TARGET",
                        "192.0.2.2"));
    }

    /** Runs {@code example} with {@code placeholders} filled in and checks its exit, excerpts and files. */
    static void run(DocExamples.Example example, CliCapture cli, Path out, Map<String, String> placeholders)
            throws IOException {
        for (String given : example.list("given")) {
            Path p = out.resolve(given);
            if (given.endsWith("/")) {
                Files.createDirectories(p);
            } else {
                Files.createDirectories(p.getParent());
                Files.writeString(p, "");
            }
        }
        List<String> args = example.command().stream()
                .map(w -> DocExamples.fill(w, placeholders))
                .toList();
        int status = cli.run(args);
        assertEquals(example.exit(), status, example + "\n" + cli.both());
        List<String> excerpts = example.excerpts().stream()
                .map(l -> DocExamples.fill(l, placeholders))
                .toList();
        assertNull(DocExamples.missing(excerpts, cli.out() + "\n" + cli.err()), example + " printed\n" + cli.both());
        for (String file : example.list("files")) {
            assertTrue(Files.exists(out.resolve(file)), example + " wrote " + file + " into " + out);
        }
    }

    private static List<String> trimmed(List<String> lines) {
        List<String> out = lines.stream().map(String::stripTrailing).collect(Collectors.toList());
        while (!out.isEmpty() && out.get(out.size() - 1).isEmpty()) {
            out.remove(out.size() - 1);
        }
        return out;
    }
}
