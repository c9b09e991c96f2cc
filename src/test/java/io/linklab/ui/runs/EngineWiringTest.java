package io.linklab.ui.runs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.engine.RunHandle;
import io.linklab.engine.RunListener;
import io.linklab.engine.RunOutcome;
import io.linklab.model.HostSpec;
import io.linklab.model.LinkSpec;
import io.linklab.model.TestPlan;
import io.linklab.model.Topology;
import io.linklab.model.Verdict;
import io.linklab.remote.SshSettings;
import io.linklab.store.ResultsStore;
import io.linklab.store.RunRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run started from the window over a drawn link: a real iperf3 run on this machine (the Loopback lab). */
class EngineWiringTest {

    @TempDir
    Path tmp;

    @Test
    void aRunIsJudgedByTheExpectedRateDrawnOnItsLink() throws Exception {
        Topology loopback = Topology.loopback();
        LinkSpec l = loopback.links().get(0);
        // Far above what loopback reaches, and lo reports no speed: only the drawn rate gives this run a verdict.
        Topology lab = new Topology(
                loopback.name(),
                loopback.hosts(),
                loopback.switches(),
                List.of(new LinkSpec(l.id(), l.a(), l.b(), l.nominalSpeed(), "1T")));
        ResultsStore store = new ResultsStore(tmp.resolve("runs"));
        TestPlan plan = TestPlan.defaults(
                        new TestPlan.End(HostSpec.LOCAL, "lo"), new TestPlan.End(HostSpec.LOCAL, "lo"), "127.0.0.1")
                .toBuilder()
                .durationS(1)
                .intervalS(0.5)
                .basePort(5395)
                .build();
        RunHandle handle = EngineWiring.launcher(store, SshSettings.defaults()).start(plan, lab, new RunListener() {});
        Optional<RunOutcome> outcome = handle.await(Duration.ofSeconds(60));
        assertTrue(outcome.isPresent() && outcome.get().ok(), outcome.toString());

        Path runDir = store.list().get(0).dir();
        RunRecord record = RunRecord.read(runDir);
        assertEquals("1T", record.expectAsked());
        assertEquals(1e12, record.expected().bitsPerSecond());
        assertEquals(Verdict.Outcome.FAIL, record.verdict());
        String summary = Files.readString(runDir.resolve("summary.csv"));
        assertTrue(summary.contains("1000000000000") && summary.contains("fail"), summary);
    }
}
