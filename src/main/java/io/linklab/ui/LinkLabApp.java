package io.linklab.ui;

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
        window = new MainWindow(MainWindow.defaultServices(tasks, null, null));
        stage.setTitle(TITLE);
        AppIcon.applyTo(stage);
        window.install(stage);
        stage.show();
    }

    @Override
    public void stop() {
        if (tasks != null) {
            tasks.close();
        }
    }
}
