package io.linklab.ui.dashboard;

import io.linklab.counters.Finding;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TitledPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.VBox;

/**
 * The dashboard's Findings block: what the rules said limited each test, one wrapped line per finding (never
 * cut off with "…"), warnings first in the order found, with the numbers they were decided on in the tooltip.
 * Hidden until the rules have run once (a run without host counters has none). FX thread only.
 */
public final class FindingsView {

    /** Beyond this the block scrolls: the charts above keep their room at 1280x800. */
    private static final double MAX_HEIGHT = 140;

    private final RunFindings findings;
    private final String none;
    private final VBox lines = new VBox(3);
    private final TitledPane pane;
    private long shownVersion = -1;

    public FindingsView(RunFindings findings) {
        this(findings, "no findings: the rules saw no limit in the counters of this run");
    }

    /** @param none what the block says when the rules found nothing */
    public FindingsView(RunFindings findings, String none) {
        this.findings = findings;
        this.none = none;
        lines.setId("findings-lines");
        lines.setStyle("-fx-padding: 2 6 2 6;");
        ScrollPane scroll = new ScrollPane(lines);
        scroll.setFitToWidth(true);
        scroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        scroll.setMaxHeight(MAX_HEIGHT);
        // as tall as its lines up to MAX_HEIGHT, not the ScrollPane's default height; the pref itself stops there,
        // or the titled pane asks its parent for the height of every line (a matrix's hundreds of findings)
        scroll.prefViewportHeightProperty().bind(Bindings.min(lines.heightProperty(), MAX_HEIGHT));
        pane = new TitledPane("Findings", scroll);
        pane.setId("findings");
        pane.setAnimated(false);
        pane.setVisible(false);
        pane.setManaged(false);
    }

    public Node node() {
        return pane;
    }

    /** Shows the findings if they changed since the last call. */
    public void refresh() {
        long v = findings.version();
        if (v == shownVersion) {
            return;
        }
        shownVersion = v;
        boolean judged = findings.judged();
        pane.setVisible(judged);
        pane.setManaged(judged);
        List<Finding> all = findings.all();
        List<Label> out = new ArrayList<>();
        for (Finding f : all) {
            if (Finding.WARNING.equals(f.severity())) {
                out.add(line(f));
            }
        }
        for (Finding f : all) {
            if (!Finding.WARNING.equals(f.severity())) {
                out.add(line(f));
            }
        }
        if (out.isEmpty()) {
            Label nothing = new Label(none);
            nothing.setWrapText(true);
            out.add(nothing);
        }
        pane.setText("Findings (" + count(all, Finding.WARNING) + " warnings, "
                + (all.size() - count(all, Finding.WARNING)) + " notes)");
        lines.getChildren().setAll(out);
    }

    /** The lines as shown (tests). */
    public List<String> texts() {
        return lines.getChildren().stream().map(n -> ((Label) n).getText()).toList();
    }

    private static Label line(Finding f) {
        boolean warning = Finding.WARNING.equals(f.severity());
        String where = f.point().isEmpty() ? "" : f.point() + ": ";
        Label l = new Label((warning ? "warning  " : "note  ") + where + f.message());
        l.setWrapText(true);
        l.setMinHeight(Label.USE_PREF_SIZE);
        l.getStyleClass().add(warning ? "finding-warning" : "finding-info");
        l.setStyle(warning ? "-fx-text-fill: #a04000;" : "");
        if (!f.evidence().isEmpty()) {
            l.setTooltip(new Tooltip(f.evidence()));
        }
        return l;
    }

    private static long count(List<Finding> all, String severity) {
        return all.stream().filter(f -> severity.equals(f.severity())).count();
    }
}
