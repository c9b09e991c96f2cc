package io.linklab.remote;

/** A host could not be reached or a command could not be started; the message is for the user. */
public class TransportException extends Exception {

    public TransportException(String message) {
        super(message);
    }

    public TransportException(String message, Throwable cause) {
        super(message, cause);
    }
}
