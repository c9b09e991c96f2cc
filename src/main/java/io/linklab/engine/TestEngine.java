package io.linklab.engine;

import io.linklab.model.Expectation;
import io.linklab.model.TestPlan;
import io.linklab.remote.LoginPrompts;
import io.linklab.remote.SshSettings;
import io.linklab.store.ResultsStore;
import io.linklab.store.RunFolder;
import io.linklab.tools.plan.PlanCheck;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * Runs test plans: what the GUI's Run button and the CLI's `test` both call. Each run gets its own
 * folder in the results store (or the folder the caller names), its own thread, and the guarantee
 * that whatever happens nothing it started is left running and every MTU it changed is restored.
 */
public final class TestEngine {

    private final ResultsStore store;
    private final TransportFactory transports;
    private final ParserFactory parsers;
    private final PointHooks hooks;
    private final RunTimings timings;
    private final Expectation expectation;

    public TestEngine(ResultsStore store, TransportFactory transports, ParserFactory parsers) {
        this(store, transports, parsers, PointHooks.NONE, RunTimings.STANDARD);
    }

    /** An engine whose runs do {@code hooks}' work around each measurement and wait for hosts as {@code timings} say. */
    public TestEngine(
            ResultsStore store,
            TransportFactory transports,
            ParserFactory parsers,
            PointHooks hooks,
            RunTimings timings) {
        this(store, transports, parsers, hooks, timings, Expectation.DEFAULT);
    }

    private TestEngine(
            ResultsStore store,
            TransportFactory transports,
            ParserFactory parsers,
            PointHooks hooks,
            RunTimings timings,
            Expectation expectation) {
        this.expectation = Objects.requireNonNull(expectation);
        this.store = Objects.requireNonNull(store);
        this.transports = Objects.requireNonNull(transports);
        this.parsers = Objects.requireNonNull(parsers);
        this.hooks = Objects.requireNonNull(hooks);
        this.timings = Objects.requireNonNull(timings);
    }

    /** An engine with the usual transports (SSH, or local processes for "local") and live parsers. */
    public static TestEngine standard(ResultsStore store, SshSettings settings, LoginPrompts prompts) {
        return new TestEngine(store, new LabLogins(settings, prompts), ParserFactory.live());
    }

    /**
     * This engine with runs whose hosts restore a changed MTU by themselves {@code period} after LinkLab stops
     * answering (15 s as standard).
     *
     * @throws IllegalArgumentException when the period is not whole seconds from 4 s to an hour (says so)
     */
    public TestEngine withMtuRestoreAfter(Duration period) {
        return new TestEngine(store, transports, parsers, hooks, timings.withDeadMan(period), expectation);
    }

    /** This engine with runs whose directions and points are judged against {@code e} (90 % of the link as standard). */
    public TestEngine withExpectation(Expectation e) {
        return new TestEngine(store, transports, parsers, hooks, timings, e);
    }

    public ResultsStore store() {
        return store;
    }

    /**
     * Starts a run in a new folder of the results store and returns at once.
     *
     * @throws io.linklab.model.InvalidValueException when the plan has a value that cannot run (names the field)
     * @throws IOException when the run folder cannot be created
     */
    public RunHandle start(TestPlan plan, RunListener listener) throws IOException {
        PlanCheck.require(plan);
        Path dir = store.newRunDir(plan.tool().id());
        return startIn(dir, dir.getFileName().toString(), plan, listener);
    }

    /**
     * Starts a run whose files go into {@code dir} (created if needed), as `linklab test --out DIR` does. A folder
     * holding an earlier run is refused, never written over: the caller names a new one or removes that run
     * first ({@link RunFolder#replaceEarlierRun}).
     *
     * @throws java.nio.file.FileAlreadyExistsException when {@code dir} holds an earlier run's files
     */
    public RunHandle start(TestPlan plan, RunListener listener, Path dir) throws IOException {
        PlanCheck.require(plan);
        Files.createDirectories(dir);
        RunFolder.requireNoEarlierRun(dir);
        String id = ResultsStore.newId(plan.tool().id());
        return startIn(dir.toAbsolutePath(), id, plan, listener);
    }

    /**
     * Starts a run whose points {@code driver} chooses one at a time (a tune), in {@code dir} as
     * {@link #start(TestPlan, RunListener, Path)} does; {@code plan} is its first point's plan.
     */
    public RunHandle start(TestPlan plan, PointDriver driver, RunListener listener, Path dir) throws IOException {
        PlanCheck.require(plan);
        Files.createDirectories(dir);
        RunFolder.requireNoEarlierRun(dir);
        String id = ResultsStore.newId("tune");
        Run run = new Run(id, dir.toAbsolutePath(), plan, listener, transports, parsers, hooks, timings);
        run.drivenBy(driver);
        run.expect(expectation);
        run.start();
        return run;
    }

    private RunHandle startIn(Path dir, String id, TestPlan plan, RunListener listener) {
        Run run = new Run(id, dir, plan, listener, transports, parsers, hooks, timings);
        run.expect(expectation);
        run.start();
        return run;
    }
}
