package io.linklab.counters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.linklab.remote.LocalTransport;
import io.linklab.remote.RemoteProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The real sampler script, run by this machine's bash: it sends only the lines of the kernel's files that
 * {@link SnapshotParser} keeps (issue 16), and the snapshot read from them has every counter the whole files give.
 */
class SamplerFilterTest {

    private static final List<String> FILES = List.of(
            "/proc/uptime",
            "/proc/stat",
            "/proc/net/dev",
            "/proc/net/snmp",
            "/proc/net/netstat",
            "/proc/net/softnet_stat");

    @Test
    void theFilteredSnapshotHoldsWhatTheWholeFilesGive() throws Exception {
        CompletableFuture<Snapshot> sent = new CompletableFuture<>();
        List<String> lines = new ArrayList<>();
        SnapshotParser fromScript = new SnapshotParser(sent::complete);
        try (LocalTransport t = new LocalTransport()) {
            RemoteProcess p = t.start(
                    SamplerScript.command("lo", 30, null, "linklab-counters-filter-test"),
                    line -> {
                        synchronized (lines) {
                            lines.add(line);
                        }
                        fromScript.line(line);
                    },
                    line -> {});
            try {
                Snapshot filtered = sent.get(10, TimeUnit.SECONDS);
                Snapshot whole = wholeFiles();
                assertFalse(filtered.cpus().isEmpty());
                assertEquals(whole.cpus().keySet(), filtered.cpus().keySet());
                assertFalse(filtered.tcp().isEmpty());
                assertEquals(whole.tcp().keySet(), filtered.tcp().keySet());
                assertNotNull(filtered.interfaceCounters().get("rx_bytes"), "lo's line of /proc/net/dev");
                assertEquals(
                        whole.interfaceCounters().keySet(),
                        filtered.interfaceCounters().keySet().stream()
                                .filter(whole.interfaceCounters()::containsKey)
                                .collect(Collectors.toSet()));
                synchronized (lines) {
                    assertFalse(
                            lines.stream().anyMatch(l -> l.startsWith("intr ") || l.startsWith("Udp")),
                            "lines the parser does not keep were sent: " + lines);
                }
            } finally {
                p.cancel();
            }
        }
    }

    /** The same files read whole, as the sampler under plain sh sends them (its cat). */
    private static Snapshot wholeFiles() throws Exception {
        CompletableFuture<Snapshot> out = new CompletableFuture<>();
        SnapshotParser parser = new SnapshotParser(out::complete);
        parser.line("@@ if lo");
        parser.line("@@ snap");
        for (String f : FILES) {
            Files.readAllLines(Path.of(f)).forEach(parser::line);
        }
        parser.line("@@ end");
        return out.get(1, TimeUnit.SECONDS);
    }
}
