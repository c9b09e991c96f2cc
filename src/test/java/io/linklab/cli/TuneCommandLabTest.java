package io.linklab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.lab.Lab;
import io.linklab.remote.ShellQuote;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `linklab tune` between the namespace hosts with a short budget: it ends within the budget, writes tune.csv with
 * the documented columns and a winner confirmed over repetitions, prints as the winner's script the very commands
 * the confirmation ran (the same quoter), and leaves nothing running and both MTUs as they were.
 *
 * <p>Whether the winner is any good (issue 19's check: its confirmed rate against the best point of the full grid
 * run separately with `linklab test`, with a 60 s budget) is a benchmark, src/test/lab/tune-bench.sh, whose figures
 * are in docs/BENCHMARKS.md: a grid of several minutes does not belong in the test command.
 */
@Tag("lab")
class TuneCommandLabTest {

    /**
     * Under half a minute: probes of 1 s after 1 s, twice, and a confirmation of 2 runs of 2 s (TuneBudget.of), for
     * which the tuner keeps time back when the budget has room for two probes besides (~20 s after the logins).
     */
    private static final int BUDGET_S = 23;

    private final Lab lab = Lab.get();
    private final CliCapture cli = new CliCapture();

    @TempDir
    Path dir;

    /** {@code command} from h1 to h2's data address through the lab's ssh config, its servers from {@code port}. */
    /** `ssh OPTIONS HOST --`, as a printed script starts a remote command. */
    private static List<String> ssh(List<String> options, String host) {
        List<String> line = new ArrayList<>(List.of("ssh"));
        line.addAll(options);
        line.addAll(List.of(host, "--"));
        return line;
    }

    static List<String> hosts(Lab lab, String command, int port) {
        return new ArrayList<>(List.of(
                command,
                "--client",
                "h1",
                "--server",
                "h2",
                "-c",
                lab.h2().data(),
                "--ssh-config",
                lab.sshConfig().toString(),
                "--port",
                String.valueOf(port)));
    }

    /** `linklab tune` of iperf3 from h1 to h2 within {@code budget}, varying {@code vary} up to 2 streams, into {@code out}. */
    static List<String> iperf3Tune(Lab lab, int port, String budget, String vary, Path out) {
        List<String> tune = hosts(lab, "tune", port);
        tune.addAll(List.of(
                "--budget",
                budget,
                "--tools",
                "iperf3",
                "--vary",
                vary,
                "--max-streams",
                "2",
                "--identity",
                lab.identity().toString(),
                "--out",
                out.toString()));
        return tune;
    }

    /**
     * What still runs in h1's and h2's namespaces besides sshd, once the hosts had 5 s to end the processes of a closed
     * session; "" when nothing.
     */

    /** The command lines of step {@code step}'s {@code role} (client, server) as the run's raw files record them. */
    private static List<String> executed(Path runDir, int step, String role) throws IOException {
        String prefix = String.format("%03d-", step);
        try (Stream<Path> files = Files.list(runDir.resolve("raw"))) {
            List<String> out = new ArrayList<>();
            for (Path f : files.sorted().toList()) {
                String name = f.getFileName().toString();
                if (name.startsWith(prefix) && name.contains("-" + role + "-")) {
                    // each raw file starts with "# LOGIN$ COMMAND LINE"
                    String first = Files.readAllLines(f).get(0);
                    out.add(first.substring(first.indexOf("$ ") + 2));
                }
            }
            return out;
        }
    }

