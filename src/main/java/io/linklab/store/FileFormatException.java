package io.linklab.store;

/** A plan, topology or run file that cannot be read; the message names the file, the line or field, and the fix. */
public class FileFormatException extends Exception {

    public FileFormatException(String message) {
        super(message);
    }

    public FileFormatException(String message, Throwable cause) {
        super(message, cause);
    }
}
