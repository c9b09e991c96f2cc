package io.linklab.engine;

import io.linklab.model.TestPlan;

/**
 * One point of a run: the plan as it runs there and the MTU both ends get, if the sweep sets one.
 *
 * @param label "mtu=9000", "streams=4", …, or "" for a run without a sweep
 * @param mtu   the MTU set on both data interfaces for this point, null to leave MTUs alone
 * @param value the swept value as a number (the MTU, streams, processes, or the window or message size in
 *              bytes), what a sweep chart puts on its x axis; null outside a sweep
 */
public record SweepPoint(String label, TestPlan plan, Integer mtu, Double value) {}
