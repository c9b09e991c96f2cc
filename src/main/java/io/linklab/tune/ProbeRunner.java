package io.linklab.tune;

/** Measures one combination of settings: the real engine, or a throughput model in tests. */
public interface ProbeRunner {

    /**
     * Runs {@code settings} for {@code length}. A failure (a host lost, a tool missing) comes back as a failed
     * {@link Probe} naming the reason, never as an exception.
     *
     * @throws InterruptedException when the tune was stopped
     */
    Probe run(TuneSettings settings, ProbeLength length) throws InterruptedException;
}
