package io.linklab.ui.tune;

import io.linklab.tune.TuneRequest;
import java.util.function.Consumer;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.StringProperty;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/** The "Find best settings" dialog over a {@link TuneForm}: Start hands the tune's request over and closes. */
public final class TuneDialog {

    public static final ButtonType START = new ButtonType("Start tune", ButtonBar.ButtonData.OK_DONE);

    private final Dialog<ButtonType> dialog = new Dialog<>();
    private final TuneForm form;

    /** @param onStart gets the request when the user presses Start tune */
    public TuneDialog(Window owner, TuneForm form, Consumer<TuneRequest> onStart) {
        this.form = form;
        if (owner != null) {
            dialog.initOwner(owner);
        }
        dialog.setTitle("Find best settings");
        dialog.setHeaderText("Find the settings that fill the link between "
                + form.base().client().login() + " and " + form.base().server().login() + " within a time budget");
        dialog.setResizable(true);
        GridPane g = new GridPane();
        g.setHgap(10);
        g.setVgap(8);
        g.setPadding(new Insets(8));
        int row = 0;
        row = field(g, row, "Link speed", form.linkSpeed, "tune-link-speed", "e.g. 25G; the tune stops at 95 % of it");
        row = field(g, row, "Budget", form.budget, "tune-budget", "the most the whole tune may take: 90s, 2m, 1h");
        row = field(g, row, "Tools", form.tools, "tune-tools", "tools to try, the first to start with");
        row = field(g, row, "Most streams per process", form.maxStreams, "tune-max-streams", "1 to 128");
        row = field(g, row, "Windows to try", form.windows, "tune-windows", "besides the tool's default, e.g. 4M,16M");
        FlowPane vary = new FlowPane(
                12,
                6,
                check("tool", form.varyTool),
                check("processes", form.varyProcesses),
                check("streams", form.varyStreams),
                check("pinning", form.varyPinning),
                check("window", form.varyWindow));
        g.addRow(row++, new Label("May vary"), vary);
        CheckBox mtu = check("MTU (changes both data interfaces; they are restored at the end)", form.allowMtu);
        mtu.setId("tune-allow-mtu");
        g.addRow(row++, new Label("Allow MTU changes"), mtu);
        TextField mtus = text(form.mtus, "tune-mtus", "MTUs to try, e.g. 1500,9000 or 1500:9000:1500");
        mtus.disableProperty().bind(form.allowMtu.not());
        g.addRow(row++, new Label("MTUs to try"), mtus);
        Label problem = new Label();
        problem.setId("tune-problem");
        problem.getStyleClass().add("field-error");
        problem.setWrapText(true);
        problem.textProperty().bind(form.problem());
        VBox box = new VBox(8, g, problem);
        box.setPrefWidth(720);
        dialog.getDialogPane().setContent(box);
        dialog.getDialogPane().getButtonTypes().setAll(START, ButtonType.CANCEL);
        Button start = (Button) dialog.getDialogPane().lookupButton(START);
        start.setId("tune-start");
        start.disableProperty().bind(form.problem().isNotEmpty());
        dialog.setResultConverter(b -> b);
        dialog.setOnHidden(e -> {
            if (dialog.getResult() == START) {
                onStart.accept(form.request());
            }
        });
    }

    private static int field(GridPane g, int row, String label, StringProperty value, String id, String tip) {
        g.addRow(row, new Label(label), text(value, id, tip));
        return row + 1;
    }

    private static TextField text(StringProperty value, String id, String tip) {
        TextField f = new TextField();
        f.textProperty().bindBidirectional(value);
        f.setId(id);
        f.setPromptText(tip);
        f.setPrefColumnCount(28);
        f.setTooltip(new Tooltip(tip));
        return f;
    }

    private static CheckBox check(String text, BooleanProperty value) {
        CheckBox c = new CheckBox(text);
        c.selectedProperty().bindBidirectional(value);
        return c;
    }

    /** Shows the dialog without blocking. */
    public void show() {
        dialog.show();
    }

    public Dialog<ButtonType> dialog() {
        return dialog;
    }

    public TuneForm form() {
        return form;
    }

    /** The dialog's content, for tests. */
    public Node content() {
        return dialog.getDialogPane();
    }
}
