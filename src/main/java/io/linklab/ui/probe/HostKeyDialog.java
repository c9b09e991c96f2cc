package io.linklab.ui.probe;

import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/** Shows a host key SSH has never seen, with its SHA256 fingerprint, for the user to accept or refuse. */
public final class HostKeyDialog {

    private HostKeyDialog() {}

    /** Blocks in a nested event loop on the FX thread until the user answers; refuse is the default. */
    public static boolean ask(Window owner, String host, String keyType, String fingerprint) {
        ButtonType accept = new ButtonType("Accept and remember", ButtonBar.ButtonData.OK_DONE);
        ButtonType refuse = new ButtonType("Refuse", ButtonBar.ButtonData.CANCEL_CLOSE);
        Alert a = new Alert(Alert.AlertType.WARNING, null, refuse, accept);
        a.setTitle("Unknown host key");
        a.setHeaderText("LinkLab has never seen the host key of " + host);
        TextField fp = new TextField(fingerprint);
        fp.setEditable(false);
        fp.setId("host-key-fingerprint");
        fp.setPrefColumnCount(52);
        Label explain = new Label("Compare the fingerprint with the host's own (ssh-keygen -lf " + "/etc/ssh/ssh_host_"
                + keyType.replace("ssh-", "") + "_key.pub on the host). Accept only if they match.");
        explain.setWrapText(true);
        a.getDialogPane().setContent(new VBox(8, new Label(keyType + " key fingerprint:"), fp, explain));
        a.getDialogPane().setId("host-key-dialog");
        ((Button) a.getDialogPane().lookupButton(refuse)).setDefaultButton(true);
        ((Button) a.getDialogPane().lookupButton(accept)).setDefaultButton(false);
        if (owner != null) {
            a.initOwner(owner);
        }
        return a.showAndWait().filter(b -> b == accept).isPresent();
    }
}
