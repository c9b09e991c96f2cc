package io.linklab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.engine.ScriptedMatrixLab;
import io.linklab.engine.store.TopologyFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `matrix` options refused before anything connects: an MTU sweep needs the lab's interfaces for every pair. */
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
}
