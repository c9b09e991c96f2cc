package io.linklab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.lab.Lab;
import io.linklab.model.HostFacts;
import io.linklab.model.Sample;
import io.linklab.model.TestPlan;
import io.linklab.model.Tool;
import io.linklab.remote.LoginPrompts;
import io.linklab.remote.SshConnector;
import io.linklab.remote.SshTarget;
import io.linklab.remote.probe.HostProbe;
import io.linklab.store.RunRecord;
import io.linklab.store.StoredRun;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The login shells a run starts, counted on hosts whose login shell costs 0.9 s of CPU (lab.sh's slow-login
 * sshd, which logs every login shell): a test, a sweep and a probe start at most one per host, all of them
 * before the measurement - a login shell during the measurement takes CPU from the tool on the same cores, one
 * after it is paid for nothing (issue 29).
 */
@Tag("lab")
class OneLoginPerHostLabTest {

    private static final int PORT = 5590;

    private final Lab lab = Lab.get();

    @TempDir
    Path workspace;

    private TestEngine engine() throws Exception {
        return EngineLabTest.engine(lab, workspace, RunTimings.STANDARD);
    }

    @AfterEach
    void hostsAreLeftClean() throws Exception {
        assertEquals("", lab.leftRunning(), "left running on the lab hosts");
        assertEquals(1500, lab.h1().mtu(), "h1 MTU not restored");
        assertEquals(1500, lab.h2().mtu(), "h2 MTU not restored");
    }

    private TestPlan plan(TestPlan.Sweep sweep) {
        return TestPlan.defaults(
                        new TestPlan.End(lab.h1().slowLogin(), lab.h1().dataIf()),
                        new TestPlan.End(lab.h2().slowLogin(), lab.h2().dataIf()),
                        lab.h2().data())
                .toBuilder()
                .tool(Tool.IPERF3)
                .durationS(2)
                .basePort(PORT)
                .sweep(sweep)
                .build();
    }

    /** Runs the plan to its end; returns when its first sample arrived, in seconds since the epoch. */
    private double runOk(TestPlan plan) throws Exception {
        AtomicLong firstSample = new AtomicLong();
        TestEngine engine = engine();
        RunHandle h = engine.start(plan, new RunListener() {
            @Override
            public void sample(String point, Sample sample) {
                firstSample.compareAndSet(0, System.currentTimeMillis());
            }
        });
        h.await(Duration.ofSeconds(180)).orElseThrow(() -> new AssertionError("run did not end"));
        StoredRun run = engine.store().open(h.runId());
        assertEquals(
                RunRecord.State.OK,
                run.record().state(),
                run.record().message() + "; warnings: " + run.record().warnings());
        assertTrue(firstSample.get() > 0, "the run measured");
        return firstSample.get() / 1000.0;
    }

    /** Login shells each host started since {@code before}: at most one, and none once the run measured. */
    private void assertOneLoginEachBefore(int[] before, double measured, String what) throws Exception {
        List<Lab.Host> hosts = List.of(lab.h1(), lab.h2());
        for (int i = 0; i < hosts.size(); i++) {
            Lab.Host host = hosts.get(i);
            List<Double> shells = host.loginShells();
            List<Double> mine = shells.subList(before[i], shells.size());
            assertTrue(
                    mine.size() <= 1,
                    what + " started " + mine.size() + " login shells on " + host.mgmt() + ": " + mine);
            for (double at : mine) {
                assertTrue(
                        at < measured,
                        what + " started a login shell on " + host.mgmt() + " " + (at - measured)
                                + " s after its first sample");
            }
        }
    }

    private int[] shellsSoFar() throws Exception {
        return new int[] {lab.h1().loginShells().size(), lab.h2().loginShells().size()};
    }

    @Test
    void aTestStartsOneLoginShellPerHostBeforeItMeasures() throws Exception {
        int[] before = shellsSoFar();
        double measured = runOk(plan(null));
        assertOneLoginEachBefore(before, measured, "a 2 s iperf3 test");
    }

    @Test
    void anMtuSweepStartsOneLoginShellPerHostForAllItsPoints() throws Exception {
        int[] before = shellsSoFar();
        double measured = runOk(plan(new TestPlan.Sweep(TestPlan.SweepKind.MTU, List.of("1500", "4000"))));
        assertOneLoginEachBefore(before, measured, "a 2-point MTU sweep");
    }

    @Test
    void aProbeStartsOneLoginShellPerHost() throws Exception {
        int[] before = shellsSoFar();
        SshConnector connector = new SshConnector(lab.sshSettings(), LoginPrompts.NONE);
        List<HostFacts> facts = new HostProbe()
                .probeAll(
                        connector,
                        List.of(
                                SshTarget.parse(lab.h1().slowLogin()),
                                SshTarget.parse(lab.h2().slowLogin())));
        facts.forEach(f -> assertTrue(f.ok(), f.toString()));
        assertOneLoginEachBefore(before, Double.MAX_VALUE, "probing both hosts");
    }
}
