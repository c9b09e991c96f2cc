package io.linklab.ui.runs;

import javafx.scene.Parent;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;

/** The right-hand area of the main window: run history and the live charts of the current run. */
public final class RunsArea {

    private final TabPane tabs;

    public RunsArea() {
        ListView<String> history = new ListView<>();
        history.setPlaceholder(new Label("No runs yet — start one with Test → New Test…"));
        Tab runs = new Tab("Runs", history);
        Tab charts = new Tab("Charts", new Label("Live charts appear here while a test runs."));
        tabs = new TabPane(runs, charts);
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
    }

    public Parent root() {
        return tabs;
    }
}
