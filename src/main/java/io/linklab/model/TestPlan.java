package io.linklab.model;

import java.util.List;

/**
 * Everything needed to run one test (or sweep) between two ends. Saved as readable JSON.
 * Size-like values (window, messageSize, udpBitrate) keep the user's spelling ("4M", "128K", "10G")
 * so the plan shows what was asked; tools' command builders validate and convert them.
 *
 * @param processes   how many client/server process pairs run at once, on ports basePort, basePort+1, …
 * @param intervalS   reporting interval in seconds
 * @param window      socket buffer / TCP window (-w), null for the tool's default
 * @param messageSize write size (-l for iperf, -m for netperf), null for default
 * @param repetitions how many times each point runs (mean, min and max are reported)
 * @param sweep       null for a single test
 */
public record TestPlan(
        Tool tool,
        End client,
        End server,
        String target,
        Protocol protocol,
        String udpBitrate,
        int durationS,
        double intervalS,
        int omitS,
        int streams,
        int processes,
        int basePort,
        Mode mode,
        String window,
        String messageSize,
        int repetitions,
        Sweep sweep) {

    public enum Protocol { TCP, UDP }

    /** Which way data flows. */
    public enum Mode { NORMAL, REVERSE, BIDIR }

    /**
     * One end of the test.
     *
     * @param login         user@host[:port] or "local"
     * @param dataInterface interface carrying the test traffic (needed to change its MTU), or null
     */
    public record End(String login, String dataInterface) {
    }

    public enum SweepKind { MTU, STREAMS, PROCESSES, WINDOW, MESSAGE_SIZE }

    /** A parameter and the values it takes, in order. */
    public record Sweep(SweepKind kind, List<String> values) {
        public Sweep {
            values = List.copyOf(values);
        }
    }

    /** A plan with the defaults an engineer would pick for a first run: iperf3, TCP, 10 s, 1 s intervals. */
    public static TestPlan defaults(End client, End server, String target) {
        return new TestPlan(Tool.IPERF3, client, server, target, Protocol.TCP, null, 10, 1.0, 0, 1, 1,
                5201, Mode.NORMAL, null, null, 1, null);
    }

    public boolean isSweep() {
        return sweep != null && !sweep.values().isEmpty();
    }
}
