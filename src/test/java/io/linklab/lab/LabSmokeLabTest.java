package io.linklab.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.testing.Await;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Proves the lab itself: real sshd in each namespace host, real iperf3 across the data link. */
@Tag("lab")
class LabSmokeLabTest {

    private final Lab lab = Lab.get();

    private String ssh(Lab.Host host, String command) throws Exception {
        return Lab.exec(lab.ssh(host, command).toArray(String[]::new));
    }

    @Test
    void iperf3RunsBetweenTwoNamespaceHostsOverSsh() throws Exception {
        // -1: the server ends after one test even if this test dies before cleaning up.
        ssh(lab.h2(), "iperf3 -s -1 -D -p 5999 --idle-timeout 20");
        String out = ssh(lab.h1(), "iperf3 -c " + lab.h2().data() + " -p 5999 -t 1 -f m");
        Matcher m = Pattern.compile("([\\d.]+) Mbits/sec.*receiver").matcher(out);
        assertTrue(m.find(), "no receiver line in:\n" + out);
        assertTrue(Double.parseDouble(m.group(1)) > 100, "veth throughput implausibly low: " + m.group(1));
        assertEquals("", lab.h1().processes(), "left running on h1");
        // the one-shot server exits right after the test
        assertEquals(
                "",
                Await.poll(() -> lab.h2().processes(), String::isEmpty, Duration.ofSeconds(5), Duration.ofMillis(100)),
                "left running on h2");
    }

    @Test
    void eachHostSeesOnlyItsOwnInterfaces() throws Exception {
        String links = ssh(lab.h1(), "ip -o link show");
        assertTrue(links.contains(lab.h1().dataIf()), links);
        assertTrue(links.contains("mgmt0"), links);
        assertEquals(1500, lab.h1().mtu());
    }
}
