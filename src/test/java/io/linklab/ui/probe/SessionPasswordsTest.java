package io.linklab.ui.probe;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Which passwords the GUI keeps for the session: only those the user asked it to keep. */
class SessionPasswordsTest {

    private final SessionPasswords passwords = new SessionPasswords();
    private final AtomicInteger asked = new AtomicInteger();

    private SessionPasswords.Asker typing(String password, boolean remember) {
        return login -> {
            asked.incrementAndGet();
            return new SessionPasswords.Answer(password.toCharArray(), remember);
        };
    }

    @Test
    void aPasswordIsNotKeptUnlessTheUserTicksRemember() {
        assertArrayEquals("pw1".toCharArray(), passwords.password("alice@h1", typing("pw1", false)));
        assertFalse(passwords.remembers("alice@h1"));
        assertArrayEquals("pw2".toCharArray(), passwords.password("alice@h1", typing("pw2", false)));
        assertEquals(2, asked.get(), "asked again for the next login");
    }

    @Test
    void aRememberedPasswordIsGivenWithoutAskingUntilTheServerRefusesIt() {
        assertArrayEquals("pw".toCharArray(), passwords.password("alice@h1", typing("pw", true)));
        assertTrue(passwords.remembers("alice@h1"));
        assertArrayEquals("pw".toCharArray(), passwords.password("alice@h1", typing("other", false)));
        assertEquals(1, asked.get());
        // kept per login: another host or user is asked for
        assertArrayEquals("bob".toCharArray(), passwords.password("bob@h1", typing("bob", false)));
        assertEquals(2, asked.get());

        passwords.refused("alice@h1");
        assertFalse(passwords.remembers("alice@h1"));
        assertArrayEquals("new".toCharArray(), passwords.password("alice@h1", typing("new", false)));
        assertEquals(3, asked.get());
    }

    @Test
    void theKeptCopyIsNotTheOneHandedOut() {
        char[] given = passwords.password("alice@h1", typing("pw", true));
        Arrays.fill(given, 'x'); // JSch wipes what it was given
        assertArrayEquals("pw".toCharArray(), passwords.password("alice@h1", typing("other", false)));
    }

    @Test
    void cancellingKeepsNothing() {
        assertNull(passwords.password("alice@h1", login -> null));
        assertFalse(passwords.remembers("alice@h1"));
    }
}
