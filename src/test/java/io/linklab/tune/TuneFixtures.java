package io.linklab.tune;

import io.linklab.model.TestPlan;
import io.linklab.model.Tool;

/** What the tune's tests build the same way in several packages. */
public final class TuneFixtures {

    private TuneFixtures() {}

    /**
     * A tune's base plan: iperf3 over TCP from {@code client} to {@code target} on {@code server}, one process of one
     * stream for {@code durationS} seconds from port 5201.
     *
     * @param clientIf the client's data interface, null for none named; serverIf the server's
     */
    public static TestPlan base(
            String client, String clientIf, String server, String serverIf, String target, int durationS) {
        return new TestPlan(
                Tool.IPERF3,
                new TestPlan.End(client, clientIf),
                new TestPlan.End(server, serverIf),
                target,
                TestPlan.Protocol.TCP,
                null,
                durationS,
                1.0,
                0,
                1,
                1,
                5201,
                TestPlan.Mode.NORMAL,
                null,
                null,
                1,
                null);
    }
}
