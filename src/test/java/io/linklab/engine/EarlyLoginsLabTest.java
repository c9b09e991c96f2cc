package io.linklab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.linklab.lab.Lab;
import io.linklab.model.TestPlan;
import io.linklab.model.Tool;
import io.linklab.remote.LoginPrompts;
import io.linklab.store.ResultsStore;
import io.linklab.store.RunRecord;
import io.linklab.testing.Await;
import io.linklab.tools.Parsers;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Logins made while the wizard is open, on the lab's hosts whose login shell costs 0.9 s (each logged in
 * logins.log): the Run takes them and starts no login shell of its own, and what no run takes is closed on its host.
 */
@Tag("lab")
class EarlyLoginsLabTest {

    private static final int PORT = 5595;

    private final Lab lab = Lab.get();

    @TempDir
    Path workspace;

    @AfterEach
    void hostsAreLeftClean() throws Exception {
        assertEquals("", lab.leftRunning(), "left running on the lab hosts");
    }

    private EarlyLogins early() {
        return new EarlyLogins(topology -> new LabLogins(lab.sshSettings(), LoginPrompts.NONE, topology), true);
    }

    private int[] shellsSoFar() throws Exception {
        return new int[] {lab.h1().loginShells().size(), lab.h2().loginShells().size()};
    }

    private void awaitShells(int[] expected) {
        Await.until(
                () -> {
                    try {
                        int[] now = shellsSoFar();
                        return now[0] >= expected[0] && now[1] >= expected[1];
                    } catch (Exception e) {
                        return false;
                    }
                },
                Duration.ofSeconds(30),
                () -> "the logins made ahead started no login shell on each host");
    }

    @Test
    void theRunTakesTheLoginsMadeAheadAndStartsNoLoginShellOfItsOwn() throws Exception {
        EarlyLogins early = early();
        int[] before = shellsSoFar();
        early.prepare(List.of(lab.h1().slowLogin(), lab.h2().slowLogin()), null);
        int[] afterLogins = {before[0] + 1, before[1] + 1};
        awaitShells(afterLogins);

        TestEngine engine = new TestEngine(
                new ResultsStore(workspace),
                early.takingFirst(new LabLogins(lab.sshSettings(), LoginPrompts.NONE)),
                (tool, sink) -> Parsers.forLive(tool, false, sink));
        TestPlan plan = TestPlan.defaults(
                        new TestPlan.End(lab.h1().slowLogin(), lab.h1().dataIf()),
                        new TestPlan.End(lab.h2().slowLogin(), lab.h2().dataIf()),
                        lab.h2().data())
                .toBuilder()
                .tool(Tool.IPERF3)
                .durationS(1)
                .basePort(PORT)
                .build();
        RunHandle h = engine.start(plan, new RunListener() {});
        h.await(Duration.ofSeconds(120)).orElseThrow(() -> new AssertionError("run did not end"));
        RunRecord record = engine.store().open(h.runId()).record();
        assertEquals(RunRecord.State.OK, record.state(), record.message());

        int[] after = shellsSoFar();
        assertEquals(afterLogins[0], after[0], "login shells on h1: the run made a login of its own");
        assertEquals(afterLogins[1], after[1], "login shells on h2: the run made a login of its own");
        assertEquals(Set.of(), early.held(), "the run took both");
    }

    @Test
    void aLoginNoRunTakesIsClosedOnItsHostOnceItWasHeldItsTime() throws Exception {
        EarlyLogins early = new EarlyLogins(
                topology -> new LabLogins(lab.sshSettings(), LoginPrompts.NONE, topology), true, Duration.ofSeconds(5));
        int[] before = shellsSoFar();
        early.prepare(List.of(lab.h1().slowLogin()), null);
        awaitShells(new int[] {before[0] + 1, before[1]});
        assertFalse(
                Await.poll(() -> lab.h1().processes(), p -> !p.isEmpty(), Duration.ofSeconds(4), Duration.ofMillis(50))
                        .isEmpty(),
                "the login made ahead holds no session on h1");

        // no Run, no other hosts chosen, the wizard still open
        String left =
                Await.poll(() -> lab.h1().processes(), String::isEmpty, Duration.ofSeconds(30), Duration.ofMillis(100));
        assertEquals("", left, "the login made ahead was not closed after its time");
        assertEquals(Set.of(), early.held(), "an expired login is no longer held");
    }

    @Test
    void aLoginNoLongerWantedIsClosedOnItsHostAndDropAllClosesTheRest() throws Exception {
        EarlyLogins early = early();
        int[] before = shellsSoFar();
        early.prepare(List.of(lab.h1().slowLogin(), lab.h2().slowLogin()), null);
        awaitShells(new int[] {before[0] + 1, before[1] + 1});
        Await.until(() -> early.held().size() == 2, Duration.ofSeconds(30), () -> "held: " + early.held());

        // the user chose another server: h2's login goes, h1's stays
        early.prepare(List.of(lab.h1().slowLogin()), null);
        Await.poll(() -> lab.h2().processes(), String::isEmpty, Duration.ofSeconds(20), Duration.ofMillis(100));
        assertEquals("", lab.h2().processes(), "h2's login was not closed");
        assertFalse(lab.h1().processes().isEmpty(), "h1's login, still wanted, holds its host session");

        early.dropAll();
        assertEquals(Set.of(), early.held());
    }
}
