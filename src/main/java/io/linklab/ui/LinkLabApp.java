package io.linklab.ui;

import io.linklab.ui.tasks.BackgroundTasks;
import io.linklab.remote.SshSettings;
import io.linklab.ui.probe.DialogLoginPrompts;
import io.linklab.ui.probe.HostProbeService;
import io.linklab.ui.probe.RemoteHostProbeService;
import javafx.application.Application;
import javafx.stage.Stage;

/** The JavaFX application: builds the main window and hands it the app's services. */
public class LinkLabApp extends Application {

    public static final String TITLE = "LinkLab";

    private BackgroundTasks tasks;
    private MainWindow window;

    public static void launchGui(String[] args) {
        Application.launch(LinkLabApp.class, args);
    }

    @Override
    public void start(Stage stage) {
        tasks = new BackgroundTasks("linklab-background", 4);
        // Hosts are probed with the user's own ssh config, known_hosts and agent; questions come as dialogs.
        HostProbeService prober = new RemoteHostProbeService(SshSettings.defaults(),
                new DialogLoginPrompts(() -> window == null ? null : window.stage()));
        window = new MainWindow(MainWindow.defaultServices(tasks, prober, null));
        stage.setTitle(TITLE);
        AppIcon.applyTo(stage);
        window.install(stage);
        stage.show();
    }

    @Override
    public void stop() {
        if (window != null) {
            window.shutdown();
        }
        if (tasks != null) {
            tasks.close();
        }
    }
}
