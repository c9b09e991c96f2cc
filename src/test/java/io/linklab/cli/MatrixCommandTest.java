package io.linklab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.engine.LabLogins;
import io.linklab.engine.LabLoginsTest;
import io.linklab.matrix.FolderLockHolder;
import io.linklab.matrix.HeatmapImage;
import io.linklab.matrix.MatrixFile;
import io.linklab.matrix.MatrixFolderLock;
import io.linklab.matrix.MatrixReport;
import io.linklab.matrix.MatrixRow;
import io.linklab.model.LinkSpec;
import io.linklab.model.Topology;
import io.linklab.model.Verdict;
import io.linklab.remote.LoginPrompts;
import io.linklab.remote.SshSettings;
import io.linklab.remote.SshTarget;
import io.linklab.remote.TransportException;
import io.linklab.store.TopologyFiles;
import io.linklab.testing.ScriptedMatrixLab;
import io.linklab.testing.ScriptedTransport.Script;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `matrix` refused before anything connects: an MTU sweep needs the lab's interfaces for every pair, and a folder
 * another LinkLab is writing is left alone.
 */
class MatrixCommandTest {

    @TempDir
    Path dir;

    @Test
    void anMtuSweepWithHostsAndNoInterfacesSaysToUseALab() {
        CliCapture cli = new CliCapture();
        int status = cli.run(
                "matrix",
                "--hosts",
                "root@h1=198.19.0.1,root@h2=198.19.0.2",
                "--mtu",
                "1500,9000",
                "--out",
                dir.resolve("m").toString());
        assertEquals(Cli.USAGE, status, cli.both());
        assertTrue(cli.err().contains("--mtu: --hosts names no data interfaces"), cli.err());
        assertTrue(cli.err().contains("--lab LAB.json"), cli.err());
        assertTrue(Files.notExists(dir.resolve("m")), "nothing written");
    }

    @Test
    void anMtuSweepOverPairsWithoutADrawnPathNamesThem() throws Exception {
        Path lab = dir.resolve("lab.json");
        TopologyFiles.write(lab, ScriptedMatrixLab.lab("three", 3));
        CliCapture cli = new CliCapture();
        int status = cli.run(
                "matrix",
                "--lab",
                lab.toString(),
                "--pairs",
                "all",
                "--mtu",
                "1500,9000",
                "--out",
                dir.resolve("m").toString());
        assertEquals(Cli.USAGE, status, cli.both());
        assertTrue(cli.err().contains("--mtu: no drawn path between h1→h2, h1→h3"), cli.err());
        assertTrue(cli.err().contains("and 1 more pairs"), cli.err());
        assertTrue(cli.err().contains("draw their links in the lab"), cli.err());
    }

    @Test
    void aFolderAnotherLinkLabIsWritingIsRefusedWithExitOneAndNothingWrittenAndIsFreeOnceThatOneIsKilled()
            throws Exception {
        Path out = dir.resolve("m");
        Process other = FolderLockHolder.start(out);
        try {
            CliCapture cli = new CliCapture();
            int status = cli.run("matrix", "--hosts", "root@h1=198.19.0.1,root@h2=198.19.0.2", "--out", out.toString());
            assertEquals(Cli.FAILED, status, cli.both());
            assertTrue(
                    cli.err().contains("linklab matrix: " + out + " is being written by another LinkLab"), cli.err());
            assertTrue(cli.err().contains("wait for it to end or stop it"), cli.err());
            assertTrue(
                    cli.err().contains("(a whole-lab test running or resuming there: pid " + other.pid() + " on "),
                    "names who holds it: " + cli.err());
            assertTrue(cli.err().contains(" since "), cli.err());
            try (Stream<Path> files = Files.list(out)) {
                assertEquals(List.of(out.resolve(MatrixFolderLock.NAME)), files.toList(), "nothing written");
            }
        } finally {
            other.destroyForcibly(); // as a crash or kill -9 ends it
            assertTrue(other.waitFor(20, TimeUnit.SECONDS));
        }
        try (MatrixFolderLock mine = MatrixFolderLock.take(out)) { // the OS dropped the dead one's lock
            assertTrue(
                    Files.readString(out.resolve(MatrixFolderLock.NAME))
                            .startsWith("pid " + ProcessHandle.current().pid() + " on "),
                    "the new holder says who it is");
        }
    }

