package io.linklab.ui.runs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.engine.RunHandle;
import io.linklab.engine.RunListener;
import io.linklab.engine.RunOutcome;
import io.linklab.lab.Lab;
import io.linklab.model.TestPlan;
import io.linklab.remote.LoginPrompts;
import io.linklab.remote.NewHostKey;
import io.linklab.remote.SshSettings;
import io.linklab.store.ResultsStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run started from the window asks the app's login questions, as a probe does: with an empty known_hosts both
 * lab hosts' keys are new, the run asks about each, and goes ahead once they are accepted (the headless
 * LoginPrompts.NONE refused them, so the run failed at its first login).
 */
@Tag("lab")
class RunLoginPromptsLabTest {

    private final Lab lab = Lab.get();

    @TempDir
    Path tmp;

    @Test
    void aRunAsksAboutNewHostKeysLikeAProbe() throws Exception {
        Path knownHosts = Files.createFile(tmp.resolve("known_hosts"));
        SshSettings ssh = lab.sshSettings().withKnownHosts(knownHosts);
        List<String> asked = new CopyOnWriteArrayList<>();
        LoginPrompts acceptKeys = new LoginPrompts.Refusing() {
            @Override
            public boolean acceptNewHostKey(NewHostKey key) {
                asked.add(key.host());
                return true;
            }
        };
        ResultsStore store = new ResultsStore(tmp.resolve("runs"));
        Lab.Host h1 = lab.h1();
        Lab.Host h2 = lab.h2();
        TestPlan plan = TestPlan.defaults(
                        new TestPlan.End(h1.login(), h1.dataIf()), new TestPlan.End(h2.login(), h2.dataIf()), h2.data())
                .toBuilder()
                .durationS(1)
                .intervalS(0.5)
                .build();

        RunHandle run = EngineWiring.launcher(store, ssh, acceptKeys).start(plan, null, new RunListener() {});
        Optional<RunOutcome> outcome = run.await(Duration.ofSeconds(90));

        assertTrue(outcome.isPresent() && outcome.get().ok(), outcome.toString());
        assertEquals(2, asked.stream().distinct().count(), "asked about h1 and h2: " + asked);
        String remembered = Files.readString(knownHosts);
        assertTrue(remembered.contains(h1.mgmt()) && remembered.contains(h2.mgmt()), remembered);
    }
}
