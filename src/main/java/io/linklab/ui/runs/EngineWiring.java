package io.linklab.ui.runs;

import io.linklab.engine.EarlyLogins;
import io.linklab.engine.LabLogins;
import io.linklab.engine.ParserFactory;
import io.linklab.engine.RunHandle;
import io.linklab.engine.RunListener;
import io.linklab.engine.TestEngine;
import io.linklab.matrix.MatrixRun;
import io.linklab.model.Expectation;
import io.linklab.model.TestPlan;
import io.linklab.model.Topology;
import io.linklab.remote.LoginPrompts;
import io.linklab.remote.SshSettings;
import io.linklab.store.ResultsStore;
import io.linklab.store.RunFolder;
import io.linklab.tune.TuneDriver;
import io.linklab.tune.TuneRequest;
import io.linklab.ui.history.StoreLibrary;
import io.linklab.ui.tasks.TaskRunner;
import java.io.IOException;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Collection;

/**
 * How the runs area reaches the engine: its results store, the live parsers, and {@link LabLogins} over the drawn
 * lab (a host's key file and jump host apply, as for `linklab matrix --lab`), with the app's login questions. Tunes run the same way, in a run folder of their own.
 */
public final class EngineWiring {

    private EngineWiring() {}

    /** Where imported logs of the runs in {@code store} get their CSV folders: beside its runs folder. */
    public static Path importsDir(ResultsStore store) {
        return store.root().resolveSibling("imports");
    }

    /** {@link #launcher(ResultsStore, SshSettings, LoginPrompts)} that asks nothing: keys and agents only. */
    public static RunLauncher launcher(ResultsStore store, SshSettings settings) {
        return launcher(store, settings, LoginPrompts.NONE);
    }

    /**
     * Runs go into {@code store}; a plan's logins are looked up in the topology so a host's key file and jump
     * host apply; passwords, passphrases and unknown host keys are asked through {@code prompts}, the same
     * questions a probe of that host asks (and a password remembered there is used here). The wizard's ends are
     * logged in to while it is open ({@link EarlyLogins}, decision 0805), asking nothing, and a run takes those.
     */
    public static RunLauncher launcher(ResultsStore store, SshSettings settings, LoginPrompts prompts) {
        ParserFactory parsers = ParserFactory.live();
        EarlyLogins early = new EarlyLogins(lab -> new LabLogins(settings, LoginPrompts.NONE, lab));
        return new RunLauncher() {
            @Override
            public RunHandle start(TestPlan plan, Topology topology, RunListener listener) throws IOException {
                TestEngine engine = new TestEngine(
                                store, early.takingFirst(new LabLogins(settings, prompts, topology)), parsers)
                        .withExpectation(expectation(plan, topology));
                return engine.start(plan, listener);
            }

            @Override
            public void loginAhead(Collection<String> logins, Topology topology) {
                early.prepare(logins, topology);
            }

            @Override
            public void dropEarlyLogins() {
                early.dropAll();
            }

            @Override
            public RunHandle startTune(TuneRequest request, TuneDriver driver, Topology topology, RunListener listener)
                    throws IOException {
                TestEngine engine = new TestEngine(store, new LabLogins(settings, prompts, topology), parsers)
                        .withExpectation(expectation(request.firstPlan(), topology));
                return engine.start(request.firstPlan(), driver, listener, store.newRunDir("tune"));
            }
        };
    }

    /** The expected rate drawn on the link the plan's ends are on, else the default (90 % of its speed). */
    private static Expectation expectation(TestPlan plan, Topology topology) {
        return topology == null
                ? Expectation.DEFAULT
                : topology.expectationOf(plan.client(), plan.server(), Expectation.DEFAULT);
    }

    /** Where the whole-lab matrices of the runs in {@code store} go, a folder each: beside its runs folder. */
    public static Path matricesDir(ResultsStore store) {
        return store.root().resolveSibling("matrices");
    }

    /**
     * Matrices go into a new folder of {@link #matricesDir} each, named by time and lab, or resume in the folder
     * they were stored in; their logins are looked up in the lab and asked through {@code prompts}, as a single
     * run's are.
     */
    public static MatrixLauncher matrixLauncher(ResultsStore store, SshSettings settings, LoginPrompts prompts) {
        return new MatrixLauncher() {
            @Override
            public Started start(Request request, Path stored, MatrixRun.Listener listener) throws IOException {
                String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
                Path dir = stored != null
                        ? stored
                        : RunFolder.createUnique(
                                folder(),
                                stamp + "-matrix-" + request.lab().name().replaceAll("[^A-Za-z0-9._-]", "_"));
                MatrixRun run = new MatrixRun(
                        request.lab(),
                        request.base(),
                        request.pairs(),
                        request.options(),
                        new LabLogins(settings, prompts, request.lab()),
                        MatrixRun.Engines.LIVE,
                        dir,
                        listener);
                run.start();
                return new Started(run, dir);
            }

            @Override
            public Path folder() {
                return matricesDir(store);
            }
        };
    }

    /**
     * A runs area over {@code store}, its imports beside it, real runs through the engine with keys and agents only
     * (no questions): what tests and tools use so that they never touch the user's ~/LinkLab.
     */
    public static RunsArea runsArea(ResultsStore store, TaskRunner tasks) {
        return new RunsArea(new StoreLibrary(store), launcher(store, SshSettings.defaults()), importsDir(store), tasks);
    }
}
