package io.linklab.remote;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/** What JSch's questions get answered with: the password only where the server asks for the password. */
class LoginPrompterTest {

    private static final String LOGIN = "alice@198.18.0.11";

    private final List<String> asked = new ArrayList<>();
    private final List<String> refused = new ArrayList<>();
    private final Map<String, char[]> passwords = new ConcurrentHashMap<>();

    /** Answers the password with "secret" and any other question with "123456", recording what was asked. */
    private final LoginPrompts prompts = new LoginPrompts() {
        @Override
        public char[] passphrase(String login, String keyFile) {
            return null;
        }

        @Override
        public char[] password(String login) {
            asked.add("password");
            return "secret".toCharArray();
        }

        @Override
        public void passwordRefused(String login) {
            refused.add(login);
        }

        @Override
        public char[] challenge(String login, String instruction, String prompt, boolean echo) {
            asked.add("challenge:" + prompt);
            return "123456".toCharArray();
        }

        @Override
        public boolean acceptNewHostKey(NewHostKey key) {
            return false;
        }
    };

    private LoginPrompter prompter() {
        return new LoginPrompter(LOGIN, prompts, passwords, new Object());
    }

    @Test
    void passwordPromptsAreToldFromOneTimeCodes() {
        for (String p : List.of("Password: ", "(alice@h1) Password: ", "alice@h1's password: ", "Current password:")) {
            assertTrue(LoginPrompter.asksForThePassword(p), p);
        }
        for (String p : List.of(
                "Verification code: ",
                "One-time password (OATH) for `alice': ",
                "Enter PASSCODE:",
                "Token: ",
                "OTP: ",
                "New password: ",
                "Retype new password: ",
                "Duo two-factor login")) {
            assertFalse(LoginPrompter.asksForThePassword(p), p);
        }
    }

    @Test
    void aOneTimeCodePromptNeverGetsThePassword() {
        passwords.put(LOGIN, "secret".toCharArray()); // given earlier on this connector
        LoginPrompter p = prompter();
        String[] answers =
                p.promptKeyboardInteractive(LOGIN, "", "", new String[] {"Verification code: "}, new boolean[] {false});
        assertArrayEquals(new String[] {"123456"}, answers);
        assertEquals(List.of("challenge:Verification code: "), asked);
    }

    @Test
    void passwordThenCodeInOneRoundGetEachTheirAnswer() {
        String[] answers = prompter()
                .promptKeyboardInteractive(
                        LOGIN,
                        "",
                        "two factors",
                        new String[] {"Password: ", "One-time password (OATH) for `alice': "},
                        new boolean[] {false, false});
        assertArrayEquals(new String[] {"secret", "123456"}, answers);
        assertEquals(List.of("password", "challenge:One-time password (OATH) for `alice': "), asked);
    }

    @Test
    void anEchoedPromptIsNeverThePassword() {
        String[] answers =
                prompter().promptKeyboardInteractive(LOGIN, "", "", new String[] {"Password: "}, new boolean[] {true});
        assertArrayEquals(new String[] {"123456"}, answers);
        assertEquals(List.of("challenge:Password: "), asked);
    }

    @Test
    void aPasswordGivenOnceServesTheConnectorsNextLoginAndIsForgottenWhenRefused() {
        assertTrue(prompter().promptPassword("Password"));
        LoginPrompter second = prompter();
        assertTrue(second.promptPassword("Password"));
        assertEquals("secret", second.getPassword());
        assertEquals(List.of("password"), asked, "asked once");
        // The server asks again within the same login: the password was wrong.
        assertTrue(second.promptPassword("Password"));
        assertEquals(List.of(LOGIN), refused);
        assertEquals(List.of("password", "password"), asked);
    }

    @Test
    void aCancelledQuestionCancelsTheRound() {
        LoginPrompts none = LoginPrompts.NONE;
        LoginPrompter p = new LoginPrompter(LOGIN, none, passwords, new Object());
        assertNull(p.promptKeyboardInteractive(
                LOGIN, "", "", new String[] {"Verification code: "}, new boolean[] {false}));
        assertFalse(p.promptPassword("Password"));
        assertTrue(passwords.isEmpty());
    }
}
