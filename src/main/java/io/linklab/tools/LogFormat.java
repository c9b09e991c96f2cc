package io.linklab.tools;

import io.linklab.model.Tool;

/** The output formats LinkLab reads; {@link #id()} is the spelling of `import --format`. */
public enum LogFormat {
    IPERF3("iperf3", Tool.IPERF3, "iperf3 text"),
    IPERF3_JSON("iperf3-json", Tool.IPERF3, "iperf3 JSON (-J or --json-stream)"),
    IPERF2("iperf2", Tool.IPERF2, "iperf2 text"),
    IPERF2_CSV("iperf2-csv", Tool.IPERF2, "iperf2 CSV (-y C)"),
    NETPERF("netperf", Tool.NETPERF, "netperf (classic, -D, -k or omni CSV)");

    private final String id;
    private final Tool tool;
    private final String description;

    LogFormat(String id, Tool tool, String description) {
        this.id = id;
        this.tool = tool;
        this.description = description;
    }

    public String id() {
        return id;
    }

    public Tool tool() {
        return tool;
    }

    public String description() {
        return description;
    }

    /** @return the format, or null when the id names none */
    public static LogFormat fromId(String id) {
        for (LogFormat f : values()) {
            if (f.id.equalsIgnoreCase(id)) {
                return f;
            }
        }
        return null;
    }

    public static String ids() {
        StringBuilder sb = new StringBuilder();
        for (LogFormat f : values()) {
            if (sb.length() > 0) {
                sb.append('|');
            }
            sb.append(f.id);
        }
        return sb.toString();
    }
}
