package io.linklab.ui.probe;

import io.linklab.model.HostSpec;
import java.util.List;
import java.util.Map;
import javafx.geometry.Insets;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
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
        HostBadge badge = probes.badge(host.id());
        box.getChildren().add(new Label(host.name() + " (" + host.login() + "): " + badge.text()));
        probes.report(host.id()).ifPresentOrElse(r -> {
            GridPane g = new GridPane();
            g.setHgap(12);
            g.setVgap(3);
            int row = 0;
            g.addRow(row++, new Label("Reachable"), new Label(r.reachable() ? "yes" : "no"));
            g.addRow(row++, new Label("Login"), new Label(r.loggedIn() ? "ok" : "failed"));
            for (String tool : List.of("iperf3", "iperf2", "netperf")) {
                g.addRow(row++, new Label(tool), new Label(r.tools().getOrDefault(tool, "not found")));
            }
            for (Map.Entry<String, ProbeReport.InterfaceFacts> e : r.interfaces().entrySet()) {
                ProbeReport.InterfaceFacts f = e.getValue();
                g.addRow(row++, new Label(e.getKey()), new Label((f.up() ? "up" : "down") + ", MTU "
                        + (f.mtu() > 0 ? f.mtu() : "?") + ", " + (f.speed() == null ? "speed unknown" : f.speed())
                        + (f.addresses().isEmpty() ? "" : ", " + String.join(" ", f.addresses()))));
            }
            for (Map.Entry<String, String> e : r.facts().entrySet()) {
                g.addRow(row++, new Label(e.getKey()), new Label(e.getValue()));
            }
            box.getChildren().add(g);
            List<String> diffs = ProbeViewModel.differences(host, r);
            if (!diffs.isEmpty()) {
                Label d = new Label("Differs from the drawing:\n  " + String.join("\n  ", diffs));
                d.getStyleClass().add("field-error");
                d.setWrapText(true);
                box.getChildren().add(d);
            }
        }, () -> box.getChildren().add(new Label("Not probed yet: Test → Probe Selected Host.")));
        return box;
    }

    public void show(Window owner) {
        Alert a = new Alert(Alert.AlertType.INFORMATION, null, ButtonType.CLOSE);
        a.setTitle("Probe of " + host.name());
        a.setHeaderText("What the probe of " + host.name() + " found");
        a.getDialogPane().setContent(content());
        a.initOwner(owner);
        a.show();
    }
}
