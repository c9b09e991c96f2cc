package io.linklab.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.remote.LocalTransport;
import io.linklab.remote.RemoteCommand;
import io.linklab.remote.Transport;
import io.linklab.remote.TransportException;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class SharedLoginsTest {

    @Test
    void theSharedTransportPassesOnEveryMethodOfTransportButClose() throws Exception {
        // a default method that the wrapper did not pass on would silently answer with the default for every run
        Class<?> kept = Arrays.stream(SharedLogins.class.getDeclaredClasses())
                .filter(Transport.class::isAssignableFrom)
                .findFirst()
                .orElseThrow();
        List<String> missing = new ArrayList<>();
        for (Method m : Transport.class.getMethods()) {
            try {
                kept.getDeclaredMethod(m.getName(), m.getParameterTypes());
            } catch (NoSuchMethodException e) {
                missing.add(m.getName());
            }
        }
        assertEquals(List.of(), missing);
    }

    @Test
    void oneLoginPerHostAndAFailedLoginFailsAgainWithoutTryingAgain() throws Exception {
        AtomicInteger opened = new AtomicInteger();
        AtomicInteger refused = new AtomicInteger();
        try (SharedLogins logins = new SharedLogins(
                login -> {
                    if (login.equals("down")) {
                        refused.incrementAndGet();
                        throw new TransportException("down: connection refused");
                    }
                    opened.incrementAndGet();
                    return new LocalTransport();
                },
                true)) {
            Transport a = logins.open("local");
            a.close();
            Transport b = logins.open("local");
            assertEquals(
                    0,
                    b.run(RemoteCommand.of("true", "true"), Duration.ofSeconds(10))
                            .exitStatus(),
                    "still open after a run closed its view");
            assertEquals(1, opened.get());
            for (int i = 0; i < 3; i++) {
                TransportException e = assertThrows(TransportException.class, () -> logins.open("down"));
                assertTrue(e.getMessage().contains("connection refused"), e.getMessage());
            }
            assertEquals(1, refused.get());
        }
    }
}
