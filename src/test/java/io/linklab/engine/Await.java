package io.linklab.engine;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** Waits for a state of the fake hosts, which has no event to wait for. */
final class Await {

    private Await() {}

    /** Returns once {@code reached} holds; fails naming {@code what} if it does not within {@code atMost}. */
    static void until(BooleanSupplier reached, Duration atMost, Supplier<String> what) {
        long deadline = System.nanoTime() + atMost.toNanos();
        while (!reached.getAsBoolean() && System.nanoTime() < deadline) {
            // polls, a millisecond apart: spinning would take the core the run under test needs
            LockSupport.parkNanos(Duration.ofMillis(1).toNanos());
        }
        assertTrue(reached.getAsBoolean(), what);
    }
}
