package io.linklab.engine;

import io.linklab.model.TestPlan;

/**
 * One point of a run: the plan as it runs there and the MTU both ends get, if the sweep sets one.
 *
 * @param label "mtu=9000", "streams=4", …, or "" for a run without a sweep
 * @param mtu   the MTU set on both data interfaces for this point, null to leave MTUs alone
 */
public record SweepPoint(String label, TestPlan plan, Integer mtu) {}
