package io.linklab.model;

/** The measurement tools LinkLab drives and reads. */
public enum Tool {
    IPERF3("iperf3"),
    IPERF2("iperf2"),
    NETPERF("netperf");

    private final String id;

    Tool(String id) {
        this.id = id;
    }

    /** The name users type (CLI flag values, plan files). */
    public String id() {
        return id;
    }

    public static Tool fromId(String id) {
        for (Tool t : values()) {
            if (t.id.equalsIgnoreCase(id)) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown tool '" + id + "' (expected iperf3, iperf2 or netperf)");
    }
}
