package io.linklab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.testing.ClassLists;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The training run behind the class-data archive: it works, loads what it claims and leaves nothing behind. */
class StartupTrainingTest {

    @TempDir
    Path temp;

    @Test
    void runsEveryStepInItsOwnFolderAndDeletesIt() throws Exception {
        StartupTraining.Report r = StartupTraining.run(temp);

        assertEquals(12, r.cliCommands());
        // iperf3 text and JSON and json-stream, iperf2 text and CSV, five netperf layouts
        assertEquals(StartupTraining.SAMPLES.size(), r.parsedSamples());
        assertTrue(r.importedSampleRows() > 20, "imported rows: " + r.importedSampleRows());
        // the refused `test` run still went through the engine and wrote its record, journal and CSVs
        assertTrue(
                r.runFiles().containsAll(List.of("run.json", "journal.jsonl", "samples.csv", "summary.csv")),
                "run files: " + r.runFiles());
        assertEquals(r.listedClasses(), r.listedClassesLoaded(), "listed classes this JVM cannot load");
        try (Stream<Path> left = Files.list(temp)) {
            assertEquals(List.of(), left.collect(Collectors.toList()), "left behind in the temp folder");
        }
    }

    @Test
    void everyLinkLabAndJschNameOnTheClassListExists() throws IOException {
        List<String> list = StartupTraining.classList();
        assertTrue(ClassLists.ours(list).size() > 50, "LinkLab and JSch names on the list");
        assertEquals(
                List.of(),
                ClassLists.missingOursAndJsch(list),
                "startup-classes.txt names classes that no longer exist; remake it");
    }

    /**
     * In a JVM of its own, as postinst runs it: exit 0, silent, the classes of every step loaded (the class-load
     * log is the list the archive is made from), and nothing written into the temp folder or the home.
     */
    @Test
    void aTrainingJvmLoadsTheClassesOfImportTestAndSshAndWritesNothingOutsideItsFolder() throws Exception {
        Path tmp = Files.createDirectory(temp.resolve("tmp"));
        Path home = Files.createDirectory(temp.resolve("home"));
        Path log = temp.resolve("classes.log");
        Path out = temp.resolve("out.txt");
        Process p = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Xlog:class+load:file=" + log,
                        "-Djava.io.tmpdir=" + tmp,
                        "-Duser.home=" + home,
                        "-cp",
                        System.getProperty("java.class.path"),
                        StartupTraining.class.getName())
                .redirectErrorStream(true)
                .redirectOutput(out.toFile())
                .start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the training did not end within 120 s");
        String output = Files.readString(out, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), output);
        assertEquals("", output, "the training prints nothing when it works");

        Set<String> loaded;
        try (Stream<String> lines = Files.lines(log)) {
            loaded = lines.map(l -> l.split(" "))
                    .filter(f -> f.length > 1)
                    .map(f -> f[1])
                    .collect(Collectors.toSet());
        }
        List<String> expected = List.of(
                // the command line: picocli's model and parser
                "picocli.CommandLine$Model$CommandSpec",
                "picocli.CommandLine$Interpreter",
                // import: format detection, every parser, CSV
                "io.linklab.tools.FormatDetector",
                "io.linklab.tools.iperf3.Iperf3TextParser",
                "io.linklab.tools.iperf3.Iperf3JsonParser",
                "io.linklab.tools.iperf2.Iperf2TextParser",
                "io.linklab.tools.iperf2.Iperf2CsvParser",
                "io.linklab.tools.netperf.NetperfParser",
                "org.apache.commons.csv.CSVPrinter",
                "com.fasterxml.jackson.core.json.ReaderBasedJsonParser",
                // test: plans, commands, the engine's run with its record, journal and CSVs
                "io.linklab.store.PlanFiles",
                "com.fasterxml.jackson.databind.ObjectMapper",
                "io.linklab.tools.driver.Iperf3Driver",
                "io.linklab.tools.driver.NetperfDriver",
                "io.linklab.engine.Run",
                "io.linklab.store.RunRecord",
                "io.linklab.store.RunJournal",
                "io.linklab.store.ResultCsv",
                // SSH: JSch's keys, key exchange, cipher and the JDK's ed25519 / X25519 / AES-GCM behind them
                "com.jcraft.jsch.KeyPairEd25519",
                "com.jcraft.jsch.KnownHosts",
                "com.jcraft.jsch.jce.XDH",
                "com.jcraft.jsch.jce.AES128GCM",
                "sun.security.ec.ed.EdDSASignature",
                "sun.security.ec.XDHKeyAgreement",
                "com.sun.crypto.provider.GaloisCounterMode",
                // only loaded from the list: what a connected login runs
                "io.linklab.remote.SshTransport",
                "com.jcraft.jsch.ChannelExec",
                "sun.nio.ch.NioSocketImpl");
        List<String> notLoaded =
                expected.stream().filter(c -> !loaded.contains(c)).toList();
        assertEquals(List.of(), notLoaded, "classes the training should load");

        try (Stream<Path> left = Stream.concat(Files.list(tmp), Files.list(home))) {
            assertEquals(List.of(), left.collect(Collectors.toList()), "written outside the training folder");
        }
    }
}
