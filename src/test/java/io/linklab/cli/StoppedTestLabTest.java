package io.linklab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.linklab.lab.Lab;
import io.linklab.testing.Await;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `linklab test` as its own JVM, stopped mid-test by SIGTERM (what timeout, CI and systemd send) or SIGINT (Ctrl-C),
 * with real iperf3 over the lab's real sshd: it ends as the GUI's Stop does, says so, and keeps exactly what the
 * tools reported.
 */
@Tag("lab")
class StoppedTestLabTest {

    private static final Pattern INTERVAL =
            Pattern.compile("\\[\\s*(\\d+|SUM)\\]\\s+(\\d+\\.\\d+)-(\\d+\\.\\d+)\\s+sec");

    private final Lab lab = Lab.get();

    @TempDir
    Path dir;

    @AfterEach
    void nothingLeftRunningOnEitherHost() throws Exception {
        String left = Await.poll(
                () -> lab.h1().processes() + lab.h2().processes(),
                String::isEmpty,
                Duration.ofSeconds(10),
                Duration.ofMillis(100));
        assertEquals("", left, "left running on the lab hosts");
    }

    @Test
    void sigtermStopsTheTestEndsWith143AndKeepsWhatWasMeasured() throws Exception {
        stopMidTest("TERM", 143, "SIGTERM", 5575);
    }

    @Test
    void ctrlCStopsTheTestEndsWith130AndKeepsWhatWasMeasured() throws Exception {
        stopMidTest("INT", 130, "SIGINT (Ctrl-C)", 5577);
    }

