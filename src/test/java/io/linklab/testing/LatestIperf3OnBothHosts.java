package io.linklab.testing;

import io.linklab.lab.Lab;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * For each test, h1's and h2's iperf3 is the current release built for the lab ({@link Lab#iperf3Latest()}, made
 * theirs by {@link Lab.Host#iperf3Is}); after it, each host has its own again. Register it with
 * {@code @RegisterExtension}.
 */
public final class LatestIperf3OnBothHosts implements BeforeEachCallback, AfterEachCallback {

    private final Lab lab;
    private AutoCloseable h1Release;
    private AutoCloseable h2Release;

    public LatestIperf3OnBothHosts(Lab lab) {
        this.lab = lab;
    }

    @Override
    public void beforeEach(ExtensionContext context) throws Exception {
        h1Release = lab.h1().iperf3Is(Lab.iperf3Latest());
        h2Release = lab.h2().iperf3Is(Lab.iperf3Latest());
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        try {
            if (h1Release != null) {
                h1Release.close();
            }
        } finally {
            if (h2Release != null) {
                h2Release.close();
            }
        }
    }
}