    @Test
    void aShortTuneKeepsItsBudgetConfirmsItsWinnerAndPrintsWhatItRan() throws Exception {
        assertEquals(1500, lab.h1().mtu(), "lab h1 data MTU must start at 1500");
        assertEquals(1500, lab.h2().mtu(), "lab h2 data MTU must start at 1500");
        Path tuneDir = dir.resolve("tune");
        List<String> tune = iperf3Tune(lab, 5610, BUDGET_S + "s", "processes,streams", tuneDir);
        long start = System.nanoTime();
        int status = cli.run(tune);
        double tookS = (System.nanoTime() - start) / 1e9;
        String out = cli.out();
        String err = cli.err();
        assertEquals(0, status, out + err);
        // the budget counts the logins too; beyond it only the last processes' clean-up (the issue gives a 60 s
        // budget 15 s)
        assertTrue(tookS <= BUDGET_S + 5, "a " + BUDGET_S + " s budget took " + tookS + " s\n" + err);

        List<String> csv = Files.readAllLines(tuneDir.resolve("tune.csv"));
        assertEquals(
                "step,tool,processes,streams,pinning,window,mtu,bits_per_second,bits_per_second_min,"
                        + "bits_per_second_max,reason",
                csv.get(0));
        assertTrue(csv.size() >= 4, "the start, at least one step and the confirmation: " + csv);
        String[] confirm = csv.get(csv.size() - 1).split(",", -1);
        assertEquals("confirm", confirm[10], "the winner was confirmed: " + csv);
        int confirmStep = Integer.parseInt(confirm[0]);
        assertEquals(csv.size() - 1, confirmStep, "one row per probe, numbered: " + csv);
        double rate = Double.parseDouble(confirm[7]);
        assertTrue(
                Double.parseDouble(confirm[8]) <= rate && rate <= Double.parseDouble(confirm[9]) && rate > 0,
                "the confirmation's mean within its min and max: " + csv);
        assertTrue(out.contains("best: iperf3 p=" + confirm[2] + " s=" + confirm[3]), out);
        // a search that ended early leaves time to measure the winner and the runner-up side by side (runs of half
        // the confirmation's length, the confirm row pooling the pick's); else the winner is confirmed alone
        boolean sideBySide = out.contains(" alternated runs");
        int ranStep = confirmStep;
        int repetitions = 2;
        if (sideBySide) {
            assertTrue(out.matches("(?s).*\\(confirmed over [23] runs of 1 s\\).*"), out);
            ranStep = lastSideBySideRunOf(csv, confirm);
            repetitions = 1;
        } else {
            assertTrue(out.contains("(confirmed over 2 runs of 2 s)"), out);
        }

        List<String> clients = executed(tuneDir, ranStep, "client");
        List<String> servers = executed(tuneDir, ranStep, "server");
        int processes = Integer.parseInt(confirm[2]);
        assertEquals(repetitions * processes, clients.size(), processes + " clients per repetition: " + clients);
        assertEquals(repetitions * processes, servers.size(), "and their servers: " + servers);
        // the script logs in as the tune did: its ssh config (where h1 and h2 are defined) and its key
        List<String> login = List.of(
                "-F",
                lab.sshConfig().toAbsolutePath().toString(),
                "-i",
                lab.identity().toAbsolutePath().toString());
        // the script is the winner at the confirmation's length: side-by-side runs differ only in their duration
        String script = sideBySide ? anyDuration(out) : out;
        for (String c : clients) {
            assertTrue(c.startsWith("iperf3 -c " + lab.h2().data()), c);
            String line = ShellQuote.join(ssh(login, "h1")) + " " + ShellQuote.quote(c);
            assertTrue(
                    script.contains(sideBySide ? anyDuration(line) : line),
                    "the winner's script runs " + c + ":\n" + out);
        }
        for (String sv : servers) {
            String line = ShellQuote.join(ssh(login, "h2")) + " " + ShellQuote.quote(sv);
            assertTrue(
                    script.contains(sideBySide ? anyDuration(line) : line),
                    "the winner's script runs " + sv + ":\n" + out);
        }
        assertTrue(Files.exists(tuneDir.resolve("run.json")) && Files.exists(tuneDir.resolve("sweep.csv")));
        // each probe is a point of its own, numbered as tune.csv's steps: the confirmation's rows are told apart (the
        // pooled confirm row after side-by-side runs ran nothing of its own)
        List<String> points = Files.readAllLines(tuneDir.resolve("sweep.csv")).stream()
                .skip(1)
                .map(l -> l.substring(0, l.indexOf(',')))
                .toList();
        int lastRan = sideBySide ? confirmStep - 1 : confirmStep;
        assertEquals(lastRan, points.size(), "a point per probe: " + points);
        assertEquals(points.size(), Set.copyOf(points).size(), "no two probes share a point: " + points);
        assertTrue(points.get(points.size() - 1).startsWith("step " + lastRan + " iperf3 p="), points.toString());

        assertEquals("", lab.leftRunning(), "nothing left running on the hosts");
        assertEquals(1500, lab.h1().mtu(), "h1's MTU untouched");
        assertEquals(1500, lab.h2().mtu(), "h2's MTU untouched");
    }

