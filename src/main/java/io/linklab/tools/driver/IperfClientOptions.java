package io.linklab.tools.driver;

import io.linklab.model.TestPlan;
import java.util.ArrayList;
import java.util.List;

/** The client options iperf 2 and iperf3 spell alike: streams, direction, UDP, rate, window and message size. */
final class IperfClientOptions {

    private IperfClientOptions() {}

    /** {@code program}'s client to the server on {@code port} for the plan's duration and interval, to add to. */
    static List<String> connect(String program, TestPlan plan, int port) {
        return new ArrayList<>(List.of(
                program,
                "-c",
                plan.target(),
                "-p",
                String.valueOf(port),
                "-t",
                String.valueOf(plan.durationS()),
                "-i",
                ToolDriver.interval(plan.intervalS())));
    }

    /** Adds the options {@code plan} asks for; {@code bidir} is the tool's flag for both directions at once. */
    static void add(List<String> argv, TestPlan plan, String bidir) {
        if (plan.streams() > 1) {
            argv.addAll(List.of("-P", String.valueOf(plan.streams())));
        }
        switch (plan.mode()) {
            case REVERSE -> argv.add("-R");
            case BIDIR -> argv.add(bidir);
            default -> {}
        }
        if (plan.protocol() == TestPlan.Protocol.UDP) {
            argv.add("-u");
        }
        // -b is UDP's send rate and, for TCP, a pacing of each stream (iperf3; iperf 2.0.10 and newer)
        if (plan.udpBitrate() != null) {
            argv.addAll(List.of("-b", plan.udpBitrate()));
        }
        if (plan.window() != null) {
            argv.addAll(List.of("-w", plan.window()));
        }
        if (plan.messageSize() != null) {
            argv.addAll(List.of("-l", plan.messageSize()));
        }
    }
}
