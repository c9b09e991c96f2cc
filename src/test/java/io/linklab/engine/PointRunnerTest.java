package io.linklab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.linklab.model.Direction;
import io.linklab.model.SweepRow;
import io.linklab.model.TestPlan;
import java.util.List;
import org.junit.jupiter.api.Test;

class PointRunnerTest {

    @Test
    void aPointThatMeasuredNothingGetsAnEmptyFailedRowPerDirection() {
        TestPlan plan = TestPlan.defaults(
                        new TestPlan.End("root@198.18.5.11", null),
                        new TestPlan.End("root@198.18.5.12", null),
                        "198.19.5.2")
                .toBuilder()
                .mode(TestPlan.Mode.BIDIR)
                .streams(4)
                .processes(2)
                .build();
        SweepPoint point = new SweepPoint("mtu=9000", plan, 9000, 9000.0);

        assertEquals(
                List.of(
                        new SweepRow(
                                "mtu=9000",
                                9000,
                                4,
                                2,
                                9000.0,
                                Direction.C2S,
                                null,
                                null,
                                null,
                                null,
                                null,
                                "failed: lost contact with h1"),
                        new SweepRow(
                                "mtu=9000",
                                9000,
                                4,
                                2,
                                9000.0,
                                Direction.S2C,
                                null,
                                null,
                                null,
                                null,
                                null,
                                "failed: lost contact with h1")),
                PointRunner.failed(point, "lost contact with h1"));
    }
}
