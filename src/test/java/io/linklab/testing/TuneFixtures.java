package io.linklab.testing;

import io.linklab.model.TestPlan;
import io.linklab.model.Tool;
import io.linklab.tune.ProbeLength;
import io.linklab.tune.StopReason;
import io.linklab.tune.TuneResult;
import io.linklab.tune.TuneSettings;
import io.linklab.tune.TuneStep;
import java.util.List;

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

    /**
     * The end of a tune of five steps whose fourth was the search's best and whose fifth confirmed {@code best} at the
     * standard length.
     */
    public static TuneResult ended(List<TuneStep> steps, TuneSettings best, StopReason why, String detail) {
        return new TuneResult(
                steps,
                best,
                steps.get(3).probe(),
                steps.get(4).probe(),
                ProbeLength.CONFIRM,
                why,
                detail,
                List.of(),
                null);
    }
}
