package io.linklab.ui.probe;

import io.linklab.model.HostFacts;
import io.linklab.model.HostSpec;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javafx.geometry.Insets;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/** Everything the last probe of a host found, and what differs from the drawing. */
public final class ProbeDetailsView {

    private final HostSpec host;
    private final ProbeViewModel probes;

    public ProbeDetailsView(HostSpec host, ProbeViewModel probes) {
        this.host = host;
        this.probes = probes;
    }

    public VBox content() {
        VBox box = new VBox(8);
        box.setPadding(new Insets(8));
        box.setId("probe-details");
        box.getChildren()
                .add(new Label(host.name() + " (" + host.login() + "): "
                        + probes.badge(host.id()).text()));
        probes.facts(host.id())
                .ifPresentOrElse(
                        f -> {
                            List<String> diffs = ProbeViewModel.differences(host, f);
                            if (!diffs.isEmpty()) {
                                Label d = new Label(
                                        (f.ok() ? "Differs from the drawing:\n  " : "") + String.join("\n  ", diffs));
                                d.getStyleClass().add("field-error");
                                d.setWrapText(true);
                                box.getChildren().add(d);
                            }
                            if (!f.ok()) {
                                return;
                            }
                            GridPane g = new GridPane();
                            g.setHgap(12);
                            g.setVgap(3);
                            int row = 0;
                            row = add(g, row, "System", f.osName() + " — " + f.kernel());
                            row = add(g, row, "Host name", f.hostname());
                            row = add(g, row, "CPU", f.cpuCount() + " × " + f.cpuModel());
                            row = add(
                                    g,
                                    row,
                                    "Login",
                                    f.root() ? "root (no sudo needed)" : "not root (MTU changes need sudo -n)");
                            row = add(
                                    g,
                                    row,
                                    "SSH session on",
                                    f.sessionInterface() == null
                                            ? "—"
                                            : f.sessionInterface() + " (never touched by tests)");
                            for (HostFacts.ToolFacts t : f.tools()) {
                                row = add(
                                        g,
                                        row,
                                        t.name(),
                                        t.present()
                                                ? t.version() + "  " + t.path()
                                                : "not installed"
                                                        + (t.installCommand() == null
                                                                ? ""
                                                                : " — " + t.installCommand()));
                            }
                            for (HostFacts.InterfaceFacts i : f.interfaces()) {
                                row = add(
                                        g,
                                        row,
                                        i.name(),
                                        i.operState() + ", MTU " + i.mtu() + ", "
                                                + (i.speedMbps() == null
                                                        ? "speed unknown"
                                                        : ProbeViewModel.describeMbps(i.speedMbps()))
                                                + (i.driver() == null ? "" : ", " + i.driver())
                                                + (i.addresses().isEmpty()
                                                        ? ""
                                                        : ", " + String.join(" ", i.addresses())));
                            }
                            for (Map.Entry<String, String> e : new TreeMap<>(f.sysctls()).entrySet()) {
                                row = add(g, row, e.getKey(), e.getValue());
                            }
                            add(g, row, "Probed at", String.valueOf(f.probedAt()));
                            box.getChildren().add(g);
                        },
                        () -> box.getChildren().add(new Label("Not probed yet: Test → Probe Selected Host.")));
        return box;
    }

    private static int add(GridPane g, int row, String key, String value) {
        Label v = new Label(value == null ? "—" : value);
        v.setWrapText(true);
        g.addRow(row, new Label(key), v);
        return row + 1;
    }

    public void show(Window owner) {
        Alert a = new Alert(Alert.AlertType.INFORMATION, null, ButtonType.CLOSE);
        a.setTitle("Probe of " + host.name());
        a.setHeaderText("What the probe of " + host.name() + " found");
        ScrollPane scroll = new ScrollPane(content());
        scroll.setFitToWidth(true);
        scroll.setPrefSize(640, 480);
        a.getDialogPane().setContent(scroll);
        a.setResizable(true);
        a.initOwner(owner);
        a.show();
    }
}
