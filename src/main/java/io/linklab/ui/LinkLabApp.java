package io.linklab.ui;

import io.linklab.ui.tasks.BackgroundTasks;
import javafx.application.Application;
import javafx.stage.Stage;

/** The JavaFX application: builds the app's services once ({@link AppServices}) and the main window over them. */
public class LinkLabApp extends Application {

    public static final String TITLE = "LinkLab";

    private BackgroundTasks tasks;
    private MainWindow window;

    public static void launchGui(String[] args) {
        Application.launch(LinkLabApp.class, args);
    }

    @Override
    public void start(Stage stage) {
        // Probes and logins may wait on a slow host for a while: enough threads that opening a run or saving a
        // lab does not queue behind a Probe All.
        tasks = new BackgroundTasks("linklab-background", 6);
        window = new MainWindow(AppServices.forUser(tasks, () -> window == null ? null : window.stage()));
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
