package io.linklab.ui.screens;

import io.linklab.engine.RunInfo;
import io.linklab.engine.RunOutcome;
import io.linklab.engine.SweepPoint;
import io.linklab.model.Direction;
import io.linklab.model.HostSpec;
import io.linklab.model.SweepRow;
import io.linklab.model.TestPlan;
import io.linklab.model.Tool;
import io.linklab.store.ResultsStore;
import io.linklab.ui.AppServices;
import io.linklab.ui.MainWindow;
import io.linklab.ui.Settings;
import io.linklab.ui.dashboard.DashboardView;
import io.linklab.ui.dashboard.LiveRunModel;
import io.linklab.ui.runs.EngineWiring;
import io.linklab.ui.runs.RunsArea;
import io.linklab.ui.tasks.BackgroundTasks;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;
import javafx.animation.PauseTransition;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.stage.Stage;
import javafx.util.Duration;

/**
 * The main window at 1280×800 with a run in front, for src/test/screenshots/dashboard.sh. Prints "READY" when the
 * view is in the state to photograph. Modes:
 * live    — a real iperf3 run on this machine (both ends "local", loopback), 4 streams bidirectional, mid-run;
 * sweep   — the MTU table the jumbo-frame lab note published (its send/receive figures), played into the sweep view;
 * compare — two real local runs, iperf3 with 1 stream and iperf2 with 4, compared side by side (as the 100 GbE
 *           lab note compared them).
 */
public final class DashboardScreens {

    public static void main(String[] args) {
        Application.launch(App.class, args);
    }

    /** JavaFX entry point. */
    public static final class App extends Application {
        private BackgroundTasks tasks;

        @Override
        public void stop() {
            if (tasks != null) {
                tasks.close();
            }
        }

