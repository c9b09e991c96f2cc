package io.linklab.counters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.remote.LocalTransport;
import io.linklab.remote.RemoteProcess;
import java.time.Duration;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The real sampler script, run by this machine's sh (bash there): woken when the clients end, it sends one more
 * snapshot, with the qdisc's counters, and then ends by itself, so the run need not kill it (issue 16).
 */
class SamplerWakeTest {

    @Test
    void aWokenSamplerSendsItsLastSnapshotWithTheQdiscAndEndsByItself() throws Exception {
        try (LocalTransport t = new LocalTransport()) {
            String name = "linklab-counters-wake-test";
            // a long interval: without the wake, the next snapshot would come only after the test's time-outs
            Sampler s = new Sampler(t, SamplerScript.command("lo", 30, null, name), name, () -> {});
            RemoteProcess p = t.start(s.command, s.out(), line -> {});
            try {
                s.awaitFirstSnapshot(TimeUnit.SECONDS.toNanos(10));
                assertEquals(1, s.snapshots(), "the first snapshot at the start");
                assertFalse(s.endsByItself(), "not woken yet");
                long ended = System.nanoTime();
                s.wake();
                assertTrue(
                        s.awaitSnapshotAfter(ended, TimeUnit.SECONDS.toNanos(10)),
                        "a snapshot, with the qdisc's counters, from after the wake");
                assertTrue(s.endsByItself(), "it said the snapshot was its last");
                OptionalInt exit = p.waitFor(Duration.ofSeconds(5));
                assertEquals(OptionalInt.of(0), exit, "it ended by itself after its last snapshot");
                assertEquals(2, s.snapshots());
            } finally {
                p.cancel();
            }
        }
    }
}
