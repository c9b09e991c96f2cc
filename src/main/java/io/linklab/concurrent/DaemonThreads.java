package io.linklab.concurrent;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The one way LinkLab makes its background threads: daemon threads with a name that says what they do, so a
 * thread left waiting on a host never keeps the JVM (the CLI, the closed window) from exiting.
 */
public final class DaemonThreads {

    private DaemonThreads() {}

    /** Every thread gets {@code name} ("linklab-run-io"). */
    public static ThreadFactory named(String name) {
        return r -> daemon(r, name);
    }

    /** Threads named {@code name-1}, {@code name-2}, … in the order they are made. */
    public static ThreadFactory numbered(String name) {
        AtomicInteger n = new AtomicInteger();
        return r -> daemon(r, name + "-" + n.incrementAndGet());
    }

    /** Starts {@code work} on a new daemon thread called {@code name}. */
    public static Thread start(String name, Runnable work) {
        Thread t = daemon(work, name);
        t.start();
        return t;
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }
}
