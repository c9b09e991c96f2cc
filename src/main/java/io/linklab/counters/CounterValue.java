package io.linklab.counters;

/**
 * One counter over one sampling interval of one host.
 *
 * @param group "cpu", "nic" or "tcp"
 * @param name  "cpu3.softirq", "rx_bytes", "retrans_segs"…
 * @param unit  "%", "bytes/s", "packets/s", "frames/s", "segments/s", "core"…
 * @param value the rate over the interval (a cumulative counter) or the share of it (CPU)
 */
public record CounterValue(String group, String name, String unit, double value) {}