    @Test
    void aMatrixOverALabLogsInToEachHostAsTheLabDrawsIt() throws Exception {
        Path lab = dir.resolve("lab.json");
        TopologyFiles.write(lab, LabLoginsTest.jumpOnlyLab());
        List<Topology> labs = new CopyOnWriteArrayList<>();
        List<String> logins = new CopyOnWriteArrayList<>();
        RunTestCommand.Transports recording = (settings, prompts, l) -> {
            labs.add(l);
            return login -> {
                logins.add(login);
                throw new TransportException(login + ": refused by the test");
            };
        };
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int status = Cli.run(
                new String[] {
                    "matrix",
                    "--lab",
                    lab.toString(),
                    "--pairs",
                    "all",
                    "-t",
                    "1",
                    "--out",
                    dir.resolve("m").toString()
                },
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(out, true, StandardCharsets.UTF_8),
                recording);
        assertEquals(Cli.FAILED, status, out.toString(StandardCharsets.UTF_8));
        assertEquals(1, labs.size(), "one set of logins for the matrix");
        assertTrue(logins.contains("lab@198.19.0.2:2222"), logins.toString());
        // the window's matrix logs in through the same LabLogins over the drawn lab
        assertEquals(
                new SshTarget("lab", "198.19.0.2", 2222, "/keys/h2_ed25519", "root@198.18.0.11"),
                new LabLogins(SshSettings.defaults(), LoginPrompts.NONE, labs.get(0)).target("lab@198.19.0.2:2222"));
    }

    @Test
    void aMatrixIsJudgedByTheRateDrawnOnItsLinkUnlessExpectIsGiven() throws Exception {
        Topology hosts = ScriptedMatrixLab.lab("two", 2);
        // The scripted hosts measure 4.29 Gbit/s: it passes the drawn 1G and fails 90 % of 10G and --expect 5G.
        LinkSpec cable =
                new LinkSpec("l1", new LinkSpec.End("h1", "data0"), new LinkSpec.End("h2", "data0"), "10G", "1G");
        Path lab = dir.resolve("lab.json");
        TopologyFiles.write(lab, new Topology("two", hosts.hosts(), List.of(), List.of(cable)));
        RunTestCommand.Transports scripted = (settings, prompts, l) -> ScriptedMatrixLab.logins(2);

        Path drawn = dir.resolve("drawn");
        CliCapture cli = new CliCapture();
        int status = cli.call((o, e) -> Cli.run(matrixArgs(lab, drawn), o, e, scripted));
        assertEquals(Cli.OK, status, cli.both());
        List<MatrixRow> rows = MatrixFile.read(drawn);
        assertEquals(2, rows.size(), rows.toString());
        for (MatrixRow r : rows) {
            assertEquals(Verdict.Outcome.PASS, r.verdict().outcome(), r.toString());
            assertEquals(1e9, r.verdict().expectedBps());
        }
        assertTrue(cli.out().contains("pass"), cli.out());

        Path given = dir.resolve("given");
        cli = new CliCapture();
        status = cli.call((o, e) -> Cli.run(matrixArgs(lab, given, "--expect", "5G"), o, e, scripted));
        assertEquals(Cli.FAILED, status, cli.both());
        assertTrue(
                cli.err().contains("below the expected rate: h1→h2 c2s fail: 4.2 of 5.0 Gbit/s expected, 85 %"),
                cli.err());
        for (MatrixRow r : MatrixFile.read(given)) {
            assertEquals(Verdict.Outcome.FAIL, r.verdict().outcome(), r.toString());
            assertEquals(5e9, r.verdict().expectedBps());
        }
        assertTrue(Files.readString(given.resolve("matrix.json")).contains("\"expect\" : \"5G\""));
        assertTrue(
                Files.readString(given.resolve("pairs/h1-h2/run.json")).contains("5G"),
                "the pair's own run is judged by it too");
    }

