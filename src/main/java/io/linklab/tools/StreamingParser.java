package io.linklab.tools;

/**
 * Turns a tool's output into measurements one line at a time: each sample reaches the sink as
 * soon as the tool has finished printing it, so live runs and log import share the same code.
 * A parser never throws on bad input; it reports a {@link io.linklab.model.ToolEvent} and carries on.
 */
public interface StreamingParser {

    /** One line without its terminator (a trailing '\r' is tolerated). */
    void feed(String line);

    /** End of output: flush anything pending (a JSON document, a last partial table). */
    void finish();
}
