package io.linklab.remote;

import java.util.concurrent.ThreadFactory;

/**
 * Named daemon threads, for the work LinkLab does beside a run (readers, logins, launchers): a daemon, so that
 * a thread still waiting on a host never keeps the JVM from ending; named, so that a thread dump says what it is.
 */
public final class DaemonThreads {

    private DaemonThreads() {
    }

    /** A factory of daemon threads that all bear {@code name}. */
    public static ThreadFactory named(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        };
    }

    /** Starts {@code work} on a new daemon thread called {@code name}. */
    public static Thread start(String name, Runnable work) {
        Thread t = named(name).newThread(work);
        t.start();
        return t;
    }
}
