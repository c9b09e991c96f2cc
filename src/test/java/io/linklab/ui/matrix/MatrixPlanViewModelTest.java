package io.linklab.ui.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.TestPlan;
import io.linklab.ui.ScriptedRuns;
import io.linklab.ui.runs.MatrixLauncher;
import io.linklab.ui.wizard.TestWizardViewModel;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The whole-lab dialog's sweep without a screen: an MTU list reaches the matrix's test, every pair of which runs it,
 * and pairs with no drawn path (no interface to set the MTU on) are refused with a message that names them and says
 * what to do, as the command line refuses them.
 */
class MatrixPlanViewModelTest {

    @Test
    void anMtuListReachesTheMatrixAndPairsWithoutADrawnPathAreRefusedByName() {
        TestPlan lastSwept = ScriptedRuns.plan(
                2, TestPlan.Mode.NORMAL, new TestPlan.Sweep(TestPlan.SweepKind.STREAMS, List.of("1", "2")));
        MatrixPlanViewModel plan = new MatrixPlanViewModel(MatrixViewModelTest.LAB, lastSwept);
        assertEquals(TestWizardViewModel.NO_SWEEP, plan.test().sweepKind.get(), "the last test's sweep stays there");
        assertEquals(2, plan.request().orElseThrow().base().streams(), "its options are carried over");

        plan.test().sweepKind.set("MTU");
        plan.test().sweepValues.set("1500,9000");
        assertTrue(plan.validProperty().get(), plan.problemProperty().get());
        MatrixLauncher.Request req = plan.request().orElseThrow();
        assertEquals(
                new TestPlan.Sweep(TestPlan.SweepKind.MTU, List.of("1500", "9000")),
                req.base().sweep());
        assertEquals(3, req.pairs().size(), "the drawn links: h1, h2 and h3 through the switch");
        assertTrue(req.pairs().stream().allMatch(p -> p.clientIface() != null && p.serverIface() != null));
        assertTrue(
                plan.summaryProperty().get().startsWith("3 pairs, up to 1 at once"),
                plan.summaryProperty().get());

        plan.pairs.set(MatrixPlanViewModel.Pairs.ALL); // h4 has no link: 6 of its 12 pairs have no path
        assertFalse(plan.validProperty().get());
        assertTrue(plan.request().isEmpty());
        assertEquals(
                "MTU sweep: no drawn path between h1→h4, h2→h4, h3→h4, h4→h1, h4→h2 and 1 more pairs, so no "
                        + "interface to set the MTU on. Draw their links in the lab, or test only the hosts joined "
                        + "by drawn links (Pairs page).",
                plan.problemProperty().get());

        plan.test().sweepKind.set("STREAMS");
        plan.test().sweepValues.set("1,4");
        assertTrue(
                plan.validProperty().get(),
                "a sweep that changes no interface runs on every pair: "
                        + plan.problemProperty().get());
        assertEquals(12, plan.request().orElseThrow().pairs().size());

        plan.test().sweepKind.set("MTU");
        plan.pairs.set(MatrixPlanViewModel.Pairs.LINKS);
        plan.test().sweepValues.set("1500:nine");
        assertFalse(plan.validProperty().get());
        assertEquals(
                "The sweep is not valid: see the Sweep page.",
                plan.problemProperty().get());
    }
}
