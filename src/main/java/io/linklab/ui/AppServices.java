package io.linklab.ui;

import io.linklab.remote.LoginPrompts;
import io.linklab.remote.SshSettings;
import io.linklab.store.ResultsStore;
import io.linklab.ui.history.StoreLibrary;
import io.linklab.ui.probe.DialogLoginPrompts;
import io.linklab.ui.probe.HostProbeService;
import io.linklab.ui.probe.RemoteHostProbeService;
import io.linklab.ui.runs.EngineWiring;
import io.linklab.ui.runs.MatrixLauncher;
import io.linklab.ui.runs.RunStarter;
import io.linklab.ui.runs.RunsArea;
import io.linklab.ui.tasks.TaskRunner;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.Supplier;
import javafx.stage.Window;

/**
 * The composition root: every service the window uses, built once. The app builds it over the user's own settings
 * and results folder ({@link #forUser}); tests build it over a folder of their own ({@link #inFolder}), so a test
 * never reads or writes the user's ~/LinkLab. Built on the FX thread (the runs area is a view).
 *
 * @param prober     probes hosts; null where probing is not available (tests without a lab)
 * @param runs       the history, dashboards and comparisons, over the results store
 * @param runStarter where the wizard's Run hands its plan: the runs area, or a test's recorder
 * @param matrices   starts whole-lab matrices; null where that is not available (Test Whole Lab is disabled)
 */
public record AppServices(
        Settings settings,
        TaskRunner tasks,
        HostProbeService prober,
        RunsArea runs,
        RunStarter runStarter,
        MatrixLauncher matrices) {

    public AppServices {
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(tasks, "tasks");
        Objects.requireNonNull(runs, "runs");
        runStarter = runStarter == null ? runs : runStarter;
    }

    /** Services without whole-lab matrices. */
    public AppServices(
            Settings settings, TaskRunner tasks, HostProbeService prober, RunsArea runs, RunStarter runStarter) {
        this(settings, tasks, prober, runs, runStarter, null);
    }

    /**
     * The app's services: the user's settings and results store, and the user's own ssh config, known_hosts and
     * agent. Probes and runs ask the same login questions, as dialogs owned by {@code owner}, and share the
     * passwords the user chose to remember for the session.
     */
    public static AppServices forUser(TaskRunner tasks, Supplier<Window> owner) {
        SshSettings ssh = SshSettings.defaults();
        LoginPrompts prompts = new DialogLoginPrompts(owner);
        ResultsStore store = ResultsStore.defaultStore();
        RunsArea runs = new RunsArea(
                new StoreLibrary(store),
                EngineWiring.launcher(store, ssh, prompts),
                EngineWiring.importsDir(store),
                tasks);
        return new AppServices(
                Settings.user(),
                tasks,
                new RemoteHostProbeService(ssh, prompts),
                runs,
                null,
                EngineWiring.matrixLauncher(store, ssh, prompts));
    }

    /**
     * Services over {@code root}: runs in root/runs, imports in root/imports, real runs through the engine with
     * keys and agents only (no questions), and no prober.
     */
    public static AppServices inFolder(Path root, Settings settings, TaskRunner tasks) {
        ResultsStore store = new ResultsStore(root.resolve("runs"));
        RunsArea runs = EngineWiring.runsArea(store, tasks);
        return new AppServices(
                settings,
                tasks,
                null,
                runs,
                null,
                EngineWiring.matrixLauncher(store, SshSettings.defaults(), LoginPrompts.NONE));
    }

    /** These services with another prober. */
    public AppServices withProber(HostProbeService other) {
        return new AppServices(settings, tasks, other, runs, runStarter, matrices);
    }

    /** These services with the wizard's plans handed to {@code other} instead of the runs area. */
    public AppServices withRunStarter(RunStarter other) {
        return new AppServices(settings, tasks, prober, runs, other, matrices);
    }

    /** These services with matrices started by {@code other}. */
    public AppServices withMatrices(MatrixLauncher other) {
        return new AppServices(settings, tasks, prober, runs, runStarter, other);
    }
}