    @Test
    void aMatrixOfTwoMtusPrintsAndWritesEachMtusFiguresApart() throws Exception {
        Topology hosts = ScriptedMatrixLab.lab("two", 2);
        LinkSpec cable = new LinkSpec("l1", new LinkSpec.End("h1", "data0"), new LinkSpec.End("h2", "data0"), "10G");
        Path lab = dir.resolve("lab.json");
        TopologyFiles.write(lab, new Topology("two", hosts.hosts(), List.of(), List.of(cable)));
        RunTestCommand.Transports scripted =
                (settings, prompts, l) -> login -> ScriptedMatrixLab.host(ScriptedMatrixLab.number(login), 2)
                        .on("linklab-mtu-guard claim", Script.prints("mtu 1500"))
                        .on("linklab-mtu-guard arm", Script.prints("/run/linklab-mtu.AbCdEfGh12"))
                        .on("linklab-mtu-guard (extend|disarm)", Script.ok())
                        .on("^ping ", Script.ok())
                        .on("^ip link set dev data0 mtu", Script.ok());

        Path m = dir.resolve("m");
        CliCapture cli = new CliCapture();
        int status = cli.call((o, e) -> Cli.run(matrixArgs(lab, m, "--mtu", "9000,1500"), o, e, scripted));
        assertEquals(Cli.OK, status, cli.both());

        assertTrue(cli.err().contains("heatmap-mtu1500.png, heatmap-mtu9000.png and findings.csv"), cli.err());
        assertTrue(cli.err().contains("h1→h2: c2s 4.290 Gbit/s at MTU 9000"), cli.err());
        List<String> table = cli.out().lines().toList();
        assertTrue(table.get(0).matches("pair\\s+dir\\s+mtu\\s+Gbit/s .*"), table.get(0));
        for (String pair : List.of("h1→h2", "h2→h1")) {
            for (String mtu : List.of("1500", "9000")) {
                assertTrue(
                        table.stream().anyMatch(l -> l.matches(pair + "\\s+c2s\\s+" + mtu + "\\s+4\\.290 .*")),
                        pair + " at " + mtu + ":\n" + cli.out());
            }
        }
        assertTrue(Files.exists(m.resolve(HeatmapImage.name(1500))));
        assertTrue(Files.exists(m.resolve(HeatmapImage.name(9000))));
        assertFalse(Files.exists(m.resolve(HeatmapImage.NAME)), "no heatmap mixing both MTUs");
        assertTrue(Files.readString(m.resolve(MatrixReport.NAME)).contains("\n## MTU 9000\n"));
    }

    /** A one-second matrix of every pair of {@code lab} into {@code out}, with {@code more} options. */
    private static String[] matrixArgs(Path lab, Path out, String... more) {
        List<String> args = new ArrayList<>(
                List.of("matrix", "--lab", lab.toString(), "--pairs", "all", "-t", "1", "--out", out.toString()));
        args.addAll(List.of(more));
        return args.toArray(String[]::new);
    }

    @Test
    void aRerunOfAFinishedMatrixSaysNothingWasLeftToRunAndKeepsItsRows() throws Exception {
        Path m = dir.resolve("m");
        Files.createDirectories(m);
        String rows = "client,server,direction,bits_per_second,bits_per_second_min,bits_per_second_max,retransmits,"
                + "link_speed_bps,fraction_of_link,status,reason,run\n"
                + "h1,h2,c2s,1e9,1e9,1e9,0,,,ok,,pairs/h1-h2\n"
                + "h2,h1,c2s,2e9,2e9,2e9,0,,,ok,,pairs/h2-h1\n";
        Files.writeString(m.resolve("matrix.csv"), rows);
        CliCapture cli = new CliCapture();
        int status =
                cli.run("matrix", "--hosts", "root@h1=198.19.0.1,root@h2=198.19.0.2", "-t", "2", "--out", m.toString());
        assertEquals(Cli.OK, status, cli.both());
        assertTrue(cli.err().contains("nothing left to run: all 2 pairs measured in an earlier run"), cli.err());
        assertEquals(2, Files.readAllLines(m.resolve("matrix.csv")).size() - 1, "rows kept");
    }

    @Test
    void itsHelpNamesOnlyOptionsItTakesAndSaysWhichTestRuns() {
        CliCapture cli = new CliCapture();
        assertEquals(0, cli.run("matrix", "--help"));
        assertTrue(!cli.out().contains("--client-if") && !cli.out().contains("--server-if"), cli.out());
        assertTrue(!cli.out().contains("options below"), cli.out());
        assertTrue(cli.out().contains("MTU sweep (with --lab only)"), cli.out());
    }
}
