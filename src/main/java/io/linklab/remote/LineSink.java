package io.linklab.remote;

/** Receives a remote command's output one line at a time, on the transport's reader thread. */
@FunctionalInterface
public interface LineSink {

    void line(String line);

    LineSink DISCARD = line -> {};
}
