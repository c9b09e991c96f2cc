package io.linklab.ui;

import io.linklab.model.HostSpec;
import io.linklab.model.Topology;
import java.io.File;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.Parent;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.Separator;
import javafx.scene.control.SplitPane;
import javafx.scene.control.ToolBar;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;

/**
 * The application shell: menu bar, toolbar, the topology area, the runs/charts area and a status bar.
 * Views are built in code (no FXML), one class per area.
 */
public final class MainWindow {

    private final BorderPane root = new BorderPane();
    private final Label status = new Label("Ready");
    private final Topology topology = Topology.loopback();
    private final io.linklab.ui.runs.RunsArea runsArea = new io.linklab.ui.runs.RunsArea();
    private final ExecutorService background = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "linklab-startup-checks");
        t.setDaemon(true);
        return t;
    });

    public MainWindow() {
        VBox top = new VBox(menuBar(), toolBar());
        root.setTop(top);
        SplitPane split = new SplitPane(topologyArea(), runsArea.root());
        split.setOrientation(Orientation.HORIZONTAL);
        split.setDividerPositions(0.55);
        root.setCenter(split);
        HBox statusBar = new HBox(8, status);
        statusBar.setPadding(new Insets(3, 8, 3, 8));
        statusBar.setId("status-bar");
        root.setBottom(statusBar);
    }

    public Parent root() {
        return root;
    }

    private MenuBar menuBar() {
        Menu file = new Menu("_File", null, new MenuItem("_New Topology"), new MenuItem("_Open Topology…"),
                new MenuItem("_Save Topology"), new MenuItem("_Import Log…"), new MenuItem("E_xit"));
        file.getItems().get(4).setOnAction(e -> Platform.exit());
        Menu edit = new Menu("_Edit", null, new MenuItem("_Undo"), new MenuItem("_Redo"));
        Menu test = new Menu("_Test", null, new MenuItem("_New Test…"), new MenuItem("_Probe Hosts"));
        Menu view = new Menu("_View", null, new MenuItem("_History"));
        Menu help = new Menu("_Help", null, new MenuItem("_About LinkLab"));
        return new MenuBar(file, edit, test, view, help);
    }

    private ToolBar toolBar() {
        return new ToolBar(new Button("New Test"), new Button("Probe"), new Separator(), new Button("Stop"));
    }

    private Parent topologyArea() {
        Canvas canvas = new Canvas(700, 600);
        Pane holder = new Pane(canvas);
        holder.setId("topology-area");
        canvas.widthProperty().bind(holder.widthProperty());
        canvas.heightProperty().bind(holder.heightProperty());
        canvas.widthProperty().addListener(o -> drawTopology(canvas));
        canvas.heightProperty().addListener(o -> drawTopology(canvas));
        return holder;
    }

    private void drawTopology(Canvas canvas) {
        GraphicsContext g = canvas.getGraphicsContext2D();
        g.setFill(Color.web("#f7f8fa"));
        g.fillRect(0, 0, canvas.getWidth(), canvas.getHeight());
        g.setFont(Font.font(13));
        if (topology.hosts().size() == 2) {
            HostSpec a = topology.hosts().get(0);
            HostSpec b = topology.hosts().get(1);
            g.setStroke(Color.web("#3b6ea5"));
            g.setLineWidth(3);
            g.strokeLine(a.x() + 80, a.y() + 30, b.x(), b.y() + 30);
        }
        for (HostSpec h : topology.hosts()) {
            g.setFill(Color.WHITE);
            g.fillRoundRect(h.x(), h.y(), 160, 60, 10, 10);
            g.setStroke(Color.web("#2d3e50"));
            g.setLineWidth(1.5);
            g.strokeRoundRect(h.x(), h.y(), 160, 60, 10, 10);
            g.setFill(Color.web("#2d3e50"));
            g.fillText(h.name(), h.x() + 10, h.y() + 22);
            g.fillText(h.interfaces().get(0).name() + " " + h.interfaces().get(0).address(), h.x() + 10, h.y() + 44);
        }
    }

    /** Checks that must not block the FX thread: is iperf3 here for the Loopback lab? */
    public void startBackgroundChecks() {
        background.submit(() -> {
            boolean found = onPath("iperf3");
            Platform.runLater(() -> status.setText(found
                    ? "Loopback lab ready: iperf3 found on this machine"
                    : "iperf3 is not installed on this machine — install it with: sudo apt-get install iperf3"));
        });
    }

    private static boolean onPath(String program) {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (new File(dir, program).canExecute()) {
                return true;
            }
        }
        return false;
    }

    public void shutdown() {
        background.shutdownNow();
    }
}
