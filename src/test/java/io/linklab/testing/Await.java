package io.linklab.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** Waits for a state that has no event to wait for: of a fake host, or of a lab host seen from outside. */
public final class Await {

    private Await() {}

    /** Returns once {@code reached} holds; fails naming {@code what} if it does not within {@code atMost}. */
    public static void until(BooleanSupplier reached, Duration atMost, Supplier<String> what) {
        long deadline = System.nanoTime() + atMost.toNanos();
        while (!reached.getAsBoolean() && System.nanoTime() < deadline) {
            // polls, a millisecond apart: spinning would take the core the run under test needs
            LockSupport.parkNanos(Duration.ofMillis(1).toNanos());
        }
        assertTrue(reached.getAsBoolean(), what);
    }
}
