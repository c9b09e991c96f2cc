package io.linklab.ui;

import io.linklab.model.HostSpec;
import io.linklab.model.Topology;
import io.linklab.ui.probe.HostBadge;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.shape.Circle;

/** The window's bottom line: the last thing that happened on the left, each host's connection state on the right. */
final class StatusBar {

    private final Label message = new Label();
    private final HBox hostStates = new HBox(10);
    private final HBox bar;

    /** @param status the line's text, kept by the shell's view-model */
    StatusBar(ReadOnlyStringProperty status) {
        message.setId("status-message");
        message.textProperty().bind(status);
        // The whole message stays readable on hover however narrow the window.
        status.addListener((o, was, now) -> message.setTooltip(now == null || now.isEmpty() ? null : new Tooltip(now)));
        // A long message (a path, an error) wraps onto a second line rather than pushing the host states out.
        message.setMinWidth(0);
        message.setWrapText(true);
        HBox.setHgrow(message, Priority.ALWAYS);
        message.setMaxWidth(Double.MAX_VALUE);
        Region grow = new Region();
        HBox.setHgrow(grow, Priority.SOMETIMES);
        hostStates.setId("host-states");
        hostStates.setAlignment(Pos.CENTER_RIGHT);
        hostStates.setMinWidth(Region.USE_PREF_SIZE);
        bar = new HBox(12, message, grow, hostStates);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(3, 8, 3, 8));
        bar.setId("status-bar");
        bar.getStyleClass().add("status-bar");
    }

    Region node() {
        return bar;
    }

    /** One dot and state per host of the lab, in the lab's order. */
    void showHosts(Topology topology, Function<String, HostBadge> badgeOf) {
        hostStates.getChildren().clear();
        for (HostSpec h : topology.hosts()) {
            HostBadge b = badgeOf.apply(h.id());
            Circle dot = new Circle(5);
            dot.getStyleClass().addAll("badge-dot", b.styleClass());
            Label l = new Label(h.name() + ": " + b.text(), dot);
            l.setId("host-state-" + h.id());
            l.getStyleClass().add("host-state");
            l.setMinWidth(Region.USE_PREF_SIZE);
            hostStates.getChildren().add(l);
        }
    }
}
