package io.linklab.ui.matrix;

import static io.linklab.ui.wizard.WizardForm.add;
import static io.linklab.ui.wizard.WizardForm.converter;
import static io.linklab.ui.wizard.WizardForm.grid;
import static io.linklab.ui.wizard.WizardForm.page;
import static io.linklab.ui.wizard.WizardForm.text;

import io.linklab.matrix.MatrixSchedule.Uplinks;
import io.linklab.ui.runs.MatrixLauncher;
import io.linklab.ui.wizard.OptionsForm;
import io.linklab.ui.wizard.SweepForm;
import java.util.List;
import java.util.function.Consumer;
import javafx.application.Platform;
import javafx.collections.FXCollections;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Region;
import org.controlsfx.dialog.Wizard;
import org.controlsfx.dialog.WizardPane;

/**
 * "Test Whole Lab": a three-page wizard over one {@link MatrixPlanViewModel} — the pairs and their schedule, the
 * test wizard's own options form, then its sweep form (each pair runs the sweep; an MTU one sets and restores both
 * ends' interfaces of each pair's drawn path) — whose Run hands the matrix over. Run stays disabled while anything
 * is invalid, and the matrix's problem is said on the first and last page.
 */
public final class MatrixDialog {

    private final MatrixPlanViewModel vm;
    private final Wizard wizard;
    private final List<WizardPane> pages;

    /** @param onRun gets the matrix to start when the user presses Run */
    public MatrixDialog(Object owner, MatrixPlanViewModel vm, Consumer<MatrixLauncher.Request> onRun) {
        this.vm = vm;
        wizard = new Wizard(owner, "Test Whole Lab");
        pages = List.of(
                page(
                        "Pairs",
                        "Which pairs of hosts, and how many tests at once?",
                        pairsPage(),
                        vm.validProperty(),
                        "matrix-pairs-page"),
                page(
                        "Tool and options",
                        "The test every pair runs. Hover over a field to see what it does.",
                        OptionsForm.build(vm.test()),
                        vm.validProperty(),
                        "matrix-options-page"),
                page(
                        "Sweep",
                        "Optionally repeat each pair's test over a range of values.",
                        sweepPage(),
                        vm.validProperty(),
                        "matrix-sweep-page",
                        p -> {
                            if (p.lookupButton(ButtonType.FINISH) instanceof Button finish) {
                                finish.setText("Run");
                                finish.setId("matrix-run");
                            }
                        }));
        wizard.setFlow(new Wizard.LinearFlow(pages));
        // the dialog is sized as it opens; a longer problem later (pairs without a path) must not be cut
        vm.problemProperty().addListener((o, was, now) -> Platform.runLater(this::fitWindow));
        wizard.resultProperty().addListener((o, was, now) -> {
            if (now == ButtonType.FINISH) {
                vm.request().ifPresent(onRun);
            }
        });
    }

    public void show() {
        wizard.getDialog().setResizable(true);
        wizard.getDialog().show();
    }

    public Wizard wizard() {
        return wizard;
    }

    private void fitWindow() {
        Scene scene = wizard.getDialog().getDialogPane().getScene();
        if (scene != null && scene.getWindow() != null && scene.getWindow().isShowing()) {
            scene.getWindow().sizeToScene();
        }
    }

    private Node sweepPage() {
        GridPane g = SweepForm.build(vm.test(), vm.summaryProperty());
        g.add(problem("matrix-sweep-problem"), 1, g.getRowCount());
        return g;
    }

    private Label problem(String id) {
        Label problem = new Label();
        problem.setId(id);
        problem.getStyleClass().add("field-error");
        problem.setWrapText(true);
        // a message that wraps to more lines takes them: the row grows, and the window with it (below)
        problem.setMinHeight(Region.USE_PREF_SIZE);
        problem.textProperty().bind(vm.problemProperty());
        return problem;
    }

    private Node pairsPage() {
        GridPane g = grid();
        int row = 0;
        ChoiceBox<MatrixPlanViewModel.Pairs> pairs =
                new ChoiceBox<>(FXCollections.observableArrayList(MatrixPlanViewModel.Pairs.values()));
        pairs.setId("matrix-pairs");
        pairs.setConverter(converter(p -> p == null
                ? ""
                : switch (p) {
                    case LINKS -> "hosts joined by drawn links (" + vm.pairCount(p) + " pairs)";
                    case ALL -> "every ordered pair of hosts (" + vm.pairCount(p) + " pairs)";
                }));
        pairs.valueProperty().bindBidirectional(vm.pairs);
        pairs.setTooltip(new Tooltip("Drawn links: each pair of hosts joined directly or through switches, once. "
                + "Every ordered pair: each host against each other, both ways"));
        row = add(g, row, "Pairs", pairs, null);
        row = add(
                g,
                row,
                "Tests at once",
                text(
                        vm.concurrency,
                        "matrix-concurrency",
                        "The most tests running at the same time; a host is still in one test at a time unless "
                                + "shared below"),
                null);
        CheckBox share = new CheckBox("let a host be in several tests at once");
        share.setId("matrix-share-hosts");
        share.selectedProperty().bindBidirectional(vm.shareHosts);
        share.setTooltip(new Tooltip("Off: each host is in one test at a time, so no test competes with another"));
        row = add(g, row, "Shared hosts", share, null);
        ChoiceBox<Uplinks> uplinks = new ChoiceBox<>(FXCollections.observableArrayList(Uplinks.values()));
        uplinks.setId("matrix-uplinks");
        uplinks.setConverter(converter(u -> u == null
                ? ""
                : switch (u) {
                    case ONE_AT_A_TIME -> "one at a time: each pair measures its own path";
                    case TOGETHER -> "together: measure the fabric under load";
                }));
        uplinks.valueProperty().bindBidirectional(vm.uplinks);
        uplinks.setTooltip(new Tooltip("Pairs whose paths cross the same switch-to-switch link"));
        row = add(g, row, "Shared uplinks", uplinks, null);
        Label summary = new Label();
        summary.setId("matrix-summary");
        summary.setWrapText(true);
        summary.textProperty().bind(vm.summaryProperty());
        row = add(g, row, "Estimated time", summary, null);
        g.add(problem("matrix-problem"), 1, row);
        return g;
    }
}
