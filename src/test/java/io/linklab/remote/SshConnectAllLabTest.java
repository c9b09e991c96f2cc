package io.linklab.remote;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.linklab.lab.Lab;
import io.linklab.testing.Await;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Logging in to several hosts at once, and a Stop that lands while one of them is still logging in. */
@Tag("lab")
class SshConnectAllLabTest {

    private final Lab lab = Lab.get();

    /** Where each SSH connection h's sshd holds now comes from (address:port). */
    private static Set<String> sessionsOn(Lab.Host h) {
        try {
            return h.exec("ss", "-Htn", "state", "established", "( sport = :22 )")
                    .lines()
                    .filter(l -> !l.isBlank())
                    .map(l -> l.substring(l.trim().lastIndexOf(' ') + 1).trim())
                    .collect(Collectors.toSet());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The SSH connections h holds now that it did not hold {@code before}. */
    private static Set<String> newSessionsOn(Lab.Host h, Set<String> before) {
        Set<String> now = new HashSet<>(sessionsOn(h));
        now.removeAll(before);
        return now;
    }

    /**
     * A host whose login never ends while this lives: it answers with a banner line that never ends, a byte every
     * 100 ms (as an SSH tarpit does), so the login waits for it without ever timing out.
     */
    private static Thread tarpit(ServerSocket listening) {
        Thread t = new Thread(() -> {
            try (Socket s = listening.accept()) {
                OutputStream out = s.getOutputStream();
                while (!Thread.currentThread().isInterrupted()) {
                    out.write('x');
                    out.flush();
                    Thread.sleep(100); // the tarpit's pace, not a wait for something
                }
            } catch (IOException | InterruptedException ended) {
                // the test is over
            }
        });
        t.setDaemon(true);
        t.start();
        return t;
    }

    @Test
    void aStopWhileAnotherHostIsStillLoggingInClosesTheLoginsAlreadyMade() throws Exception {
        Set<String> before = sessionsOn(lab.h1());
        try (ServerSocket listening = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread pit = tarpit(listening);
            SshConnector connector = new SshConnector(lab.sshSettings(), LoginPrompts.NONE);
            AtomicReference<Object> ended = new AtomicReference<>();
            Thread caller = new Thread(() -> {
                try {
                    ended.set(connector.connectAll(List.of(
                            SshTarget.parse(lab.h1().login()),
                            new SshTarget("root", "127.0.0.1", listening.getLocalPort(), null, null))));
                } catch (Throwable e) {
                    ended.set(e);
                }
            });
            caller.start();
            Await.until(
                    () -> !newSessionsOn(lab.h1(), before).isEmpty(),
                    Duration.ofSeconds(30),
                    () -> "h1 was never logged in to");
            Set<String> ours = newSessionsOn(lab.h1(), before);

            caller.interrupt(); // the user's Stop
            caller.join(Duration.ofSeconds(10).toMillis());
            assertFalse(caller.isAlive(), "connectAll did not end on the Stop");
            assertInstanceOf(InterruptedException.class, ended.get(), String.valueOf(ended.get()));
            Await.until(
                    () -> ours.stream().noneMatch(sessionsOn(lab.h1())::contains),
                    Duration.ofSeconds(10),
                    () -> "h1's login was left open: " + ours + " still connected");
            pit.interrupt();
        }
    }
}
