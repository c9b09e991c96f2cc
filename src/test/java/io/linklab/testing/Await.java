package io.linklab.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import java.util.function.Supplier;

/** Waits for a state that has no event to wait for: of a fake host, or of a lab host seen from outside. */
public final class Await {

    /** A state whose reading may take I/O: a lab host's processes, a file. */
    @FunctionalInterface
    public interface Reading<T> {
        T read() throws Exception;
    }

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

    /**
     * Reads {@code state} every {@code every} until {@code done} accepts what it read or {@code atMost} passes, and
     * returns the last reading, for the caller to assert on (so a failure shows what was there). For states that
     * cost a command to read, such as what runs on a lab host, read far less often than {@link #until} polls.
     */
    public static <T> T poll(Reading<T> state, Predicate<T> done, Duration atMost, Duration every) throws Exception {
        long deadline = System.nanoTime() + atMost.toNanos();
        T value = state.read();
        while (!done.test(value) && System.nanoTime() < deadline) {
            Thread.sleep(every.toMillis());
            value = state.read();
        }
        return value;
    }
}
