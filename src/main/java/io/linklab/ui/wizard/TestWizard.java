package io.linklab.ui.wizard;

import static io.linklab.ui.wizard.WizardForm.add;
import static io.linklab.ui.wizard.WizardForm.converter;
import static io.linklab.ui.wizard.WizardForm.grid;
import static io.linklab.ui.wizard.WizardForm.text;

import io.linklab.model.HostSpec;
import io.linklab.model.InterfaceSpec;
import io.linklab.model.LinkSpec;
import io.linklab.model.PlanDuration;
import io.linklab.model.TestPlan;
import java.util.List;
import java.util.function.Consumer;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DialogEvent;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.controlsfx.dialog.Wizard;
import org.controlsfx.dialog.WizardPane;

/**
 * The test wizard: ControlsFX {@link Wizard} pages over one {@link TestWizardViewModel}. Next stays
 * disabled while the page has a problem; the last page shows the exact commands and runs the plan.
 */
public final class TestWizard {

    private final TestWizardViewModel vm;
    private final Wizard wizard;
    private final List<WizardPane> pages;
    private final Button findBest = new Button("Find best settings…");

    /**
     * @param onRun    gets the plan when the user presses Run
     * @param onSave   gets the plan when the user presses "Save plan…"
     */
    public TestWizard(Object owner, TestWizardViewModel vm, Consumer<TestPlan> onRun, Consumer<TestPlan> onSave) {
        this.vm = vm;
        wizard = new Wizard(owner, "New Test");
        pages = List.of(
                WizardForm.page(
                        "Ends",
                        "Which two hosts, and which interfaces carry the test traffic?",
                        endsPage(),
                        vm.endsValidProperty(),
                        "wizard-ends"),
                WizardForm.page(
                        "Tool and options",
                        "What to run, with what settings. Hover over a field to see what it does.",
                        OptionsForm.build(vm),
                        vm.optionsValidProperty(),
                        "wizard-options"),
                WizardForm.page(
                        "Sweep",
                        "Optionally repeat the test over a range of values.",
                        SweepForm.build(vm, vm.estimateProperty()),
                        vm.sweepValidProperty(),
                        "wizard-sweep"),
                reviewPage(onSave));
        wizard.setFlow(new Wizard.LinearFlow(pages));
        wizard.resultProperty().addListener((o, was, now) -> {
            if (now == ButtonType.FINISH) {
                vm.plan().ifPresent(onRun);
            }
        });
    }

    /**
     * Offers "Find best settings…" on the ends page: it closes the wizard and hands its plan (the two ends and
     * options as set) to {@code onTune}.
     */
    public void offerTune(Consumer<TestPlan> onTune) {
        findBest.setVisible(true);
        findBest.setManaged(true);
        findBest.setOnAction(e -> vm.plan().ifPresent(plan -> {
            wizard.getDialog().close();
            onTune.accept(plan);
        }));
    }

    /**
     * Calls {@code action} when the wizard closes other than by Run: Cancel, the close box, or "Find best
     * settings…" (the dialog's result is set before it is hidden).
     */
    public void onClosedWithoutRun(Runnable action) {
        wizard.getDialog().addEventHandler(DialogEvent.DIALOG_HIDDEN, e -> {
            if (wizard.resultProperty().get() != ButtonType.FINISH) {
                action.run();
            }
        });
    }

    /** Shows the wizard without blocking; Run hands the plan over when pressed. */
    public void show() {
        wizard.getDialog().setResizable(true);
        wizard.getDialog().show();
    }

    public Wizard wizard() {
        return wizard;
    }

    public List<WizardPane> pages() {
        return pages;
    }

    // ---- page 1: ends ------------------------------------------------------------------------

    private Node endsPage() {
        GridPane g = grid();
        int row = 0;
        ComboBox<LinkSpec> link = new ComboBox<>(FXCollections.observableArrayList(vm.hostLinks()));
        link.setId("wizard-link");
        link.setPromptText(vm.hostLinks().isEmpty() ? "no links between hosts in the drawing" : "pick a link…");
        link.setConverter(converter(l -> l == null ? "" : vm.describeLink(l)));
        link.setOnAction(e -> {
            if (link.getValue() != null) {
                vm.useLink(link.getValue());
            }
        });
        link.setTooltip(new Tooltip("Fills in both ends from a link of the drawing: client at its first end"));
        row = add(g, row, "Use a link", link, null);

        row = endRow(g, row, "Client", vm.client, vm.clientInterface, "client", "The host that sends (iperf -c)");
        row = endRow(g, row, "Server", vm.server, vm.serverInterface, "server", "The host that listens (iperf -s)");
        TextField target = text(
                vm.target,
                "wizard-target",
                "The server's data address the client connects to; filled from the server interface");
        row = add(g, row, "Target address", target, vm.problemOf("target"));
        findBest.setId("wizard-find-best");
        findBest.setTooltip(new Tooltip("Searches the tool, processes, streams, pinning and window that fill the "
                + "link between these ends, within a time budget"));
        findBest.disableProperty()
                .bind(vm.endsValidProperty().not().or(vm.optionsValidProperty().not()));
        findBest.setVisible(false);
        findBest.setManaged(false);
        g.add(findBest, 1, row);
        return g;
    }

