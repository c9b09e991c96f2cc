package io.linklab.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The sudo helpers a non-root login's sudoers rule names (installer/linux): LinkLab runs an MTU change through
 * linklab-mtu, and each helper refuses what is not exactly its job before running anything. Only refusals are run
 * here (this machine's interfaces are not changed); the lab's SudoLabTest runs them through sudo.
 */
class SudoHelpersTest {

    private static final Path MTU = Path.of("installer/linux/linklab-mtu");
    private static final Path KILL = Path.of("installer/linux/linklab-kill");

    private record Result(int exit, String err) {}

    private static Result run(Map<String, String> env, Path script, String... args) throws Exception {
        List<String> argv = new ArrayList<>(List.of("sh", script.toString()));
        argv.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(argv).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        pb.environment().putAll(env);
        Process p = pb.start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(10, TimeUnit.SECONDS));
        return new Result(p.exitValue(), err);
    }

    @Test
    void anMtuChangeRunsThroughTheHelperAndTheRuleNamesTheHelpersAlone() throws Exception {
        RemoteCommand set = RemoteCommand.privileged("set", "ip", "link", "set", "dev", "data0", "mtu", "9000");
        assertEquals(List.of("sudo", "-n", "--", "linklab-mtu", "data0", "9000"), set.argvAsRun(true));
        assertEquals(List.of("ip", "link", "set", "dev", "data0", "mtu", "9000"), set.argvAsRun(false));
        String rule = "alice ALL=(root) NOPASSWD: /usr/local/sbin/linklab-mtu, /usr/local/sbin/linklab-kill";
        assertEquals(rule, SudoHelpers.sudoersLine("alice"));
        assertTrue(Files.readString(Path.of("README.md")).contains(rule), "README documents the same rule");
    }

    @Test
    void linklabMtuRefusesAnythingButAnInterfaceNameAndAnMtu() throws Exception {
        String[][] bad = {
            {"data0 netns 1", "1500"}, {"data0", "1500 down"}, {"-data0", "1500"}, {"..", "1500"}, {"a/b", "1500"},
            {"abcdefghijklmnop", "1500"}, {"data0", "67"}, {"data0", "65536"}, {"data0", "01500"}, {"data0", "x"},
            {"data0"}, {"linklab-no-such-if", "1500"}
        };
        for (String[] args : bad) {
            Result r = run(Map.of(), MTU, args);
            assertEquals(2, r.exit(), String.join(" ", args) + ": " + r.err());
            assertTrue(r.err().startsWith("linklab-mtu: "), r.err());
        }
    }

    @Test
    void linklabKillSignalsOnlyAGroupWhoseLeaderIsLinkLabsWrapperForThatFile() throws Exception {
        String uid = String.valueOf(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
        Map<String, String> sudo = Map.of("SUDO_UID", uid);
        for (String[] args : new String[][] {
            {"HUP", "/tmp/linklab-0123456789ab/1.root.pid"},
            {"KILL", "/etc/passwd"},
            {"KILL", "/tmp/linklab-0123456789ab/../../etc/x.root.pid"},
            {"KILL", "/tmp/linklab-xyz/1.root.pid"}
        }) {
            Result r = run(sudo, KILL, args);
            assertEquals(2, r.exit(), String.join(" ", args) + ": " + r.err());
        }
        // A pid file of ours naming a live group leader that is not LinkLab's wrapper for that file.
        Path dir = Path.of("/tmp/linklab-"
                + HexFormat.of().formatHex(SecureRandom.getInstanceStrong().generateSeed(6)));
        Files.createDirectory(dir);
        Process victim = new ProcessBuilder("setsid", "sleep", "60").start();
        try {
            Path pidFile = dir.resolve("1.root.pid");
            Files.writeString(pidFile, victim.pid() + "\n");
            Result r = run(sudo, KILL, "KILL", pidFile.toString());
            assertEquals(2, r.exit(), r.err());
            assertTrue(r.err().contains("is not LinkLab's wrapper"), r.err());
            assertTrue(victim.isAlive(), "the process was not signalled");
            r = run(Map.of(), KILL, "KILL", pidFile.toString());
            assertEquals(2, r.exit(), "without sudo's SUDO_UID: " + r.err());
        } finally {
            victim.destroyForcibly();
            try (var files = Files.list(dir)) {
                for (Path f : (Iterable<Path>) files::iterator) {
                    Files.delete(f);
                }
            }
            Files.delete(dir);
        }
    }
}
