package io.linklab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.lab.Lab;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("lab")
class ProbeCommandLabTest {

    private final Lab lab = Lab.get();

    @Test
    void probesLabHostsAndReportsTheUnreachableOne() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Cli.run(new String[] {"probe", "h1", lab.h2().login(), "root@" + lab.value("UNUSED_MGMT_ADDR"),
                        "--ssh-config", lab.sshConfig().toString(), "--identity", lab.identity().toString(),
                        "--known-hosts", lab.knownHosts().toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        String o = out.toString(StandardCharsets.UTF_8);
        assertEquals(1, status, "one host is unreachable");
        assertTrue(o.contains("h1: Debian") && o.contains(lab.h2().login() + ": Debian"), o);
        assertTrue(o.contains("iperf3 3.12, iperf 2.1.8, netperf 2.7.0, netserver 2.7.0"), o);
        assertTrue(o.matches("(?s).*mgmt0 .*" + lab.h1().mgmt() + "/24.*\\(carries the SSH session\\).*"), o);
        assertTrue(o.contains("root@" + lab.value("UNUSED_MGMT_ADDR") + ": UNREACHABLE"), o);
        assertTrue(err.toString().contains("no route to host") || err.toString().contains("did not answer"), err.toString());
    }
}
