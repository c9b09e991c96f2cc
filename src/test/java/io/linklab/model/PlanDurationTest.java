package io.linklab.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class PlanDurationTest {

    private static TestPlan.Builder plan() {
        return TestPlan.defaults(new TestPlan.End("h1", null), new TestPlan.End("h2", null), "198.19.0.2").toBuilder()
                .durationS(10)
                .omitS(2);
    }

    @Test
    void aSingleTestIsItsMeasuredTimeAndOneRunsOverhead() {
        assertEquals(15, PlanDuration.seconds(plan().build()));
    }

    @Test
    void eachRepetitionPaysItsOverheadAndEachMtuPointItsChange() {
        TestPlan mtu = plan().repetitions(2)
                .sweep(new TestPlan.Sweep(TestPlan.SweepKind.MTU, List.of("1500", "4000", "9000")))
                .build();
        // 2 repetitions x (2 + 10 + 3 s) + 4 s for the MTU change, per point
        assertEquals(34, PlanDuration.pointSeconds(mtu));
        assertEquals(3 * 34, PlanDuration.seconds(mtu));

        TestPlan streams = plan().repetitions(2)
                .sweep(new TestPlan.Sweep(TestPlan.SweepKind.STREAMS, List.of("1", "4")))
                .build();
        assertEquals(30, PlanDuration.pointSeconds(streams));
        assertEquals(60, PlanDuration.seconds(streams));
    }
}
