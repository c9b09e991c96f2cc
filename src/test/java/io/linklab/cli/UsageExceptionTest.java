package io.linklab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.linklab.model.InvalidValueException;
import org.junit.jupiter.api.Test;

/** A command-line value that is not valid becomes bad usage (exit 2) with the parser's message. */
class UsageExceptionTest {

    @Test
    void aValidValueIsReturnedAsParsed() {
        Object value = new Object();
        assertSame(value, UsageException.parsed(() -> value));
    }

    @Test
    void anInvalidValueIsBadUsageNamingTheFlag() {
        UsageException e = assertThrows(
                UsageException.class,
                () -> UsageException.parsed(() -> {
                    throw new InvalidValueException("--budget", "soon", "a time such as 90s, 2m or 1h");
                }));
        assertEquals("--budget: 'soon' is not valid — a time such as 90s, 2m or 1h", e.getMessage());
    }

    @Test
    void anyOtherFailureIsNotTakenForBadUsage() {
        IllegalStateException bug = new IllegalStateException("ours");
        assertSame(
                bug,
                assertThrows(
                        IllegalStateException.class,
                        () -> UsageException.parsed(() -> {
                            throw bug;
                        })));
    }
}