    private void stopMidTest(String signal, int status, String by, int port) throws Exception {
        Path out = dir.resolve("run");
        Path stdout = dir.resolve("stdout.txt");
        Path stderr = dir.resolve("stderr.txt");
        // env resets the signals: a test JVM started from a script's background job inherits SIGINT ignored.
        List<String> cmd = new ArrayList<>(List.of("env", "--default-signal=INT,TERM"));
        cmd.addAll(Lab.launcher());
        cmd.addAll(lab.testByLogin());
        cmd.addAll(List.of(
                "--port", String.valueOf(port), "--processes", "2", "--duration", "10", "--out", out.toString()));
        Process child = new ProcessBuilder(cmd)
                .redirectOutput(stdout.toFile())
                .redirectError(stderr.toFile())
                .start();
        Instant signalled;
        try {
            // Two intervals of each process on disk: the test is well under way, and 10 s is far from over.
            Await.poll(
                    () -> journaledSamples(out) >= 4 || !child.isAlive(),
                    done -> done,
                    Duration.ofSeconds(60),
                    Duration.ofMillis(50));
            if (journaledSamples(out) < 4) {
                fail("the test never got to measure:\n" + Files.readString(stderr));
            }
            signalled = Instant.now();
            new ProcessBuilder("kill", "-" + signal, String.valueOf(child.pid()))
                    .inheritIO()
                    .start()
                    .waitFor();
            assertTrue(child.waitFor(60, TimeUnit.SECONDS), "still running 60 s after SIG" + signal);
        } finally {
            child.destroyForcibly();
        }
        String err = Files.readString(stderr);
        assertEquals(status, child.exitValue(), err);
        assertTrue(err.contains("\ncancelled: stopped by " + by + " after 0 of 1 points\n"), err);
        assertTrue(err.endsWith("results in " + out + "\n"), err);

        JsonNode outcome =
                new ObjectMapper().readTree(out.resolve("run.json").toFile()).get("outcome");
        assertEquals("interrupted", outcome.get("status").asText(), outcome.toString());
        assertEquals(by, outcome.get("by").asText());
        Instant at = Instant.parse(outcome.get("at").asText());
        assertTrue(
                !at.isBefore(signalled.minusSeconds(1)) && at.isBefore(signalled.plusSeconds(10)),
                "stopped at " + at + ", signalled at " + signalled);

        List<String[]> summary = csv(out.resolve("summary.csv"));
        assertFalse(summary.size() < 2, "the senders' own totals are kept");
        int bytes = column(summary, "bytes");
        int bps = column(summary, "bits_per_second");
        for (String[] row : summary.subList(1, summary.size())) {
            assertFalse(
                    row[bytes].equals("0") || row[bps].equals("0"),
                    "a total nobody measured: " + String.join(",", row));
        }

        List<String[]> samples = csv(out.resolve("samples.csv"));
        Set<String> seen = new HashSet<>();
        for (String[] row : samples.subList(1, samples.size())) {
            String key =
                    String.join(",", pick(samples, row, "stream", "direction", "role", "process", "start_s", "end_s"));
            assertTrue(seen.add(key), "interval twice in samples.csv: " + key);
        }

        // Every interval the parser took from each client is in its raw file, the last (partial) one included.
        for (int p = port; p < port + 2; p++) {
            Path raw = out.resolve("raw").resolve("001-test-r1-client-" + p + ".txt");
            Set<String> inRaw = new TreeSet<>();
            for (String line : Files.readAllLines(raw)) {
                Matcher m = INTERVAL.matcher(line);
                if (m.find() && !line.contains("sender") && !line.contains("receiver")) {
                    inRaw.add(m.group(1) + " " + Double.parseDouble(m.group(2)) + "-" + Double.parseDouble(m.group(3)));
                }
            }
            Set<String> inSamples = new TreeSet<>();
            for (String[] row : samples.subList(1, samples.size())) {
                List<String> v = pick(samples, row, "stream", "process", "start_s", "end_s", "role");
                // the client's own lines: its sender view, per stream (a single stream's SUM rows are LinkLab's)
                // processes are numbered 1..N in the CSVs; process i listens on --port + i - 1
                if (v.get(1).equals(String.valueOf(p - port + 1))
                        && v.get(4).equals("sender")
                        && !v.get(0).equals("SUM")) {
                    inSamples.add(v.get(0) + " " + Double.parseDouble(v.get(2)) + "-" + Double.parseDouble(v.get(3)));
                }
            }
            assertFalse(inSamples.isEmpty());
            assertEquals(inSamples, inRaw, "the samples of port " + p + " and its raw output");

            // The receiver's totals its server printed when it was stopped are the run's (the client's are zeros).
            Set<String> serverTotals = new TreeSet<>();
            Path serverRaw = out.resolve("raw").resolve("001-test-r1-server-" + p + ".txt");
            for (String line : Files.readAllLines(serverRaw)) {
                Matcher m = INTERVAL.matcher(line);
                if (m.find() && line.contains("receiver") && !line.contains(" 0.00 Bytes")) {
                    serverTotals.add(
                            m.group(1) + " " + Double.parseDouble(m.group(2)) + "-" + Double.parseDouble(m.group(3)));
                }
            }
            Set<String> receiverRows = new TreeSet<>();
            for (String[] row : summary.subList(1, summary.size())) {
                List<String> v = pick(summary, row, "stream", "process", "start_s", "end_s", "role");
                if (v.get(1).equals(String.valueOf(p - port + 1))
                        && v.get(4).equals("receiver")
                        && !v.get(0).equals("SUM")) {
                    receiverRows.add(
                            v.get(0) + " " + Double.parseDouble(v.get(2)) + "-" + Double.parseDouble(v.get(3)));
                }
            }
            assertEquals(serverTotals, receiverRows, "the receiver totals of port " + p + "'s server and summary.csv");
        }
    }

    /** Samples in the child's journal, whole lines only (it may be writing the last one). */
    private static int journaledSamples(Path runDir) throws IOException {
        Path journal = runDir.resolve("journal.jsonl");
        if (!Files.exists(journal)) {
            return 0;
        }
        String text = Files.readString(journal);
        int end = text.lastIndexOf('\n');
        return end < 0 ? 0 : text.substring(0, end).split("\"type\":\"sample\"", -1).length - 1;
    }

    /** The rows of a CSV LinkLab wrote (no quoted commas in these files' cells), the header first. */
    private static List<String[]> csv(Path file) throws IOException {
        List<String[]> rows = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            rows.add(line.replace("\"", "").split(",", -1));
        }
        return rows;
    }

    private static int column(List<String[]> rows, String name) {
        int i = Arrays.asList(rows.get(0)).indexOf(name);
        assertTrue(i >= 0, "no column " + name);
        return i;
    }

    private static List<String> pick(List<String[]> rows, String[] row, String... names) {
        List<String> v = new ArrayList<>();
        for (String n : names) {
            v.add(row[column(rows, n)]);
        }
        return v;
    }
}
