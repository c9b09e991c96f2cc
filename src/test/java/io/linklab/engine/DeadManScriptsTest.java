package io.linklab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The guard script's own check of the numbers it is given, run by this machine's sh: it runs as root on hosts
 * others share, so a number of seconds that is not a plain one in the bounds stops it before it touches anything,
 * whoever built the command line.
 */
class DeadManScriptsTest {

    /** A folder name of the right shape that does not exist: a valid command gets as far as "its folder is gone". */
    private static final String NO_FOLDER = "/tmp/linklab-mtu.NoSuchOne0";

    private record Exit(int status, String stderr) {}

    private static Exit guard(String... args) throws IOException, InterruptedException {
        List<String> argv = new ArrayList<>(List.of("sh", "-c", DeadManScripts.GUARD, "linklab-mtu-guard"));
        argv.addAll(List.of(args));
        Process p = new ProcessBuilder(argv)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(10, TimeUnit.SECONDS), "the guard script hangs");
        return new Exit(p.exitValue(), err.strip());
    }

    @Test
    void secondsThatAreNotAPlainNumberInTheBoundsStopTheScriptFirst() throws Exception {
        for (String bad : List.of("3", "3601", "015", "1e3", "", " 15", "15 ", "-5", "15;id", "99999999999999999999")) {
            Exit extend = guard("extend", NO_FOLDER, bad);
            assertEquals(2, extend.status(), "extend took '" + bad + "': " + extend.stderr());
            assertEquals("period must be a number of seconds from 4 to 3600, not '" + bad + "'", extend.stderr());
            Exit arm = guard("arm", "r1", "client", "eth1", "1500", bad, "exit 0");
            assertEquals(2, arm.status(), "arm took '" + bad + "': " + arm.stderr());
        }
        // the claim's LIMIT is a wait, not a period: from 1 s
        for (String bad : List.of("0", "3601", "01", "", "4 ", "-5", "4;id")) {
            Exit claim = guard("claim", "eth1", "r1", bad);
            assertEquals(2, claim.status(), "claim took the limit '" + bad + "': " + claim.stderr());
            assertEquals("limit must be a number of seconds from 1 to 3600, not '" + bad + "'", claim.stderr());
        }
    }

    @Test
    void secondsInTheBoundsGoOn() throws Exception {
        for (String good : List.of("4", "15", "3600")) {
            Exit extend = guard("extend", NO_FOLDER, good);
            assertEquals(1, extend.status(), extend.stderr());
            assertTrue(extend.stderr().startsWith("its folder is gone"), extend.stderr());
        }
    }
}
