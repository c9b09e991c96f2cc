package io.linklab.engine;

/**
 * Work a run does on its hosts around each measurement (a repetition of a point), such as sampling host
 * counters: the one place where per-point host work starts and stops. The default does nothing.
 */
public interface PointHooks {

    /** Does nothing around any measurement. */
    PointHooks NONE = new PointHooks() {};

    /**
     * The servers of {@code repetition} of {@code point} listen (and its MTU is set); its clients start right
     * after this returns, so it must return quickly: start the work, do not do it here.
     */
    default void measurementStarting(SweepPoint point, int repetition, RunHosts hosts) {}

    /**
     * The clients of {@code repetition} of {@code point} ended (or failed, or a stop killed them); its servers are
     * stopped after this returns. Called once for every {@link #measurementStarting}, also on failure.
     */
    default void measurementEnded(SweepPoint point, int repetition, RunHosts hosts) {}
}
