package io.linklab.tune;

import io.linklab.model.InvalidValueException;
import io.linklab.model.TestPlan;
import io.linklab.model.Tool;
import io.linklab.model.Validators;
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
 * @param mtus         MTUs to try when {@link Dimension#MTU} varies: both ends' data interfaces are set to each inside
 *                     the run's MTU transaction, which restores them
 */
public record TuneRequest(
        TestPlan base,
        List<Tool> tools,
        int maxStreams,
        List<String> windows,
        Set<Dimension> vary,
        Double linkSpeedBps,
        TuneBudget budget,
        List<Integer> mtus) {

    /**
     * @throws InvalidValueException when the MTU may vary without MTUs to try or without the data interfaces to set
     */
    public TuneRequest {
        tools = List.copyOf(tools);
        windows = List.copyOf(windows);
        vary = Set.copyOf(vary);
        mtus = List.copyOf(mtus);
        if (vary.contains(Dimension.MTU)) {
            if (mtus.isEmpty()) {
                throw new InvalidValueException("mtu", "", "name the MTUs to try, such as 1500,9000");
            }
            for (int m : mtus) {
                Validators.requireMtu("mtu", m);
            }
            if (blank(base.client().dataInterface()) || blank(base.server().dataInterface())) {
                throw new InvalidValueException(
                        "mtu", mtus.toString(), "changing the MTU needs the client's and the server's data interface");
            }
        }
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    /** The plan of the first probe: the start settings on the first tool, as the run's preflight checks it. */
    public TestPlan firstPlan() {
        return TunePlans.plan(base, TuneSettings.start(tools.get(0)), budget.probe(), List.of(), List.of());
    }
}
