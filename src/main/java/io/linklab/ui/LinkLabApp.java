package io.linklab.ui;

import javafx.application.Application;
import javafx.scene.Scene;
import javafx.stage.Stage;

/** The JavaFX application: builds the main window and hands it the app's services. */
public class LinkLabApp extends Application {

    public static final String TITLE = "LinkLab";

    public static void launchGui(String[] args) {
        Application.launch(LinkLabApp.class, args);
    }

    @Override
    public void start(Stage stage) {
        MainWindow window = new MainWindow();
        Scene scene = new Scene(window.root(), 1280, 800);
        stage.setTitle(TITLE);
        stage.setScene(scene);
        stage.setOnHidden(e -> window.shutdown());
        stage.show();
        window.startBackgroundChecks();
    }
}
