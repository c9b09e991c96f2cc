package io.linklab.ui.probe;

import io.linklab.remote.LoginPrompts;
import io.linklab.remote.NewHostKey;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.TextField;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/**
 * Login questions answered by dialogs. SSH asks on its connecting thread; each question hops to the FX
 * thread, and only that background thread waits for the answer. Which passwords are kept is
 * {@link SessionPasswords}' rule; the password dialog only offers its "remember" box.
 */
public final class DialogLoginPrompts implements LoginPrompts {

    private final Supplier<Window> owner;
    private final SessionPasswords passwords = new SessionPasswords();

    public DialogLoginPrompts(Supplier<Window> owner) {
        this.owner = owner;
    }

    @Override
    public char[] passphrase(String login, String keyFile) {
        return onFx(() -> secret(
                "Key passphrase",
                "The key " + keyFile + " for " + login + " is encrypted.",
                "Passphrase:",
                false,
                null));
    }

    @Override
    public char[] password(String login) {
        return passwords.password(
                login,
                l -> onFx(() -> {
                    CheckBox remember = new CheckBox("Remember for this session");
                    remember.setId("remember-password");
                    char[] p = secret("Password", "Password for " + l + ":", "Password:", false, remember);
                    return p == null ? null : new SessionPasswords.Answer(p, remember.isSelected());
                }));
    }

    @Override
    public void passwordRefused(String login) {
        passwords.refused(login);
    }

    @Override
    public char[] challenge(String login, String instruction, String prompt, boolean echo) {
        String header =
                (instruction == null || instruction.isBlank() ? "" : instruction.strip() + "\n") + login + " asks:";
        return onFx(() -> secret("Login question", header, prompt.strip(), echo, null));
    }

    @Override
    public boolean acceptNewHostKey(NewHostKey key) {
        Boolean yes = onFx(() -> HostKeyDialog.ask(
                owner.get(), key.host() + " (" + key.knownAs() + ")", key.keyType(), key.fingerprint()));
        return Boolean.TRUE.equals(yes);
    }

    /** A one-field question; {@code extra} (may be null) goes under the field. Null when cancelled. */
    private char[] secret(String title, String header, String label, boolean echo, CheckBox extra) {
        TextField field = echo ? new TextField() : new PasswordField();
        field.setId("login-secret");
        Dialog<char[]> d = new Dialog<>();
        d.setTitle(title);
        d.setHeaderText(header);
        VBox content = new VBox(6, new Label(label), field);
        if (extra != null) {
            content.getChildren().add(extra);
        }
        d.getDialogPane().setContent(content);
        d.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        d.setResultConverter(b -> b == ButtonType.OK ? field.getText().toCharArray() : null);
        if (owner.get() != null) {
            d.initOwner(owner.get());
        }
        Platform.runLater(field::requestFocus);
        return d.showAndWait().orElse(null);
    }

    private static <T> T onFx(Supplier<T> question) {
        if (Platform.isFxApplicationThread()) {
            return question.get();
        }
        CompletableFuture<T> answer = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                answer.complete(question.get());
            } catch (RuntimeException e) {
                answer.completeExceptionally(e);
            }
        });
        try {
            return answer.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } catch (ExecutionException e) {
            return null;
        }
    }
}
