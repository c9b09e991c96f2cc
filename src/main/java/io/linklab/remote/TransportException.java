package io.linklab.remote;

/** A host could not be reached or a command could not be started; the message is for the user. */
public class TransportException extends Exception {

    /** What kind of trouble, for callers that react differently (the probe, retry decisions). */
    public enum Kind {
        /** Nothing answered: no route, timeout, connection refused, unknown name. */
        UNREACHABLE,
        /** The server answered but refused the login. */
        LOGIN_REFUSED,
        /** The host key is unknown (and was not accepted) or changed. */
        HOST_KEY,
        /** An established connection died. */
        CONNECTION_LOST,
        OTHER
    }

    private final Kind kind;

    public TransportException(String message) {
        this(Kind.OTHER, message, null);
    }

    public TransportException(String message, Throwable cause) {
        this(Kind.OTHER, message, cause);
    }

    public TransportException(Kind kind, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }
}
