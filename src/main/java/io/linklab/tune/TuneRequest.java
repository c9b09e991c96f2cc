package io.linklab.tune;

import io.linklab.model.TestPlan;
import io.linklab.model.Tool;
import java.util.List;
import java.util.Set;

/**
 * What the user asked a tune for.
 *
 * @param base         the ends, target, port and protocol every probe uses (its tool, streams … are replaced)
 * @param tools        the tools to try, the first one to start with
 * @param maxStreams   the most streams per process to try
 * @param windows      windows to try besides the tool's default
 * @param vary         the dimensions that may change
 * @param linkSpeedBps the link's speed in bits per second, null when not known
 * @param budget       the time it may take in all
 */
public record TuneRequest(
        TestPlan base,
        List<Tool> tools,
        int maxStreams,
        List<String> windows,
        Set<Dimension> vary,
        Double linkSpeedBps,
        TuneBudget budget) {

    public TuneRequest {
        tools = List.copyOf(tools);
        windows = List.copyOf(windows);
        vary = Set.copyOf(vary);
    }

    /** The plan of the first probe: the start settings on the first tool, as the run's preflight checks it. */
    public TestPlan firstPlan() {
        return TunePlans.plan(base, TuneSettings.start(tools.get(0)), budget.probe(), List.of(), List.of());
    }
}
