package io.linklab.cli;

/** Bad usage or bad input: the message names the flag, file or line; the exit status is 2. */
public class UsageException extends RuntimeException {

    public UsageException(String message) {
        super(message);
    }
}
