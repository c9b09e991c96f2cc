package io.linklab.model;

/**
 * How long a plan takes before it has run: the wizard's "about 2 min", the whole-lab dialog's rounds and the
 * dashboard's first time left all read it, so that they agree until the run's finished points say better.
 */
public final class PlanDuration {

    /** Seconds each run of the tools spends beyond its measured time: server start, connection set-up, report. */
    static final int RUN_OVERHEAD_S = 3;
    /** Seconds an MTU change and the check that the path carries it take per point. */
    static final int MTU_CHANGE_S = 4;

    private PlanDuration() {}

    /** One point: each repetition with its overhead, and the point's MTU change where the plan sweeps the MTU. */
    public static long pointSeconds(TestPlan plan) {
        long perRun = plan.omitS() + plan.durationS() + RUN_OVERHEAD_S;
        long seconds = Math.max(1, plan.repetitions()) * perRun;
        if (plan.isSweep() && plan.sweep().kind() == TestPlan.SweepKind.MTU) {
            seconds += MTU_CHANGE_S;
        }
        return seconds;
    }

    /** The whole plan: every point. */
    public static long seconds(TestPlan plan) {
        int points = plan.isSweep() ? plan.sweep().values().size() : 1;
        return points * pointSeconds(plan);
    }
}
