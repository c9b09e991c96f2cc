package io.linklab.model;

import java.util.BitSet;
import java.util.List;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Everything needed to run one test (or sweep) between two ends. Saved as readable JSON.
 * Size-like values (window, messageSize, udpBitrate) keep the user's spelling ("4M", "128K", "10G")
 * so the plan shows what was asked; tools' command builders validate and convert them.
 *
 * @param udpBitrate  -b: UDP's send rate, and TCP's pacing with iperf3 and iperf2; null for the tool's default
 *                    (UDP 1 Mbit/s, TCP unpaced)
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

    public enum Protocol {
        TCP,
        UDP
    }

    /** Which way data flows. */
    public enum Mode {
        NORMAL,
        REVERSE,
        BIDIR
    }

    /**
     * One end of the test.
     *
     * @param login         user@host[:port] or "local"
     * @param dataInterface interface carrying the test traffic (needed to change its MTU), or null
     * @param cpus          CPUs this end's processes are pinned to, process i to {@code cpus[i % size]}
     *                      (taskset); empty for no pinning (the scheduler's choice)
     */
    public record End(String login, String dataInterface, List<Integer> cpus) {
        public End {
            cpus = cpus == null ? List.of() : List.copyOf(cpus);
            for (int cpu : cpus) {
                if (cpu < 0 || cpu > MAX_CPU) {
                    throw new InvalidValueException(
                            "cpus",
                            String.valueOf(cpu),
                            "a CPU number is 0 to " + MAX_CPU + " (see nproc or lscpu on the host)");
                }
            }
        }

        public End(String login, String dataInterface) {
            this(login, dataInterface, List.of());
        }

        /**
         * A CPU list as taskset and lscpu write it: "2,4,6-9" (ranges counting up, each CPU once); blank for none.
         * Read into a set of at most {@code MAX_CPU + 1} CPUs, so a host's list of repeated ranges cannot grow it.
         *
         * @return the CPUs in ascending order
         * @throws InvalidValueException naming {@code field}, with how to write it
         */
        public static List<Integer> parseCpus(String field, String text) {
            if (text == null || text.isBlank()) {
                return List.of();
            }
            BitSet cpus = new BitSet();
            for (String part : text.split(",", -1)) {
                Matcher m = CPU_RANGE.matcher(part);
                if (!m.matches()) {
                    throw new InvalidValueException(field, text, "a CPU list such as 2,4,6-9");
                }
                int from = Integer.parseInt(m.group(1));
                int to = m.group(2) == null ? from : Integer.parseInt(m.group(2));
                if (to < from || to > MAX_CPU) {
                    throw new InvalidValueException(
                            field, text, "a CPU list such as 2,4,6-9, ranges counting up, " + "CPUs 0 to " + MAX_CPU);
                }
                int twice = cpus.nextSetBit(from);
                if (twice >= 0 && twice <= to) {
                    throw new InvalidValueException(
                            field, text, "a CPU list that names each CPU once; " + twice + " is named twice");
                }
                cpus.set(from, to + 1);
            }
            return cpus.stream().boxed().toList();
        }

        /** The list as {@link #parseCpus} reads it, ranges joined ("2,4,6-9"); blank for none. */
        public String cpuText() {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < cpus.size(); i++) {
                int j = i;
                while (j + 1 < cpus.size() && cpus.get(j + 1) == cpus.get(j) + 1) {
                    j++;
                }
                sb.append(sb.length() == 0 ? "" : ",").append(cpus.get(i));
                if (j > i + 1) {
                    sb.append('-').append(cpus.get(j));
                    i = j;
                }
            }
            return sb.toString();
        }

        /** The CPU of process {@code index}, if this end pins its processes. */
        public OptionalInt cpuOf(int index) {
            return cpus.isEmpty() ? OptionalInt.empty() : OptionalInt.of(cpus.get(index % cpus.size()));
        }
    }

    /** Linux's highest possible CPU number (CONFIG_NR_CPUS at most 8192). */
    public static final int MAX_CPU = 8191;

    private static final Pattern CPU_RANGE = Pattern.compile("\\s*(\\d{1,4})(?:-(\\d{1,4}))?\\s*");

    public enum SweepKind {
        MTU,
        STREAMS,
        PROCESSES,
        WINDOW,
        MESSAGE_SIZE
    }

    /** A parameter and the values it takes, in order. */
    public record Sweep(SweepKind kind, List<String> values) {
        public Sweep {
            values = List.copyOf(values);
        }
    }

    /** A plan with the defaults an engineer would pick for a first run: iperf3, TCP, 10 s, 1 s intervals. */
    public static TestPlan defaults(End client, End server, String target) {
        return new TestPlan(
                Tool.IPERF3,
                client,
                server,
                target,
                Protocol.TCP,
                null,
                10,
                1.0,
                0,
                1,
                1,
                5201,
                Mode.NORMAL,
                null,
                null,
                1,
                null);
    }

    public boolean isSweep() {
        return sweep != null && !sweep.values().isEmpty();
    }

    /** This plan as the start of another that differs in a few fields (a sweep's point, a test's variant). */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** A plan made from another by changing some of its fields; {@link #build} checks it as the record does. */
    public static final class Builder {
        private Tool tool;
        private End client;
        private End server;
        private String target;
        private Protocol protocol;
        private String udpBitrate;
        private int durationS;
        private double intervalS;
        private int omitS;
        private int streams;
        private int processes;
        private int basePort;
        private Mode mode;
        private String window;
        private String messageSize;
        private int repetitions;
        private Sweep sweep;

        private Builder(TestPlan p) {
            tool = p.tool;
            client = p.client;
            server = p.server;
            target = p.target;
            protocol = p.protocol;
            udpBitrate = p.udpBitrate;
            durationS = p.durationS;
            intervalS = p.intervalS;
            omitS = p.omitS;
            streams = p.streams;
            processes = p.processes;
            basePort = p.basePort;
            mode = p.mode;
            window = p.window;
            messageSize = p.messageSize;
            repetitions = p.repetitions;
            sweep = p.sweep;
        }

        public Builder tool(Tool value) {
            tool = value;
            return this;
        }

        public Builder client(End value) {
            client = value;
            return this;
        }

        public Builder server(End value) {
            server = value;
            return this;
        }

        public Builder target(String value) {
            target = value;
            return this;
        }

        public Builder protocol(Protocol value) {
            protocol = value;
            return this;
        }

        public Builder udpBitrate(String value) {
            udpBitrate = value;
            return this;
        }

        public Builder durationS(int value) {
            durationS = value;
            return this;
        }

        public Builder intervalS(double value) {
            intervalS = value;
            return this;
        }

        public Builder omitS(int value) {
            omitS = value;
            return this;
        }

        public Builder streams(int value) {
            streams = value;
            return this;
        }

        public Builder processes(int value) {
            processes = value;
            return this;
        }

        public Builder basePort(int value) {
            basePort = value;
            return this;
        }

        public Builder mode(Mode value) {
            mode = value;
            return this;
        }

        public Builder window(String value) {
            window = value;
            return this;
        }

        public Builder messageSize(String value) {
            messageSize = value;
            return this;
        }

        public Builder repetitions(int value) {
            repetitions = value;
            return this;
        }

        public Builder sweep(Sweep value) {
            sweep = value;
            return this;
        }

        public TestPlan build() {
            return new TestPlan(
                    tool,
                    client,
                    server,
                    target,
                    protocol,
                    udpBitrate,
                    durationS,
                    intervalS,
                    omitS,
                    streams,
                    processes,
                    basePort,
                    mode,
                    window,
                    messageSize,
                    repetitions,
                    sweep);
        }
    }
}
