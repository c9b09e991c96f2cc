package io.linklab.ui.wizard;

import static io.linklab.ui.wizard.WizardForm.add;
import static io.linklab.ui.wizard.WizardForm.converter;
import static io.linklab.ui.wizard.WizardForm.grid;
import static io.linklab.ui.wizard.WizardForm.text;

import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableStringValue;
import javafx.collections.FXCollections;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;

/**
 * The sweep form over a {@link TestWizardViewModel}: the parameter that changes, its values, the points they make,
 * the estimated time and the sweep's problems. The test wizard's Sweep page, and the whole-lab dialog's, where each
 * pair runs the sweep.
 */
public final class SweepForm {

    private SweepForm() {}

    /**
     * @param estimate what the form shows as the estimated time: one test's, or a whole matrix's
     * @return the form; its last row is free for a page's own message
     */
    public static GridPane build(TestWizardViewModel vm, ObservableStringValue estimate) {
        GridPane g = grid();
        int row = 0;
        ChoiceBox<String> kind = new ChoiceBox<>(FXCollections.observableArrayList(
                TestWizardViewModel.NO_SWEEP, "MTU", "STREAMS", "PROCESSES", "WINDOW", "MESSAGE_SIZE"));
        kind.setId("wizard-sweep-kind");
        kind.setConverter(converter(k -> k == null
                ? ""
                : switch (k) {
                    case "MTU" -> "MTU (both data interfaces, restored afterwards)";
                    case "STREAMS" -> "streams";
                    case "PROCESSES" -> "processes";
                    case "WINDOW" -> "window";
                    case "MESSAGE_SIZE" -> "message size";
                    default -> "no sweep: a single test";
                }));
        kind.valueProperty().bindBidirectional(vm.sweepKind);
        kind.setTooltip(new Tooltip("The parameter that changes from point to point"));
        row = add(g, row, "Sweep", kind, null);
        TextField values = text(
                vm.sweepValues,
                "wizard-sweep-values",
                "A list (1500,4000,9000) or START:STOP:STEP (1500:9000:500, counting like seq)");
        values.setPromptText("1500:9000:500  or  1500,4000,9000");
        values.disableProperty().bind(vm.sweepKind.isEqualTo(TestWizardViewModel.NO_SWEEP));
        row = add(g, row, "Values", values, vm.problemOf("sweep.values", "sweep.kind"));
        Label points = new Label();
        points.setId("wizard-sweep-points");
        points.setWrapText(true);
        points.textProperty()
                .bind(Bindings.createStringBinding(
                        () -> {
                            List<String> p = vm.sweepPointsProperty().get();
                            return p.isEmpty() ? "one point" : p.size() + " points: " + String.join(", ", p);
                        },
                        vm.sweepPointsProperty()));
        row = add(g, row, "Points", points, null);
        Label time = new Label();
        time.setId("wizard-estimate");
        time.setWrapText(true);
        time.textProperty().bind(estimate);
        row = add(g, row, "Estimated time", time, null);
        Label problems = new Label();
        problems.getStyleClass().add("field-error");
        problems.setWrapText(true);
        problems.textProperty().bind(vm.sweepProblems());
        g.add(problems, 1, row);
        return g;
    }
}