        @Override
        public void start(Stage stage) throws Exception {
            String mode = getParameters().getRaw().isEmpty()
                    ? "live"
                    : getParameters().getRaw().get(0);
            Path home = Files.createTempDirectory("linklab-screens");
            tasks = new BackgroundTasks("screens", 2);
            RunsArea area = EngineWiring.runsArea(new ResultsStore(home.resolve("runs")), tasks);
            Preferences prefs = Preferences.userRoot().node("io/linklab-screens/" + UUID.randomUUID());
            Settings settings = new Settings(prefs);
            settings.put(Settings.WINDOW_WIDTH, 1280.0);
            settings.put(Settings.WINDOW_HEIGHT, 800.0);
            MainWindow window = new MainWindow(new AppServices(settings, tasks, null, area, null));
            window.install(stage);
            stage.show();
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    prefs.removeNode();
                } catch (BackingStoreException e) {
                    // a leftover test node; nothing of the user's
                }
            }));
            switch (mode) {
                case "sweep" -> sweep(area);
                case "compare" -> compare(area);
                default -> live(area);
            }
        }
    }

    private static TestPlan local(Tool tool, int streams, int seconds, TestPlan.Mode mode) {
        return TestPlan.defaults(
                        new TestPlan.End(HostSpec.LOCAL, null), new TestPlan.End(HostSpec.LOCAL, null), "127.0.0.1")
                .toBuilder()
                .tool(tool)
                .durationS(seconds)
                .intervalS(0.5)
                .streams(streams)
                .basePort(5301)
                .mode(mode)
                .build();
    }

    private static void live(RunsArea area) {
        area.startRun(local(Tool.IPERF3, 4, 30, TestPlan.Mode.BIDIR), null);
        // Mid-run, console closed: the charts and the table of current values are what the picture is for.
        later(14, () -> {
            System.out.println("READY");
            later(20, () -> Platform.exit());
        });
    }

    /** The jumbo-frame lab note's table (MTU, send, receive in Mbit/s), as its author published it. */
    private static final double[][] SEED_003 = {
        {1500, 892, 852},
        {1750, 910, 871},
        {2250, 935, 874},
        {2500, 932, 885},
        {2750, 927, 888},
        {3250, 932, 892},
        {3750, 925, 899},
        {4000, 918, 849},
        {4250, 921, 843},
        {4750, 916, 791},
        {5000, 882, 780},
        {5250, 883, 790},
        {6250, 948, 187},
        {6500, 950, 138},
        {6750, 955, 73.8},
        {7250, 961, 27.1},
        {7500, 960, 7.45},
        {7750, 972, 4.27},
        {8000, 974, 3.41},
        {8500, 974, 3.03},
        {8750, 978, 2.26},
        {9000, 978, 2.27},
    };

    private static void sweep(RunsArea area) {
        LiveRunModel model = new LiveRunModel();
        List<String> values = new ArrayList<>();
        for (double[] r : SEED_003) {
            values.add(Integer.toString((int) r[0]));
        }
        values.add(5500 + "");
        TestPlan plan = TestPlan.defaults(
                        new TestPlan.End("root@computer1", "enp2s0"),
                        new TestPlan.End("root@computer2", "enp5s0"),
                        "computer2")
                .toBuilder()
                .tool(Tool.IPERF2)
                .basePort(5001)
                .mode(TestPlan.Mode.BIDIR)
                .sweep(new TestPlan.Sweep(TestPlan.SweepKind.MTU, values))
                .build();
        List<String> points = values.stream().map(v -> "mtu=" + v).toList();
        DashboardView view = area.watch(model, "MTU sweep (published figures)");
        model.runStarted(new RunInfo("jumbo-frame-mtu-sweep", plan, null, points, Map.of()));
        Thread feeder = new Thread(() -> {
            int i = 0;
            for (double[] r : SEED_003) {
                String p = "mtu=" + (int) r[0];
                model.pointStarted(new SweepPoint(p, plan, (int) r[0], r[0]), i++, points.size());
                double send = r[1] * 1e6;
                double recv = r[2] * 1e6;
                model.pointFinished(
                        p,
                        List.of(
                                new SweepRow(
                                        p,
                                        (int) r[0],
                                        1,
                                        1,
                                        r[0],
                                        Direction.C2S,
                                        send,
                                        send * 0.99,
                                        send * 1.01,
                                        null,
                                        null,
                                        "ok"),
                                new SweepRow(
                                        p,
                                        (int) r[0],
                                        1,
                                        1,
                                        r[0],
                                        Direction.S2C,
                                        recv,
                                        recv * 0.97,
                                        recv * 1.03,
                                        null,
                                        null,
                                        "ok")));
            }
            model.pointStarted(new SweepPoint("mtu=5500", plan, 5500, 5500.0), i, points.size());
            model.pointFinished(
                    "mtu=5500",
                    List.of(new SweepRow(
                            "mtu=5500",
                            5500,
                            1,
                            1,
                            5500.0,
                            Direction.C2S,
                            null,
                            null,
                            null,
                            null,
                            null,
                            "failed: iperf stopped: connection reset (the seed's empty cells)")));
            model.runFinished(new RunOutcome(RunOutcome.Status.FAILED, "1 of 23 points failed", null));
        });
        feeder.start();
        later(
                10,
                () -> { // software rendering on a busy 2-core machine needs seconds for the first frames
                    System.out.println("READY");
                    later(20, () -> Platform.exit());
                });
    }

    private static void compare(RunsArea area) {
        DashboardView a = area.startRun(local(Tool.IPERF3, 1, 4, TestPlan.Mode.NORMAL), null);
        waitFinished(a, () -> {
            DashboardView b = area.startRun(local(Tool.IPERF2, 4, 4, TestPlan.Mode.NORMAL), null);
            waitFinished(
                    b,
                    () -> area.history()
                            .openAll(
                                    List.of(
                                            a.model().info().runId(),
                                            b.model().info().runId()),
                                    runs -> {
                                        area.compare(runs);
                                        later(8, () -> {
                                            System.out.println("READY");
                                            later(20, () -> Platform.exit());
                                        });
                                    }));
        });
    }

    private static void waitFinished(DashboardView v, Runnable then) {
        later(0.5, () -> {
            if (v.model().outcome() != null) {
                RunOutcome o = v.model().outcome();
                if (o.status() != RunOutcome.Status.OK) {
                    System.out.println("run failed: " + o.message());
                }
                then.run();
            } else {
                waitFinished(v, then);
            }
        });
    }

    private static void later(double seconds, Runnable r) {
        PauseTransition p = new PauseTransition(Duration.seconds(seconds));
        p.setOnFinished(e -> r.run());
        p.play();
    }

    private DashboardScreens() {}
}
