package io.linklab.cli;

import io.linklab.model.InvalidValueException;
import java.util.function.Supplier;

/** Bad usage or bad input: the message names the flag, file or line; the exit status is 2. */
public class UsageException extends RuntimeException {

    public UsageException(String message) {
        super(message);
    }

    /** What {@code parse} reads from a command-line value; a value it finds not valid is bad usage. */
    static <T> T parsed(Supplier<T> parse) {
        try {
            return parse.get();
        } catch (InvalidValueException e) {
            throw new UsageException(e.getMessage());
        }
    }
}