    private int endRow(
            GridPane g,
            int row,
            String label,
            ObjectProperty<HostSpec> host,
            StringProperty iface,
            String id,
            String tip) {
        ComboBox<HostSpec> hosts =
                new ComboBox<>(FXCollections.observableArrayList(vm.topology().hosts()));
        hosts.setId("wizard-" + id);
        hosts.setConverter(converter(h -> h == null ? "" : h.name() + "  (" + h.login() + ")"));
        hosts.setButtonCell(new ListCell<>() {
            @Override
            protected void updateItem(HostSpec item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty || item == null ? "" : item.name() + "  (" + item.login() + ")");
            }
        });
        hosts.valueProperty().bindBidirectional(host);
        hosts.setTooltip(new Tooltip(tip));
        row = add(g, row, label + " host", hosts, vm.problemOf(id, id + ".login"));
        ComboBox<String> ifaces = new ComboBox<>();
        ifaces.setId("wizard-" + id + "-interface");
        ifaces.setEditable(true);
        Runnable fill = () -> ifaces.getItems()
                .setAll(
                        host.get() == null
                                ? List.of()
                                : host.get().interfaces().stream()
                                        .map(InterfaceSpec::name)
                                        .toList());
        host.addListener(o -> fill.run());
        fill.run();
        ifaces.getEditor().textProperty().bindBidirectional(iface);
        ifaces.valueProperty().addListener((o, was, now) -> {
            if (now != null) {
                iface.set(now);
            }
        });
        ifaces.setTooltip(
                new Tooltip("The data interface on " + label.toLowerCase() + "; an MTU sweep changes its MTU"));
        return add(g, row, label + " interface", ifaces, vm.problemOf(id + ".interface"));
    }

    // ---- page 4: review ----------------------------------------------------------------------

    private WizardPane reviewPage(Consumer<TestPlan> onSave) {
        TextArea commands = new TextArea();
        commands.setId("wizard-commands");
        commands.setEditable(false);
        commands.getStyleClass().add("commands");
        commands.setPrefRowCount(16);
        commands.setPrefColumnCount(90);
        Label summary = new Label();
        summary.setWrapText(true);
        Button copy = new Button("Copy as shell script");
        copy.setId("wizard-copy-script");
        copy.setTooltip(new Tooltip("Puts a script on the clipboard that runs these commands over ssh from here"));
        copy.setOnAction(e -> {
            ClipboardContent c = new ClipboardContent();
            c.putString(vm.shellScript());
            Clipboard.getSystemClipboard().setContent(c);
            copy.setText("Copied");
        });
        Button save = new Button("Save plan…");
        save.setId("wizard-save-plan");
        save.setOnAction(e -> vm.plan().ifPresent(onSave));
        VBox box = new VBox(8, summary, commands, new HBox(8, copy, save));
        box.setPadding(new Insets(4));
        VBox.setVgrow(commands, Priority.ALWAYS);
        WizardPane p = new WizardPane() {
            @Override
            public void onEnteringPage(Wizard w) {
                commands.setText(vm.commandsText());
                copy.setText("Copy as shell script");
                summary.setText(vm.plan()
                        .map(plan -> "These commands run on the hosts, in this order. "
                                + TestWizardViewModel.describeDuration(PlanDuration.seconds(plan))
                                        .replaceFirst("about", "It takes about")
                                + ". Press Run to start.")
                        .orElse(""));
                w.invalidProperty().unbind();
                w.invalidProperty().bind(vm.sweepValidProperty().not());
                Button finish = (Button) lookupButton(ButtonType.FINISH);
                if (finish != null) {
                    finish.setText("Run");
                    finish.setId("wizard-run");
                    // The dialog sets buttons' disable itself, so follow validity with a listener, not a bind.
                    finish.setDisable(!vm.sweepValidProperty().get());
                    vm.sweepValidProperty().addListener((o, was, now) -> finish.setDisable(!now));
                }
            }

            @Override
            public void onExitingPage(Wizard w) {
                w.invalidProperty().unbind();
            }
        };
        p.setId("wizard-review");
        p.setHeaderText("Review — the exact commands LinkLab will run");
        p.setContent(box);
        p.setPrefWidth(760);
        return p;
    }
}