    /**
     * With the time for it, the tune measures its winner and the runner-up again alternated and says how sure the pick
     * is: about 100 s, the search's probes (~8 s each, at most six for one process of 1 or 2 streams) and 3 pairs of
     * 4 s runs.
     */
    @Test
    void aTuneWithTimeMeasuresItsWinnerAndTheRunnerUpAlternatedAndSaysHowSureItIs() throws Exception {
        Path tuneDir = dir.resolve("tune");
        List<String> tune = iperf3Tune(lab, 5620, "100s", "streams", tuneDir);
        int status = cli.run(tune);
        String out = cli.out();
        assertEquals(0, status, out + cli.err());

        List<String[]> rows = Files.readAllLines(tuneDir.resolve("tune.csv")).stream()
                .skip(1)
                .map(l -> l.split(",", -1))
                .toList();
        List<String> reasons = rows.stream().map(r -> r[10]).toList();
        int first = reasons.indexOf("side by side 1/3: winner");
        assertTrue(first > 0, "measured side by side: " + reasons);
        assertEquals(
                List.of(
                        "side by side 1/3: winner",
                        "side by side 1/3: runner-up",
                        "side by side 2/3: winner",
                        "side by side 2/3: runner-up",
                        "side by side 3/3: winner",
                        "side by side 3/3: runner-up",
                        "confirm"),
                reasons.subList(first, reasons.size()),
                "alternated, winner first, then the pick: " + reasons);
        String[] winner = rows.get(first);
        String[] runnerUp = rows.get(first + 1);
        assertTrue(!winner[3].equals(runnerUp[3]), "the runner-up has the other streams: " + reasons);
        String[] pick = rows.get(rows.size() - 1);
        String side = out.lines()
                .filter(l -> l.startsWith("side by side: "))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no side-by-side line: " + out));
        // which way it goes is the machine's: the wording must say it either way, with the other's streams
        String pickedStreams = pick[3];
        String otherStreams = pickedStreams.equals(winner[3]) ? runnerUp[3] : winner[3];
        assertTrue(
                side.matches("side by side: confirmed over 3 alternated runs, \\d+ % ahead of the runner-up \\(streams="
                                + otherStreams + "\\)")
                        || side.matches("side by side: (the runner-up won by the median, )?within noise of: streams="
                                + otherStreams + " \\(\\d+ % apart over 3 alternated runs\\)")
                        || side.matches("side by side: the runner-up won over 3 alternated runs: picked by the median,"
                                + " \\d+ % ahead of the search's winner \\(streams=" + otherStreams + "\\)"),
                side);
        assertTrue(out.contains("best: iperf3 p=1 s=" + pickedStreams + " "), out);
        assertTrue(out.contains("(confirmed over 3 runs of 4 s)"), out);
        assertEquals("", lab.leftRunning(), "nothing left running on the hosts");
    }

    /** The step of the last side-by-side run of the settings {@code confirm} pooled. */
    private static int lastSideBySideRunOf(List<String> csv, String[] confirm) {
        int step = -1;
        for (String l : csv.subList(1, csv.size())) {
            String[] r = l.split(",", -1);
            if (r[10].startsWith("side by side ") && r[2].equals(confirm[2]) && r[3].equals(confirm[3])) {
                step = Integer.parseInt(r[0]);
            }
        }
        assertTrue(step > 0, "the pick was measured side by side: " + csv);
        return step;
    }

    /** {@code text} with the run's length left out: iperf3's -t and the server's timeout. */
    private static String anyDuration(String text) {
        return text.replaceAll(" -t \\d+ ", " -t N ").replaceAll("timeout --foreground -k 2 \\d+ ", "timeout N ");
    }
}
