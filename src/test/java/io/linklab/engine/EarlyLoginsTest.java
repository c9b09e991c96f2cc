package io.linklab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.HostSpec;
import io.linklab.remote.LoginPrompts;
import io.linklab.remote.SshSettings;
import io.linklab.remote.SshTarget;
import io.linklab.remote.TransportException;
import io.linklab.testing.Await;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Logins made ahead of a Run, where a host cannot be logged in to: nothing of it reaches the user but through the
 * Run's own login, and the host is not asked again. The way a made login is taken is in EarlyLoginsLabTest.
 */
class EarlyLoginsTest {

    @TempDir
    Path home;

    private SshSettings settings() {
        return SshSettings.defaults()
                .withSshConfig(null)
                .withKnownHosts(home.resolve("known_hosts"))
                .withAgent(false);
    }

    /** A local port nothing listens on: a login there is refused at once. */
    private static int closedPort() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Test
    void aLoginThatFailsAheadIsNotTriedAheadAgainAndTheRunSaysWhyItsOwnFailed() throws Exception {
        EarlyLogins early = new EarlyLogins(lab -> new LabLogins(settings(), LoginPrompts.NONE, lab), true);
        String login = "root@127.0.0.1:" + closedPort();
        SshTarget target = SshTarget.parse(login);

        early.prepare(List.of(login), null);
        Await.until(() -> early.refused().contains(target), Duration.ofSeconds(30), () -> "not refused: " + login);
        assertEquals(Set.of(), early.held(), "a failed login is not held");

        // an attempt would be held from here until it failed
        early.prepare(List.of(login), null);
        assertEquals(Set.of(), early.held(), "a refused host is not tried ahead again");

        TransportException e = assertThrows(
                TransportException.class,
                () -> early.takingFirst(new LabLogins(settings(), LoginPrompts.NONE))
                        .open(login));
        assertTrue(e.getMessage().contains("127.0.0.1"), e.getMessage());
    }

    @Test
    void localEndsBlankOnesAndLoginsThatDoNotParseAreNotLoggedInToAhead() {
        EarlyLogins early = new EarlyLogins(lab -> new LabLogins(settings(), LoginPrompts.NONE, lab), true);
        early.prepare(Arrays.asList(HostSpec.LOCAL, "", null, "@nohost", "root@host:notaport"), null);
        assertEquals(Set.of(), early.held());
    }

    @Test
    void turnedOffItLogsInToNothingAhead() throws Exception {
        EarlyLogins early = new EarlyLogins(lab -> new LabLogins(settings(), LoginPrompts.NONE, lab), false);
        early.prepare(List.of("root@127.0.0.1:" + closedPort()), null);
        assertEquals(Set.of(), early.held());
        assertEquals(Set.of(), early.refused());
    }
}
