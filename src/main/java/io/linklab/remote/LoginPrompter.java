package io.linklab.remote;

import com.jcraft.jsch.UIKeyboardInteractive;
import com.jcraft.jsch.UserInfo;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.logging.Logger;

/**
 * Bridges JSch's questions to {@link LoginPrompts}; one per login attempt. A password given once is kept in
 * the connector's map so further connections of the same host (a transport's pool, a reconnect) log in
 * without asking again; it is only ever sent where the server asks for the password, never as the answer to
 * a one-time code or another keyboard-interactive question.
 */
final class LoginPrompter implements UserInfo, UIKeyboardInteractive {

    private static final Logger LOG = Logger.getLogger(LoginPrompter.class.getName());
    // Words of keyboard-interactive prompts that contain "password" but want something else: a one-time
    // code (pam_oath: "One-time password (OATH)"), or a new password during an expired-password change.
    private static final List<String> NOT_THE_PASSWORD =
            List.of("one-time", "one time", "otp", "oath", "code", "token", "new ", "retype", "again", "confirm");

    private final String login;
    private final LoginPrompts prompts;
    private final Map<String, char[]> passwords;
    private final Object promptLock;
    private String passphrase;
    private String password;

    /**
     * @param passwords  passwords given for logins of this connector, shared by its attempts
     * @param promptLock held while asking, so parallel logins ask one question at a time
     */
    LoginPrompter(String login, LoginPrompts prompts, Map<String, char[]> passwords, Object promptLock) {
        this.login = login;
        this.prompts = prompts;
        this.passwords = passwords;
        this.promptLock = promptLock;
    }

    /** Whether a keyboard-interactive prompt asks for the login's password (and nothing else). */
    static boolean asksForThePassword(String prompt) {
        String p = prompt.toLowerCase(Locale.ROOT);
        return p.contains("password") && NOT_THE_PASSWORD.stream().noneMatch(p::contains);
    }

    @Override
    public boolean promptPassphrase(String message) {
        String keyFile =
                message.startsWith("Passphrase for ") ? message.substring("Passphrase for ".length()) : message;
        char[] p;
        synchronized (promptLock) {
            p = prompts.passphrase(login, keyFile);
        }
        passphrase = p == null ? null : new String(p);
        return p != null;
    }

    @Override
    public String getPassphrase() {
        return passphrase;
    }

    @Override
    public boolean promptPassword(String message) {
        char[] p = passwords.get(login);
        if (p == null || password != null) {
            if (password != null) {
                // Asked again in the same attempt: the password given last was wrong.
                passwords.remove(login);
                prompts.passwordRefused(login);
            }
            synchronized (promptLock) {
                p = prompts.password(login);
            }
            if (p == null) {
                return false;
            }
            passwords.put(login, p);
        }
        password = new String(p);
        return true;
    }

    @Override
    public String getPassword() {
        return password;
    }

    @Override
    public boolean promptYesNo(String message) {
        // Host keys are decided in KnownHostsCheck; anything else JSch might ask is refused.
        return false;
    }

    @Override
    public void showMessage(String message) {
        LOG.info(login + ": " + message);
    }

    @Override
    public String[] promptKeyboardInteractive(
            String destination, String name, String instruction, String[] prompt, boolean[] echo) {
        String[] answers = new String[prompt.length];
        for (int i = 0; i < prompt.length; i++) {
            if (!echo[i] && asksForThePassword(prompt[i])) {
                if (!promptPassword(prompt[i])) {
                    return null;
                }
                answers[i] = password;
            } else {
                char[] a;
                synchronized (promptLock) {
                    a = prompts.challenge(login, instruction, prompt[i], echo[i]);
                }
                if (a == null) {
                    return null;
                }
                answers[i] = new String(a);
            }
        }
        return answers;
    }
}
