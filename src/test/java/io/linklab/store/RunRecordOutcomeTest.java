package io.linklab.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.linklab.model.TestPlan;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** run.json's outcome: what a script reads to tell a completed run from a failed or an interrupted one. */
class RunRecordOutcomeTest {

    @TempDir
    Path dir;

    private RunRecord begun() {
        RunRecord r = new RunRecord("r1");
        r.begin(
                TestPlan.defaults(new TestPlan.End("local", null), new TestPlan.End("local", null), "127.0.0.1"),
                Instant.parse("2026-01-02T10:00:00Z"),
                List.of(""),
                Map.of());
        return r;
    }

    private JsonNode outcome() throws Exception {
        return new ObjectMapper().readTree(dir.resolve(RunRecord.FILE).toFile()).get("outcome");
    }

    @Test
    void aStoppedRunIsInterruptedAtTheTimeItWasToldToStopAndSaysByWhat() throws Exception {
        RunRecord r = begun();
        r.write(dir);
        assertTrue(outcome().isNull(), "no outcome while it runs");
        r.stopped(Instant.parse("2026-01-02T10:00:05Z"), "SIGTERM");
        r.finish(
                RunRecord.State.CANCELLED,
                "stopped by SIGTERM after 0 of 1 points",
                Instant.parse("2026-01-02T10:00:07Z"));
        r.write(dir);
        JsonNode o = outcome();
        assertEquals("interrupted", o.get("status").asText());
        assertEquals("2026-01-02T10:00:05Z", o.get("at").asText());
        assertEquals("SIGTERM", o.get("by").asText());

        RunRecord back = RunRecord.read(dir);
        assertEquals(Instant.parse("2026-01-02T10:00:05Z"), back.stoppedAt());
        assertEquals("SIGTERM", back.stoppedBy());
        assertEquals(RunRecord.State.CANCELLED, back.state());
    }

    @Test
    void completedAndFailedRunsEndAtTheirEnd() throws Exception {
        RunRecord r = begun();
        r.finish(RunRecord.State.OK, "c2s 9.41 Gbit/s", Instant.parse("2026-01-02T10:00:12Z"));
        r.write(dir);
        assertEquals("completed", outcome().get("status").asText());
        assertEquals("2026-01-02T10:00:12Z", outcome().get("at").asText());
        assertFalse(outcome().has("by"));
        assertNull(RunRecord.read(dir).stoppedBy());

        r.finish(RunRecord.State.FAILED, "iperf3 is not installed", Instant.parse("2026-01-02T10:00:13Z"));
        r.write(dir);
        assertEquals("failed", outcome().get("status").asText());
    }

    @Test
    void aRunFoundInterruptedSaysByWhatAsNullNotByLeavingItOut() throws Exception {
        begun().write(dir);
        RunRecord found = RunRecord.read(dir);
        found.interruptedIfRunning();
        found.write(dir);
        JsonNode o = outcome();
        assertEquals("interrupted", o.get("status").asText());
        assertTrue(o.has("by") && o.get("by").isNull(), o.toString());
    }
}
