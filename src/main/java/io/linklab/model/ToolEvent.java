package io.linklab.model;

/**
 * Something a tool said that is not a measurement: an error ("server is busy", "unable to connect"),
 * a warning, or an interruption.
 *
 * @param kind       a short stable key such as "server-busy", "connect-failed", "interrupted", "parameter"
 * @param lineNumber 1-based line of the output it came from, 0 when not from a line
 */
public record ToolEvent(Severity severity, String kind, String message, long lineNumber) {

    public enum Severity {
        INFO,
        WARNING,
        ERROR
    }

    public static ToolEvent error(String kind, String message, long lineNumber) {
        return new ToolEvent(Severity.ERROR, kind, message, lineNumber);
    }

    public static ToolEvent warning(String kind, String message, long lineNumber) {
        return new ToolEvent(Severity.WARNING, kind, message, lineNumber);
    }
}
